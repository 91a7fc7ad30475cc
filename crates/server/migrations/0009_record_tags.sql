-- The tags of an imported record that say where, when and between whom its game was played
-- (Event, Site, Date, Round, White, Black), as a JSON array of [name, value] pairs; NULL for
-- the games played here.
ALTER TABLE games ADD COLUMN record_tags TEXT;
