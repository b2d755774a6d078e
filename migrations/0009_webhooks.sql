-- Webhooks (docs/webhooks.md): endpoints per account, their recent delivery attempts, and the messages that
-- exhausted every retry (dead letters). Mirrors src/core/db/schema-webhooks.ts.

CREATE TABLE webhook_endpoints (
  id                    TEXT PRIMARY KEY,
  account_id            TEXT NOT NULL,
  url                   TEXT NOT NULL,
  description           TEXT,
  -- Space-separated event types; NULL subscribes to every type, including types added later.
  events                TEXT,
  -- The signing secret, sealed with AES-GCM under the WEBHOOK_SECRETS_KEY Worker secret (src/core/webhooks/secrets.ts):
  -- it must be recoverable to sign, and a copy of the database alone must not reveal it.
  secret                TEXT NOT NULL,
  -- After a rotation the previous secret keeps signing too until previous_secret_until (epoch seconds).
  previous_secret       TEXT,
  previous_secret_until INTEGER,
  enabled               INTEGER NOT NULL DEFAULT 1,
  disabled_reason       TEXT,
  disabled_at           TEXT,
  -- Epoch seconds of the first failed attempt since the last successful one; NULL while healthy.
  failing_since         INTEGER,
  created_at            TEXT NOT NULL
);
-- The dashboard's and admin API's list of an account's endpoints.
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, created_at);
-- Ingest's fan-out: the enabled endpoints (then each account's tracked league by primary key).
CREATE INDEX webhook_endpoints_enabled ON webhook_endpoints (enabled, account_id);

-- The last 100 attempts per endpoint (older ones are pruned as new ones are written).
CREATE TABLE webhook_attempts (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint_id      TEXT NOT NULL,
  message_id       TEXT NOT NULL,
  event_type       TEXT NOT NULL,
  attempt          INTEGER NOT NULL,
  -- delivered | retrying | failed (no retry: test events, refused URLs) | dead_lettered (last retry failed)
  outcome          TEXT NOT NULL,
  -- HTTP status of the answer; NULL when there was none (timeout, connection error, refused URL).
  status           INTEGER,
  error            TEXT,
  latency_ms       INTEGER,
  -- At most 200 characters of the answer's body: enough to debug, never a copy of the receiver's data.
  response_excerpt TEXT,
  -- Seconds until the next attempt (outcome retrying).
  retry_in         INTEGER,
  created_at       TEXT NOT NULL
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, id);

-- Messages the dead-letter queue received after their last attempt failed, with the body that was signed.
CREATE TABLE webhook_dead_letters (
  message_id  TEXT PRIMARY KEY,
  endpoint_id TEXT NOT NULL,
  event_type  TEXT NOT NULL,
  body        TEXT NOT NULL,
  attempts    INTEGER NOT NULL,
  dead_at     TEXT NOT NULL
);
CREATE INDEX webhook_dead_letters_endpoint ON webhook_dead_letters (endpoint_id, dead_at);
