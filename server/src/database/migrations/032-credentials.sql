-- Users and credentials (issue 29): a password (scrypt, in the text form of accounts/passwords.ts; null: none) and a
-- disabled time (null: active) per user; a name (the device or script it is for) and a read-only flag per key. When a
-- key was last used is kept apart (api_key_uses), so that noting it never looks like a change of the keys.
ALTER TABLE users ADD COLUMN password_hash TEXT;
ALTER TABLE users ADD COLUMN disabled_at INTEGER;
ALTER TABLE api_keys ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE api_keys ADD COLUMN read_only INTEGER NOT NULL DEFAULT 0;
CREATE TABLE api_key_uses (
  key_id        INTEGER PRIMARY KEY REFERENCES api_keys(id) ON DELETE CASCADE,
  last_used_at  INTEGER NOT NULL
);
-- Failed sign-ins, per user name ('user:<name>') and per address ('address:<ip>'): shared by every instance, so that
-- the throttle counts them all; rows older than the throttle's window are deleted as new failures come.
CREATE TABLE sign_in_failures (
  id       INTEGER PRIMARY KEY,
  subject  TEXT    NOT NULL,
  at       INTEGER NOT NULL
);
CREATE INDEX sign_in_failures_subject ON sign_in_failures(subject, at);
CREATE INDEX sign_in_failures_at ON sign_in_failures(at);
