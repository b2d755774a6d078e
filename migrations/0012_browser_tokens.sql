-- Browser tokens (docs/security-and-limits.md "Browser tokens"): short-lived credentials minted for a web page by an
-- API key (POST /v1/tokens) or, for the MCP App's match centre (docs/mcp.md), by an OAuth grant: exactly one parent.
-- Stored only as SHA-256, like keys; the lookup joins the parent, so a key's revocation (api_keys.revoked_at) or a
-- grant's (revoked_grants) ends the token, and its scopes and restrictions only ever narrow the parent's.
CREATE TABLE browser_tokens (
  token_hash TEXT PRIMARY KEY,
  -- Random; names the token in logs (never looked up: no index).
  id TEXT NOT NULL,
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
-- Minting deletes expired rows, oldest first.
CREATE INDEX browser_tokens_expiry ON browser_tokens (expires_at);
