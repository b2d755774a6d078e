// The demo's people are invented (issue 49, "honest marks"): no player, coach or referee of the simulator carries a
// real person's name. The real names the service holds are read from where they come from: the bundled history
// (data/openfootball: the 2026 squads, every scorer of the tournaments' match files) and the providers' recorded
// answers (test/fixtures/real: players, coaches, referees, every name they hold). Names are compared folded (case,
// accents, Ø …: src/core/domain/fold.ts), and are unique across the whole catalogue.
import { describe, expect, it } from "vitest";
import { fold } from "../../src/core/domain/fold";
import { generateDemo } from "../../src/demo/generate";
import { nameAt, POOLS, refereesOf, SLOTS, UNIQUE_SLOTS } from "../../src/demo/names";
import { buildTeams } from "../../src/demo/schedule";
import { reservesOf, squadOf } from "../../src/demo/squads";

const HISTORY = import.meta.glob("../../data/openfootball/**/*.json", {
  query: "?raw",
  import: "default",
  eager: true,
});
const RECORDED = import.meta.glob("../fixtures/real/*/*.json", { query: "?raw", import: "default", eager: true });

/** The history's people: squad players (`players[].name`) and scorers (`goals1`, `goals2`, `goals`: `name`). */
function historyNames(v: unknown, key = "", out: string[] = []): string[] {
  if (Array.isArray(v)) {
    for (const x of v) {
      if (["players", "goals1", "goals2", "goals"].includes(key) && typeof (x as any)?.name === "string")
        out.push((x as any).name);
      historyNames(x, key, out);
    }
  } else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) historyNames(x, k, out);
  return out;
}

/** Every name a provider's answer holds (players, coaches, referees, and teams and venues too: a superset). */
function recordedNames(v: unknown, key = "", out: string[] = []): string[] {
  if (typeof v === "string") {
    if (["name", "player", "assist", "scorer", "coach", "referee"].includes(key)) out.push(v.split(",")[0]!.trim());
  } else if (Array.isArray(v)) for (const x of v) recordedNames(x, key, out);
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) recordedNames(x, k, out);
  return out;
}

const history = Object.values(HISTORY).flatMap((text) => historyNames(JSON.parse(text)));
const recorded = Object.values(RECORDED).flatMap((text) => recordedNames(JSON.parse(text)));
const real = [...history, ...recorded].filter((n) => fold(n) !== "");
const realNames = new Set(real.map(fold));
/** A real name's last word: a surname, or a one-word name ("Pedri"). */
const realSurnames = new Set(real.map((n) => fold(n).split(" ").at(-1)!));

const surname = (name: string) => fold(name).split(" ").at(-1)!;

/** Everyone the catalogue can name: every club's squad and coach (the benchmark's clubs and reserves too), referees. */
const teams = [...buildTeams(true).values()];
const catalogue = [
  ...teams.flatMap((t) => [...squadOf(t).players.map((p) => p.name), squadOf(t).coach]),
  ...teams.flatMap((t) => reservesOf(t, 20).map((p) => p.name)),
  ...["en", "es", "it", "de", "fr", "eu", "us"].flatMap((n) => refereesOf(n, 8)),
];

/** And everyone the demo season names: squads, line-ups' coaches, referees, the timelines' players. */
const data = generateDemo(new Date("2026-11-22T15:10:00Z"));
const named = new Set<string>([
  ...data.players.map((p) => String(p.name)),
  ...data.lineups.flatMap((l) => [JSON.parse(l.home).coach, JSON.parse(l.away).coach]),
  ...data.matches.flatMap((m) => String(m.referee).split(", ")),
  ...(data.events as any[]).flatMap((e) => [e.player, e.player_in, e.player_out]).filter(Boolean),
]);

describe("the demo's people are invented", () => {
  it("reads the real names the service holds: the 2026 squads, the tournaments' scorers, the providers' answers", () => {
    expect(history.length).toBeGreaterThan(2000);
    expect(recorded.length).toBeGreaterThan(1000);
    for (const n of ["Kylian Mbappé", "Antoine Griezmann", "Martin Ødegaard", "Erling Haaland", "Harry Kane"])
      expect(realNames.has(fold(n)), n).toBe(true);
  });

  it("no invented name is a real one, nor has a real player's surname (folded: case, accents, Ø)", () => {
    const all = [...new Set([...catalogue, ...named])];
    expect(all.length).toBeGreaterThan(12_000);
    expect(all.filter((n) => realNames.has(fold(n)))).toEqual([]);
    expect(all.filter((n) => realSurnames.has(surname(n)))).toEqual([]);
    // Not even a star's surname with another given name (the demo once had three "Antoine Griezmann"s).
    for (const star of ["griezmann", "odegaard", "mbappe", "haaland", "doncic", "jokic", "kane"])
      expect(
        all.filter((n) => fold(n).split(" ").includes(star)),
        star,
      ).toEqual([]);
  });

  it("every name the demo season uses comes from the catalogue", () => {
    const known = new Set(catalogue);
    expect([...named].filter((n) => !known.has(n))).toEqual([]);
  });

  it("names are unique across the whole catalogue (folded), coaches and referees included", () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const n of catalogue) {
      const f = fold(n);
      if (seen.has(f)) dupes.push(`${n} / ${seen.get(f)}`);
      seen.set(f, n);
    }
    expect(dupes).toEqual([]);
    expect(catalogue.length).toBeGreaterThan(teams.length * 30);
  });

  it("each nationality's lists are its own: 24 given names, 32 stems, 20 endings, enough for every slot", () => {
    const surnames = new Map<string, string>();
    for (const [nationality, p] of Object.entries(POOLS)) {
      expect([new Set(p.given).size, new Set(p.stems).size, new Set(p.endings).size], nationality).toEqual([
        24, 32, 20,
      ]);
      for (let slot = 0; slot < UNIQUE_SLOTS; slot += 97) {
        const s = surname(nameAt(nationality, slot));
        expect(surnames.get(s) ?? nationality, `${s} in two nationalities`).toBe(nationality);
        surnames.set(s, nationality);
      }
    }
    expect(UNIQUE_SLOTS).toBeLessThanOrEqual(24 * 32 * 20);
    expect(UNIQUE_SLOTS).toBeGreaterThanOrEqual(teams.length * SLOTS);
  });

  it("is deterministic: a name is a function of its slot, pinned here so a change of the lists is a decision", () => {
    expect(nameAt("England", 0)).toBe("Freddie Bexhurst");
    expect(refereesOf("en", 2)).toEqual(["Nathan Draycote", "Joel Huxton"]);
  });
});
