-- Tournaments: arenas and Swiss events, run by the servers themselves. `kind` is `arena` or
-- `swiss`; `clock` a real-time control as games store it (`60000+0`); `starts_at` and, for an
-- arena, `ends_at` are milliseconds since the Unix epoch; a Swiss event has `rounds` and has
-- paired `round` of them. `status` is `upcoming`, `running` or `finished`. Every change (a
-- player joining or leaving, a step of the server's: the start, a pairing, the end) is one
-- transaction that increases `version`; a join or a withdrawal checks it, and a step checks
-- `step`, which the steps alone increase, so that of two servers taking the same step at once
-- one writes it and the other finds it written, and no stream of joins holds a step back.
-- `seed` decides the arena's coin tosses.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock TEXT NOT NULL,
    rated BIGINT NOT NULL,
    created_by TEXT NOT NULL REFERENCES accounts (id),
    created BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT,
    rounds BIGINT,
    round BIGINT NOT NULL,
    status TEXT NOT NULL,
    version BIGINT NOT NULL,
    step BIGINT NOT NULL,
    seed BIGINT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

-- Who joined: when (last joined: a player who withdrew may come back to an arena), with which
-- rating in the tournament's perf, and whether they have withdrawn.
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    account_id TEXT NOT NULL REFERENCES accounts (id),
    joined BIGINT NOT NULL,
    rating BIGINT NOT NULL,
    withdrawn BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, account_id)
);

-- The pairings, in the order they were made (`seq`): a game between two accounts, or a Swiss
-- bye (`black` and `game_id` NULL). The game's result is the game's own row.
-- An arena's berserk: the sides that went berserk before their first move (`white`, `black`,
-- `white black`), each playing on half its clock with no increment.
ALTER TABLE games ADD COLUMN berserk TEXT;

CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    seq BIGINT NOT NULL,
    round BIGINT NOT NULL,
    white TEXT NOT NULL REFERENCES accounts (id),
    black TEXT REFERENCES accounts (id),
    game_id TEXT REFERENCES games (id),
    PRIMARY KEY (tournament_id, seq)
);
CREATE INDEX tournament_pairings_by_game ON tournament_pairings (game_id);
