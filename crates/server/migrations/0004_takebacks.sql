-- How many times the game's moves were taken back (moves deleted from `moves`): a server that
-- holds the game in memory reads only the moves after those it has, unless this changed.
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
