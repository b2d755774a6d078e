// A small world of teams and players in two fresh leagues (one per sport) the demo account tracks, and one league
// it does not track: the people endpoints' tests read exactly these, whatever the demo data holds.
import { env } from "cloudflare:workers";
import { ingestOps } from "./live";
import { leagueOp, matchOp, newMatchOp, playerLinesOp, playerOp, teamOp } from "./ops";

export const KICKOFF = Math.floor(Date.now() / 1000) - 86_400 * 3;

const team = (sport: string, id: string, name: string, extra: object = {}) =>
  teamOp({ id, sport, name, country: "Spain", ...extra });
const player = (sport: string, id: string, team_id: string, name: string, number: number) =>
  playerOp({
    id,
    sport,
    team_id,
    name,
    number,
    position: sport === "football" ? "M" : "G",
    nationality: "Spain",
    birth_date: "1998-12-17",
  });
export const scheduled = (sport: string, id: string, league: string, home: string, away: string, extra: object = {}) =>
  newMatchOp({ id, sport, league_id: league, home_team_id: home, away_team_id: away, kickoff_ts: KICKOFF, ...extra });
const league = (sport: string, id: string, name: string) => leagueOp({ id, sport, country: "Spain", name });

export async function seedPeople(accountId: string) {
  await ingestOps([
    league("football", "lg_fb_people", "Liga Gente"),
    league("basketball", "lg_bb_people", "Liga Cesto"),
    league("football", "lg_fb_hidden", "Liga Oculta"),
    team("football", "tm_pp_atm", "Atlético Madrid", { short_name: "ATM", venue: "Metropolitano" }),
    team("football", "tm_pp_mad", "Madrid Norte"),
    team("football", "tm_pp_hid", "Hidden Atlético"),
    team("basketball", "tm_pp_bb1", "Real Cesto"),
    team("basketball", "tm_pp_bb2", "Cesto Norte"),
    player("football", "pl_pp_ode", "tm_pp_atm", "Martin Ødegaard", 8),
    player("football", "pl_pp_mul", "tm_pp_atm", "Thomas Müller", 25),
    player("football", "pl_pp_mad", "tm_pp_mad", "Madrid Müllerson", 9),
    player("football", "pl_pp_hid", "tm_pp_hid", "Hidden Müller", 4),
    player("basketball", "pl_pp_don", "tm_pp_bb1", "Luka Dončić", 77),
    player("basketball", "pl_pp_leb", "tm_pp_bb2", "LeBron James", 23),
    scheduled("football", "m_pp_1", "lg_fb_people", "tm_pp_atm", "tm_pp_mad"),
    scheduled("football", "m_pp_2", "lg_fb_people", "tm_pp_mad", "tm_pp_atm", { kickoff_ts: KICKOFF + 86_400 * 7 }),
    scheduled("football", "m_pp_h", "lg_fb_hidden", "tm_pp_hid", "tm_pp_atm"),
    scheduled("basketball", "m_pp_b1", "lg_bb_people", "tm_pp_bb1", "tm_pp_bb2"),
  ]);
  await env.DB.prepare(
    "INSERT INTO tracked_leagues (account_id, league_id) VALUES (?1, 'lg_fb_people'), (?1, 'lg_bb_people')",
  )
    .bind(accountId)
    .run();
  // Two played matches: football 2-1 (one goal an own goal by the away side), basketball 90-88.
  await ingestOps([
    matchOp({ id: "m_pp_1", league_id: "lg_fb_people", status_code: 2 }),
    playerLinesOp({
      match_id: "m_pp_1",
      home: [
        { player_id: "pl_pp_ode", minutes: 90, goals: 1, assists: 0, started: true, yellow_cards: 1 },
        { player_id: "pl_pp_mul", minutes: 90, goals: 0, assists: 1, started: true },
      ],
      away: [{ player_id: "pl_pp_mad", minutes: 90, goals: 1, shots: 3, started: true }],
    }),
    matchOp({ id: "m_pp_1", league_id: "lg_fb_people", status_code: 3, home_score: 2, away_score: 1 }),
    matchOp({ id: "m_pp_b1", sport: "basketball", league_id: "lg_bb_people", status_code: 2 }),
    playerLinesOp({
      match_id: "m_pp_b1",
      home: [
        { player_id: "pl_pp_don", minutes: 38, points: 90, rebounds: 10, assists: 9, fg_made: 30, fg_attempted: 50 },
      ],
      away: [{ player_id: "pl_pp_leb", minutes: 40, points: 88, rebounds: 10, assists: 12 }],
    }),
    matchOp({
      id: "m_pp_b1",
      sport: "basketball",
      league_id: "lg_bb_people",
      status_code: 3,
      home_score: 90,
      away_score: 88,
    }),
  ]);
}

/**
 * Season visibility (tracked by the account, football): in `lg_fb_seasons` (2026/27) "Pasado" teams and their player
 * played only a 2025/26 match, "Presente" teams the current season's; `lg_fb_move` is still in 2025/26, where "Antes"
 * teams played, while "Despues" teams already have a 2026/27 fixture; "Cinco Copas" plays five competitions of which
 * the account tracks only the one whose id sorts last.
 */
export const SEASONS = {
  previous: ["tm_sv_pasado1", "tm_sv_pasado2", "pl_sv_antiguo"],
  current: ["tm_sv_presente1", "tm_sv_presente2", "pl_sv_actual"],
  beforeMove: ["tm_sv_antes1", "tm_sv_antes2", "pl_sv_antes"],
  afterMove: ["tm_sv_despues1", "tm_sv_despues2", "pl_sv_despues"],
  fiveLeagues: "tm_sv_cinco",
  /** Their only match, of the current season, is moved to 2025/26 by `moveMatchOp`. */
  matchMoved: ["tm_sv_cambio1", "tm_sv_cambio2"],
  /** The home side of their only match, replaced by "Traslado Tres" with `reassignMatchOp`. */
  reassigned: "tm_sv_traslado1",
  reassignedTo: "tm_sv_traslado3",
};
export const reassignMatchOp = {
  op: "match",
  id: "m_sv_traslado",
  sport: "football",
  league_id: "lg_fb_seasons",
  home_team_id: "tm_sv_traslado3",
};
export const moveMatchOp = {
  op: "match",
  id: "m_sv_cambio",
  sport: "football",
  league_id: "lg_fb_seasons",
  season: "2025/26",
};
export const moveSeasonOp = {
  op: "league",
  id: "lg_fb_move",
  sport: "football",
  country: "Spain",
  name: "Torneo Mudanza",
  season: "2026/27",
};

export async function seedSeasons(accountId: string) {
  const cups = [1, 2, 3, 4, 5].map((n) => `lg_fb_copa${n}`);
  await ingestOps([
    {
      op: "league",
      id: "lg_fb_seasons",
      sport: "football",
      country: "Spain",
      name: "Torneo Temporadas",
      season: "2026/27",
    },
    { ...moveSeasonOp, season: "2025/26" },
    ...cups.map((id, i) => ({
      op: "league",
      id,
      sport: "football",
      country: "Spain",
      name: `Copa ${i}`,
      season: "2026/27",
    })),
    team("football", "tm_sv_pasado1", "Pasado Uno"),
    team("football", "tm_sv_pasado2", "Pasado Dos"),
    team("football", "tm_sv_presente1", "Presente Uno"),
    team("football", "tm_sv_presente2", "Presente Dos"),
    team("football", "tm_sv_antes1", "Antes Uno"),
    team("football", "tm_sv_antes2", "Antes Dos"),
    team("football", "tm_sv_despues1", "Despues Uno"),
    team("football", "tm_sv_despues2", "Despues Dos"),
    team("football", "tm_sv_cinco", "Cinco Copas"),
    team("football", "tm_sv_cambio1", "Cambio Uno"),
    team("football", "tm_sv_cambio2", "Cambio Dos"),
    team("football", "tm_sv_traslado1", "Traslado Uno"),
    team("football", "tm_sv_traslado2", "Traslado Dos"),
    team("football", "tm_sv_traslado3", "Traslado Tres"),
    ...cups.map((_, i) => team("football", `tm_sv_rival${i}`, `Rival ${i}`)),
    player("football", "pl_sv_antiguo", "tm_sv_pasado1", "Antiguo Jugador", 10),
    player("football", "pl_sv_actual", "tm_sv_presente1", "Actual Jugador", 10),
    player("football", "pl_sv_antes", "tm_sv_antes1", "Antes Jugador", 10),
    player("football", "pl_sv_despues", "tm_sv_despues1", "Despues Jugador", 10),
    scheduled("football", "m_sv_pasado", "lg_fb_seasons", "tm_sv_pasado1", "tm_sv_pasado2", { season: "2025/26" }),
    scheduled("football", "m_sv_presente", "lg_fb_seasons", "tm_sv_presente1", "tm_sv_presente2", {}),
    scheduled("football", "m_sv_cambio", "lg_fb_seasons", "tm_sv_cambio1", "tm_sv_cambio2", {}),
    scheduled("football", "m_sv_traslado", "lg_fb_seasons", "tm_sv_traslado1", "tm_sv_traslado2", {}),
    scheduled("football", "m_sv_antes", "lg_fb_move", "tm_sv_antes1", "tm_sv_antes2", {}),
    scheduled("football", "m_sv_despues", "lg_fb_move", "tm_sv_despues1", "tm_sv_despues2", { season: "2026/27" }),
    ...cups.map((id, i) => scheduled("football", `m_sv_copa${i}`, id, "tm_sv_cinco", `tm_sv_rival${i}`, {})),
  ]);
  await env.DB.prepare(
    "INSERT INTO tracked_leagues (account_id, league_id) VALUES (?1, 'lg_fb_seasons'), (?1, 'lg_fb_move'), (?1, ?2)",
  )
    .bind(accountId, cups.at(-1))
    .run();
}
