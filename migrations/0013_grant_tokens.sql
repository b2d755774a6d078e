-- Browser tokens minted for an OAuth grant (the MCP App's match centre, docs/mcp.md): a token's parent is an API key
-- or an OAuth grant, exactly one. SQLite cannot drop NOT NULL in place, so the table is rebuilt (its rows copied).
-- The lookup joins the parent: a key's revocation (api_keys.revoked_at) or a grant's (revoked_grants) ends it.
CREATE TABLE browser_tokens_new (
  token_hash TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  key_id TEXT,
  grant_id TEXT,
  account_id TEXT NOT NULL,
  scopes TEXT NOT NULL,
  -- JSON arrays of ids, or NULL for no restriction.
  match_ids TEXT,
  league_ids TEXT,
  -- Epoch milliseconds.
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  CHECK ((key_id IS NULL) <> (grant_id IS NULL))
);
INSERT INTO browser_tokens_new (token_hash, id, key_id, grant_id, account_id, scopes, match_ids, league_ids, expires_at, created_at)
  SELECT token_hash, id, key_id, NULL, account_id, scopes, match_ids, league_ids, expires_at, created_at FROM browser_tokens;
DROP TABLE browser_tokens;
ALTER TABLE browser_tokens_new RENAME TO browser_tokens;
-- Minting deletes rows a day past their expiry, oldest first.
CREATE INDEX browser_tokens_expiry ON browser_tokens (expires_at);
