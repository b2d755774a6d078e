-- Search rows' visibility slots l1–l4 now hold each team's competitions of the current season, the rule of the team and
-- player reads (src/core/db/queries/visibility.ts, seasonLeaguesOf); rows written before held the leagues of every
-- season. Recomputed once here for every team; ingest keeps them so from now on (refreshSearchLeagues).
WITH t(team_id) AS (SELECT DISTINCT team_id FROM search_prefixes WHERE team_id IS NOT NULL),
v AS MATERIALIZED (
  SELECT t.team_id,
    (SELECT DISTINCT c.league_id FROM team_match_counts c JOIN leagues l ON l.id = c.league_id
      WHERE c.team_id = t.team_id AND c.day = -1 AND c.n > 0
        AND EXISTS (SELECT 1 FROM team_matches tm INDEXED BY team_matches_leagues
          WHERE tm.team_id = c.team_id AND tm.league_id = c.league_id AND tm.season = l.season)
      ORDER BY c.league_id LIMIT 1 OFFSET 0) AS l1,
    (SELECT DISTINCT c.league_id FROM team_match_counts c JOIN leagues l ON l.id = c.league_id
      WHERE c.team_id = t.team_id AND c.day = -1 AND c.n > 0
        AND EXISTS (SELECT 1 FROM team_matches tm INDEXED BY team_matches_leagues
          WHERE tm.team_id = c.team_id AND tm.league_id = c.league_id AND tm.season = l.season)
      ORDER BY c.league_id LIMIT 1 OFFSET 1) AS l2,
    (SELECT DISTINCT c.league_id FROM team_match_counts c JOIN leagues l ON l.id = c.league_id
      WHERE c.team_id = t.team_id AND c.day = -1 AND c.n > 0
        AND EXISTS (SELECT 1 FROM team_matches tm INDEXED BY team_matches_leagues
          WHERE tm.team_id = c.team_id AND tm.league_id = c.league_id AND tm.season = l.season)
      ORDER BY c.league_id LIMIT 1 OFFSET 2) AS l3,
    (SELECT DISTINCT c.league_id FROM team_match_counts c JOIN leagues l ON l.id = c.league_id
      WHERE c.team_id = t.team_id AND c.day = -1 AND c.n > 0
        AND EXISTS (SELECT 1 FROM team_matches tm INDEXED BY team_matches_leagues
          WHERE tm.team_id = c.team_id AND tm.league_id = c.league_id AND tm.season = l.season)
      ORDER BY c.league_id LIMIT 1 OFFSET 3) AS l4
  FROM t)
UPDATE search_prefixes SET l1 = v.l1, l2 = v.l2, l3 = v.l3, l4 = v.l4 FROM v WHERE search_prefixes.team_id = v.team_id;
