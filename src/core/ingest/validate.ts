// One validation for every source (docs/feeds.md "Validation"): the ops a provider's answer becomes pass the same
// schema as `POST /internal/ingest` (./ops.ts). The route refuses a batch with a bad value; a feed cannot ask its
// provider again, so a value that fails is dropped instead — made null, or left out, or the list item or op that
// holds it — and said in the feed status. Nothing that fails is stored or served.
import type { z } from "zod";
import { Op } from "./ops";

/** A value the validation dropped: the op's match (or entity), where in the op, and why. */
export interface DroppedValue {
  ref: string;
  path: string;
  reason: string;
}

type Json = Record<string | number, unknown>;
type Path = readonly PropertyKey[];

/** Issues at most this many times per op before the op itself is dropped (a value at a time). */
const MAX_REPAIRS = 64;

/** The ops that pass, with what failed taken out, and what was dropped. */
export function keepValid(ops: readonly unknown[]): { ops: Op[]; dropped: DroppedValue[] } {
  const out: Op[] = [];
  const dropped: DroppedValue[] = [];
  for (const raw of ops) {
    const { op, dropped: d } = repairOp(raw);
    if (op) out.push(op);
    dropped.push(...d);
  }
  return { ops: out, dropped };
}

function refOf(raw: unknown): string {
  const o = (raw && typeof raw === "object" ? raw : {}) as Json;
  const id = o.match_id ?? o.id;
  return `${typeof o.op === "string" ? o.op : "op"} ${typeof id === "string" ? id.slice(0, 64) : "?"}`;
}

function repairOp(raw: unknown): { op?: Op; dropped: DroppedValue[] } {
  const ref = refOf(raw);
  const dropped: DroppedValue[] = [];
  const first = Op.safeParse(raw);
  if (first.success) return { op: first.data, dropped };
  let cur = structuredClone(raw) as Json;
  const tried = new Map<string, number>();
  let issues: z.core.$ZodIssue[] = first.error.issues;
  for (let i = 0; i < MAX_REPAIRS; i++) {
    const issue = issues[0]!;
    const key = issue.path.map(String).join(".");
    const step = tried.get(key) ?? 0;
    tried.set(key, step + 1);
    if (step === 0) dropped.push({ ref, path: key || "(op)", reason: issue.message });
    const done = repair(cur, issue.path, step);
    if (!done) return { dropped: [...dropped, { ref, path: "(op)", reason: "dropped whole" }] };
    // A list item went: the items after it moved up, and their paths name other values now.
    if (done === "item") tried.clear();
    const next = Op.safeParse(cur);
    if (next.success) return { op: next.data, dropped };
    issues = next.error.issues;
  }
  return { dropped: [...dropped, { ref, path: "(op)", reason: "dropped whole" }] };
}

/**
 * Takes the failing value at `path` out, a step further each time the same path fails again: 0 → null (a nullable
 * field), 1 → left out (an optional one), 2 → the list item that holds it. False when only the whole op can go: a
 * key of the op (its kind, id, match or sport) or a required value outside any list.
 */
function repair(op: Json, path: Path, step: number): false | "value" | "item" {
  if (
    path.length === 0 ||
    (path.length === 1 && ["op", "id", "match_id", "sport", "league_id"].includes(String(path[0])))
  )
    return false;
  if (step <= 1) {
    const parent = at(op, path.slice(0, -1));
    const leaf = path.at(-1)!;
    if (!parent || typeof parent !== "object" || Array.isArray(parent)) return repair(op, path, 2);
    if (step === 0) (parent as Json)[leaf as string] = null;
    else delete (parent as Json)[leaf as string];
    return "value";
  }
  for (let i = path.length - 1; i >= 1; i--) {
    if (typeof path[i] !== "number") continue;
    const list = at(op, path.slice(0, i));
    if (!Array.isArray(list)) continue;
    list.splice(path[i] as number, 1);
    return "item";
  }
  return false;
}

function at(root: unknown, path: Path): unknown {
  let cur = root;
  for (const k of path) {
    if (!cur || typeof cur !== "object") return undefined;
    cur = (cur as Json)[k as string];
  }
  return cur;
}
