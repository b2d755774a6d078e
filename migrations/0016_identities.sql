-- One identity across sources (issue 48, docs/identity.md): the crosswalk from each source's own references to our
-- ids, which source a match's fields and timeline come from, and the disagreements between sources.
--
-- `identities`: (source, kind, ref) → id. `ref` is the source's own reference (api-football's fixture 868001,
-- football-data's team 762; for a source without numeric ids, the id it sent). `status` 'unresolved': a new entity made
-- because nothing matched with confidence while something similar exists (for the operator to pin or merge).
-- `resolved_by`: 'rule' (the resolution rules, or a new entity), 'operator' (pinned, merged, or a feed mapping).
CREATE TABLE identities (
  source       TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('league', 'team', 'player', 'match', 'event')),
  ref          TEXT NOT NULL,
  id           TEXT NOT NULL,
  sport        TEXT NOT NULL CHECK (sport IN ('football', 'basketball')),
  name         TEXT,
  status       TEXT NOT NULL DEFAULT 'resolved' CHECK (status IN ('resolved', 'unresolved')),
  resolved_by  TEXT NOT NULL DEFAULT 'rule' CHECK (resolved_by IN ('rule', 'operator')),
  created_at   TEXT NOT NULL,
  PRIMARY KEY (source, kind, ref)
) WITHOUT ROWID;
-- external_ids of one entity, and a merge's rewrite of every reference to it.
CREATE INDEX identities_id ON identities (kind, id, source);
-- The operator's list (?kind=&status=&source=), in a stable order for its cursor.
CREATE INDEX identities_status ON identities (kind, status, source, ref);

-- A merged entity keeps answering: its old id → the id it was merged into.
CREATE TABLE merged_ids (
  kind       TEXT NOT NULL CHECK (kind IN ('league', 'team', 'player', 'match')),
  from_id    TEXT NOT NULL,
  into_id    TEXT NOT NULL,
  merged_at  TEXT NOT NULL,
  PRIMARY KEY (kind, from_id)
) WITHOUT ROWID;

-- Which source a match's live fields come from (the best that reported it: a provider over the history), and which
-- one its timeline comes from (NULL: none yet). NULL source: ops sent without one (POST /internal/ingest, the demo).
ALTER TABLE matches ADD COLUMN source TEXT;
ALTER TABLE matches ADD COLUMN timeline_source TEXT;

-- A final score two sources disagree on: kept as the better source says, listed in the feed status.
CREATE TABLE source_conflicts (
  match_id     TEXT NOT NULL,
  source       TEXT NOT NULL,
  kept_source  TEXT,
  kept         TEXT NOT NULL,
  theirs       TEXT NOT NULL,
  at           TEXT NOT NULL,
  PRIMARY KEY (match_id, source)
) WITHOUT ROWID;

-- Two providers on one league (docs/identity.md "A standby provider"): the standby is polled only while the primary
-- is down, which each provider's poller records here when it goes down (three failed calls in a row, or its day's
-- quota spent) and when it comes back.
ALTER TABLE feed_leagues ADD COLUMN role TEXT NOT NULL DEFAULT 'primary' CHECK (role IN ('primary', 'standby'));
CREATE TABLE feed_health (
  provider  TEXT PRIMARY KEY,
  down      INTEGER NOT NULL,
  since     TEXT NOT NULL
) WITHOUT ROWID;

-- A team's candidates when a source first names it: the teams of its country.
CREATE INDEX teams_sport_country ON teams (sport, country);

-- What was stored before: each source's rows are that source's own (their ids were made from its references).
UPDATE matches SET source = CASE substr(id, 1, 5)
    WHEN 'm_af_' THEN 'api-football' WHEN 'm_ab_' THEN 'api-basketball' WHEN 'm_fd_' THEN 'football-data'
    WHEN 'm_of_' THEN 'openfootball' END;
UPDATE matches SET timeline_source = source WHERE source IS NOT NULL AND EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = matches.id);

INSERT OR IGNORE INTO identities (source, kind, ref, id, sport, name, created_at)
SELECT CASE substr(id, 1, 5) WHEN 'm_af_' THEN 'api-football' WHEN 'm_ab_' THEN 'api-basketball' ELSE 'football-data' END,
       'match', substr(id, 6), id, sport, home_team || ' – ' || away_team, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM matches WHERE substr(id, 1, 5) IN ('m_af_', 'm_ab_', 'm_fd_');
INSERT OR IGNORE INTO identities (source, kind, ref, id, sport, name, created_at)
SELECT 'openfootball', 'match', id, id, sport, home_team || ' – ' || away_team, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM matches WHERE substr(id, 1, 5) = 'm_of_';
INSERT OR IGNORE INTO identities (source, kind, ref, id, sport, name, created_at)
SELECT CASE substr(id, 1, 6) WHEN 'tm_af_' THEN 'api-football' WHEN 'tm_ab_' THEN 'api-basketball' ELSE 'football-data' END,
       'team', substr(id, 7), id, sport, name, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM teams WHERE substr(id, 1, 6) IN ('tm_af_', 'tm_ab_', 'tm_fd_');
INSERT OR IGNORE INTO identities (source, kind, ref, id, sport, name, created_at)
SELECT 'openfootball', 'team', id, id, sport, name, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM teams WHERE id IN (SELECT home_team_id FROM matches WHERE source = 'openfootball'
                        UNION SELECT away_team_id FROM matches WHERE source = 'openfootball');
INSERT OR IGNORE INTO identities (source, kind, ref, id, sport, name, created_at)
SELECT CASE substr(id, 1, 6) WHEN 'pl_af_' THEN 'api-football' WHEN 'pl_ab_' THEN 'api-basketball' ELSE 'football-data' END,
       'player', substr(id, 7), id, sport, name, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM players WHERE substr(id, 1, 6) IN ('pl_af_', 'pl_ab_', 'pl_fd_');
INSERT OR IGNORE INTO identities (source, kind, ref, id, sport, name, created_at)
SELECT 'openfootball', 'player', id, id, sport, name, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
FROM players WHERE substr(id, 1, 9) = 'pl_fb_nt_';
