// What every MCP tool is: an input schema, an output schema (what its structuredContent satisfies), and a handler
// that calls the same query functions as the REST routes. Transport-agnostic; src/mcp/server.ts registers them.
import { z } from "zod";
import { SPORTS, type Sport } from "../../core/domain/codes";
import { IdParam, SportParam } from "../../core/domain/schemas";
import type { Db } from "../../core/db/client";
import type { Principal } from "../../core/auth/principal";
import type { Plan } from "../../core/domain/codes";
import type { Tracked } from "../../core/db/queries/visibility";

/** What a call was admitted with (src/mcp/gate.ts): who, under which plan, seeing which leagues, reading what. */
export interface ToolContext {
  db: Db;
  principal: Principal;
  plan: Plan;
  /** The account's tracked leagues, read for this call, as every read binds them (src/core/db/queries/visibility.ts). */
  leagues: Tracked;
  /** The account's entitlement version read with them (results are kept per account and version). */
  entitlementVersion: number;
  /** The data version read for this call (null: unknown); results are reused only while it stands. */
  dataVersion: string | null;
  now: Date;
}

/** A failure the caller should see as a tool error (not found, nothing yet), not a protocol error. */
export class ToolError extends Error {}

export interface Tool<S extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  input: S;
  /** MCP requires an object at the root of an outputSchema. */
  output: O;
  run(ctx: ToolContext, input: z.output<S>): Promise<{ structured: z.output<O>; text: string }>;
  /**
   * MCP Apps (extension `io.modelcontextprotocol/ui`): the `ui://` resource hosts render this tool's result in, and
   * who may call it (`["app"]`: only that app, through its host; hosts keep it from the model).
   */
  ui?: { resourceUri: string; visibility?: ("model" | "app")[] };
  /** The result carries a new credential: run on every call, never served from the result cache. */
  uncached?: true;
}
export const tool = <S extends z.ZodObject, O extends z.ZodObject>(t: Tool<S, O>) => t as unknown as Tool;

export const MatchRef = z.object({ match_id: IdParam.describe("Match id, e.g. from get_matches.") });

export const SportInput = SportParam.optional().describe("`football` or `basketball`; omit for both.");
export const sportsOf = (sport?: Sport): Sport[] => (sport ? [sport] : [...SPORTS]);

export const matchNotFound = (id: string) =>
  new ToolError(`match ${id} not found (unknown, or in a league this account does not track)`);
