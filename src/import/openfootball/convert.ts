// openfootball files → ingest ops (docs/data.md "Importing history"). Pure: a file's parsed JSON in, its ops and a
// report out. The ops go through the one ingest path like every other source's (src/import/run.ts sends them), where
// the crosswalk resolves every team the ops name (docs/identity.md "Resolution").
import { z } from "zod";
import { estimatedEndTs } from "../../core/domain/codes";
import { fold, teamKey } from "../../core/identity/names";
import { slug } from "../../lib/slug";
import { zonedToUtcMs } from "../../lib/zoned";
import { CLUBS, CODE_COUNTRIES, NATIONS } from "../../core/identity/aliases";
import {
  ALIAS_COUNTRIES,
  COUNTRIES,
  countryOfFifa,
  editionOf,
  fifaOf,
  isSquadsFile,
  type Edition,
} from "./competitions";
import { lineOf, pathText, type JsonPath } from "./json-lines";
import type { OpIn } from "../../core/sources/contract";

/** What the history sends: ops as any source sends them (ingest's schema; the source contract's OpIn). */
type Op = OpIn;

const int = z.number().int();
const Pair = z.tuple([int, int]);
/** A side's goals in the older format's flat fields (`score1`, `score1i`, …); `null` where not played. */
const Side = int.min(0).nullable().optional();
/** A goal's minute as the files write it: 45, "45", "45+2", "90+2'" (stoppage time also as `offset`). */
const MINUTE = /^(\d{1,3})'?(?:\s*\+\s*(\d{1,2})'?)?$/;
const Goal = z.object({
  name: z.string().min(1),
  minute: z
    .union([int.min(0), z.string().trim().regex(MINUTE)])
    .nullable()
    .optional(),
  offset: int.min(0).nullable().optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
  // The older format: the running score after the goal.
  score1: Side,
  score2: Side,
});
type Goal = z.infer<typeof Goal>;
const Named = z.union([z.string().min(1), z.object({ name: z.string().min(1) }).transform((t) => t.name)]);
const OFFSET = /^UTC[+-]\d{1,2}(:\d{2})?$/;
const Match = z
  .object({
    round: z.string().optional(),
    date: z.iso.date(),
    time: z
      .string()
      .regex(/^\d{1,2}:\d{2}( UTC[+-]\d{1,2}(:\d{2})?)?$/)
      .optional(),
    /** The older format gives the offset apart: `"time": "18:00", "timezone": "UTC+3"`. */
    timezone: z.string().optional(),
    team1: Named,
    team2: Named,
    score: z.object({ ht: Pair.optional(), ft: Pair.optional(), et: Pair.optional(), p: Pair.optional() }).optional(),
    score1: Side,
    score2: Side,
    score1i: Side,
    score2i: Side,
    score1et: Side,
    score2et: Side,
    score1p: Side,
    score2p: Side,
    status: z.enum(["postponed", "cancelled", "awarded", "abandoned"]).optional(),
    group: z.string().optional(),
    ground: Named.optional(),
    stadium: Named.optional(),
    goals1: z.array(Goal).optional(),
    goals2: z.array(Goal).optional(),
  })
  // Both score shapes as one: `score: {ft, ht, et, p}` (newer) or `score1`/`score2`, `score1i`… (older).
  .transform((m) => {
    const pair = (a: number | null | undefined, b: number | null | undefined): [number, number] | undefined =>
      a != null && b != null ? [a, b] : undefined;
    const s = m.score ?? {};
    return {
      round: m.round,
      date: m.date,
      time:
        m.time && !m.time.includes("UTC") && m.timezone && OFFSET.test(m.timezone) ? `${m.time} ${m.timezone}` : m.time,
      team1: m.team1,
      team2: m.team2,
      score: {
        ft: s.ft ?? pair(m.score1, m.score2),
        ht: s.ht ?? pair(m.score1i, m.score2i),
        et: s.et ?? pair(m.score1et, m.score2et),
        p: s.p ?? pair(m.score1p, m.score2p),
      },
      status: m.status,
      group: m.group,
      ground: m.ground ?? m.stadium,
      goals1: m.goals1,
      goals2: m.goals2,
    };
  });
type Match = z.infer<typeof Match> & { at: JsonPath };
// Either layout openfootball publishes: `matches[]` (each with its `round`), or `rounds[].matches[]`. Each match keeps
// where it is in the file, for the report.
const SeasonFile = z.union([
  z
    .object({ name: z.string(), matches: z.array(Match) })
    .transform((f) => ({ name: f.name, matches: f.matches.map((m, i): Match => ({ ...m, at: ["matches", i] })) })),
  z
    .object({ name: z.string(), rounds: z.array(z.object({ name: z.string(), matches: z.array(Match) })) })
    .transform((f) => ({
      name: f.name,
      matches: f.rounds.flatMap((r, ri) =>
        r.matches.map((m, mi): Match => ({ ...m, round: r.name, at: ["rounds", ri, "matches", mi] })),
      ),
    })),
]);
const SquadsFile = z.array(
  z.object({
    name: z.string().min(1),
    players: z.array(
      z.object({
        number: z.number().int().min(0).max(999).nullable().optional(),
        pos: z.string().optional(),
        name: z.string().min(1),
        date_of_birth: z.iso.date().optional(),
      }),
    ),
  }),
);

export interface FileReport {
  source: string;
  matches: number;
  goals: number;
  players: number;
  /** Matches not imported, and why. */
  skipped: { match: string; reason: string }[];
  /** What the file leaves unsaid or gets wrong, as imported (a kickoff at noon, a shoot-out that cannot be). */
  notes: { match: string; note: string }[];
  /** A competition the service did not know, made a league from the file's path and name. */
  league?: { id: string; name: string; country: string; format: "league" | "cup"; zone: string };
  /**
   * Club names not resolved by the alias table (src/core/identity/aliases.ts) as spelled: `alias` when folding them
   * (case, accents, affixes such as FC) finds one of its clubs, `crosswalk` when they are sent for the deployment's
   * crosswalk to resolve (every club of a country the table does not cover, and those it lacks: an existing team by
   * its rules, or a new team, docs/identity.md "Resolution").
   */
  names: { name: string; id: string; via: "alias" | "crosswalk" }[];
  /** What the file says that cannot be, not imported: where it is in the file ("…/euro.json:1785"), and why. */
  refused: { match: string; at: string; reason: string }[];
}

export interface Converted {
  source: string;
  ops: Op[];
  report: FileReport;
}

/** Statuses openfootball writes → ours (docs/api.md "Status codes"). */
const STATUSES = { postponed: 4, cancelled: 5, awarded: 6, abandoned: 8 } as const;
/** Football's positions, as the simulator writes them. */
const POSITIONS: Record<string, string> = { GK: "G", DF: "D", MF: "M", FW: "F" };
/** A file's name in the ledger and the reports: its last three path segments ("football.json/2015-16/en.1.json"). */
export const sourceOf = (path: string) => path.replace(/\\/g, "/").split("/").slice(-3).join("/");

/** Whether `path` is a file the importer reads: a competition's season (any country's), or the 2026 squads. */
export const isImportable = (path: string) => editionOf(path) !== undefined || isSquadsFile(path);

const emptyReport = (source: string): FileReport => ({
  source,
  matches: 0,
  goals: 0,
  players: 0,
  skipped: [],
  notes: [],
  names: [],
  refused: [],
});

/**
 * The ops of one file. `now` (epoch ms) decides what a match without a score is: one whose kickoff has passed is not
 * imported (the file does not have its result), a later one is scheduled. `text`, the file as read, lets the report
 * name the line of what it refuses.
 */
export function convertFile(path: string, json: unknown, now: number, text?: string): Converted {
  if (isSquadsFile(path)) return convertSquads(path, json);
  const found = editionOf(path);
  if (!found)
    throw new Error(
      `${path}: not an openfootball season file (a season's folder and a competition's code: 2015-16/nl.1.json, 2024/euro.json)`,
    );
  const parsed = SeasonFile.safeParse(json);
  if (!parsed.success)
    throw new Error(`${found.source}: not in openfootball's format: ${z.prettifyError(parsed.error)}`);
  const ed = found.known ? found : fromFile(found, parsed.data.name, parsed.data.matches);
  const c = new Conversion(ed, now, text);
  for (const m of parsed.data.matches) c.match(m);
  return c.result();
}

/** A competition the service does not know: its name from the file's ("Eredivisie 2015/16" → "Eredivisie"). */
function fromFile(ed: Edition, title: string, matches: Match[]): Edition {
  const name = title.replace(/\s*\d{4}(?:[/-]\d{2,4})?\s*$/, "").trim() || ed.code;
  // A tournament's teams: national teams when most of them are named as countries, clubs otherwise.
  const nations = ed.nations && nationsLike(matches.flatMap((m) => [m.team1, m.team2]));
  return { ...ed, name, nations };
}

let countryNames: Set<string> | undefined;
/** Whether most of these names are countries' (the national teams a tournament file names). */
function nationsLike(names: string[]): boolean {
  if (!countryNames) {
    const all = [...[...COUNTRIES.values()].map((c) => c.name), ...Object.values(CODE_COUNTRIES)];
    all.push(...Object.keys(NATIONS), ...Object.values(NATIONS));
    try {
      const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
      const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      for (const a of letters) for (const b of letters) all.push(regions.of(a + b) ?? "");
    } catch {
      // A runtime without region names: the table's countries.
    }
    countryNames = new Set(all.filter(Boolean).map(fold));
  }
  const distinct = [...new Set(names)];
  return distinct.filter((n) => countryNames!.has(fold(n))).length * 2 >= distinct.length;
}

const fnv = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
};

/** Ids are at most 64 characters (src/core/domain/schemas.ts): `tm_fb_` and this much of a name. */
const MAX_SLUG = 58;

/** Our club names by the key the crosswalk compares names by (src/core/identity/names.ts). */
const CLUB_BY_KEY = new Map(Object.values(CLUBS).map((name) => [teamKey(name), name]));

interface TeamRef {
  id: string;
  name: string;
  country: string;
  /** How a club spelling the alias table does not have was named (FileReport.names). */
  via?: "alias" | "crosswalk";
}

/**
 * A team as the files name it → its id and name. In the bundled competitions and the leagues of the alias table's
 * countries (ALIAS_COUNTRIES), a spelling the table has is its club, and one it has after folding ("Swansea City AFC")
 * too. Any other club is sent as the file spells it, for the deployment's crosswalk to resolve within its country (a
 * team of the same identity, or a new one, marked `unresolved` where a similar one exists), with an id from its folded
 * name: `tm_fb_coventry-city` for "Coventry City FC" (the id the table would give it), `tm_fb_ned_ajax` for "AFC Ajax"
 * of the Netherlands (a club of another country has its country's FIFA code: Uruguay's Liverpool is not Liverpool).
 */
function teamOf(raw: string, ed: Edition): TeamRef {
  if (ed.nations) {
    const name = NATIONS[raw] ?? raw;
    return { id: `tm_fb_nt_${slug(name)}`, name, country: name };
  }
  const coded = /^(.*) \(([A-Z]{3})\)$/.exec(raw);
  const spelled = (coded ? coded[1]! : raw).trim();
  // A club an international file names with its country's code; without one (or with a code we do not know), the
  // crosswalk looks for it among every team (the competition's country is a continent).
  const country = coded ? (CODE_COUNTRIES[coded[2]!] ?? countryOfFifa(coded[2]!) ?? ed.country) : ed.country;
  const key = teamKey(spelled);
  if (ed.known || ALIAS_COUNTRIES.has(country)) {
    const exact = CLUBS[spelled];
    if (exact) return { id: `tm_fb_${slug(exact)}`, name: exact, country };
    const folded = CLUB_BY_KEY.get(key);
    if (folded) return { id: `tm_fb_${slug(folded)}`, name: folded, country, via: "alias" };
  }
  const fifa = ALIAS_COUNTRIES.has(country) ? undefined : fifaOf(country);
  const made = `${fifa ? `${fifa.toLowerCase()}_` : ""}${slug(key) || slug(spelled)}`.slice(0, MAX_SLUG);
  return { id: `tm_fb_${made.replace(/-$/, "")}`, name: spelled, country, via: "crosswalk" };
}

/** A goal where it is in the file, the side it counted for, and its clock. */
interface Listed {
  g: Goal;
  list: "goals1" | "goals2";
  index: number;
  side: "home" | "away";
  minute: number | null;
  added: number | null;
}

function clockOf(g: Goal): { minute: number | null; added: number | null } {
  if (g.minute == null) return { minute: null, added: null };
  if (typeof g.minute === "number") return { minute: g.minute, added: g.offset ?? null };
  const [, minute, plus] = MINUTE.exec(g.minute)!;
  return { minute: Number(minute), added: plus !== undefined ? Number(plus) : (g.offset ?? null) };
}

const periodOf = (minute: number | null) =>
  minute === null ? null : minute <= 45 ? 12 : minute <= 90 ? 13 : minute <= 105 ? 14 : 15;
const clockKey = (l: { minute: number | null; added: number | null }) =>
  periodOf(l.minute) === null ? [99, 999, 0] : [periodOf(l.minute)!, l.minute!, l.added ?? 0];
const byClock = (a: Listed, b: Listed) => {
  const [x, y] = [clockKey(a), clockKey(b)];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
};
const other = (side: "home" | "away") => (side === "home" ? "away" : "home");
const at = (side: "home" | "away") => (side === "home" ? 0 : 1);
const minuteText = (l: Listed) => (l.minute === null ? "" : ` ${l.minute}'${l.added ? `+${l.added}` : ""}`);

/**
 * The older format's running score after each goal (`score1`, `score2`): the side whose count went up by one is the
 * side it counted for. Undefined when a goal has none, or the running score does not step by one goal at a time.
 */
function creditedByRunningScore(goals: Listed[]): ("home" | "away")[] | undefined {
  if (goals.length === 0 || goals.some((l) => l.g.score1 == null || l.g.score2 == null)) return undefined;
  const ordered = [...goals].sort((a, b) => a.g.score1! + a.g.score2! - (b.g.score1! + b.g.score2!));
  let [h, a] = [0, 0];
  const sides = new Map<Listed, "home" | "away">();
  for (const l of ordered) {
    if (l.g.score1 === h + 1 && l.g.score2 === a) sides.set(l, "home");
    else if (l.g.score2 === a + 1 && l.g.score1 === h) sides.set(l, "away");
    else return undefined;
    [h, a] = [l.g.score1!, l.g.score2!];
  }
  return goals.map((l) => sides.get(l)!);
}

class Conversion {
  private readonly ops: Op[] = [];
  private readonly teams = new Map<string, Op>();
  private readonly matches: Op[] = [];
  private readonly events: Op[] = [];
  private readonly ids = new Set<string>();
  private readonly names = new Map<string, FileReport["names"][number]>();
  private zoneNoted = false;
  readonly report: FileReport;

  constructor(
    private readonly ed: Edition,
    private readonly now: number,
    private readonly text: string | undefined,
  ) {
    this.report = emptyReport(ed.source);
    if (!ed.known)
      this.report.league = {
        id: ed.league_id,
        name: ed.name,
        country: ed.country,
        format: ed.format,
        zone: ed.zoneKnown ? ed.zone : "UTC (times without an offset)",
      };
    this.ops.push({
      op: "league",
      id: ed.league_id,
      sport: "football",
      country: ed.country,
      name: ed.name,
      season: ed.season,
      logo_url: null,
      format: ed.format,
    });
  }

  /** Where a value of the file is: "euro.json/2020/euro.json:1785 (rounds[4].matches[3].goals1)". */
  private where(path: JsonPath) {
    const line = this.text === undefined ? undefined : lineOf(this.text, path);
    return `${this.ed.source}${line === undefined ? "" : `:${line}`} (${pathText(path)})`;
  }

  match(m: Match) {
    const label = `${m.date} ${m.team1} – ${m.team2}`;
    const home = teamOf(m.team1, this.ed);
    const away = teamOf(m.team2, this.ed);
    for (const [raw, t] of [
      [m.team1, home],
      [m.team2, away],
    ] as const) {
      this.teams.set(t.id, { op: "team", id: t.id, sport: "football", name: t.name, country: t.country });
      if (t.via && !this.names.has(raw)) this.names.set(raw, { name: raw, id: t.id, via: t.via });
    }

    const { ms: kickoffMs, guessed } = this.kickoff(m, label);
    const s = m.score;
    const status = m.status ? STATUSES[m.status] : s.p ? 9 : s.et ? 10 : s.ft ? 3 : kickoffMs <= this.now ? null : 1;
    if (status === null) {
      this.report.skipped.push({ match: label, reason: "no score, although its kickoff has passed" });
      return;
    }
    if (guessed) this.report.notes.push({ match: label, note: "no kickoff time: noon local time" });
    const round = m.group && m.round ? `${m.group}, ${m.round}` : (m.round ?? null);
    // A league's division has each home pairing once a season; a cup or tournament may have it again in another round.
    const division = /^[a-z]+\.\d+$/.test(this.ed.code);
    const key = division ? "" : `|${m.round ?? ""}`;
    const id = `m_of_${this.ed.league_id.replace(/^lg_fb_/, "")}_${this.ed.season.slice(0, 4)}_${fnv(`${home.id}|${away.id}${key}`)}`;
    if (this.ids.has(id)) {
      // A third or fourth meeting (a league split in two after its rounds): the crosswalk keeps one match per home
      // pairing and season of a league (docs/identity.md "Resolution"), so a second would overwrite the first.
      this.report.skipped.push({
        match: label,
        reason: division
          ? "the same home pairing again in one league season (a split's extra round): left out"
          : "the same pairing twice in one round: left out",
      });
      return;
    }
    this.ids.add(id);

    const final = s.et ?? s.ft;
    const op: Op = {
      op: "match",
      id,
      sport: "football",
      league_id: this.ed.league_id,
      season: this.ed.season,
      round,
      home_team_id: home.id,
      away_team_id: away.id,
      home_score: final?.[0] ?? 0,
      away_score: final?.[1] ?? 0,
      status_code: status,
      kickoff_ts: Math.floor(kickoffMs / 1000),
      ht_home_score: s.ht?.[0] ?? null,
      ht_away_score: s.ht?.[1] ?? null,
      venue: m.ground ?? null,
    };
    if (s.p) {
      if (s.p[0] === s.p[1])
        this.report.notes.push({
          match: label,
          note: `shoot-out given as ${s.p[0]}–${s.p[1]}, which cannot end a shoot-out: penalties left out`,
        });
      else Object.assign(op, { home_penalties: s.p[0], away_penalties: s.p[1] });
    }
    if ([3, 6, 9, 10].includes(status)) {
      const end = estimatedEndTs("football", status, Math.floor(kickoffMs / 1000));
      op.finished_at = new Date(end * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
    }
    this.matches.push(op);
    this.report.matches++;
    this.goals(id, m, label, final);
  }

  private kickoff(m: Match, label: string): { ms: number; guessed: boolean } {
    if (!m.time) return { ms: zonedToUtcMs(m.date, "12:00", this.ed.zone), guessed: true };
    const [clock, utc] = m.time.split(" ");
    if (utc) {
      const [hours, minutes = "0"] = utc.slice(3).split(":");
      const sign = hours!.startsWith("-") ? -1 : 1;
      const offsetMs = (Number(hours) * 60 + sign * Number(minutes)) * 60_000;
      const [h, mi] = clock!.split(":").map(Number) as [number, number];
      const [y, mo, d] = m.date.split("-").map(Number) as [number, number, number];
      return { ms: Date.UTC(y, mo - 1, d, h, mi) - offsetMs, guessed: false };
    }
    if (!this.ed.zoneKnown && !this.zoneNoted) {
      this.zoneNoted = true;
      this.report.notes.push({
        match: label,
        note: "a time without an offset in a tournament whose host's zone is not known: read as UTC",
      });
    }
    return { ms: zonedToUtcMs(m.date, clock!, this.ed.zone), guessed: false };
  }

  /**
   * Goals (tournament files) → events, in the order they happened; ids by list and order in the file. A goal counts
   * for the side whose list has it (an own goal too: openfootball lists it under the side it counted for), unless the
   * file says otherwise: the older format's running score, or own goals listed under the scorer's side where that is
   * what makes the goals add up to the score. Goals credited to a side that cannot have scored them (more than its
   * score while the other side has fewer than its own) and that the file gives no other side for are refused.
   */
  private goals(matchId: string, m: Match, label: string, final: [number, number] | undefined) {
    if (!m.goals1 && !m.goals2) return;
    let listed: Listed[] = (["goals1", "goals2"] as const).flatMap((list) =>
      (m[list] ?? []).map((g, index) => ({
        g,
        list,
        index,
        side: list === "goals1" ? ("home" as const) : ("away" as const),
        ...clockOf(g),
      })),
    );
    const running = creditedByRunningScore(listed);
    if (running) {
      const moved = listed.filter((l, i) => l.side !== running[i]);
      listed.forEach((l, i) => (l.side = running[i]!));
      if (moved.length > 0)
        this.report.notes.push({
          match: label,
          note: `${moved.length} goal(s) listed under one side and counted for the other by the file's running score`,
        });
    }
    const count = (side: "home" | "away") => listed.filter((l) => l.side === side).length;
    const over = final ? (["home", "away"] as const).find((s) => count(s) > final[at(s)]) : undefined;
    let refused = false;
    if (final && over && count(other(over)) < final[at(other(over))]) {
      const owns = listed.filter((l) => l.side === over && l.g.owngoal);
      if (
        owns.length > 0 &&
        count(over) - owns.length === final[at(over)] &&
        count(other(over)) + owns.length === final[at(other(over))]
      ) {
        owns.forEach((l) => (l.side = other(over)));
        this.report.notes.push({
          match: label,
          note: `${owns.length} own goal(s) listed under the scorer's side: counted for the other, as the score says`,
        });
      } else {
        refused = true;
        const wrong = listed.filter((l) => l.side === over);
        listed = listed.filter((l) => l.side !== over);
        const [team, rival] = over === "home" ? [m.team1, m.team2] : [m.team2, m.team1];
        const lists = [...new Set(wrong.map((l) => l.list))];
        this.report.refused.push({
          match: label,
          at: lists.map((list) => this.where([...m.at, list])).join(", "),
          reason:
            `${wrong.length} goal(s) credited to ${team} (${wrong.map((l) => `${l.g.name}${minuteText(l)}`).join(", ")}), ` +
            `who scored ${final[at(over)]}, while ${rival} scored ${final[at(other(over))]} with ` +
            `${count(other(over))} listed: the file does not say which side scored them, so they are not imported`,
        });
        // A deployment that imported them before withdraws them.
        this.events.push({
          op: "remove_events",
          match_id: matchId,
          event_ids: wrong.map((l) => `${matchId}_${l.list === "goals1" ? "h" : "a"}${l.index + 1}`),
        });
      }
    }
    const events = listed.sort(byClock).map((l) => ({
      id: `${matchId}_${l.list === "goals1" ? "h" : "a"}${l.index + 1}`,
      type: l.g.owngoal ? "own_goal" : l.g.penalty ? "penalty_goal" : "goal",
      minute: l.minute,
      added_time: l.added,
      period: periodOf(l.minute),
      // An own goal's `team` is the side it counted for; its `player` the scorer from the other side.
      team: l.side,
      player: l.g.name,
    }));
    const counted = [count("home"), count("away")];
    if (final && !refused && (counted[0] !== final[0] || counted[1] !== final[1]))
      this.report.notes.push({
        match: label,
        note: `its goals (${counted[0]}–${counted[1]}) do not add up to its score (${final[0]}–${final[1]})`,
      });
    this.report.goals += events.length;
    if (events.length > 0) this.events.push({ op: "events", match_id: matchId, events });
  }

  result(): Converted {
    this.report.names = [...this.names.values()].sort((a, b) => a.name.localeCompare(b.name));
    return {
      source: this.ed.source,
      ops: [...this.ops, ...this.teams.values(), ...this.matches, ...this.events],
      report: this.report,
    };
  }
}

function convertSquads(path: string, json: unknown): Converted {
  const source = sourceOf(path);
  const parsed = SquadsFile.safeParse(json);
  if (!parsed.success) throw new Error(`${source}: not openfootball's squads format: ${z.prettifyError(parsed.error)}`);
  const ops: Op[] = [];
  const report = emptyReport(source);
  for (const t of parsed.data) {
    const name = NATIONS[t.name] ?? t.name;
    const teamId = `tm_fb_nt_${slug(name)}`;
    ops.push({ op: "team", id: teamId, sport: "football", name, country: name });
    for (const p of t.players) {
      ops.push({
        op: "player",
        id: `pl_fb_nt_${slug(name)}_${slug(p.name)}`,
        sport: "football",
        team_id: teamId,
        name: p.name,
        number: p.number ?? null,
        position: (p.pos && POSITIONS[p.pos]) ?? p.pos ?? null,
        nationality: name,
        birth_date: p.date_of_birth ?? null,
      });
      report.players++;
    }
  }
  return { source, ops, report };
}
