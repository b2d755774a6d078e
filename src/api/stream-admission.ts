// Admission of a live stream, WebSocket (./ws.ts) or Server-Sent Events (./sse.ts) alike: the match the account may
// see (404), then a slot of the account's concurrent streams from its gate (429; 401 for a key or grant the gate
// knows is revoked), then the holder takes the stream and confirms the slot (src/core/live/stream-holder.ts).
import { signalShed } from "../core/auth/entitlement-signal";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { credentialOf } from "../core/auth/principal";
import { isFinished } from "../core/domain/codes";
import type { MatchDetail } from "../core/domain/schemas";
import { dbFor } from "../core/db/client";
import { getMatch } from "../core/db/queries/matches";
import { ApiError, invalidKey, notFound } from "../core/errors";
import { stateMessage } from "../core/live/messages";
import { admitSlot, withSocketInfo, type SocketInfo } from "../core/live/sockets";
import type { AppEnv } from "../http/app-env";

const SINCE_DESCRIPTION =
  "Replay the messages after this seq (at least the last 1000 are kept), then go live: decimal digits only. A seq " +
  "beyond the match's (one this match never reached) opens with a fresh `state` message instead, as without `since`.";

export const Since = z.object({
  // Digits only: `0x1`, `1e0`, ` 1` or an empty `since=` is a client's mistake, answered 400, never read as a number.
  since: z
    .string()
    .regex(/^\d{1,16}$/, "expected a seq: decimal digits only")
    .transform(Number)
    .refine((n) => n <= Number.MAX_SAFE_INTEGER, "expected a seq of at most 2^53 - 1")
    .optional()
    .openapi({ type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: SINCE_DESCRIPTION }),
});

/** What the holder needs of a stream beyond who opened it. */
type StreamInfo = Pick<SocketInfo, "since" | "final" | "leagueId" | "state">;

/**
 * The match of a match stream, read from the primary (so its seq is at least that of any message already published):
 * 404 for an unknown match or one of a league the account does not track.
 */
export async function streamedMatch(c: Context<AppEnv>, id: string): Promise<MatchDetail> {
  const match = await getMatch(dbFor(c.env.DB), undefined, id, c.get("leagues"));
  if (!match) throw notFound("match");
  return match;
}

/**
 * A match stream resumes after `since`, or (none given) opens with the match's state as just read. A `since` beyond
 * the match's seq (read from the primary, so every published message is at or below it) names a message that never
 * was, from a stale page or another deployment: waiting for it would leave the client in silence, so the stream
 * opens with the state, as without `since`.
 */
export const matchStreamInfo = (match: MatchDetail, asked: number | undefined): StreamInfo => {
  const since = asked !== undefined && asked <= match.seq ? asked : undefined;
  return {
    since: since ?? null,
    final: isFinished(match.status_code),
    leagueId: match.league_id,
    ...(since === undefined ? { state: stateMessage(match.sport, match, Date.now()) } : {}),
  };
};

/**
 * Takes a slot of the account's concurrent streams from its gate, then hands the request to `stub` (a match's relay
 * via its room, or a hub shard); gives the slot back if that fails. The holder confirms the slot once it holds the
 * stream.
 */
export async function admitStream(
  c: Context<AppEnv>,
  kind: "websocket" | "sse",
  holder: string,
  stub: { fetch(r: Request): Promise<Response> },
  info: StreamInfo,
) {
  const p = c.get("principal");
  const slotId = crypto.randomUUID();
  const seen = { plan: p.plan, version: p.entitlementVersion };
  const credential = credentialOf(p);
  const admission = await admitSlot(c.env, p.accountId, { slotId, kind, credential, holder, seen });
  await signalShed(c.env, p.accountId, admission.over);
  if (!admission.ok) {
    if (admission.reason === "revoked") throw invalidKey();
    const detail = `the ${admission.plan} plan allows ${admission.limit} concurrent streams per account`;
    throw new ApiError(429, "rate_limited", detail, { "retry-after": "30" });
  }
  const gate = c.env.ACCOUNT_GATE.getByName(p.accountId);
  try {
    const account = { credential, accountId: p.accountId, entitlementVersion: p.entitlementVersion };
    const only =
      p.type === "token" && (p.matchIds || p.leagueIds)
        ? { only: { ...(p.matchIds ? { matches: p.matchIds } : {}), ...(p.leagueIds ? { leagues: p.leagueIds } : {}) } }
        : {};
    const transport = kind === "sse" ? { transport: "sse" as const } : {};
    return await stub.fetch(withSocketInfo(c.req.raw, { ...info, ...account, slotId, ...transport, ...only }));
  } catch (err) {
    await gate.release(slotId);
    throw err;
  }
}
