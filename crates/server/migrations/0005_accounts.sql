-- Accounts: a name to play under. `name_key` is the name lowercased, unique, and kept when the
-- account is deleted, so that no name is ever used twice; `password` is the argon2id hash (a
-- PHC string), NULL once deleted. `seat_key` is the root from which the secrets of the
-- account's seats are derived, as a browser's are from its session cookie: it never leaves
-- the server. Instants are milliseconds since the Unix epoch.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT,
    seat_key TEXT NOT NULL,
    created BIGINT NOT NULL,
    deleted BIGINT NOT NULL DEFAULT 0
);

-- Signed-in sessions, by the SHA-256 of the secret in the browser's cookie.
CREATE TABLE sessions (
    secret TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);

-- API tokens of programs that act as an account, by the SHA-256 of the token.
CREATE TABLE api_tokens (
    secret TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created BIGINT NOT NULL
);
CREATE INDEX api_tokens_by_account ON api_tokens (account_id);

-- Failed sign-ins, counted per name (`name:KEY`) and per address (`addr:IP`) over a window:
-- in the database, so that every server counts the same tries. Those older than the window
-- are deleted as new ones come.
CREATE TABLE login_failures (
    subject TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX login_failures_by_subject ON login_failures (subject, at);
CREATE INDEX login_failures_by_time ON login_failures (at);
