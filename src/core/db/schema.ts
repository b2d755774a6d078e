// Drizzle mirror of migrations/*.sql. The SQL files are the source of truth for DDL; keep both in step.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const leagues = sqliteTable(
  "leagues",
  {
    id: text("id").primaryKey(),
    sport: text("sport", { enum: ["football", "basketball"] }).notNull(),
    country: text("country").notNull(),
    name: text("name").notNull(),
    season: text("season").notNull(),
    logoUrl: text("logo_url"),
    format: text("format", { enum: ["league", "cup"] })
      .notNull()
      .default("league"),
    updatedAt: text("updated_at").notNull(),
    /** The simulator plays this league's matches (migrations/0014). */
    simulated: integer("simulated").notNull().default(0),
    /** What the current season has (docs/data.md "Coverage"); kept by ingest, not by upserts. */
    hasLive: integer("has_live").notNull().default(0),
    hasEvents: integer("has_events").notNull().default(0),
    hasLineups: integer("has_lineups").notNull().default(0),
    hasStats: integer("has_stats").notNull().default(0),
    hasPlayers: integer("has_players").notNull().default(0),
  },
  (t) => [index("leagues_sport_country_name").on(t.sport, t.country, t.name)],
);

export const teams = sqliteTable(
  "teams",
  {
    id: text("id").primaryKey(),
    sport: text("sport", { enum: ["football", "basketball"] }).notNull(),
    name: text("name").notNull(),
    country: text("country").notNull(),
    shortName: text("short_name"),
    venue: text("venue"),
    logoUrl: text("logo_url"),
  },
  (t) => [index("teams_sport_country").on(t.sport, t.country)],
);

export const matches = sqliteTable(
  "matches",
  {
    id: text("id").primaryKey(),
    sport: text("sport", { enum: ["football", "basketball"] }).notNull(),
    leagueId: text("league_id").notNull(),
    season: text("season").notNull(),
    round: text("round"),
    homeTeamId: text("home_team_id").notNull(),
    awayTeamId: text("away_team_id").notNull(),
    homeTeam: text("home_team").notNull(),
    awayTeam: text("away_team").notNull(),
    homeScore: integer("home_score").notNull().default(0),
    awayScore: integer("away_score").notNull().default(0),
    statusCode: integer("status_code").notNull(),
    period: integer("period"),
    minute: integer("minute"),
    addedTime: integer("added_time"),
    gameClockSecs: integer("game_clock_secs"),
    htHomeScore: integer("ht_home_score"),
    htAwayScore: integer("ht_away_score"),
    homePenalties: integer("home_penalties"),
    awayPenalties: integer("away_penalties"),
    homeFormation: text("home_formation"),
    awayFormation: text("away_formation"),
    referee: text("referee"),
    venue: text("venue"),
    attendance: integer("attendance"),
    kickoffTs: integer("kickoff_ts").notNull(),
    finishedAt: text("finished_at"),
    updatedAt: text("updated_at").notNull(),
    /** The seq of the last stream message this row reflects; written only by the commit that numbers them. */
    seq: integer("seq").notNull().default(0),
    /** The simulator's own match (migration 0015): the only matches it plays. Every representation says so. */
    simulated: integer("simulated", { mode: "boolean" }).notNull().default(false),
    /** The source its live fields come from, and the one its timeline comes from (migration 0016). */
    source: text("source"),
    timelineSource: text("timeline_source"),
    statusGroup: integer("status_group").generatedAlwaysAs(
      sql`CASE WHEN status_code IN (3, 9, 10) THEN 3 ELSE status_code END`,
      { mode: "virtual" },
    ),
    pairKey: text("pair_key").generatedAlwaysAs(
      sql`CASE WHEN home_team_id < away_team_id THEN home_team_id || '|' || away_team_id ELSE away_team_id || '|' || home_team_id END`,
      { mode: "virtual" },
    ),
  },
  (t) => [
    index("matches_sport_kickoff").on(t.sport, t.kickoffTs, t.id),
    index("matches_sport_status_kickoff").on(t.sport, t.statusGroup, t.kickoffTs, t.id),
    index("matches_league_kickoff").on(t.leagueId, t.kickoffTs, t.id),
    index("matches_league_season").on(t.leagueId, t.season, t.kickoffTs, t.id),
    index("matches_league_status_kickoff").on(t.leagueId, t.statusGroup, t.kickoffTs, t.id),
    index("matches_pair_kickoff").on(t.pairKey, t.kickoffTs),
  ],
);

export const matchCounts = sqliteTable(
  "match_counts",
  {
    sport: text("sport").notNull(),
    day: integer("day").notNull(),
    leagueId: text("league_id").notNull(),
    statusGroup: integer("status_group").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sport, t.day, t.leagueId, t.statusGroup] }),
    index("match_counts_status").on(t.sport, t.day, t.statusGroup, t.leagueId, t.n),
  ],
);

export const matchEvents = sqliteTable(
  "match_events",
  {
    id: text("id").primaryKey(),
    matchId: text("match_id").notNull(),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    minute: integer("minute"),
    addedTime: integer("added_time"),
    period: integer("period"),
    team: text("team", { enum: ["home", "away"] }),
    player: text("player"),
    playerIn: text("player_in"),
    playerOut: text("player_out"),
    detail: text("detail"),
    playerId: text("player_id"),
    playerInId: text("player_in_id"),
    playerOutId: text("player_out_id"),
  },
  (t) => [uniqueIndex("match_events_match_seq").on(t.matchId, t.seq)],
);

export const matchStats = sqliteTable("match_stats", {
  matchId: text("match_id").primaryKey(),
  data: text("data").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const matchLineups = sqliteTable("match_lineups", {
  matchId: text("match_id").primaryKey(),
  home: text("home").notNull(),
  away: text("away").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const standings = sqliteTable(
  "standings",
  {
    leagueId: text("league_id").notNull(),
    season: text("season").notNull(),
    asOf: text("as_of").notNull(),
    rows: text("rows").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.season] })],
);

export const standingsSnapshots = sqliteTable(
  "standings_snapshots",
  {
    matchId: text("match_id").primaryKey(),
    leagueId: text("league_id").notNull(),
    season: text("season").notNull(),
    asOfTs: integer("as_of_ts").notNull(),
    asOf: text("as_of").notNull(),
    rows: text("rows").notNull(),
  },
  (t) => [index("standings_snapshots_league_time").on(t.leagueId, t.season, t.asOfTs)],
);

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  plan: text("plan", { enum: ["trial", "starter", "growth", "scale"] })
    .notNull()
    .default("trial"),
  createdAt: text("created_at").notNull(),
  /** Bumped by triggers on every change of plan, tracked leagues or keys (migrations/0007). */
  entitlementVersion: integer("entitlement_version").notNull().default(0),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    scopes: text("scopes").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("api_keys_account").on(t.accountId)],
);

export const trackedLeagues = sqliteTable(
  "tracked_leagues",
  {
    accountId: text("account_id").notNull(),
    leagueId: text("league_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.leagueId] }), index("tracked_leagues_league").on(t.leagueId)],
);

/** Provider feeds: which provider competition-season feeds which of our leagues (docs/feeds.md). */
export const feedLeagues = sqliteTable(
  "feed_leagues",
  {
    provider: text("provider").notNull(),
    providerLeague: text("provider_league").notNull(),
    season: text("season").notNull(),
    leagueId: text("league_id").notNull(),
    /** primary | standby (migration 0016): a standby is polled only while the league's primary is down. */
    role: text("role", { enum: ["primary", "standby"] })
      .notNull()
      .default("primary"),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerLeague, t.season] }),
    index("feed_leagues_league").on(t.leagueId),
  ],
);

/** The importer's ledger: a source file imported whole, by content hash (migrations/0014, scripts/import.mjs). */
export const imports = sqliteTable("imports", {
  source: text("source").primaryKey(),
  sha256: text("sha256").notNull(),
  matches: integer("matches").notNull(),
  at: text("at").notNull(),
});

/** The changes feed: one row per match an ingest commit changed, in commit order (`id` is the cursor). */
export const changes = sqliteTable(
  "changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sport: text("sport", { enum: ["football", "basketball"] }).notNull(),
    matchId: text("match_id").notNull(),
    leagueId: text("league_id").notNull(),
    seq: integer("seq").notNull(),
    /** JSON array of the parts changed: match, events, stats, lineups, players, standings. */
    parts: text("parts").notNull(),
    at: text("at").notNull(),
    atMs: integer("at_ms").notNull(),
  },
  (t) => [index("changes_sport_id").on(t.sport, t.id), index("changes_at").on(t.atMs)],
);

export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: text("account_id").notNull(),
    csrfToken: text("csrf_token").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_account").on(t.accountId)],
);

export const abuseCounters = sqliteTable(
  "abuse_counters",
  {
    subject: text("subject").notNull(),
    windowStart: integer("window_start").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.windowStart] }), index("abuse_counters_window").on(t.windowStart)],
);

export const revokedGrants = sqliteTable("revoked_grants", {
  grantId: text("grant_id").primaryKey(),
  accountId: text("account_id").notNull(),
  revokedAt: text("revoked_at").notNull(),
});

/** Refresh tokens issued or rotated away, by SHA-256 (reuse detection, src/core/auth/oauth-grants.ts). */
export const refreshTokens = sqliteTable("refresh_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  accountId: text("account_id").notNull(),
  grantId: text("grant_id").notNull(),
  seenAt: text("seen_at").notNull(),
});
/** Replays (migrations/0019): a finished match played again for one account (src/core/replays/). */
export const replays = sqliteTable(
  "replays",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    matchId: text("match_id").notNull(),
    sourceMatchId: text("source_match_id").notNull(),
    sport: text("sport", { enum: ["football", "basketball"] }).notNull(),
    speed: integer("speed").notNull(),
    status: text("status", { enum: ["playing", "finished", "stopped"] }).notNull(),
    startsAt: text("starts_at").notNull(),
    endedAt: text("ended_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("replays_account").on(t.accountId, t.createdAt, t.id),
    index("replays_account_playing").on(t.accountId),
  ],
);
export * from "./schema-identity";
export * from "./schema-people";
export * from "./schema-webhooks";
