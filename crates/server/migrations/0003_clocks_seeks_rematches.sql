-- Clocks: the time control (`clock`: `300000+3000`, milliseconds and increment, or `d3`, days
-- a move; NULL untimed), each side's time left (milliseconds) when the side to move began its
-- turn at `turn_began` (milliseconds since the Unix epoch, on the server's clock), and the
-- moment the game ends by itself unless a move comes first (`deadline`: a flag, or an abort
-- before both sides have moved). `waiting` counts the seats still offered by a link: no game
-- is aborted while a friend has not come.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN white_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN black_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN turn_began BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN deadline BIGINT;
ALTER TABLE games ADD COLUMN waiting BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_deadline ON games (deadline);
-- The mover's time left after each move, in games on a clock.
ALTER TABLE moves ADD COLUMN clock_ms BIGINT;

-- Rematches: the offer (`SIDE GAME HASH`: who offers, the new game's identifier, and the hash
-- of the secret that will hold the offerer's seat in it) and, once accepted, the new game.
ALTER TABLE games ADD COLUMN rematch_offer TEXT;
ALTER TABLE games ADD COLUMN rematch_game TEXT;

-- The seats a browser holds, by the hash of a key derived from its session: its games.
CREATE TABLE holdings (
    owner TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id),
    side TEXT NOT NULL,
    PRIMARY KEY (owner, game_id, side)
);

-- Open challenges. `secret` is the hash of the creator's secret (which also holds the
-- creator's seat in the game the seek becomes), `owner` the hash of the creator's browser's
-- key (NULL for a client without a session). `seen` is when the creator was last there; once
-- accepted, `game_id` and `creator_side` say where the creator plays.
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock TEXT,
    side TEXT NOT NULL,
    secret TEXT NOT NULL,
    owner TEXT,
    created BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    game_id TEXT,
    creator_side TEXT
);
CREATE INDEX seeks_by_owner ON seeks (owner);
