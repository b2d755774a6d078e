-- The data version: a counter bumped by every write to what the read API serves. The key check reads it in the
-- same statement as the key, and the response cache (src/api/cache.ts) reuses a response only while the version
-- it was made at is still current. Triggers, so every writer (ingest, seeding, admin, a console) bumps it.
INSERT OR IGNORE INTO meta (key, value) VALUES ('data_version', '0');

CREATE TRIGGER data_version_matches_insert AFTER INSERT ON matches BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_matches_update AFTER UPDATE ON matches BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_matches_delete AFTER DELETE ON matches BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_events_insert AFTER INSERT ON match_events BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_events_update AFTER UPDATE ON match_events BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_events_delete AFTER DELETE ON match_events BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_stats_insert AFTER INSERT ON match_stats BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_stats_update AFTER UPDATE ON match_stats BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_stats_delete AFTER DELETE ON match_stats BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_lineups_insert AFTER INSERT ON match_lineups BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_lineups_update AFTER UPDATE ON match_lineups BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_match_lineups_delete AFTER DELETE ON match_lineups BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_standings_insert AFTER INSERT ON standings BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_standings_update AFTER UPDATE ON standings BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_standings_delete AFTER DELETE ON standings BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_standings_snapshots_insert AFTER INSERT ON standings_snapshots BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_standings_snapshots_update AFTER UPDATE ON standings_snapshots BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_standings_snapshots_delete AFTER DELETE ON standings_snapshots BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_leagues_insert AFTER INSERT ON leagues BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_leagues_update AFTER UPDATE ON leagues BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_leagues_delete AFTER DELETE ON leagues BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_teams_insert AFTER INSERT ON teams BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_teams_update AFTER UPDATE ON teams BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;

CREATE TRIGGER data_version_teams_delete AFTER DELETE ON teams BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'data_version';
END;
