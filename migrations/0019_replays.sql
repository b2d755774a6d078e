-- Replays (docs/replays.md, issue 51): a finished match played again as a new match for the account that asked.
-- The replay's match lives in the account's private replay league (src/core/db/queries/visibility.ts); this row is
-- the replay itself: its source, speed and state. A replay is deleted with its match 24 h after it ended.
CREATE TABLE replays (
  id              TEXT PRIMARY KEY,
  account_id      TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  match_id        TEXT NOT NULL,
  source_match_id TEXT NOT NULL,
  sport           TEXT NOT NULL,
  speed           INTEGER NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'stopped')),
  starts_at       TEXT NOT NULL,
  ended_at        TEXT,
  created_at      TEXT NOT NULL
);
-- The account's list, newest first; and the count of its playing replays that every create checks.
CREATE INDEX replays_account ON replays (account_id, created_at DESC, id DESC);
CREATE INDEX replays_account_playing ON replays (account_id) WHERE status = 'playing';
