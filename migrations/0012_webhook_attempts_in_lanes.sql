-- Each endpoint's attempt log (its last 100 attempts) moved into the endpoint's webhook lane (workers/webhook-lane.ts),
-- which writes it on every delivery without a D1 call. The D1 copy is not carried over: it was a rolling log.
DROP TABLE webhook_attempts;
