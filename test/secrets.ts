// The Worker's secrets in the workerd test pools (vitest.config.ts, vitest.bench.config.ts), so neither leans on a
// .dev.vars that a fresh clone does not have. Test values only; never a deployment's.
export const TEST_SECRETS = {
  ADMIN_TOKEN: "test-admin-token",
  INGEST_TOKEN: "test-ingest-token",
  WEBHOOK_SECRETS_KEY: "test-webhook-secrets-key",
  TOKEN_SEALING_KEY: "test-token-sealing-key",
};
