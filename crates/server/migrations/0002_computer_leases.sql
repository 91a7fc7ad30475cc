-- Which games wait for a computer's move (`due`), and which server has claimed that move until
-- when (`lease_owner`, `lease_until` in milliseconds since the Unix epoch). A server claims a
-- due move only once its lease has run out, so that one server searches it.
ALTER TABLE games ADD COLUMN due BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN lease_owner TEXT;
ALTER TABLE games ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
-- Every unfinished game with a computer seat is looked at once; a server that finds the
-- computer not to move clears `due`.
UPDATE games SET due = 1 WHERE result IS NULL AND (white <> 'human' OR black <> 'human');
CREATE INDEX games_due ON games (due, lease_until);
