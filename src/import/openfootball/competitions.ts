// The competitions of openfootball's files, and what we know of each that the files do not say: our league id (the
// simulator's, where it plays the same competition), its name, its country and the zone its local times are in
// (docs/data.md "Kickoffs"). The bundled ones are listed; any other file makes its competition from its own name and
// path (docs/data.md "Import another league"): "2015-16/nl.1.json" is lg_fb_ned1, the Netherlands' first division.
import { isInternational } from "../../core/identity/rules";
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

/**
 * The countries whose clubs the alias table names (src/core/identity/aliases.ts: the clubs of the bundled leagues, with
 * their promoted and relegated ones): a club of another country is left to the crosswalk, which compares names within
 * the club's country (Uruguay's "Liverpool FC" is not Liverpool).
 */
export const ALIAS_COUNTRIES: ReadonlySet<string> = new Set(
  LEAGUES.filter((l) => !l.nations && !isInternational(l.country)).map((l) => l.country),
);

/** Tournaments whose times carry no offset and whose host's zone is not the competition's. */
const EDITION_ZONES: Record<string, string> = { "worldcup/2022": "Asia/Qatar" };

/**
 * Countries as openfootball's file names code them ("nl.1", "sco.1", "br.1"): our name of the country (the national
 * team's, as src/core/identity/aliases.ts spells them), its FIFA code (our league ids: "nl.1" is lg_fb_ned1 as "en.1"
 * is lg_fb_eng1) and the zone its league files' local times are in (the capital's, where a country has several).
 */
const COUNTRY_LINES = `
at|AUT|Austria|Europe/Vienna
be|BEL|Belgium|Europe/Brussels
bg|BUL|Bulgaria|Europe/Sofia
ch|SUI|Switzerland|Europe/Zurich
cy|CYP|Cyprus|Asia/Nicosia
cz|CZE|Czech Republic|Europe/Prague
de|GER|Germany|Europe/Berlin
dk|DEN|Denmark|Europe/Copenhagen
en|ENG|England|Europe/London
es|ESP|Spain|Europe/Madrid
fi|FIN|Finland|Europe/Helsinki
fr|FRA|France|Europe/Paris
gr|GRE|Greece|Europe/Athens
hr|CRO|Croatia|Europe/Zagreb
hu|HUN|Hungary|Europe/Budapest
ie|IRL|Republic of Ireland|Europe/Dublin
il|ISR|Israel|Asia/Jerusalem
is|ISL|Iceland|Atlantic/Reykjavik
it|ITA|Italy|Europe/Rome
nir|NIR|Northern Ireland|Europe/London
nl|NED|Netherlands|Europe/Amsterdam
no|NOR|Norway|Europe/Oslo
pl|POL|Poland|Europe/Warsaw
pt|POR|Portugal|Europe/Lisbon
ro|ROU|Romania|Europe/Bucharest
rs|SRB|Serbia|Europe/Belgrade
ru|RUS|Russia|Europe/Moscow
sco|SCO|Scotland|Europe/London
se|SWE|Sweden|Europe/Stockholm
si|SVN|Slovenia|Europe/Ljubljana
sk|SVK|Slovakia|Europe/Bratislava
tr|TUR|Turkey|Europe/Istanbul
ua|UKR|Ukraine|Europe/Kiev
wal|WAL|Wales|Europe/London
ar|ARG|Argentina|America/Argentina/Buenos_Aires
br|BRA|Brazil|America/Sao_Paulo
ca|CAN|Canada|America/Toronto
cl|CHI|Chile|America/Santiago
co|COL|Colombia|America/Bogota
cr|CRC|Costa Rica|America/Costa_Rica
ec|ECU|Ecuador|America/Guayaquil
mx|MEX|Mexico|America/Mexico_City
pe|PER|Peru|America/Lima
py|PAR|Paraguay|America/Asuncion
us|USA|USA|America/New_York
uy|URU|Uruguay|America/Montevideo
au|AUS|Australia|Australia/Sydney
cn|CHN|China|Asia/Shanghai
in|IND|India|Asia/Kolkata
jp|JPN|Japan|Asia/Tokyo
kr|KOR|South Korea|Asia/Seoul
qa|QAT|Qatar|Asia/Qatar
sa|KSA|Saudi Arabia|Asia/Riyadh
ae|UAE|United Arab Emirates|Asia/Dubai
dz|ALG|Algeria|Africa/Algiers
eg|EGY|Egypt|Africa/Cairo
ma|MAR|Morocco|Africa/Casablanca
ng|NGA|Nigeria|Africa/Lagos
tn|TUN|Tunisia|Africa/Tunis
za|RSA|South Africa|Africa/Johannesburg
`;

interface Country {
  code: string;
  fifa: string;
  name: string;
  zone: string;
}
export const COUNTRIES: ReadonlyMap<string, Country> = new Map(
  COUNTRY_LINES.trim()
    .split("\n")
    .map((line) => {
      const [code, fifa, name, zone] = line.split("|") as [string, string, string, string];
      return [code, { code, fifa, name, zone }];
    }),
);
/** A country by its FIFA code ("NED" → Netherlands), for clubs an international file names with one. */
export const countryOfFifa = (fifa: string) => [...COUNTRIES.values()].find((c) => c.fifa === fifa)?.name;
/** A country's FIFA code by our name of it ("Netherlands" → "NED"). */
export const fifaOf = (country: string) => [...COUNTRIES.values()].find((c) => c.name === country)?.fifa;

/**
 * Confederations' club competitions ("uefa.el") and tournaments of national teams the bundled files do not have: the
 * continent (a competition of many countries, whose teams are looked for among every team, docs/identity.md) and
 * the zone of their published times.
 */
const CONFEDERATIONS: Record<string, { country: string; zone: string }> = {
  // UEFA publishes its kickoffs in Central European Time, wherever the match is played.
  uefa: { country: "Europe", zone: "Europe/Paris" },
  conmebol: { country: "South America", zone: "UTC" },
  copa: { country: "South America", zone: "UTC" },
  concacaf: { country: "North America", zone: "UTC" },
  gold: { country: "North America", zone: "UTC" },
  caf: { country: "Africa", zone: "UTC" },
  africa: { country: "Africa", zone: "UTC" },
  afc: { country: "Asia", zone: "UTC" },
  asia: { country: "Asia", zone: "UTC" },
};

export interface Edition extends Competition {
  /** Our season, `yyyy/yy`. */
  season: string;
  /** A key naming the file in the import's ledger and reports: "football.json/2015-16/en.1.json". */
  source: string;
  /** One of the bundled competitions (COMPETITIONS); otherwise made from the file's path and name. */
  known: boolean;
  /**
   * Whether a time without an offset can be placed: a competition of a known country or a known tournament. A
   * tournament the service does not know has no host's zone: its times are read as UTC, and the report says so.
   */
  zoneKnown: boolean;
}

/** Files beside the match files that hold no matches (`euro.groups.json`, `worldcup.stadiums.json`, …). */
const NOT_MATCHES = /\.(groups|stadiums|grounds|teams|clubs|squads|players|venues)\.json$/;
const MAX_LEAGUE_ID = 40;

/**
 * The competition and season of a file, from its path as openfootball lays its repositories out:
 * `…/2015-16/en.1.json` (a league season), `…/2026/worldcup.json`, `…/2024/euro.json` (a tournament, named by the
 * edition's year: EURO 2020 is "2020/21" although it was played in 2021), `…/2024/br.1.json` (a league played in one
 * calendar year: "2024/25" likewise). Any code openfootball uses: a country's ("nl.1", "sco.1", "de.cup"), a
 * confederation's ("uefa.el") or a tournament's. Undefined for files that are not a competition's season.
 */
export function editionOf(path: string): Edition | undefined {
  const parts = path.replace(/\\/g, "/").split("/");
  const file = parts.at(-1)!;
  const folder = parts.at(-2) ?? "";
  if (!file.endsWith(".json") || NOT_MATCHES.test(file)) return undefined;
  const code = file.slice(0, -".json".length).toLowerCase();
  if (!/^[a-z][a-z0-9]*(\.[a-z0-9]+)*$/.test(code)) return undefined;
  // "2015-16", "2015-2016", a tournament's "2024" (openfootball also writes "2014--brazil").
  const m = /^(\d{4})(?:-(\d{2}|\d{4}))?(?:--[a-z0-9-]+)?$/.exec(folder);
  if (!m) return undefined;
  const next = m[2] ? m[2].slice(-2) : String((Number(m[1]) + 1) % 100).padStart(2, "0");
  const season = `${m[1]}/${next}`;
  const source = parts.slice(-3).join("/");
  const c = LEAGUES.find((l) => l.code === code);
  if (c) {
    const zone = EDITION_ZONES[`${c.code}/${folder}`] ?? c.zone;
    return { ...c, zone, season, source, known: true, zoneKnown: true };
  }
  const made = unknownCompetition(code, !m[2]);
  return made && { ...made, season, source, known: false };
}

/**
 * A competition the service does not know, from openfootball's code: a country's division ("nl.1" → lg_fb_ned1,
 * "Netherlands", a league) or cup ("de.cup" → lg_fb_gercup), a confederation's club competition ("uefa.el" →
 * lg_fb_uel, like uefa.cl's lg_fb_ucl), or a tournament ("copa" → lg_fb_copa). Its name is the file's (convert.ts).
 */
function unknownCompetition(
  code: string,
  yearFolder: boolean,
): Omit<Edition, "season" | "source" | "known"> | undefined {
  const [prefix, ...rest] = code.split(".");
  const tail = rest.join("").replace(/[^a-z0-9]/g, "");
  const country = COUNTRIES.get(prefix!);
  const id = (s: string) => `lg_fb_${s}`.slice(0, MAX_LEAGUE_ID);
  if (country && rest.length > 0) {
    const division = /^\d+$/.test(tail);
    return {
      code,
      league_id: id(`${country.fifa.toLowerCase()}${tail}`),
      name: code,
      country: country.name,
      format: division ? "league" : "cup",
      zone: country.zone,
      nations: false,
      zoneKnown: true,
    };
  }
  const conf = CONFEDERATIONS[prefix!];
  if (conf && rest.length > 0 && !yearFolder)
    // A confederation's club competition: a league phase (or groups) and knockout rounds, as uefa.cl.
    return {
      code,
      league_id: id(`${prefix === "uefa" ? "u" : prefix}${tail}`),
      name: code,
      country: conf.country,
      format: "league",
      zone: conf.zone,
      nations: false,
      zoneKnown: conf.zone !== "UTC",
    };
  // A tournament (in a year's folder: "2021/copa.json"): national teams unless its teams say otherwise (convert.ts
  // decides from their names). A season's folder ("2015-16") holds countries' and confederations' files only.
  if (!yearFolder) return undefined;
  return {
    code,
    league_id: id(code.replace(/[^a-z0-9]/g, "")),
    name: code,
    country: conf?.country ?? "World",
    format: "cup",
    zone: conf?.zone ?? "UTC",
    nations: true,
    zoneKnown: (conf?.zone ?? "UTC") !== "UTC",
  };
}

/** The 2026 squads file (`…/2026/worldcup.squads.json`). */
export const isSquadsFile = (path: string) => /worldcup\.squads\.json$/.test(path);

export const COMPETITIONS: readonly Competition[] = LEAGUES;
