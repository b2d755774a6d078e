// Tool results in the isolate's memory, like the REST response cache (src/api/cache.ts): a result depends on the
// tool, its arguments, the account's entitlement (tracked leagues), the data and the UTC day (`today`, "around now"), so it is
// reused only while the data version the call read still stands. The caller is still admitted on every call (key,
// plan, budget); what a hit saves is the queries and the rendering.
import { ByteLru } from "../lib/lru";
import type { ToolContext } from "./tools/define";
import { utcDay } from "../lib/time";

const MAX_ENTRY_CHARS = 256 * 1024;
const results = new ByteLru<string>(8 * 1024 * 1024);

/** `run`'s result for this call, or a copy of the one an identical call got while the data stood still. */
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
  // A copy each time: nothing downstream can change what the next caller gets.
  if (hit !== undefined) return JSON.parse(hit) as R;
  const result = await run();
  if (!("isError" in result && result.isError)) {
    const json = JSON.stringify(result);
    if (json.length <= MAX_ENTRY_CHARS) results.set(key, json, (json.length + key.length) * 2);
  }
  return result;
}

/** For tests: how many results are kept. */
export const cachedResults = () => results.size;
