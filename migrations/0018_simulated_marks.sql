-- Honest marks (issue 49): a simulated match says so in every list it is in, `?team_id=` included. team_matches
-- carries the list item's columns (migrations/0008, 0011), so it carries `simulated` too, kept by the same triggers.
ALTER TABLE team_matches ADD COLUMN simulated INTEGER NOT NULL DEFAULT 0;
UPDATE team_matches SET simulated = 1 WHERE match_id IN (SELECT id FROM matches WHERE simulated = 1);
DROP TRIGGER team_matches_insert;
CREATE TRIGGER team_matches_insert AFTER INSERT ON matches BEGIN
  INSERT INTO team_matches
  SELECT t.value, NEW.id, NEW.sport, NEW.league_id, NEW.season, NEW.status_group, NEW.kickoff_ts, NEW.home_team_id,
         NEW.away_team_id, NEW.home_team, NEW.away_team, NEW.home_score, NEW.away_score, NEW.status_code, NEW.minute,
         NEW.updated_at, NEW.seq, NEW.simulated
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
  attendance, kickoff_ts, finished_at, updated_at, simulated ON matches BEGIN
  DELETE FROM team_matches WHERE team_id IN (OLD.home_team_id, OLD.away_team_id) AND match_id = OLD.id;
  INSERT INTO team_matches
  SELECT t.value, NEW.id, NEW.sport, NEW.league_id, NEW.season, NEW.status_group, NEW.kickoff_ts, NEW.home_team_id,
         NEW.away_team_id, NEW.home_team, NEW.away_team, NEW.home_score, NEW.away_score, NEW.status_code, NEW.minute,
         NEW.updated_at, NEW.seq, NEW.simulated
  FROM json_each(json_array(NEW.home_team_id, NEW.away_team_id)) t;
END;
