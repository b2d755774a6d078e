-- Real data in (docs/data.md): what each league has for its current season, whether the simulator plays it, and
-- what the importer has imported.
--
-- `simulated`: the league's matches come from the simulator (the demo sets it with its league ops).
-- `has_*`: what its current season has, kept by ingest for the leagues each batch touches (one UPDATE in the batch,
-- src/core/db/queries/coverage.ts); `has_live` is sticky for the season: a match of it was followed in play.
ALTER TABLE leagues ADD COLUMN simulated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN has_live INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN has_events INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN has_lineups INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN has_stats INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leagues ADD COLUMN has_players INTEGER NOT NULL DEFAULT 0;

-- A league season's matches (tables on the final whistle, coverage), without reading the league's other seasons.
CREATE INDEX matches_league_season ON matches (league_id, season, kickoff_ts);
-- Whether a provider feed follows a league (coverage.live).
CREATE INDEX feed_leagues_league ON feed_leagues (league_id);

-- The importer's ledger (scripts/import.mjs): a source file imported whole, by its content hash. A second run skips
-- it; a run cut short redoes only the files it had not finished.
CREATE TABLE imports (
  source TEXT PRIMARY KEY,
  sha256 TEXT NOT NULL,
  matches INTEGER NOT NULL,
  at TEXT NOT NULL
) WITHOUT ROWID;

-- Existing leagues: what their current season has now.
UPDATE leagues SET
  has_live = EXISTS (SELECT 1 FROM matches m WHERE m.league_id = leagues.id AND m.season = leagues.season AND m.status_code IN (2, 7)),
  has_events = EXISTS (SELECT 1 FROM matches m WHERE m.league_id = leagues.id AND m.season = leagues.season
    AND EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = m.id)),
  has_lineups = EXISTS (SELECT 1 FROM matches m WHERE m.league_id = leagues.id AND m.season = leagues.season
    AND EXISTS (SELECT 1 FROM match_lineups x WHERE x.match_id = m.id)),
  has_stats = EXISTS (SELECT 1 FROM matches m WHERE m.league_id = leagues.id AND m.season = leagues.season
    AND EXISTS (SELECT 1 FROM match_stats x WHERE x.match_id = m.id)),
  has_players = EXISTS (SELECT 1 FROM matches m WHERE m.league_id = leagues.id AND m.season = leagues.season
    AND (EXISTS (SELECT 1 FROM players p WHERE p.team_id = m.home_team_id)
      OR EXISTS (SELECT 1 FROM players p WHERE p.team_id = m.away_team_id)));
