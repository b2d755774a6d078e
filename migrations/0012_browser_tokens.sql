-- Browser tokens (docs/security-and-limits.md "Browser tokens"): short-lived credentials a customer's server mints
-- with a secret key for a web page. Stored only as SHA-256, like keys; a token lives and dies with its parent key
-- (the lookup joins it), and its scopes and restrictions only ever narrow the key's.
CREATE TABLE browser_tokens (
  token_hash TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  key_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  scopes TEXT NOT NULL,
  -- JSON arrays of ids, or NULL for no restriction.
  match_ids TEXT,
  league_ids TEXT,
  -- Epoch milliseconds.
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
-- Minting deletes expired rows, oldest first.
CREATE INDEX browser_tokens_expiry ON browser_tokens (expires_at);
