-- OAuth bookkeeping the provider library does not do. Mirrors src/core/db/schema.ts.

-- Grants revoked here (dashboard, refresh-token reuse). Checked on every MCP call with an OAuth token: the library
-- keeps grants in KV, which other locations see up to a minute late; D1's primary sees a revocation at once.
CREATE TABLE revoked_grants (
  grant_id    TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL,
  revoked_at  TEXT NOT NULL
);

-- SHA-256 of refresh tokens that have been rotated away. Presenting one after the library's one-step grace is
-- reuse of a stolen or leaked token: the grant is revoked (OAuth 2.1 §4.3.1, refresh token rotation).
CREATE TABLE rotated_refresh_tokens (
  token_hash  TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL,
  grant_id    TEXT NOT NULL,
  rotated_at  TEXT NOT NULL
);
