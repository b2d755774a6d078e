// Production adapter: a provider endpoint that answers in our op format ({ "ops": [...] }) for the given leagues.
// Its response is validated with the same schema as POST /internal/ingest.
import { IngestBody } from "../ops";
import type { FeedAdapter } from "./feed";

export const httpFeed: FeedAdapter = {
  name: "http",
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
