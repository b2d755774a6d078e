// Drizzle mirror of migrations/0016_identities.sql and 0017_indexes.sql: the crosswalk from sources' references to our ids, merged ids,
// and final scores two sources disagree on (docs/identity.md).
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const identities = sqliteTable(
  "identities",
  {
    source: text("source").notNull(),
    kind: text("kind", { enum: ["league", "team", "player", "match", "event"] }).notNull(),
    ref: text("ref").notNull(),
    id: text("id").notNull(),
    sport: text("sport", { enum: ["football", "basketball"] }).notNull(),
    name: text("name"),
    status: text("status", { enum: ["resolved", "unresolved"] })
      .notNull()
      .default("resolved"),
    resolvedBy: text("resolved_by", { enum: ["rule", "operator"] })
      .notNull()
      .default("rule"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.kind, t.ref] }),
    index("identities_id").on(t.kind, t.id, t.source),
    index("identities_status").on(t.kind, t.status, t.source, t.ref),
  ],
);

export const mergedIds = sqliteTable(
  "merged_ids",
  {
    kind: text("kind", { enum: ["league", "team", "player", "match"] }).notNull(),
    fromId: text("from_id").notNull(),
    intoId: text("into_id").notNull(),
    mergedAt: text("merged_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fromId] }), index("merged_ids_into").on(t.kind, t.intoId)],
);

export const sourceConflicts = sqliteTable(
  "source_conflicts",
  {
    matchId: text("match_id").notNull(),
    source: text("source").notNull(),
    keptSource: text("kept_source"),
    kept: text("kept").notNull(),
    theirs: text("theirs").notNull(),
    at: text("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.source] }), index("source_conflicts_at").on(t.at)],
);

/** Whether each provider is down for this service, and since when (a standby of its leagues polls meanwhile). */
export const feedHealth = sqliteTable("feed_health", {
  provider: text("provider").primaryKey(),
  down: integer("down").notNull(),
  since: text("since").notNull(),
});
