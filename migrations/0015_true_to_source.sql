-- True to the source (issue 47): which matches the simulator plays, and tables per group.
--
-- `simulated`: the match is the simulator's own (the demo seeds it with its match ops). The simulator plays only
-- these, and only in leagues marked simulated: a provider's or the history's match in the same league is never
-- touched by it (docs/feeds.md "Trying it locally").
ALTER TABLE matches ADD COLUMN simulated INTEGER NOT NULL DEFAULT 0;

-- The demo's matches seeded before this column: every match of a simulated league's current season that no other
-- source made (a provider's ids are m_af_, m_ab_, m_fd_; the history's m_of_).
UPDATE matches SET simulated = 1
WHERE league_id IN (SELECT id FROM leagues WHERE simulated = 1)
  AND season = (SELECT l.season FROM leagues l WHERE l.id = matches.league_id)
  AND substr(id, 1, 5) NOT IN ('m_af_', 'm_ab_', 'm_fd_', 'm_of_');

-- Tables say their group (a competition played in groups has one table per group): rows stored before say none.
UPDATE standings SET rows = (SELECT json_group_array(json_set(value, '$.group', NULL)) FROM json_each(standings.rows));
UPDATE standings_snapshots
SET rows = (SELECT json_group_array(json_set(value, '$.group', NULL)) FROM json_each(standings_snapshots.rows));
