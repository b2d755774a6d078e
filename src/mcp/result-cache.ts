// Tool results in the isolate's memory, like the REST response cache (src/api/cache.ts): a result depends on the
// tool, its arguments, the account's entitlement (tracked leagues), the data and the UTC day (`today`, "around now"), so it is
// reused only while the data version the call read still stands. The caller is still admitted on every call (key,
// plan, budget); what a hit saves is the queries and the rendering.
import { ByteLru } from "../lib/lru";
import type { ToolContext } from "./tools/define";
import { utcDay } from "../lib/time";

const MAX_ENTRY_CHARS = 256 * 1024;
const results = new ByteLru<object>(8 * 1024 * 1024);

/** `value` and everything it holds, frozen: a write to any part of it throws (modules run in strict mode). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * `run`'s result for this call, or the one an identical call got while the data stood still. A kept result is a
 * frozen copy, handed to every later caller as it is: nothing downstream can change what the next caller gets (the
 * SDK builds its answer from a result without writing to it), and a hit costs no copy.
 */
export async function memoized<R extends object>(
  tool: string,
  ctx: ToolContext,
  input: Record<string, unknown>,
  run: () => Promise<R>,
): Promise<R> {
  if (ctx.dataVersion === null) return run();
  // Per account and entitlement version, as REST's (src/api/cache.ts): the data may be newer than the account
  // record the call was admitted with, so a result must not reach another account with the same leagues.
  const key = [
    ctx.dataVersion,
    `${ctx.principal.accountId}:${ctx.entitlementVersion}`,
    utcDay(ctx.now.getTime()),
    tool,
    JSON.stringify(input),
  ].join("\n");
  const hit = results.get(key);
  if (hit !== undefined) return hit as R;
  const result = await run();
  if ("isError" in result && result.isError) return result;
  const json = JSON.stringify(result);
  if (json.length > MAX_ENTRY_CHARS) return result;
  // A copy, so that nothing the tool's result shares with other code (a cached league, say) is frozen with it.
  const kept = deepFreeze(JSON.parse(json) as R);
  results.set(key, kept, (json.length + key.length) * 2);
  return kept;
}

/** For tests: how many results are kept. */
export const cachedResults = () => results.size;

/** For tests: forget every kept result. */
export const clearResults = () => results.clear();
