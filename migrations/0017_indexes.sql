-- The feed status lists the newest conflicts between sources (GET /internal/admin/feeds): a range of this index, not
-- a sort of the table. A merge re-points earlier merges into the id it merges away (src/core/db/queries/identities.ts
-- finishMerge): a range of the second.
CREATE INDEX source_conflicts_at ON source_conflicts (at);
CREATE INDEX merged_ids_into ON merged_ids (kind, into_id);

-- A league's season as a match list (`?league_id=&season=`, issue 49) is one ordered range: the season's index gains
-- the id that breaks kickoff ties, and a team's competitions per season gain kickoff order for `?team_id=&season=`.
DROP INDEX matches_league_season;
CREATE INDEX matches_league_season ON matches (league_id, season, kickoff_ts, id);
DROP INDEX team_matches_leagues;
CREATE INDEX team_matches_leagues ON team_matches (team_id, league_id, season, kickoff_ts, match_id);
