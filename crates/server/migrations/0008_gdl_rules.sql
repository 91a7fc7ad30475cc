-- The rules of the games written in GDL, each stored once, by the SHA-256 of its text (64
-- lowercase hexadecimal digits), which the options of its games name (`rules=HASH`).
-- `created` is when they were first stored, in seconds since the Unix epoch.
CREATE TABLE gdl_rules (
    hash TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    created BIGINT NOT NULL
);
