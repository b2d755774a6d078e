// AccountGate: one per account (getByName(account id)), the Durable Object shell of the account gate
// (src/core/limits/gate.ts: budgets, stream slots, credential liveness and the plan, with its I/O handed in). The
// shell hands it the object's storage, alarm and clock and this deployment's plan limits, and forwards every call.
import { DurableObject } from "cloudflare:workers";
import { Gate } from "../src/core/limits/gate";
import type { Lease } from "../src/core/limits/lease";
import { limitsOf } from "../src/core/limits/plans";
import type { RateDecision, UsageMinute } from "../src/core/limits/rate";
import type { Admission, GateChange, GateUpdate, SlotKind, SlotRequest, SlotVerdict } from "../src/core/limits/slots";

export class AccountGate extends DurableObject<Env> {
  private readonly gate: Gate;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.gate = new Gate({
      sql: ctx.storage.sql,
      kv: ctx.storage,
      setAlarm: (at) => void ctx.storage.setAlarm(at),
      now: () => Date.now(),
      streamsOf: (plan) => limitsOf(env, plan).streams,
    });
  }

  hit(bucket: string, limit: number, now?: number): Promise<RateDecision> {
    return this.gate.hit(bucket, limit, now);
  }

  take(
    bucket: string,
    limit: number,
    want: number,
    now?: number,
    settle?: { start: number; unused: number },
    seen?: string[],
  ): Promise<Lease> {
    return this.gate.take(bucket, limit, want, now, settle, seen);
  }

  override alarm(): Promise<void> {
    return this.gate.alarm();
  }

  usage(): Promise<UsageMinute[]> {
    return this.gate.usage();
  }

  admit(r: SlotRequest): Promise<Admission> {
    return this.gate.admit(r);
  }

  confirm(slotId: string, credential: string): Promise<SlotVerdict> {
    return this.gate.confirm(slotId, credential);
  }

  release(slotId: string): Promise<void> {
    return this.gate.release(slotId);
  }

  update(u: GateUpdate): Promise<GateChange> {
    return this.gate.update(u);
  }

  holders(): string[] {
    return this.gate.holders();
  }

  lastUsed(): Promise<Record<string, number>> {
    return this.gate.lastUsed();
  }

  openStreams(): Promise<Record<SlotKind, number>> {
    return this.gate.openStreams();
  }
}
