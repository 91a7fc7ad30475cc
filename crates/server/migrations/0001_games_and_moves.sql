-- Games and their moves, one row a move. Portable SQL: the same file runs on SQLite and
-- PostgreSQL.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    white_secret TEXT,
    black_secret TEXT,
    white_claimed BIGINT NOT NULL DEFAULT 0,
    black_claimed BIGINT NOT NULL DEFAULT 0,
    event TEXT,
    result TEXT,
    ply BIGINT NOT NULL DEFAULT 0,
    draw_offer TEXT,
    undo_request TEXT,
    version BIGINT NOT NULL,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE INDEX games_by_update ON games (updated);
