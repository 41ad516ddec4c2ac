-- Single sign-on (issue 30), as SQLite migration 034.
CREATE TABLE sso_identities (
  user_id       bigint  PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  issuer        text    NOT NULL,
  subject       text    NOT NULL,
  email         text,
  display_name  text,
  refresh_token text,
  checked_at    bigint  NOT NULL,
  UNIQUE (issuer, subject)
);
CREATE TABLE sso_sign_ins (
  state         text    PRIMARY KEY,
  nonce         text    NOT NULL,
  redirect_uri  text    NOT NULL,
  created_at    bigint  NOT NULL
);
CREATE INDEX sso_sign_ins_created ON sso_sign_ins(created_at);
