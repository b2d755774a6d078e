// The account gate's stream slots as a state machine, checked against a model over random sequences of admissions,
// confirmations, releases, revocations and plan changes (fast-check commands, against the real Durable Object).
// Replay a failure with FUZZ_SEED=<seed printed below>.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PLAN_LIMITS, PLANS, type Plan } from "../../src/core/domain/codes";
import type { SlotKind } from "../../src/core/limits/slots";

type Gate = ReturnType<typeof env.ACCOUNT_GATE.getByName>;
interface Model {
  dead: Set<string>;
  /** Open slots in admission order (the oldest first). */
  slots: { id: string; credential: string }[];
  /** Slots removed, and why. */
  gone: Map<string, { credential: string; why: "revoked" | "over" | "released" }>;
  plan: Plan;
  version: number;
}
interface Real {
  gate: Gate;
  next: number;
}

const CREDENTIALS = ["key:a", "key:b", "grant:c"];
const limit = (m: Model) => PLAN_LIMITS[m.plan].streams;

class Admit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly credential: string,
    readonly kind: SlotKind,
    readonly seen: { plan: Plan; version: number },
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const slotId = `s${r.next++}`;
    const got = await r.gate.admit({
      slotId,
      kind: this.kind,
      credential: this.credential,
      holder: "hub:x",
      // A plain copy: fast-check's generated records carry a symbol that RPC cannot clone.
      seen: { plan: this.seen.plan, version: this.seen.version },
    });
    if (this.seen.version > m.version) [m.plan, m.version] = [this.seen.plan, this.seen.version];
    // A lower plan learned from an admission sheds the newest slots over it at once, as an update would.
    const over = m.slots.slice(limit(m));
    for (const s of over) m.gone.set(s.id, { credential: s.credential, why: "over" });
    m.slots = m.slots.slice(0, limit(m));
    expect(got.over.map((o) => o.id)).toEqual(over.map((s) => s.id));
    const expected = m.dead.has(this.credential) ? "revoked" : m.slots.length >= limit(m) ? "full" : "ok";
    expect(got.ok ? "ok" : got.reason).toBe(expected);
    expect(got.limit).toBe(limit(m));
    if (got.ok) m.slots.push({ id: slotId, credential: this.credential });
  }
  toString = () => `admit(${this.credential}, ${this.kind}, ${this.seen.plan}@${this.seen.version})`;
}

class Update implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly dead: string[],
    readonly seen: { plan: Plan; version: number },
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const seen = { plan: this.seen.plan, version: this.seen.version };
    const change = await r.gate.update({ dead: [...this.dead], seen });
    for (const c of this.dead) m.dead.add(c);
    const closing = m.slots.filter((s) => m.dead.has(s.credential));
    for (const s of closing) m.gone.set(s.id, { credential: s.credential, why: "revoked" });
    m.slots = m.slots.filter((s) => !m.dead.has(s.credential));
    expect(change.closeCredentials.sort()).toEqual([...new Set(closing.map((s) => s.credential))].sort());
    if (this.seen.version > m.version) [m.plan, m.version] = [this.seen.plan, this.seen.version];
    const over = m.slots.slice(limit(m));
    for (const s of over) m.gone.set(s.id, { credential: s.credential, why: "over" });
    m.slots = m.slots.slice(0, limit(m));
    // The newest go first; what stays never exceeds the plan.
    expect(change.over.map((o) => o.id)).toEqual(over.map((s) => s.id));
    expect(change.plan).toBe(m.plan);
  }
  toString = () => `update(dead=${this.dead}, ${this.seen.plan}@${this.seen.version})`;
}

class ConfirmAll implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    for (const s of m.slots) expect(await r.gate.confirm(s.id, s.credential)).toBe("ok");
    for (const [id, g] of m.gone) {
      const verdict = await r.gate.confirm(id, g.credential);
      // A slot removed for any reason answers "revoked" once its credential is dead, else "over".
      expect(verdict).toBe(m.dead.has(g.credential) ? "revoked" : "over");
    }
    expect(m.slots.length).toBeLessThanOrEqual(limit(m));
  }
  toString = () => "confirmAll";
}

class Release implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.slots.length > 0;
  async run(m: Model, r: Real) {
    const s = m.slots[this.index % m.slots.length]!;
    await r.gate.release(s.id);
    m.slots = m.slots.filter((x) => x.id !== s.id);
    m.gone.set(s.id, { credential: s.credential, why: "released" });
  }
  toString = () => `release(#${this.index})`;
}

const seen = fc.record({ plan: fc.constantFrom(...PLANS), version: fc.integer({ min: 1, max: 12 }) });
const commands = [
  fc
    .tuple(fc.constantFrom(...CREDENTIALS), fc.constantFrom<SlotKind>("websocket", "sse", "listen"), seen)
    .map(([c, k, s]) => new Admit(c, k, s)),
  fc.tuple(fc.subarray(CREDENTIALS, { maxLength: 1 }), seen).map(([d, s]) => new Update(d, s)),
  fc.nat(50).map((i) => new Release(i)),
  fc.constant(new ConfirmAll()),
];

const seed = Number(env.FUZZ_SEED) || Date.now() % 2 ** 31;
let run = 0;

describe("AccountGate slots against a model", () => {
  it(`admission, revocation and plan changes keep the model's invariants (seed ${seed})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (cmds) => {
        const gate = env.ACCOUNT_GATE.getByName(`model-${seed}-${run++}`);
        const model: Model = { dead: new Set(), slots: [], gone: new Map(), plan: "trial", version: 0 };
        await fc.asyncModelRun(() => ({ model, real: { gate, next: 0 } }), [...cmds, new ConfirmAll()]);
      }),
      { numRuns: 40, seed },
    );
  });
});
