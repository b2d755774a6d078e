// Drizzle mirror of migrations/0009_webhooks.sql: webhook endpoints and dead letters (the attempt log lives in each
// endpoint's lane since 0012, workers/webhook-lane.ts).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    url: text("url").notNull(),
    description: text("description"),
    /** Space-separated event types; null = every type. */
    events: text("events"),
    /** Sealed (src/core/webhooks/secrets.ts), never the raw secret. */
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: integer("previous_secret_until"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason"),
    disabledAt: text("disabled_at"),
    failingSince: integer("failing_since"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("webhook_endpoints_account").on(t.accountId, t.createdAt),
    index("webhook_endpoints_enabled").on(t.enabled, t.accountId),
  ],
);

export const webhookDeadLetters = sqliteTable(
  "webhook_dead_letters",
  {
    messageId: text("message_id").primaryKey(),
    endpointId: text("endpoint_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull(),
    deadAt: text("dead_at").notNull(),
  },
  (t) => [index("webhook_dead_letters_endpoint").on(t.endpointId, t.deadAt)],
);
