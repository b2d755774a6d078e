// The competitions openfootball publishes that we import, and what we know of each that the files do not say: our
// league id (the simulator's, where it plays the same competition), its name, its country and the zone its local
// times are in (docs/data.md "Kickoffs").
export interface Competition {
  /** openfootball's code: the file's name without `.json` ("en.1", "uefa.cl", "worldcup", "euro"). */
  code: string;
  league_id: string;
  name: string;
  country: string;
  format: "league" | "cup";
  /** Where a time without an offset is local (a league: the home country's; a tournament: its host's). */
  zone: string;
  /** National teams (tournaments) or clubs. */
  nations: boolean;
}

const LEAGUES: Competition[] = [
  {
    code: "en.1",
    league_id: "lg_fb_eng1",
    name: "Premier League",
    country: "England",
    format: "league",
    zone: "Europe/London",
    nations: false,
  },
  {
    code: "es.1",
    league_id: "lg_fb_esp1",
    name: "La Liga",
    country: "Spain",
    format: "league",
    zone: "Europe/Madrid",
    nations: false,
  },
  {
    code: "de.1",
    league_id: "lg_fb_ger1",
    name: "Bundesliga",
    country: "Germany",
    format: "league",
    zone: "Europe/Berlin",
    nations: false,
  },
  {
    code: "it.1",
    league_id: "lg_fb_ita1",
    name: "Serie A",
    country: "Italy",
    format: "league",
    zone: "Europe/Rome",
    nations: false,
  },
  {
    code: "fr.1",
    league_id: "lg_fb_fra1",
    name: "Ligue 1",
    country: "France",
    format: "league",
    zone: "Europe/Paris",
    nations: false,
  },
  // UEFA publishes its kickoffs in Central European Time, wherever the match is played.
  {
    code: "uefa.cl",
    league_id: "lg_fb_ucl",
    name: "UEFA Champions League",
    country: "Europe",
    format: "league",
    zone: "Europe/Paris",
    nations: false,
  },
  // 2018 and 2026 give an offset with every time; 2022 gives Qatar's local time (below).
  {
    code: "worldcup",
    league_id: "lg_fb_wc",
    name: "FIFA World Cup",
    country: "World",
    format: "cup",
    zone: "UTC",
    nations: true,
  },
  // EURO 2020 (played in 2021 in eleven countries) and 2024 publish Central European Summer Time.
  {
    code: "euro",
    league_id: "lg_fb_euro",
    name: "UEFA European Championship",
    country: "Europe",
    format: "cup",
    zone: "Europe/Berlin",
    nations: true,
  },
];

/** Tournaments whose times carry no offset and whose host's zone is not the competition's. */
const EDITION_ZONES: Record<string, string> = { "worldcup/2022": "Asia/Qatar" };

export interface Edition extends Competition {
  /** Our season, `yyyy/yy`. */
  season: string;
  /** A key naming the file in the import's ledger and reports: "football.json/2015-16/en.1.json". */
  source: string;
}

/**
 * The competition and season of a file, from its path as openfootball lays its repositories out:
 * `…/2015-16/en.1.json` (a league season), `…/2026/worldcup.json`, `…/2024/euro.json` (a tournament, named by the
 * edition's year: EURO 2020 is "2020/21" although it was played in 2021). Undefined for files we do not import.
 */
export function editionOf(path: string): Edition | undefined {
  const parts = path.replace(/\\/g, "/").split("/");
  const file = parts.at(-1)!;
  const folder = parts.at(-2) ?? "";
  const c = LEAGUES.find((l) => file === `${l.code}.json`);
  if (!c) return undefined;
  const m = /^(\d{4})(?:-(\d{2}))?$/.exec(folder);
  if (!m) return undefined;
  const season = m[2] ? `${m[1]}/${m[2]}` : `${m[1]}/${String((Number(m[1]) + 1) % 100).padStart(2, "0")}`;
  const zone = EDITION_ZONES[`${c.code}/${folder}`] ?? c.zone;
  return { ...c, zone, season, source: parts.slice(-3).join("/") };
}

/** The 2026 squads file (`…/2026/worldcup.squads.json`). */
export const isSquadsFile = (path: string) => /worldcup\.squads\.json$/.test(path);

export const COMPETITIONS: readonly Competition[] = LEAGUES;
