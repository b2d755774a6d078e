-- Dashboard sign-in. Mirrors src/core/db/schema.ts.

-- A session is an opaque random id in a cookie; only its SHA-256 is stored (a leaked table cannot be replayed).
CREATE TABLE sessions (
  id_hash     TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  csrf_token  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

-- Failed sign-ins per subject ("account:<email>", "ip:<address>") and 15-minute window, for throttling.
CREATE TABLE login_failures (
  subject       TEXT NOT NULL,
  window_start  INTEGER NOT NULL,
  n             INTEGER NOT NULL,
  PRIMARY KEY (subject, window_start)
) WITHOUT ROWID;
