// The webhook statements: right rows, and every one served by an index (EXPLAIN QUERY PLAN; json_each's virtual table
// is the list of ids bound to the statement, not a table scan).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dbFor } from "../../../../src/core/db/client";
import {
  deliveryTargets,
  endpointRow,
  fanoutTargets,
  insertDeadLetters,
  listEndpoints,
  recordHealth,
} from "../../../../src/core/db/queries/webhooks";
import { admin } from "../../../helpers/admin";
import { recordingD1, type Recorded } from "../../../helpers/recording-d1";
import { seed } from "../../../helpers/seed";
import { createWebhook, RECEIVER } from "../../../helpers/webhooks";

await seed(["eng1", "euroleague"]);
async function account(email: string, leagues: string[]) {
  const { id } = (await (await admin("POST", "/accounts", { email })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  return id;
}
const football = await account("q-football@example.com", ["lg_fb_eng1"]);
const both = await account("q-both@example.com", ["lg_fb_eng1", "lg_bb_euroleague"]);
const a = await createWebhook(football, { url: `${RECEIVER}/a`, events: ["match.finished"] });
const b = await createWebhook(both, { url: `${RECEIVER}/b` });
const off = await createWebhook(both, { url: `${RECEIVER}/off` });
await admin("PATCH", `/webhooks/${off.id}`, { enabled: false });

async function expectIndexed(fn: (db: ReturnType<typeof dbFor>) => Promise<unknown>) {
  const rec = recordingD1(env.DB);
  const out = await fn(dbFor(rec.db));
  expect(rec.log.length).toBeGreaterThan(0);
  for (const q of rec.log as Recorded[]) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
      .bind(...q.params)
      .all<{ detail: string }>();
    const lines = results.map((r) => r.detail);
    const scans = lines.filter(
      (l) => /^SCAN /.test(l) && !/USING (COVERING )?INDEX|VIRTUAL TABLE|CONSTANT ROW/.test(l),
    );
    expect(scans, `${q.sql}\n${lines.join("\n")}`).toEqual([]);
  }
  return out;
}

describe("webhook statements", () => {
  it("ingest's fan-out finds the enabled endpoints of accounts tracking each league, once per league", async () => {
    const rows = (await expectIndexed((db) => fanoutTargets(db, ["lg_fb_eng1", "lg_bb_euroleague", "lg_x"]))) as {
      id: string;
      league_id: string;
      events: string | null;
    }[];
    const got = rows.map((r) => `${r.id} ${r.league_id}`).sort();
    expect(got).toEqual([`${a.id} lg_fb_eng1`, `${b.id} lg_fb_eng1`, `${b.id} lg_bb_euroleague`].sort());
    expect(rows.find((r) => r.id === a.id)!.events).toBe("match.finished");
  });

  it("a replay's league reaches its account's endpoints only (docs/replays.md)", async () => {
    const rows = (await expectIndexed((db) => fanoutTargets(db, [`rpf_${football}`, `rpb_${both}`]))) as {
      id: string;
      league_id: string;
    }[];
    expect(rows.map((r) => `${r.id} ${r.league_id}`).sort()).toEqual(
      [`${a.id} rpf_${football}`, `${b.id} rpb_${both}`].sort(),
    );
  });

  it("a lane's lookup returns each endpoint with its account's tracked leagues, its private replay leagues last", async () => {
    const map = (await expectIndexed((db) => deliveryTargets(db, [a.id, off.id, "wh_missing"]))) as Map<string, any>;
    expect([...map.keys()].sort()).toEqual([a.id, off.id].sort());
    expect(map.get(a.id).tracked).toBe(`lg_fb_eng1,rpf_${football},rpb_${football}`);
    expect(map.get(off.id).enabled).toBe(0);
  });

  it("health: a failure starts a streak, one 3 days into it disables, a success ends it; all by primary key", async () => {
    const row = async () => (await endpointRow(dbFor(env.DB), b.id))!;
    await expectIndexed((db) =>
      recordHealth(db, { endpointId: b.id, ok: false, last: "HTTP 500" }, 1_800_000_000, 259_200),
    );
    expect(await row()).toMatchObject({ failingSince: 1_800_000_000, enabled: true });
    await expectIndexed((db) =>
      recordHealth(db, { endpointId: b.id, ok: false, last: "HTTP 502" }, 1_800_259_200, 259_200),
    );
    expect(await row()).toMatchObject({ failingSince: 1_800_000_000, enabled: false });
    expect((await row()).disabledReason).toBe(
      "every delivery failed for 3 days (since 2027-01-15T08:00:00Z); last attempt: HTTP 502",
    );
    await expectIndexed((db) => recordHealth(db, { endpointId: b.id, ok: true }, 1_800_259_300, 259_200));
    expect((await row()).failingSince).toBeNull();
  });

  it("listing endpoints and storing dead letters use indexes too", async () => {
    await expectIndexed((db) => listEndpoints(db, both));
    await expectIndexed((db) =>
      insertDeadLetters(db, [
        {
          messageId: "msg_dead",
          endpointId: b.id,
          eventType: "x",
          body: "{}",
          attempts: 9,
          deadAt: "2026-11-23T12:00:00Z",
        },
      ]),
    );
  });
});
