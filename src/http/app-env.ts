import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { Sport } from "../core/domain/codes";
import type { Scope, Plan } from "../core/domain/codes";
import type { Db } from "../core/db/client";

/** Who is calling. Set by the key check; rate limiting, WebSockets and MCP reuse it. */
export interface AuthContext {
  type: "api_key" | "oauth";
  accountId: string;
  keyId?: string;
  scopes: Scope[];
  plan: Plan;
  /** API keys: the account's entitlement version the key check read (socket holders reload anything older). */
  entitlementVersion?: number;
}

/**
 * Who an MCP request is, as its own credentials say. Plan and leagues are read at use (src/core/auth/entitlements.ts), so
 * nothing a session or an OAuth grant carries can decide them; `plan`, `tracked` (league ids, comma-separated) and
 * `entitlementVersion` are set only for API keys, from this request's own key check (its record at most 2 s old).
 */
export type Principal = Pick<AuthContext, "type" | "accountId" | "keyId"> & {
  plan?: Plan;
  tracked?: string;
  entitlementVersion?: number;
};

export interface AppEnv {
  /** OAUTH_PROVIDER: helpers the OAuth provider puts on the env of its default handler (this app). */
  Bindings: Env & { OAUTH_PROVIDER: OAuthHelpers };
  Variables: {
    requestId: string;
    auth: AuthContext;
    /** The request's D1 session (set by the key check: at least as recent as readScope.dataVersion). */
    db: Db;
    /** Tracked leagues and data version seen by the key check (the response cache's key). */
    readScope: { tracked: string; dataVersion: string | null };
    sport: Sport;
    /** Rate-limit headers decided for this request, applied to whatever response it gets. */
    rate: Record<string, string>;
  };
}
