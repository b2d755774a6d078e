-- Teams, players, box scores, season stats and search (docs/api.md "Teams, players and search").
-- Mirrors src/core/db/schema.ts.

ALTER TABLE teams ADD COLUMN short_name TEXT;
ALTER TABLE teams ADD COLUMN venue TEXT;
ALTER TABLE teams ADD COLUMN logo_url TEXT;

ALTER TABLE match_events ADD COLUMN player_id TEXT;
ALTER TABLE match_events ADD COLUMN player_in_id TEXT;
ALTER TABLE match_events ADD COLUMN player_out_id TEXT;

CREATE TABLE players (
  id           TEXT PRIMARY KEY,
  sport        TEXT NOT NULL CHECK (sport IN ('football', 'basketball')),
  team_id      TEXT NOT NULL REFERENCES teams (id),
  name         TEXT NOT NULL,
  number       INTEGER,
  position     TEXT,
  nationality  TEXT,
  birth_date   TEXT
);
-- The squad: one range of the team's players in shirt-number order.
CREATE INDEX players_team ON players (team_id, number, name);

-- One row per player per match: the box score. Counts of the other sport stay 0.
CREATE TABLE player_lines (
  match_id         TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  player_id        TEXT NOT NULL,
  side             TEXT NOT NULL CHECK (side IN ('home', 'away')),
  ord              INTEGER NOT NULL,
  name             TEXT NOT NULL,
  position         TEXT,
  minutes          INTEGER NOT NULL DEFAULT 0,
  goals            INTEGER NOT NULL DEFAULT 0,
  assists          INTEGER NOT NULL DEFAULT 0,
  shots            INTEGER NOT NULL DEFAULT 0,
  yellow_cards     INTEGER NOT NULL DEFAULT 0,
  red_cards        INTEGER NOT NULL DEFAULT 0,
  points           INTEGER NOT NULL DEFAULT 0,
  rebounds         INTEGER NOT NULL DEFAULT 0,
  steals           INTEGER NOT NULL DEFAULT 0,
  blocks           INTEGER NOT NULL DEFAULT 0,
  turnovers        INTEGER NOT NULL DEFAULT 0,
  fg_made          INTEGER NOT NULL DEFAULT 0,
  fg_attempted     INTEGER NOT NULL DEFAULT 0,
  three_made       INTEGER NOT NULL DEFAULT 0,
  three_attempted  INTEGER NOT NULL DEFAULT 0,
  ft_made          INTEGER NOT NULL DEFAULT 0,
  ft_attempted     INTEGER NOT NULL DEFAULT 0,
  started          INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (match_id, player_id)
) WITHOUT ROWID;
CREATE INDEX player_lines_box ON player_lines (match_id, side, ord);
-- Season stats are recomputed per player from that player's lines.
CREATE INDEX player_lines_player ON player_lines (player_id, match_id);

-- Sums of a player's lines in the finished matches of one competition season (derived on the final whistle).
CREATE TABLE player_season_stats (
  player_id     TEXT NOT NULL,
  league_id     TEXT NOT NULL,
  season        TEXT NOT NULL,
  player_name   TEXT NOT NULL,
  team_id       TEXT NOT NULL,
  team_name     TEXT NOT NULL,
  matches       INTEGER NOT NULL,
  starts        INTEGER NOT NULL,
  minutes       INTEGER NOT NULL,
  goals         INTEGER NOT NULL,
  assists       INTEGER NOT NULL,
  yellow_cards  INTEGER NOT NULL,
  red_cards     INTEGER NOT NULL,
  cards         INTEGER NOT NULL,
  points        INTEGER NOT NULL,
  rebounds      INTEGER NOT NULL,
  steals        INTEGER NOT NULL,
  blocks        INTEGER NOT NULL,
  turnovers     INTEGER NOT NULL,
  ppg           REAL NOT NULL,
  PRIMARY KEY (player_id, season, league_id)
) WITHOUT ROWID;
-- Leaders: each stat is one ordered range (value desc, then name), read only as far as the top 20.
CREATE INDEX pss_goals ON player_season_stats (league_id, season, goals DESC, player_name);
CREATE INDEX pss_assists ON player_season_stats (league_id, season, assists DESC, player_name);
CREATE INDEX pss_cards ON player_season_stats (league_id, season, cards DESC, player_name);
CREATE INDEX pss_points ON player_season_stats (league_id, season, points DESC, player_name);
CREATE INDEX pss_rebounds ON player_season_stats (league_id, season, rebounds DESC, player_name);
CREATE INDEX pss_ppg ON player_season_stats (league_id, season, ppg DESC, player_name);

-- Each match listed once per team, with the list item's columns, so `?team_id=` is one ordered range of one table
-- like the other filters (a join back to matches would double the rows read). Maintained by triggers on matches.
CREATE TABLE team_matches (
  team_id       TEXT NOT NULL,
  match_id      TEXT NOT NULL,
  sport         TEXT NOT NULL,
  league_id     TEXT NOT NULL,
  season        TEXT NOT NULL,
  status_group  INTEGER NOT NULL,
  kickoff_ts    INTEGER NOT NULL,
  home_team_id  TEXT NOT NULL,
  away_team_id  TEXT NOT NULL,
  home_team     TEXT NOT NULL,
  away_team     TEXT NOT NULL,
  home_score    INTEGER NOT NULL,
  away_score    INTEGER NOT NULL,
  status_code   INTEGER NOT NULL,
  minute        INTEGER,
  updated_at    TEXT NOT NULL,
  PRIMARY KEY (team_id, match_id)
) WITHOUT ROWID;
CREATE INDEX team_matches_kickoff ON team_matches (team_id, sport, kickoff_ts, match_id);
CREATE INDEX team_matches_status ON team_matches (team_id, sport, status_group, kickoff_ts, match_id);
CREATE INDEX team_matches_league ON team_matches (team_id, league_id, kickoff_ts, match_id);
CREATE INDEX team_matches_league_status ON team_matches (team_id, league_id, status_group, kickoff_ts, match_id);
-- A team's competitions per season (Team.league_ids, visibility of teams and players).
CREATE INDEX team_matches_leagues ON team_matches (team_id, league_id, season);

-- The list `total` with `?team_id=`: per (team, UTC day, league, status group), day = -1 for any day.
CREATE TABLE team_match_counts (
  team_id       TEXT NOT NULL,
  day           INTEGER NOT NULL,
  league_id     TEXT NOT NULL,
  status_group  INTEGER NOT NULL,
  n             INTEGER NOT NULL,
  PRIMARY KEY (team_id, day, league_id, status_group)
) WITHOUT ROWID;
CREATE INDEX team_match_counts_status ON team_match_counts (team_id, day, status_group, league_id, n);

CREATE TRIGGER team_matches_insert AFTER INSERT ON matches BEGIN
  INSERT INTO team_matches
  SELECT t.value, NEW.id, NEW.sport, NEW.league_id, NEW.season, NEW.status_group, NEW.kickoff_ts, NEW.home_team_id,
         NEW.away_team_id, NEW.home_team, NEW.away_team, NEW.home_score, NEW.away_score, NEW.status_code, NEW.minute,
         NEW.updated_at
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t;
  INSERT INTO team_match_counts (team_id, day, league_id, status_group, n)
  SELECT t.value, d.value, NEW.league_id, NEW.status_group, 1
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t, json_each(json_array(NEW.kickoff_ts / 86400, -1)) d
  WHERE true
  ON CONFLICT (team_id, day, league_id, status_group) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER team_matches_delete AFTER DELETE ON matches BEGIN
  DELETE FROM team_matches WHERE team_id IN (OLD.home_team_id, OLD.away_team_id) AND match_id = OLD.id;
  UPDATE team_match_counts SET n = n - 1
  WHERE team_id IN (OLD.home_team_id, OLD.away_team_id) AND league_id = OLD.league_id
    AND status_group = OLD.status_group AND day IN (OLD.kickoff_ts / 86400, -1);
END;

-- Any change of a match rewrites its two rows (scores and minutes change while live).
CREATE TRIGGER team_matches_update AFTER UPDATE ON matches BEGIN
  DELETE FROM team_matches WHERE team_id IN (OLD.home_team_id, OLD.away_team_id) AND match_id = OLD.id;
  INSERT INTO team_matches
  SELECT t.value, NEW.id, NEW.sport, NEW.league_id, NEW.season, NEW.status_group, NEW.kickoff_ts, NEW.home_team_id,
         NEW.away_team_id, NEW.home_team, NEW.away_team, NEW.home_score, NEW.away_score, NEW.status_code, NEW.minute,
         NEW.updated_at
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t;
END;

CREATE TRIGGER team_match_counts_update AFTER UPDATE OF league_id, home_team_id, away_team_id, kickoff_ts, status_code ON matches
WHEN OLD.league_id IS NOT NEW.league_id OR OLD.home_team_id IS NOT NEW.home_team_id
  OR OLD.away_team_id IS NOT NEW.away_team_id OR OLD.kickoff_ts / 86400 IS NOT NEW.kickoff_ts / 86400
  OR OLD.status_group IS NOT NEW.status_group
BEGIN
  UPDATE team_match_counts SET n = n - 1
  WHERE team_id IN (OLD.home_team_id, OLD.away_team_id) AND league_id = OLD.league_id
    AND status_group = OLD.status_group AND day IN (OLD.kickoff_ts / 86400, -1);
  INSERT INTO team_match_counts (team_id, day, league_id, status_group, n)
  SELECT t.value, d.value, NEW.league_id, NEW.status_group, 1
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t, json_each(json_array(NEW.kickoff_ts / 86400, -1)) d
  WHERE true
  ON CONFLICT (team_id, day, league_id, status_group) DO UPDATE SET n = n + 1;
END;

-- Search: every prefix (2+ characters) of every word of a name, folded (lower case, no diacritics, Ø → o …).
-- One equality seek per kind, in rank order (class, then name), read only as far as the limit.
CREATE TABLE search_prefixes (
  prefix     TEXT NOT NULL,
  sport      TEXT NOT NULL,
  -- 1: the prefix starts the name's first word; 2: a later word.
  class      INTEGER NOT NULL,
  folded     TEXT NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('team', 'player', 'league')),
  ref_id     TEXT NOT NULL,
  -- What a hit shows, so a result needs no join: the name as written, the team (of a team: itself), the country.
  name       TEXT NOT NULL,
  team_id    TEXT,
  country    TEXT,
  -- Where it is visible: up to four leagues — those a team (a player's team) has played in, or the league itself —
  -- compared with the caller's tracked leagues as expressions, so visibility reads no further rows.
  l1         TEXT,
  l2         TEXT,
  l3         TEXT,
  l4         TEXT,
  PRIMARY KEY (prefix, sport, kind, class, folded, ref_id)
) WITHOUT ROWID;
CREATE INDEX search_prefixes_ref ON search_prefixes (ref_id);
CREATE INDEX search_prefixes_team ON search_prefixes (team_id);

CREATE TRIGGER data_version_players_insert AFTER INSERT ON players BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
CREATE TRIGGER data_version_players_update AFTER UPDATE ON players BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
CREATE TRIGGER data_version_player_lines_insert AFTER INSERT ON player_lines BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
CREATE TRIGGER data_version_player_lines_update AFTER UPDATE ON player_lines BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
CREATE TRIGGER data_version_player_lines_delete AFTER DELETE ON player_lines BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
CREATE TRIGGER data_version_player_season_stats_insert AFTER INSERT ON player_season_stats BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
CREATE TRIGGER data_version_player_season_stats_update AFTER UPDATE ON player_season_stats BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
