// The page's REST calls, with the key the user connected with (kept in memory only) in the X-API-Key header.
import type { Sport } from "../../../core/domain/codes";
import type { Event } from "../../../core/domain/schemas";
import type { Answer, refusal } from "../connection";

export type Scope = Parameters<typeof refusal>[1];

let key = "";
export const setKey = (k: string) => void (key = k);
/** A WebSocket URL of this origin: browsers cannot set headers on WebSockets, so the key travels as ?api_key=. */
export const socketUrl = (path: string) =>
  `${location.origin.replace(/^http/, "ws")}${path}?api_key=${encodeURIComponent(key)}`;

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
  const res = await fetch(path, { headers: { "x-api-key": key } }).catch(() => null);
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

/** A WebSocket path asked over plain HTTP: answers what the refused upgrade could not tell (../connection.ts). */
export const probe = (path: string) =>
  fetch(path, { headers: { "x-api-key": key } }).then(answerOf, (): Answer => ({ status: 0 }));
