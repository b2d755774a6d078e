-- Abuse limits on unauthenticated endpoints (docs/security-and-limits.md "Abuse limits"). Mirrors
-- src/core/db/schema.ts.

-- Attempts per subject ("sign-in-account:<email>", "sign-in-ip:<ip>", "sign-up-ip:<ip>", "register-ip:<ip>") and
-- fixed window (epoch ms of its start; each kind of subject has its own window length). One upsert … RETURNING per
-- subject counts an attempt and reads the new count in one statement, so parallel requests cannot all pass a check
-- made before their writes.
CREATE TABLE abuse_counters (
  subject       TEXT NOT NULL,
  window_start  INTEGER NOT NULL,
  n             INTEGER NOT NULL,
  PRIMARY KEY (subject, window_start)
) WITHOUT ROWID;
-- Pruning old windows deletes by window_start alone.
CREATE INDEX abuse_counters_window ON abuse_counters (window_start);

-- Sign-in now counts attempts (not failures) in abuse_counters; its old counters are only throttling state.
DROP TABLE login_failures;
