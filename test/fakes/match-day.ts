// A scripted match day, written by hand in neutral terms, that the fake providers (./providers.ts) render in each
// provider's documented shape (docs/providers.md). Step by step, with what the service should hold after each step, so a
// test polls, then compares the service against `expected`. Nothing here is copied from a provider's payload.
export type Side = "home" | "away";
export type NStatus = "NS" | "1H" | "HT" | "2H" | "ET" | "BT" | "P" | "FT" | "AET" | "PEN" | "PST" | "XX";
export interface Person {
  id: number;
  name: string;
}
export interface NEvent {
  kind: "goal" | "own_goal" | "penalty" | "missed_penalty" | "yellow" | "red" | "sub" | "var_cancel" | "shootout";
  side: Side;
  minute: number;
  extra?: number;
  player: Person;
  /** A goal's assist; a substitution's player coming on. */
  other?: Person;
  /** Shoot-out kick: scored or missed, and its order. */
  scored?: boolean;
  order?: number;
}
export interface NState {
  status: NStatus;
  elapsed: number | null;
  /** Goals including extra time, excluding the shoot-out. */
  goals: [number, number];
  ht?: [number, number];
  /** Goals in extra time only, and the shoot-out. */
  et?: [number, number];
  pen?: [number, number];
  events: NEvent[];
}
export interface NLeague {
  id: number;
  code: string;
  name: string;
  country: string;
  cup: boolean;
}
export interface NMatch {
  id: number;
  league: NLeague;
  home: Person;
  away: Person;
  /** Minutes after the day's 12:00 UTC. */
  kickoffMin: number;
  states: NState[];
}

export const PL: NLeague = { id: 39, code: "PL", name: "Premier League", country: "England", cup: false };
export const CL: NLeague = { id: 2, code: "CL", name: "UEFA Champions League", country: "World", cup: true };
export const SEASON = 2026;

const p = (id: number, name: string): Person => ({ id, name });
const [NORTH, SOUTH, EAST, WEST, HARBOUR, VALLEY] = [
  p(901, "Northbridge FC"),
  p(902, "Southport Athletic"),
  p(903, "Eastfield Rovers"),
  p(904, "Westmoor United"),
  p(905, "Harbour City"),
  p(906, "Valley Town"),
];
const N9 = p(9101, "Aaron Keel");
const N10 = p(9102, "Ben Ostrander");
const N14 = p(9103, "Cal Pryce");
const N20 = p(9104, "Dev Haldane");
const S4 = p(9201, "Emil Rask");
const S11 = p(9202, "Femi Adeyemo");
const S9 = p(9203, "Gus Varley");
const H7 = p(9501, "Hugo Marchetti");
const H8 = p(9502, "Ivo Lenz");
const H2 = p(9503, "Jon Aske");
const V10 = p(9601, "Kai Brennan");
const V5 = p(9602, "Leo Dumas");
const V3 = p(9603, "Max Ferro");

/** Builds a match's states: each step adds events and sets the clock and score. */
function play(steps: [Omit<NState, "events">, NEvent[]][]): NState[] {
  const out: NState[] = [];
  let events: NEvent[] = [];
  for (const [s, added] of steps) {
    events = [...events, ...added];
    out.push({ ...s, events });
  }
  return out;
}

const NS = { status: "NS" as const, elapsed: null, goals: [0, 0] as [number, number] };

/** Match A (league): goals, a card, a substitution, a goal VAR cancels, a penalty, then a scorer corrected. */
const A_STATES = play([
  [NS, []],
  [{ status: "1H", elapsed: 12, goals: [1, 0] }, [{ kind: "goal", side: "home", minute: 12, player: N9, other: N10 }]],
  [{ status: "1H", elapsed: 30, goals: [1, 0] }, [{ kind: "yellow", side: "away", minute: 30, player: S4 }]],
  [{ status: "1H", elapsed: 44, goals: [1, 1] }, [{ kind: "goal", side: "away", minute: 44, player: S11 }]],
  [
    { status: "1H", elapsed: 45, goals: [1, 0] },
    [{ kind: "var_cancel", side: "away", minute: 45, extra: 1, player: S11 }],
  ],
  [{ status: "HT", elapsed: 45, goals: [1, 0], ht: [1, 0] }, []],
  [
    { status: "2H", elapsed: 60, goals: [1, 0], ht: [1, 0] },
    [{ kind: "sub", side: "home", minute: 60, player: N14, other: N20 }],
  ],
  [
    { status: "2H", elapsed: 88, goals: [2, 1], ht: [1, 0] },
    [
      { kind: "goal", side: "away", minute: 75, player: S9 },
      { kind: "penalty", side: "home", minute: 88, player: N10 },
    ],
  ],
  [{ status: "FT", elapsed: 90, goals: [2, 1], ht: [1, 0] }, []],
  [{ status: "FT", elapsed: 90, goals: [2, 1], ht: [1, 0] }, []],
]);
// The last step: the provider corrects the first goal's scorer (the event keeps its identity).
A_STATES[9]!.events = A_STATES[9]!.events.map((e) =>
  e.minute === 12 && e.kind === "goal" ? { ...e, player: N10, other: N9 } : e,
);

/** Match B: postponed before kickoff. */
const B_STATES = play([
  [NS, []],
  [NS, []],
  [NS, []],
  [NS, []],
  [{ ...NS, status: "PST" }, []],
  ...Array.from({ length: 5 }, () => [{ ...NS, status: "PST" as const }, []] as [Omit<NState, "events">, NEvent[]]),
]);

/** Match C (cup): 1–1 after extra time, then a shoot-out won 4–3 by the home side. */
const shootout: NEvent[] = [
  { kind: "shootout", side: "home", minute: 120, order: 1, scored: true, player: H7 },
  { kind: "shootout", side: "away", minute: 120, order: 2, scored: true, player: V10 },
  { kind: "shootout", side: "home", minute: 120, order: 3, scored: false, player: H8 },
  { kind: "shootout", side: "away", minute: 120, order: 4, scored: false, player: V5 },
];
const C_STATES = play([
  [NS, []],
  [{ status: "1H", elapsed: 20, goals: [0, 0] }, []],
  [{ status: "1H", elapsed: 40, goals: [1, 0] }, [{ kind: "goal", side: "home", minute: 40, player: H7 }]],
  [{ status: "HT", elapsed: 45, goals: [1, 0], ht: [1, 0] }, []],
  [
    { status: "2H", elapsed: 70, goals: [1, 1], ht: [1, 0] },
    [{ kind: "own_goal", side: "away", minute: 70, player: H2 }],
  ],
  [
    { status: "2H", elapsed: 90, goals: [1, 1], ht: [1, 0] },
    [{ kind: "red", side: "away", minute: 90, extra: 3, player: V3 }],
  ],
  [{ status: "ET", elapsed: 100, goals: [1, 1], ht: [1, 0], et: [0, 0] }, []],
  [{ status: "P", elapsed: 120, goals: [1, 1], ht: [1, 0], et: [0, 0], pen: [1, 1] }, shootout.slice(0, 2)],
  [
    { status: "PEN", elapsed: 120, goals: [1, 1], ht: [1, 0], et: [0, 0], pen: [4, 3] },
    [
      ...shootout.slice(2),
      { kind: "shootout", side: "home", minute: 120, order: 5, scored: true, player: H2 },
      { kind: "shootout", side: "away", minute: 120, order: 6, scored: true, player: V3 },
      { kind: "shootout", side: "home", minute: 120, order: 7, scored: true, player: H7 },
      { kind: "shootout", side: "away", minute: 120, order: 8, scored: true, player: V10 },
      { kind: "shootout", side: "home", minute: 120, order: 9, scored: true, player: H8 },
      { kind: "shootout", side: "away", minute: 120, order: 10, scored: false, player: V5 },
    ],
  ],
  [{ status: "PEN", elapsed: 120, goals: [1, 1], ht: [1, 0], et: [0, 0], pen: [4, 3] }, []],
]);

export const FOOTBALL_DAY: NMatch[] = [
  { id: 71001, league: PL, home: NORTH, away: SOUTH, kickoffMin: 0, states: A_STATES },
  { id: 71002, league: PL, home: EAST, away: WEST, kickoffMin: 180, states: B_STATES },
  { id: 71003, league: CL, home: HARBOUR, away: VALLEY, kickoffMin: 0, states: C_STATES },
];
export const STEPS = A_STATES.length;

/** What the service holds after each step: status code, score, penalties, and the timeline as "type minute side". */
export interface Expected {
  status_code: number;
  score: [number, number];
  penalties?: [number, number] | null;
  events: string[];
}

/**
 * By hand, per step, for a provider that sends events with the live poll (API-Football; football-data's deep plans
 * send the same goals, cards and substitutions, without the `var` event).
 */
export const EXPECTED_A: Expected[] = [
  { status_code: 1, score: [0, 0], events: [] },
  { status_code: 2, score: [1, 0], events: ["goal 12 home"] },
  { status_code: 2, score: [1, 0], events: ["goal 12 home", "yellow_card 30 away"] },
  { status_code: 2, score: [1, 1], events: ["goal 12 home", "yellow_card 30 away", "goal 44 away"] },
  { status_code: 2, score: [1, 0], events: ["goal 12 home", "yellow_card 30 away", "var 45 away"] },
  { status_code: 2, score: [1, 0], events: ["goal 12 home", "yellow_card 30 away", "var 45 away"] },
  {
    status_code: 2,
    score: [1, 0],
    events: ["goal 12 home", "yellow_card 30 away", "var 45 away", "substitution 60 home"],
  },
  {
    status_code: 2,
    score: [2, 1],
    events: [
      "goal 12 home",
      "yellow_card 30 away",
      "var 45 away",
      "substitution 60 home",
      "goal 75 away",
      "penalty_goal 88 home",
    ],
  },
  {
    status_code: 3,
    score: [2, 1],
    events: [
      "goal 12 home",
      "yellow_card 30 away",
      "var 45 away",
      "substitution 60 home",
      "goal 75 away",
      "penalty_goal 88 home",
    ],
  },
  {
    status_code: 3,
    score: [2, 1],
    events: [
      "goal 12 home",
      "yellow_card 30 away",
      "var 45 away",
      "substitution 60 home",
      "goal 75 away",
      "penalty_goal 88 home",
    ],
  },
];
export const EXPECTED_B: Expected[] = [1, 1, 1, 1, 4, 4, 4, 4, 4, 4].map((s) => ({
  status_code: s,
  score: [0, 0],
  events: [],
}));
const C_EVENTS = ["goal 40 home", "own_goal 70 away", "red_card 90 away"];
export const EXPECTED_C: Expected[] = [
  { status_code: 1, score: [0, 0], events: [] },
  { status_code: 2, score: [0, 0], events: [] },
  { status_code: 2, score: [1, 0], events: C_EVENTS.slice(0, 1) },
  { status_code: 2, score: [1, 0], events: C_EVENTS.slice(0, 1) },
  { status_code: 2, score: [1, 1], events: C_EVENTS.slice(0, 2) },
  { status_code: 2, score: [1, 1], events: C_EVENTS },
  { status_code: 2, score: [1, 1], events: C_EVENTS },
  { status_code: 2, score: [1, 1], penalties: [1, 1], events: C_EVENTS },
  { status_code: 9, score: [1, 1], penalties: [4, 3], events: C_EVENTS },
  { status_code: 9, score: [1, 1], penalties: [4, 3], events: C_EVENTS },
];

// ---------- basketball ----------
export interface NGame {
  id: number;
  league: NLeague;
  home: Person;
  away: Person;
  kickoffMin: number;
  states: { status: string; quarters: ([number, number] | null)[]; ot: [number, number] | null }[];
}
export const NBL: NLeague = { id: 12, code: "NBL", name: "National Basketball League", country: "USA", cup: false };
export const BB_SEASON = "2026-2027";
const q = (...xs: ([number, number] | null)[]) =>
  [...xs, ...Array(4 - xs.length).fill(null)] as ([number, number] | null)[];
export const BASKETBALL_DAY: NGame[] = [
  {
    id: 81001,
    league: NBL,
    home: p(801, "Lakeside Herons"),
    away: p(802, "Ironvale Miners"),
    kickoffMin: 0,
    states: [
      { status: "NS", quarters: q(), ot: null },
      { status: "Q1", quarters: q([10, 8]), ot: null },
      { status: "Q2", quarters: q([25, 22], [5, 9]), ot: null },
      { status: "HT", quarters: q([25, 22], [20, 24]), ot: null },
      { status: "Q3", quarters: q([25, 22], [20, 24], [12, 10]), ot: null },
      { status: "BT", quarters: q([25, 22], [20, 24], [26, 24], [0, 0]), ot: null },
      { status: "Q4", quarters: q([25, 22], [20, 24], [26, 24], [21, 22]), ot: null },
      { status: "OT", quarters: q([25, 22], [20, 24], [26, 24], [23, 24]), ot: [4, 2] },
      { status: "AOT", quarters: q([25, 22], [20, 24], [26, 24], [23, 24]), ot: [12, 9] },
      { status: "AOT", quarters: q([25, 22], [20, 24], [26, 24], [23, 24]), ot: [12, 9] },
    ],
  },
];
/** Basketball, by hand: status, score, period while live, and how many quarter ends the timeline holds. */
export const EXPECTED_BB: { status_code: number; score: [number, number]; period: number | null; ends: number }[] = [
  { status_code: 1, score: [0, 0], period: null, ends: 0 },
  { status_code: 2, score: [10, 8], period: 22, ends: 0 },
  { status_code: 2, score: [30, 31], period: 23, ends: 1 },
  { status_code: 2, score: [45, 46], period: 30, ends: 2 },
  { status_code: 2, score: [57, 56], period: 24, ends: 2 },
  { status_code: 2, score: [71, 70], period: 24, ends: 3 },
  { status_code: 2, score: [92, 92], period: 25, ends: 3 },
  { status_code: 2, score: [98, 96], period: 26, ends: 4 },
  { status_code: 10, score: [106, 103], period: null, ends: 5 },
  { status_code: 10, score: [106, 103], period: null, ends: 5 },
];
