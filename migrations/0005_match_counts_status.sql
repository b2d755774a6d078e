-- The list total with a status filter (`?status=live`): seek (sport, day, status_group) instead of reading every
-- status group of every league of that day and filtering (benchmark P2 found it reading 53 counters to sum 7).
-- `n` included so the index covers the sum.
CREATE INDEX match_counts_status ON match_counts (sport, day, status_group, league_id, n);
