-- Core schema. Mirrors src/core/db/schema.ts; keep both in step.

CREATE TABLE leagues (
  id          TEXT PRIMARY KEY,
  sport       TEXT NOT NULL CHECK (sport IN ('football', 'basketball')),
  country     TEXT NOT NULL,
  name        TEXT NOT NULL,
  season      TEXT NOT NULL,
  logo_url    TEXT,
  format      TEXT NOT NULL DEFAULT 'league' CHECK (format IN ('league', 'cup')),
  updated_at  TEXT NOT NULL
);
CREATE INDEX leagues_sport_country_name ON leagues (sport, country, name);

CREATE TABLE teams (
  id       TEXT PRIMARY KEY,
  sport    TEXT NOT NULL CHECK (sport IN ('football', 'basketball')),
  name     TEXT NOT NULL,
  country  TEXT NOT NULL
);

CREATE TABLE matches (
  id               TEXT PRIMARY KEY,
  sport            TEXT NOT NULL CHECK (sport IN ('football', 'basketball')),
  league_id        TEXT NOT NULL REFERENCES leagues (id),
  season           TEXT NOT NULL,
  round            TEXT,
  home_team_id     TEXT NOT NULL REFERENCES teams (id),
  away_team_id     TEXT NOT NULL REFERENCES teams (id),
  home_team        TEXT NOT NULL,
  away_team        TEXT NOT NULL,
  home_score       INTEGER NOT NULL DEFAULT 0,
  away_score       INTEGER NOT NULL DEFAULT 0,
  status_code      INTEGER NOT NULL CHECK (status_code BETWEEN 1 AND 10),
  period           INTEGER,
  minute           INTEGER,
  added_time       INTEGER,
  game_clock_secs  INTEGER,
  ht_home_score    INTEGER,
  ht_away_score    INTEGER,
  home_penalties   INTEGER,
  away_penalties   INTEGER,
  home_formation   TEXT,
  away_formation   TEXT,
  referee          TEXT,
  venue            TEXT,
  attendance       INTEGER,
  kickoff_ts       INTEGER NOT NULL,
  finished_at      TEXT,
  updated_at       TEXT NOT NULL,
  -- 1 scheduled, 2 live, 3 finished (3, 9, 10); other codes keep their own value. Drives ?status=.
  status_group     INTEGER GENERATED ALWAYS AS (CASE WHEN status_code IN (3, 9, 10) THEN 3 ELSE status_code END) VIRTUAL,
  -- The unordered pair of teams, so head-to-head is one index range whichever side was at home.
  pair_key         TEXT GENERATED ALWAYS AS (CASE WHEN home_team_id < away_team_id THEN home_team_id || '|' || away_team_id ELSE away_team_id || '|' || home_team_id END) VIRTUAL
);
-- Match list: every filter combination is one ordered index range on (…, kickoff_ts, id).
CREATE INDEX matches_sport_kickoff         ON matches (sport, kickoff_ts, id);
CREATE INDEX matches_sport_status_kickoff  ON matches (sport, status_group, kickoff_ts, id);
CREATE INDEX matches_league_kickoff        ON matches (league_id, kickoff_ts, id);
CREATE INDEX matches_league_status_kickoff ON matches (league_id, status_group, kickoff_ts, id);
CREATE INDEX matches_pair_kickoff          ON matches (pair_key, kickoff_ts);

-- `total` of the match list without counting matches: per (sport, UTC day, league, status group), plus
-- day = -1 for "any day". Maintained by the triggers below, so it can never drift from `matches`.
CREATE TABLE match_counts (
  sport         TEXT NOT NULL,
  day           INTEGER NOT NULL,
  league_id     TEXT NOT NULL,
  status_group  INTEGER NOT NULL,
  n             INTEGER NOT NULL,
  PRIMARY KEY (sport, day, league_id, status_group)
) WITHOUT ROWID;

CREATE TRIGGER matches_count_insert AFTER INSERT ON matches BEGIN
  INSERT INTO match_counts (sport, day, league_id, status_group, n)
  VALUES (NEW.sport, NEW.kickoff_ts / 86400, NEW.league_id, NEW.status_group, 1),
         (NEW.sport, -1, NEW.league_id, NEW.status_group, 1)
  ON CONFLICT (sport, day, league_id, status_group) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER matches_count_delete AFTER DELETE ON matches BEGIN
  UPDATE match_counts SET n = n - 1
  WHERE sport = OLD.sport AND league_id = OLD.league_id AND status_group = OLD.status_group
    AND day IN (OLD.kickoff_ts / 86400, -1);
END;

CREATE TRIGGER matches_count_update AFTER UPDATE OF sport, league_id, kickoff_ts, status_code ON matches
WHEN OLD.sport IS NOT NEW.sport OR OLD.league_id IS NOT NEW.league_id
  OR OLD.kickoff_ts / 86400 IS NOT NEW.kickoff_ts / 86400 OR OLD.status_group IS NOT NEW.status_group
BEGIN
  UPDATE match_counts SET n = n - 1
  WHERE sport = OLD.sport AND league_id = OLD.league_id AND status_group = OLD.status_group
    AND day IN (OLD.kickoff_ts / 86400, -1);
  INSERT INTO match_counts (sport, day, league_id, status_group, n)
  VALUES (NEW.sport, NEW.kickoff_ts / 86400, NEW.league_id, NEW.status_group, 1),
         (NEW.sport, -1, NEW.league_id, NEW.status_group, 1)
  ON CONFLICT (sport, day, league_id, status_group) DO UPDATE SET n = n + 1;
END;

CREATE TABLE match_events (
  id          TEXT PRIMARY KEY,
  match_id    TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  type        TEXT NOT NULL,
  minute      INTEGER,
  added_time  INTEGER,
  period      INTEGER,
  team        TEXT CHECK (team IN ('home', 'away')),
  player      TEXT,
  player_in   TEXT,
  player_out  TEXT,
  detail      TEXT
);
CREATE UNIQUE INDEX match_events_match_seq ON match_events (match_id, seq);

CREATE TABLE match_stats (
  match_id    TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
  data        TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

CREATE TABLE match_lineups (
  match_id    TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
  home        TEXT NOT NULL,
  away        TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

-- Current table per league and season (rows as a JSON array, in table order).
CREATE TABLE standings (
  league_id  TEXT NOT NULL REFERENCES leagues (id),
  season     TEXT NOT NULL,
  as_of      TEXT NOT NULL,
  rows       TEXT NOT NULL,
  PRIMARY KEY (league_id, season)
);

-- The table after each finished match; "as of match M" = latest snapshot finished before M's kickoff.
CREATE TABLE standings_snapshots (
  match_id   TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
  league_id  TEXT NOT NULL,
  season     TEXT NOT NULL,
  as_of_ts   INTEGER NOT NULL,
  as_of      TEXT NOT NULL,
  rows       TEXT NOT NULL
);
CREATE INDEX standings_snapshots_league_time ON standings_snapshots (league_id, season, as_of_ts);

CREATE TABLE accounts (
  id             TEXT PRIMARY KEY,
  email          TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash  TEXT,
  plan           TEXT NOT NULL DEFAULT 'trial' CHECK (plan IN ('trial', 'starter', 'growth', 'scale')),
  created_at     TEXT NOT NULL
);

CREATE TABLE api_keys (
  id            TEXT PRIMARY KEY,
  account_id    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  key_hash      TEXT NOT NULL UNIQUE,
  prefix        TEXT NOT NULL,
  last4         TEXT NOT NULL,
  scopes        TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  last_used_at  TEXT,
  revoked_at    TEXT
);
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE tracked_leagues (
  account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  league_id   TEXT NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, league_id)
) WITHOUT ROWID;
CREATE INDEX tracked_leagues_league ON tracked_leagues (league_id);

-- Small key/value facts about the deployment (e.g. which day the demo data was generated for).
CREATE TABLE meta (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);
