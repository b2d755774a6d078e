// Team and league identity across the bundled seasons: the alias table (src/core/identity/aliases.ts) gives
// every club one name, so no club appears twice in a league's ten seasons, and the simulator's clubs keep their ids.
import { describe, expect, it } from "vitest";
import { CLUBS } from "../../../src/core/identity/aliases";
import { convertFile } from "../../../src/import/openfootball/convert";
import { LEAGUES } from "../../../src/demo/catalog";
import { slug } from "../../../src/lib/slug";
import { bundled, IMPORT_NOW } from "../../helpers/openfootball";

/** What is left of a club's name without its legal form, founding year and filler words: two names folding to the
 * same key are one club written twice. */
const STOP = new Set(
  "fc afc cf ac as sc ss ssc us rc rcd cd ud sd ca acf vfl vfb tsg sv fsv bsc spvgg ogc sm ea hsc osc fco sco kv sk gnk fk club de la le of and calcio balompie futbol real".split(
    " ",
  ),
);
const fold = (name: string) =>
  slug(name)
    .split("-")
    .filter((w) => w && !STOP.has(w) && !/^\d+$/.test(w))
    .sort()
    .join(" ");

describe("team identity", () => {
  it("no two names of the alias table are one club", () => {
    const byKey = new Map<string, Set<string>>();
    for (const name of new Set(Object.values(CLUBS))) {
      const k = fold(name);
      byKey.set(k, (byKey.get(k) ?? new Set()).add(name));
    }
    const twice = [...byKey.values()].filter((s) => s.size > 1).map((s) => [...s]);
    expect(twice).toEqual([]);
  });

  it.each(["en.1", "es.1", "de.1", "it.1", "fr.1"])(
    "%s: every season has its 20 (or 18) clubs once, and no club under two ids across the seasons",
    (code) => {
      const seasons = bundled(new RegExp(`/${code.replace(".", "\\.")}\\.json$`));
      expect(seasons.length).toBe(11);
      const names = new Map<string, string>(); // team id → name
      for (const f of seasons) {
        const c = convertFile(f.path, JSON.parse(f.text), IMPORT_NOW);
        const teams = c.ops.filter((o) => o.op === "team");
        expect([18, 20], f.path).toContain(teams.length);
        for (const t of teams) {
          const known = names.get(String(t.id));
          expect(known ?? t.name, String(t.id)).toBe(t.name);
          names.set(String(t.id), String(t.name));
        }
      }
      const keys = [...names.values()].map(fold);
      expect(new Set(keys).size).toBe(keys.length);
    },
  );

  it("the simulator's clubs of the five leagues and the Champions League keep their ids in the real seasons", () => {
    const real = new Set<string>();
    for (const f of bundled(/\/(en|es|de|it|fr)\.1\.json$|uefa\.cl/))
      for (const o of convertFile(f.path, JSON.parse(f.text), IMPORT_NOW).ops)
        if (o.op === "team") real.add(String(o.id));
    for (const l of LEAGUES.filter((x) => x.realHistory)) {
      for (const row of l.teams) {
        const id = `tm_fb_${slug(row.split("|")[0]!)}`;
        expect(real.has(id), `${l.code}: ${id}`).toBe(true);
      }
    }
  });
});
