-- One version per match (docs/api.md "One version per match"): `matches.seq` is the seq of the last stream
-- message the row reflects, written by the ingest commit that numbers the messages; 0 before the first.
ALTER TABLE matches ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;

-- team_matches carries every list item column, seq too. The row rewrite fires on the columns an upsert sets; the seq
-- update (its own statement in the commit) only sets team_matches.seq.
ALTER TABLE team_matches ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
DROP TRIGGER team_matches_insert;
CREATE TRIGGER team_matches_insert AFTER INSERT ON matches BEGIN
  INSERT INTO team_matches
  SELECT t.value, NEW.id, NEW.sport, NEW.league_id, NEW.season, NEW.status_group, NEW.kickoff_ts, NEW.home_team_id,
         NEW.away_team_id, NEW.home_team, NEW.away_team, NEW.home_score, NEW.away_score, NEW.status_code, NEW.minute,
         NEW.updated_at, NEW.seq
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t;
  INSERT INTO team_match_counts (team_id, day, league_id, status_group, n)
  SELECT t.value, d.value, NEW.league_id, NEW.status_group, 1
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t, json_each(json_array(NEW.kickoff_ts / 86400, -1)) d
  WHERE true
  ON CONFLICT (team_id, day, league_id, status_group) DO UPDATE SET n = n + 1;
END;
DROP TRIGGER team_matches_update;
CREATE TRIGGER team_matches_update AFTER UPDATE OF id, sport, league_id, season, round, home_team_id, away_team_id,
  home_team, away_team, home_score, away_score, status_code, period, minute, added_time, game_clock_secs,
  ht_home_score, ht_away_score, home_penalties, away_penalties, home_formation, away_formation, referee, venue,
  attendance, kickoff_ts, finished_at, updated_at ON matches BEGIN
  DELETE FROM team_matches WHERE team_id IN (OLD.home_team_id, OLD.away_team_id) AND match_id = OLD.id;
  INSERT INTO team_matches
  SELECT t.value, NEW.id, NEW.sport, NEW.league_id, NEW.season, NEW.status_group, NEW.kickoff_ts, NEW.home_team_id,
         NEW.away_team_id, NEW.home_team, NEW.away_team, NEW.home_score, NEW.away_score, NEW.status_code, NEW.minute,
         NEW.updated_at, NEW.seq
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t;
END;
CREATE TRIGGER team_matches_seq AFTER UPDATE OF seq ON matches BEGIN
  UPDATE team_matches SET seq = NEW.seq WHERE team_id IN (NEW.home_team_id, NEW.away_team_id) AND match_id = NEW.id;
END;

-- The changes feed (GET /v1/{sport}/changes): one row per match changed by an ingest commit, in commit order. The
-- cursor is `id`; ingest trims rows older than 8 days (the feed promises 7). Reads walk (sport, id) from the cursor.
CREATE TABLE changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sport TEXT NOT NULL,
  match_id TEXT NOT NULL,
  league_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  parts TEXT NOT NULL,
  at TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX changes_sport_id ON changes (sport, id);
CREATE INDEX changes_at ON changes (at_ms);

-- Bumped by an ingest commit that changes a match that was already finished (a correction): the answers kept for
-- finished matches are filed under it (src/api/shared-cache.ts), so a correction retires them at once.
INSERT OR IGNORE INTO meta (key, value) VALUES ('finished_version', '0');
