// One validation for every source: what a hostile provider sent (issue 47: 100 KB names with NUL, BEL and RLO, scores
// of -3 and 1,000,000,000, a `javascript:` logo) fails the ingest schema; the route refuses it, and a feed's ops keep
// every other value with the failing ones dropped and listed.
import { describe, expect, it } from "vitest";
import { keepValid } from "../../../src/core/ingest/validate";
import { ingestRaw } from "../../helpers/live";
import { eventOp, eventsOp, matchOp, newMatchOp, teamOp } from "../../helpers/ops";
import { seed } from "../../helpers/seed";

await seed(["eng1"]);
const long = "A".repeat(100_000);

describe("the ingest schema refuses hostile values", () => {
  it.each([
    ["a 100 KB team name", teamOp({ name: long }), "ops.0.name"],
    ["a NUL in a team name", teamOp({ name: "Ars\u0000enal" }), "ops.0.name"],
    ["a BEL in a player's name", eventsOp({ events: [eventOp({ player: "Bell\u0007e" })] }), "ops.0.events.0.player"],
    ["a right-to-left override in a venue", matchOp({ venue: "Emirates\u202eStadium" }), "ops.0.venue"],
    ["a negative score", matchOp({ home_score: -3 }), "ops.0.home_score"],
    ["a score of a billion", matchOp({ away_score: 1_000_000_000 }), "ops.0.away_score"],
    ["a javascript: logo", teamOp({ logo_url: "javascript:alert(1)" }), "ops.0.logo_url"],
    ["a data: logo", teamOp({ logo_url: "data:image/png;base64,AAAA" }), "ops.0.logo_url"],
    ["a lone surrogate in a detail", eventsOp({ events: [eventOp({ detail: "x\ud800" })] }), "ops.0.events.0.detail"],
  ])("%s: 400 naming the field", async (_, op, field) => {
    const res = await ingestRaw({ ops: [op] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toContain(field);
  });

  it("real names pass: accents, Ø, a middle dot, apostrophes, non-Latin scripts", async () => {
    const names = ["Žan Celar", "Martin Ødegaard", "Nicolas·Vouilloz", "N’Golo Kanté", "손흥민", "Мбаппе", "محمد صلاح"];
    const ops = names.map((name, i) => teamOp({ id: `tm_fb_valid_${i}`, name }));
    expect((await ingestRaw({ ops })).status).toBe(200);
  });
});

describe("a feed's ops: the failing values dropped, the rest kept", () => {
  it("a match with two bad scores keeps its other fields; each drop is listed with where and why", () => {
    const { ops, dropped } = keepValid([
      newMatchOp({ id: "m_af_1", home_score: -3, away_score: 1_000_000_000, referee: "M. Oliver" }),
    ]);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ id: "m_af_1", referee: "M. Oliver", status_code: 1 });
    expect(ops[0]).not.toHaveProperty("home_score");
    expect(ops[0]).not.toHaveProperty("away_score");
    expect(dropped.map((d) => [d.ref, d.path])).toEqual([
      ["match m_af_1", "home_score"],
      ["match m_af_1", "away_score"],
    ]);
    expect(dropped[0]!.reason).toMatch(/>=0|too small/i);
  });

  it("a nullable text is made null; a bad event id drops that event only; a team with no valid name is dropped whole", () => {
    const { ops, dropped } = keepValid([
      teamOp({ id: "tm_af_1", name: "Good FC", logo_url: "javascript:alert(1)" }),
      teamOp({ id: "tm_af_2", name: `Evil\u202eFC${long}` }),
      eventsOp({
        match_id: "m_af_1",
        events: [
          eventOp({ id: "e_1", player: `X${long}` }),
          eventOp({ id: "bad id!" }),
          eventOp({ id: "e_3", detail: "Assist: Y" }),
        ],
      }),
    ]);
    expect(ops.map((o) => [o.op, "id" in o ? o.id : o.match_id])).toEqual([
      ["team", "tm_af_1"],
      ["events", "m_af_1"],
    ]);
    expect(ops[0]).toMatchObject({ name: "Good FC", logo_url: null });
    const events = (ops[1] as { events: { id: string; player: string | null; detail: string | null }[] }).events;
    expect(events.map((e) => [e.id, e.player, e.detail])).toEqual([
      ["e_1", null, null],
      ["e_3", null, "Assist: Y"],
    ]);
    expect(dropped.map((d) => `${d.ref} ${d.path}`)).toEqual([
      "team tm_af_1 logo_url",
      "team tm_af_2 name",
      "team tm_af_2 (op)",
      "events m_af_1 events.0.player",
      "events m_af_1 events.1.id",
    ]);
    // Nothing of what was dropped is left anywhere in what is kept.
    expect(JSON.stringify(ops)).not.toMatch(/javascript:|\u202e|AAAAAAAAAA/);
  });

  it("valid ops come back as the route would take them (defaults filled), with nothing dropped", () => {
    const { ops, dropped } = keepValid([teamOp({ id: "tm_af_9" })]);
    expect(dropped).toEqual([]);
    expect(ops[0]).toEqual({
      op: "team",
      id: "tm_af_9",
      sport: "football",
      name: "Test FC",
      country: "England",
      short_name: null,
      venue: null,
      logo_url: null,
    });
  });
});
