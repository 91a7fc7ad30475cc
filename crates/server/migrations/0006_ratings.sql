-- Rated games. A game's `rated` is `PERF WHITE BLACK` (the perf key, `checkers/blitz`, and the
-- two players' accounts), and once the game's end rated both players, with each side's
-- displayed rating before and its change: `PERF WHITE BLACK 1500 241 1500 -242`; NULL for a
-- casual game. A seek's `rated_by` is the account of the creator of a rated seek; `creator` the
-- name of the account that posted it and its rating in the seek's perf when it was posted
-- (`alice 1500?`, `?` while provisional; the name alone without a real-time clock);
-- `rating_range` the ratings the seek accepts (`1400 1600`).
ALTER TABLE games ADD COLUMN rated TEXT;
ALTER TABLE seeks ADD COLUMN rated_by TEXT;
ALTER TABLE seeks ADD COLUMN creator TEXT;
ALTER TABLE seeks ADD COLUMN rating_range TEXT;

-- Each account's rating per perf: Glicko-2's rating, deviation and volatility after its last
-- rated game in the perf, that game's instant, and the rated games played.
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    perf TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    last_rated BIGINT,
    PRIMARY KEY (account_id, perf)
);
CREATE INDEX ratings_by_perf ON ratings (perf, rating);

-- The rating after each rated game, for a player's chart.
CREATE TABLE rating_history (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    perf TEXT NOT NULL,
    game_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account_id, perf, game_id)
);
