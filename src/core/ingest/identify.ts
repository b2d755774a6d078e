// A source's batch in our ids (docs/identity.md "Resolution"): every league, team, player and match reference the
// ops make is looked up in the crosswalk; a reference seen for the first time is resolved once by the rules (an
// existing entity of the same identity, else a new one) and the crosswalk row written with the batch. A known
// reference costs one lookup, batched: one D1 round trip for the whole batch.
import type { Db } from "../db/client";
import { candidates, knownRefs } from "../db/queries/identities";
import type { Row } from "../db/queries/ingest";
import { refOf, type IdentityKind } from "../identity/refs";
import {
  isInternational,
  resolveMatch,
  resolvePlayer,
  resolveTeam,
  type MatchCandidate,
  type PlayerCandidate,
  type TeamCandidate,
} from "../identity/rules";
import type { Op } from "./ops";

type OpOf<K extends Op["op"]> = Extract<Op, { op: K }>;

export interface Identified {
  ops: Op[];
  /** Crosswalk rows to add with the batch. */
  identities: Row[];
  /** Each event reference already in the crosswalk (local id → ours). */
  events: Map<string, string>;
  /** The local id of each of our match ids the batch names. */
  localMatch: Map<string, string>;
  /** Our teams and players the source's references resolved to under another id (another source's rows). */
  adopted: Set<string>;
}

/**
 * The crosswalk rows this isolate has read or written, and the event references it knows are in none. Ingest runs in
 * one object (the Ingestor), where every crosswalk write but the operator's happens: `forgetIdentities` is called
 * after a pin or a merge. Bounded: cleared whole past MAX_REMEMBERED.
 */
const REMEMBERED = new Map<string, string | null>();
const MAX_REMEMBERED = 200_000;
const remembered = (source: string, key: string) => REMEMBERED.get(`${source}|${key}`);
function remember(source: string, key: string, id: string | null) {
  if (REMEMBERED.size >= MAX_REMEMBERED) REMEMBERED.clear();
  REMEMBERED.set(`${source}|${key}`, id);
}
/** The batch's new crosswalk rows, once committed. */
export const rememberIdentities = (rows: readonly Row[]) =>
  rows.forEach((r) => remember(String(r.source), `${r.kind}|${r.ref}`, String(r.id)));
export const forgetIdentities = () => REMEMBERED.clear();

/** Our id for each local id, per kind; a local id not in the map is ours as it is. */
class Ids {
  readonly team = new Map<string, string>();
  readonly player = new Map<string, string>();
  readonly match = new Map<string, string>();
  t = (id: string) => this.team.get(id) ?? id;
  p = (id: string) => this.player.get(id) ?? id;
  pn = (id: string | null) => (id === null ? null : this.p(id));
  m = (id: string) => this.match.get(id) ?? id;
}

export async function identify(db: Db, source: string, ops: Op[], now: string): Promise<Identified> {
  const local = {
    team: new Set<string>(),
    player: new Set<string>(),
    match: new Set<string>(),
    event: new Set<string>(),
  };
  for (const op of ops) {
    if (op.op === "team") local.team.add(op.id);
    else if (op.op === "player") (local.player.add(op.id), local.team.add(op.team_id));
    else if (op.op === "match") {
      local.match.add(op.id);
      if (op.home_team_id) local.team.add(op.home_team_id);
      if (op.away_team_id) local.team.add(op.away_team_id);
    } else if (op.op !== "league") {
      local.match.add(op.match_id);
      if (op.op === "events") for (const e of op.events) local.event.add(e.id);
      if (op.op === "remove_events") for (const id of op.event_ids) local.event.add(id);
      if (op.op === "player_lines") for (const l of [...op.home, ...op.away]) local.player.add(l.player_id);
      if (op.op === "lineups")
        for (const p of [...op.home.starters, ...op.home.substitutes, ...op.away.starters, ...op.away.substitutes])
          if (p.player_id) local.player.add(p.player_id);
    }
  }
  // What this isolate already knows (the Ingestor's: every crosswalk write but the operator's passes here), then one
  // round trip for the rest.
  const cached = new Map<string, string>();
  const misses = {
    team: new Set<string>(),
    player: new Set<string>(),
    match: new Set<string>(),
    event: new Set<string>(),
  };
  for (const kind of ["team", "player", "match", "event"] as const)
    for (const id of local[kind]) {
      const key = `${kind}|${refOf(source, kind, id)}`;
      const hit = remembered(source, key);
      if (hit === undefined) misses[kind].add(id);
      else if (hit !== null) cached.set(key, hit);
    }
  const refs = (kind: IdentityKind, set: Set<string>) => [...set].map((id) => refOf(source, kind, id));
  const anyMiss = Object.values(misses).some((m) => m.size > 0);
  const known = anyMiss
    ? await knownRefs(
        db,
        source,
        {
          team: refs("team", misses.team),
          player: refs("player", misses.player),
          match: refs("match", misses.match),
          event: [...misses.event],
        },
        { teams: [...misses.team], matches: [...misses.match], players: [...misses.player] },
      )
    : {
        rows: [],
        teams: new Map<string, string>(),
        matches: new Map<string, string>(),
        players: new Map<string, string>(),
      };
  for (const r of known.rows) remember(source, `${r.kind}|${r.ref}`, String(r.id));
  // An event reference not in the crosswalk stays so until ingest here matches it to another source's.
  for (const id of misses.event)
    if (!known.rows.some((r) => r.kind === "event" && r.ref === id)) remember(source, `event|${id}`, null);
  const ids = new Ids();
  const events = new Map<string, string>();
  const byRef = new Map([...cached, ...known.rows.map((r) => [`${r.kind}|${r.ref}`, String(r.id)] as const)]);
  const added: Row[] = [];
  const add = (
    kind: IdentityKind,
    localId: string,
    id: string,
    sport: string,
    name: string | null,
    unresolved = false,
  ) =>
    added.push({
      source,
      kind,
      ref: refOf(source, kind, localId),
      id,
      sport,
      name,
      status: unresolved ? "unresolved" : "resolved",
      created_at: now,
    });
  // Which references are new: neither in the crosswalk nor an id of ours already (an id made before the crosswalk,
  // or one the source shares with us), which maps to itself.
  const fresh = (kind: "team" | "player" | "match", exists: ReadonlyMap<string, string>) => {
    const out = new Set<string>();
    for (const id of local[kind]) {
      const ours = byRef.get(`${kind}|${refOf(source, kind, id)}`);
      if (ours !== undefined) ids[kind].set(id, ours);
      else if (exists.has(id)) ids[kind].set(id, id);
      else out.add(id);
    }
    return out;
  };
  for (const id of local.event) {
    const ours = byRef.get(`event|${id}`);
    if (ours !== undefined) events.set(id, ours);
  }
  const newTeams = fresh("team", known.teams);
  const newPlayers = fresh("player", known.players);
  const newMatches = fresh("match", known.matches);
  // Local ids that already are ours, met for the first time through this source: the crosswalk learns them.
  const existingFirstSeen = (kind: "team" | "player" | "match", exists: ReadonlyMap<string, string>) =>
    [...local[kind]].filter((id) => exists.has(id) && !byRef.has(`${kind}|${refOf(source, kind, id)}`));

  const teamOps = ops.filter((o): o is OpOf<"team"> => o.op === "team");
  const playerOps = ops.filter((o): o is OpOf<"player"> => o.op === "player");
  const matchOps = ops.filter((o): o is OpOf<"match"> => o.op === "match" && newMatches.has(o.id));
  const sport = (teamOps[0] ?? playerOps[0] ?? matchOps[0])?.sport;
  for (const [kind, exists] of [
    ["team", known.teams],
    ["player", known.players],
    ["match", known.matches],
  ] as const)
    for (const id of existingFirstSeen(kind, exists)) {
      const op = ops.find((o) => o.op === kind && o.id === id) as { name?: string } | undefined;
      add(kind, id, id, exists.get(id)!, op?.name ?? null);
    }
  if (newTeams.size + newPlayers.size + newMatches.size === 0 || !sport) return done(ops, ids, added, events);

  // New references: one round trip for every candidate the rules may choose from.
  const newTeamOps = teamOps.filter((t) => newTeams.has(t.id));
  const countries = [...new Set(newTeamOps.map((t) => t.country))];
  const everywhere = countries.some(isInternational);
  // Teams first (a match is known by its teams), then players (by team), then matches.
  const round1 = await candidates(db, {
    sport,
    countries,
    everywhere,
    pairs: [],
    teams: [],
    leagues: [...new Set(matchOps.map((m) => m.league_id))],
  });
  const teamPool = round1.teams as unknown as TeamCandidate[];
  for (const t of newTeamOps) {
    const r = resolveTeam(t, teamPool);
    // One id per real team: a second new reference of the batch with the same identity takes the first's id.
    const id = r.id ?? t.id;
    ids.team.set(t.id, id);
    add("team", t.id, id, t.sport, t.name, r.id === undefined && r.unresolved);
    if (r.id === undefined) teamPool.push({ id: t.id, name: t.name, country: t.country });
  }
  const formats = new Map(round1.leagues.map((l) => [String(l.id), l]));
  const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const newPlayerOps = playerOps.filter((p) => newPlayers.has(p.id));
  const round2 = await candidates(db, {
    sport,
    countries: [],
    everywhere: false,
    pairs: matchOps
      .filter((m) => m.home_team_id && m.away_team_id)
      .map((m) => pair(ids.t(m.home_team_id!), ids.t(m.away_team_id!))),
    teams: [...new Set(newPlayerOps.map((p) => ids.t(p.team_id)))],
    leagues: [],
  });
  const squads = new Map<string, PlayerCandidate[]>();
  for (const p of round2.players as unknown as (PlayerCandidate & { team_id: string })[])
    squads.set(p.team_id, [...(squads.get(p.team_id) ?? []), p]);
  for (const p of newPlayerOps) {
    const team = ids.t(p.team_id);
    const id = resolvePlayer(p, squads.get(team) ?? []) ?? p.id;
    ids.player.set(p.id, id);
    add("player", p.id, id, p.sport, p.name);
    if (id === p.id)
      squads.set(team, [
        ...(squads.get(team) ?? []),
        { ...p, number: p.number ?? null, birth_date: p.birth_date ?? null },
      ]);
  }
  const pool = round2.matches.map((m) => ({ ...m, kickoff_ts: Number(m.kickoff_ts) })) as unknown as MatchCandidate[];
  for (const m of matchOps) {
    const league = formats.get(m.league_id);
    let id = m.id;
    if (m.home_team_id && m.away_team_id && m.kickoff_ts !== undefined && league) {
      const me = {
        league_id: m.league_id,
        season: m.season ?? String(league.season),
        home_team_id: ids.t(m.home_team_id),
        away_team_id: ids.t(m.away_team_id),
        kickoff_ts: m.kickoff_ts,
      };
      id = resolveMatch(me, league.format === "cup" ? "cup" : "league", pool) ?? m.id;
      if (id === m.id) pool.push({ id, ...me });
    }
    ids.match.set(m.id, id);
    add("match", m.id, id, m.sport, null);
  }
  return done(ops, ids, added, events);
}

function done(ops: Op[], ids: Ids, identities: Row[], events: Map<string, string>): Identified {
  const localMatch = new Map<string, string>();
  for (const [local, ours] of ids.match) localMatch.set(ours, local);
  const adopted = new Set<string>();
  for (const map of [ids.team, ids.player]) for (const [local, ours] of map) if (local !== ours) adopted.add(ours);
  return { ops: rewrite(ops, ids), identities, events, localMatch, adopted };
}

/** The ops with every reference in our ids. */
function rewrite(ops: Op[], ids: Ids): Op[] {
  return ops.map((op): Op => {
    switch (op.op) {
      case "league":
        return op;
      case "team":
        return { ...op, id: ids.t(op.id) };
      case "player":
        return { ...op, id: ids.p(op.id), team_id: ids.t(op.team_id) };
      case "match":
        return {
          ...op,
          id: ids.m(op.id),
          ...(op.home_team_id ? { home_team_id: ids.t(op.home_team_id) } : {}),
          ...(op.away_team_id ? { away_team_id: ids.t(op.away_team_id) } : {}),
        };
      case "events":
        return {
          ...op,
          match_id: ids.m(op.match_id),
          events: op.events.map((e) => ({
            ...e,
            player_id: ids.pn(e.player_id),
            player_in_id: ids.pn(e.player_in_id),
            player_out_id: ids.pn(e.player_out_id),
          })),
        };
      case "lineups": {
        const side = (l: typeof op.home) => ({
          ...l,
          starters: l.starters.map((p) => ({ ...p, player_id: ids.pn(p.player_id) })),
          substitutes: l.substitutes.map((p) => ({ ...p, player_id: ids.pn(p.player_id) })),
        });
        return { ...op, match_id: ids.m(op.match_id), home: side(op.home), away: side(op.away) };
      }
      case "player_lines":
        return {
          ...op,
          match_id: ids.m(op.match_id),
          home: op.home.map((l) => ({ ...l, player_id: ids.p(l.player_id) })),
          away: op.away.map((l) => ({ ...l, player_id: ids.p(l.player_id) })),
        };
      default:
        return { ...op, match_id: ids.m(op.match_id) };
    }
  });
}
