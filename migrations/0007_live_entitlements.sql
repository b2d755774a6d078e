-- Entitlements are live (docs/security-and-limits.md "Entitlements are live"). Mirrors src/core/db/schema.ts.

-- A counter per account bumped by every change of what the account may see: plan, tracked leagues, keys. Socket
-- holders (LiveHub shards, MatchRooms) keep each account's entitlement with its version and only ever move forward,
-- so a connect that read the account before a change cannot undo the change signal that followed it.
ALTER TABLE accounts ADD COLUMN entitlement_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER entitlement_tracked_insert AFTER INSERT ON tracked_leagues BEGIN
  UPDATE accounts SET entitlement_version = entitlement_version + 1 WHERE id = NEW.account_id;
END;

CREATE TRIGGER entitlement_tracked_delete AFTER DELETE ON tracked_leagues BEGIN
  UPDATE accounts SET entitlement_version = entitlement_version + 1 WHERE id = OLD.account_id;
END;

CREATE TRIGGER entitlement_plan AFTER UPDATE OF plan ON accounts WHEN NEW.plan IS NOT OLD.plan BEGIN
  UPDATE accounts SET entitlement_version = entitlement_version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER entitlement_keys AFTER UPDATE OF revoked_at, scopes ON api_keys BEGIN
  UPDATE accounts SET entitlement_version = entitlement_version + 1 WHERE id = NEW.account_id;
END;

-- Every refresh token the provider issued or rotated away, with its grant. The library refuses a superseded token
-- (past its one-step grace) without revoking anything; one we know coming back is reuse, so the grant is revoked
-- (RFC 9700 §4.14.2). Recording issued tokens, not only presented ones, catches the client's own token after an
-- attacker has replayed the previous one inside the grace.
ALTER TABLE rotated_refresh_tokens RENAME TO refresh_tokens;
ALTER TABLE refresh_tokens RENAME COLUMN rotated_at TO seen_at;
