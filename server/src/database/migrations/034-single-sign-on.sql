-- Single sign-on (issue 30). A user who signed in through the OpenID provider has an identity: the provider's issuer
-- and subject (what maps a person to the user, never the name or e-mail), what the provider last said of them, and the
-- refresh token the service asks the provider with at its rechecks (null when the provider gives none). A sign-in in
-- progress is a row of sso_sign_ins, kept in the database so that any instance may finish it; the row goes when used.
CREATE TABLE sso_identities (
  user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  issuer        TEXT    NOT NULL,
  subject       TEXT    NOT NULL,
  email         TEXT,
  display_name  TEXT,
  refresh_token TEXT,
  checked_at    INTEGER NOT NULL,
  UNIQUE (issuer, subject)
);
CREATE TABLE sso_sign_ins (
  state         TEXT    PRIMARY KEY,
  nonce         TEXT    NOT NULL,
  redirect_uri  TEXT    NOT NULL,
  created_at    INTEGER NOT NULL
);
CREATE INDEX sso_sign_ins_created ON sso_sign_ins(created_at);
