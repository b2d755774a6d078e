// openfootball files → ingest ops (docs/data.md "Importing history"). Pure: a file's parsed JSON in, its ops and a
// report out. The ops go through the one ingest path like every other source's (src/import/run.ts sends them).
import { z } from "zod";
import { estimatedEndTs } from "../../core/domain/codes";
import { slug } from "../../lib/slug";
import { zonedToUtcMs } from "../../lib/zoned";
import { CLUBS, CODE_COUNTRIES, NATIONS } from "../../core/identity/aliases";
import { editionOf, isSquadsFile, type Edition } from "./competitions";

type Op = Record<string, unknown> & { op: string };

const Score = z
  .object({
    ht: z.tuple([z.number().int(), z.number().int()]).optional(),
    ft: z.tuple([z.number().int(), z.number().int()]).optional(),
    et: z.tuple([z.number().int(), z.number().int()]).optional(),
    p: z.tuple([z.number().int(), z.number().int()]).optional(),
  })
  .default({});
const Goal = z.object({
  name: z.string().min(1),
  minute: z.union([z.number().int(), z.string().regex(/^\d+(\+\d+)?$/)]),
  offset: z.number().int().optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});
const TeamName = z.union([z.string().min(1), z.object({ name: z.string().min(1) }).transform((t) => t.name)]);
const Match = z.object({
  round: z.string().optional(),
  date: z.iso.date(),
  time: z
    .string()
    .regex(/^\d{1,2}:\d{2}( UTC[+-]\d{1,2})?$/)
    .optional(),
  team1: TeamName,
  team2: TeamName,
  score: Score,
  status: z.enum(["postponed", "cancelled", "awarded", "abandoned"]).optional(),
  group: z.string().optional(),
  ground: z.string().optional(),
  goals1: z.array(Goal).optional(),
  goals2: z.array(Goal).optional(),
});
type Match = z.infer<typeof Match>;
const SeasonFile = z.union([
  z.object({ name: z.string(), matches: z.array(Match) }),
  // EURO files group their matches in rounds.
  z
    .object({ name: z.string(), rounds: z.array(z.object({ name: z.string(), matches: z.array(Match) })) })
    .transform((f) => ({
      name: f.name,
      matches: f.rounds.flatMap((r) => r.matches.map((m) => ({ ...m, round: r.name }))),
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
}

export interface Converted {
  source: string;
  ops: Op[];
  report: FileReport;
  /** Club spellings the alias table does not know (src/core/identity/aliases.ts): the file is not imported. */
  unknownNames: string[];
}

/** Statuses openfootball writes → ours (docs/api.md "Status codes"). */
const STATUSES = { postponed: 4, cancelled: 5, awarded: 6, abandoned: 8 } as const;
/** Football's positions, as the simulator writes them. */
const POSITIONS: Record<string, string> = { GK: "G", DF: "D", MF: "M", FW: "F" };
/** A file's name in the ledger and the reports: its last three path segments ("football.json/2015-16/en.1.json"). */
export const sourceOf = (path: string) => path.replace(/\\/g, "/").split("/").slice(-3).join("/");

/** Whether `path` is a file the importer reads (a league season, a tournament, the 2026 squads). */
export const isImportable = (path: string) => editionOf(path) !== undefined || isSquadsFile(path);

/**
 * The ops of one file. `now` (epoch ms) decides what a match without a score is: one whose kickoff has passed is not
 * imported (the file does not have its result), a later one is scheduled.
 */
export function convertFile(path: string, json: unknown, now: number): Converted {
  if (isSquadsFile(path)) return convertSquads(path, json);
  const ed = editionOf(path);
  if (!ed) throw new Error(`${path}: not an openfootball file the importer knows (docs/data.md "What is imported")`);
  const parsed = SeasonFile.safeParse(json);
  if (!parsed.success) throw new Error(`${ed.source}: not in openfootball's format: ${z.prettifyError(parsed.error)}`);
  const c = new Conversion(ed, now);
  for (const m of parsed.data.matches) c.match(m);
  return c.result();
}

const fnv = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
};

/** A team as the files name it → our identity (src/core/identity/aliases.ts). */
function teamOf(raw: string, ed: Edition): { id: string; name: string; country: string } | { unknown: string } {
  if (ed.nations) {
    const name = NATIONS[raw] ?? raw;
    return { id: `tm_fb_nt_${slug(name)}`, name, country: name };
  }
  const coded = /^(.*) \(([A-Z]{3})\)$/.exec(raw);
  const spelled = coded ? coded[1]! : raw;
  const name = CLUBS[spelled];
  if (!name) return { unknown: spelled };
  const country = coded ? CODE_COUNTRIES[coded[2]!] : ed.country;
  if (!country) return { unknown: raw };
  return { id: `tm_fb_${slug(name)}`, name, country };
}

class Conversion {
  private readonly ops: Op[] = [];
  private readonly teams = new Map<string, Op>();
  private readonly matches: Op[] = [];
  private readonly events: Op[] = [];
  private readonly unknown = new Set<string>();
  private readonly ids = new Set<string>();
  readonly report: FileReport;

  constructor(
    private readonly ed: Edition,
    private readonly now: number,
  ) {
    this.report = { source: ed.source, matches: 0, goals: 0, players: 0, skipped: [], notes: [] };
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

  match(m: Match) {
    const label = `${m.date} ${m.team1} – ${m.team2}`;
    const home = teamOf(m.team1, this.ed);
    const away = teamOf(m.team2, this.ed);
    if ("unknown" in home || "unknown" in away) {
      for (const t of [home, away]) if ("unknown" in t) this.unknown.add(t.unknown);
      return;
    }
    for (const t of [home, away])
      this.teams.set(t.id, { op: "team", id: t.id, sport: "football", name: t.name, country: t.country });

    const { ms: kickoffMs, guessed } = this.kickoff(m);
    const s = m.score;
    const status = m.status ? STATUSES[m.status] : s.p ? 9 : s.et ? 10 : s.ft ? 3 : kickoffMs <= this.now ? null : 1;
    if (status === null) {
      this.report.skipped.push({ match: label, reason: "no score, although its kickoff has passed" });
      return;
    }
    if (guessed) this.report.notes.push({ match: label, note: "no kickoff time: noon local time" });
    const round = m.group && m.round ? `${m.group}, ${m.round}` : (m.round ?? null);
    // A league season has each pairing once; a cup or tournament may have it again in another round.
    const key = this.ed.code.endsWith(".1") ? "" : `|${m.round ?? ""}`;
    const id = `m_of_${this.ed.league_id.replace(/^lg_fb_/, "")}_${this.ed.season.slice(0, 4)}_${fnv(`${home.id}|${away.id}${key}`)}`;
    if (this.ids.has(id)) {
      this.report.skipped.push({ match: label, reason: "the same pairing twice in one round: left out" });
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

  private kickoff(m: Match): { ms: number; guessed: boolean } {
    if (!m.time) return { ms: zonedToUtcMs(m.date, "12:00", this.ed.zone), guessed: true };
    const [clock, utc] = m.time.split(" ");
    if (utc) {
      const hours = Number(utc.slice(3));
      const [h, mi] = clock!.split(":").map(Number) as [number, number];
      const [y, mo, d] = m.date.split("-").map(Number) as [number, number, number];
      return { ms: Date.UTC(y, mo - 1, d, h, mi) - hours * 3_600_000, guessed: false };
    }
    return { ms: zonedToUtcMs(m.date, clock!, this.ed.zone), guessed: false };
  }

  /** Goals (tournament files) → events, in the order they happened; ids by side and order in the file's list. */
  private goals(matchId: string, m: Match, label: string, final: [number, number] | undefined) {
    if (!m.goals1 && !m.goals2) return;
    const events = (["home", "away"] as const).flatMap((side) =>
      (side === "home" ? (m.goals1 ?? []) : (m.goals2 ?? [])).map((g, i) => {
        const [minute, added] =
          typeof g.minute === "number"
            ? [g.minute, g.offset ?? null]
            : (g.minute.split("+").map(Number) as [number, number?]);
        const period = minute <= 45 ? 12 : minute <= 90 ? 13 : minute <= 105 ? 14 : 15;
        return {
          id: `${matchId}_${side[0]}${i + 1}`,
          type: g.owngoal ? "own_goal" : g.penalty ? "penalty_goal" : "goal",
          minute,
          added_time: (typeof g.minute === "number" ? g.offset : added) ?? null,
          period,
          // An own goal is listed under the side it counted for, which is the event's `team`.
          team: side,
          player: g.name,
        };
      }),
    );
    events.sort((a, b) => a.period - b.period || a.minute - b.minute || (a.added_time ?? 0) - (b.added_time ?? 0));
    const counted = [events.filter((e) => e.team === "home").length, events.filter((e) => e.team === "away").length];
    if (final && (counted[0] !== final[0] || counted[1] !== final[1]))
      this.report.notes.push({
        match: label,
        note: `its goals (${counted[0]}–${counted[1]}) do not add up to its score (${final[0]}–${final[1]})`,
      });
    this.report.goals += events.length;
    if (events.length > 0) this.events.push({ op: "events", match_id: matchId, events });
  }

  result(): Converted {
    return {
      source: this.ed.source,
      ops: [...this.ops, ...this.teams.values(), ...this.matches, ...this.events],
      report: this.report,
      unknownNames: [...this.unknown].sort(),
    };
  }
}

function convertSquads(path: string, json: unknown): Converted {
  const source = sourceOf(path);
  const parsed = SquadsFile.safeParse(json);
  if (!parsed.success) throw new Error(`${source}: not openfootball's squads format: ${z.prettifyError(parsed.error)}`);
  const ops: Op[] = [];
  const report: FileReport = { source, matches: 0, goals: 0, players: 0, skipped: [], notes: [] };
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
  return { source, ops, report, unknownNames: [] };
}
