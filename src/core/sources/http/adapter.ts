// The `http` feed (docs/feeds.md "Configuration"): a provider endpoint at FEED_URL that answers in our op format
// ({ "ops": [...] }) for the given leagues, polled by the cron. Its answer is validated with the same schema as
// POST /internal/ingest. Its ids are ours (or references the crosswalk resolves, when its batches name a source).
import { IngestBody } from "../../ingest/ops";
import type { OpFeed } from "../contract";

export const httpSource: OpFeed = {
  name: "http",
  rank: "live",
  sports: ["football", "basketball"],
  config: { vars: ["FEED_URL"], secrets: ["FEED_TOKEN"] },
  async poll(env, leagueIds) {
    if (!env.FEED_URL) throw new Error("FEED_URL is not set");
    const url = new URL(env.FEED_URL);
    url.searchParams.set("leagues", leagueIds.join(","));
    const res = await fetch(url, { headers: env.FEED_TOKEN ? { authorization: `Bearer ${env.FEED_TOKEN}` } : {} });
    if (!res.ok) throw new Error(`feed answered ${res.status}`);
    const json = (await res.json()) as { ops?: unknown[] };
    if (Array.isArray(json.ops) && json.ops.length === 0) return [];
    const body = IngestBody.safeParse(json);
    if (!body.success) throw new Error(`feed sent invalid ops: ${body.error.issues[0]?.message}`);
    return body.data.ops;
  },
};
