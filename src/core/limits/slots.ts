// Stream slots: what a WebSocket, an SSE stream or an MCP listen takes from its account's budget of concurrent
// streams, held by the account's gate (workers/account-gate.ts). The names built here are the only ones the gate
// and the holders exchange.
import type { Plan } from "../domain/codes";

export type SlotKind = "websocket" | "sse" | "listen";

export interface SlotRequest {
  slotId: string;
  kind: SlotKind;
  credential: string;
  /** Where the stream will live (a room, a hub shard, a listen): the holder told when it must close. */
  holder: string;
  /** The plan and entitlement version the caller read; the gate keeps the newest it has seen. */
  seen: { plan: Plan; version: number };
}

/** A slot removed because the plan it was admitted under was lowered: its holder closes its stream. */
export type Shed = {
  id: string;
  holder: string;
  kind: SlotKind;
};

/** `over`: slots the gate removed because this admission told it of a lower plan (their holders must be told). */
export type Admission =
  | { ok: true; plan: Plan; limit: number; over: Shed[] }
  | { ok: false; reason: "revoked"; plan: Plan; limit: number; over: Shed[] }
  /** `sse`: the holders of the account's SSE streams, whose clients may have left unnoticed (sockets.ts admitSlot). */
  | { ok: false; reason: "full"; plan: Plan; limit: number; sse: string[]; over: Shed[] };

/** A stream's standing after it was admitted: still ok, its credential revoked, or removed by a lower plan. */
export type SlotVerdict = "ok" | "revoked" | "over";

export interface GateUpdate {
  /** Credentials that may no longer open or keep streams (revoked keys and grants, keys without the stream scope). */
  dead: string[];
  /** The plan and entitlement version read with the change, where the change read them. */
  seen?: { plan: Plan; version: number };
}

export interface GateChange {
  /** Dead credentials that had streams: their holders close them. */
  closeCredentials: string[];
  /** Slots over a lowered plan (the newest), removed: their holders close them. */
  over: Shed[];
  /** Every holder of a stream removed by this change or still open. */
  holders: string[];
  plan: Plan;
}

/** Why a revoked credential's stream ends (1008): its key, or the OAuth grant its browser token was minted for. */
export const revokedReason = (credential: string) =>
  credential.startsWith("grant:") ? "app access revoked" : "api key revoked";

/** Why a stream ends when its slot is gone, as the WebSocket close reason (1008) says it. */
export const slotGoneReason = (v: Exclude<SlotVerdict, "ok">, credential = "key:") =>
  v === "revoked" ? revokedReason(credential) : "connection budget of the plan lowered";
