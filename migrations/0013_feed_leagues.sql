-- Provider feeds (docs/feeds.md): which provider competition-season feeds which of our leagues. PUT
-- /internal/admin/feeds/{provider}/leagues replaces a provider's rows; the poller reads them with the tracked leagues.
CREATE TABLE feed_leagues (
  provider TEXT NOT NULL,
  provider_league TEXT NOT NULL,
  season TEXT NOT NULL,
  league_id TEXT NOT NULL,
  PRIMARY KEY (provider, provider_league, season)
) WITHOUT ROWID;
