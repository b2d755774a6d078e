// The page's credential and REST calls. The key the user connected with stays in memory and goes to one place only:
// POST /v1/tokens (same origin, in a header), which gives a short-lived browser token; REST calls send the token as
// X-API-Key and WebSockets as ?api_key=, so the secret key never appears in a URL (docs/security-and-limits.md
// "Browser tokens"). A token is renewed a minute before it expires, so every reconnect uses a live one.
import type { Sport } from "../../../core/domain/codes";
import type { Event } from "../../../core/domain/schemas";
import type { Answer, refusal } from "../../../client/connection";

export type Scope = Parameters<typeof refusal>[1];

let key = "";
let token: { value: string; expiresAt: number } | null = null;
let minting: Promise<string> | null = null;
/** Bumped by every setKey: a token minted for an earlier key is not kept. */
let generation = 0;
export const TOKEN_TTL_SECONDS = 900;
const RENEW_BEFORE_MS = 60_000;

export const setKey = (k: string) => {
  key = k;
  token = null;
  minting = null;
  generation++;
};

/** A browser token for the key, minted once and renewed when less than a minute of it is left. */
export function credential(): Promise<string> {
  if (token && token.expiresAt - Date.now() > RENEW_BEFORE_MS) return Promise.resolve(token.value);
  minting ??= mint(generation).finally(() => (minting = null));
  return minting;
}

async function mint(gen: number): Promise<string> {
  const res = await fetch("/v1/tokens", {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ ttl_seconds: TOKEN_TTL_SECONDS }),
  }).catch(() => null);
  if (!res) throw new Refused({ status: 0 }, "read:matches");
  if (!res.ok) throw new Refused(await answerOf(res), "read:matches");
  const body = (await res.json()) as { token: string; expires_at: string };
  if (gen === generation) token = { value: body.token, expiresAt: Date.parse(body.expires_at) };
  return body.token;
}

/** A WebSocket URL of this origin: browsers cannot set headers on WebSockets, so the token travels as ?api_key=. */
export const socketUrl = async (path: string) =>
  `${location.origin.replace(/^http/, "ws")}${path}?api_key=${encodeURIComponent(await credential())}`;

/** A refused REST call: what the server answered, and the scope the call needed (for the words). */
export class Refused extends Error {
  constructor(
    readonly answer: Answer,
    readonly scope: Scope,
  ) {
    super(`HTTP ${answer.status}`);
  }
}

async function answerOf(res: Response): Promise<Answer> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; detail?: string };
  const retryAfter = Number(res.headers.get("retry-after")) || undefined;
  return { status: res.status, code: body.code, detail: body.detail, retryAfter };
}

export async function api<T>(path: string, scope: Scope = "read:matches"): Promise<T> {
  const res = await fetch(path, { headers: { "x-api-key": await credential() } }).catch(() => null);
  if (!res) throw new Refused({ status: 0 }, scope);
  if (!res.ok) throw new Refused(await answerOf(res), scope);
  return (await res.json()) as T;
}

/** A match's timeline and the seq it reflects; none yet (404 no_data) is an empty one at seq 0. */
export const timeline = (sport: Sport, id: string) =>
  api<{ seq: number; data: Event[] }>(`/v1/${sport}/matches/${id}/events`).catch((e: unknown) => {
    if (e instanceof Refused && e.answer.code === "no_data") return { seq: 0, data: [] as Event[] };
    throw e;
  });

/** A WebSocket path asked over plain HTTP: answers what the refused upgrade could not tell (src/client/connection.ts). */
export const probe = (path: string): Promise<Answer> =>
  credential().then(
    (t) => fetch(path, { headers: { "x-api-key": t } }).then(answerOf, (): Answer => ({ status: 0 })),
    (e: unknown) => (e instanceof Refused ? e.answer : { status: 0 }),
  );
