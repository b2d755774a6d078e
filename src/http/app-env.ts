import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { ApiPrincipal } from "../core/auth/principal";
import type { Scope, Sport } from "../core/domain/codes";
import type { Db } from "../core/db/client";
import type { Tracked } from "../core/db/queries/visibility";
import type { AppBindings } from "./warm-start";

/** The Hono app's bindings and per-request variables, declared once. */
export interface AppEnv {
  /** The Worker's bindings; for a read the warm read left to the app, with what it learned (./warm-start.ts). */
  Bindings: AppBindings;
  Variables: {
    requestId: string;
    /** Who is calling (src/http/require-key.ts): a key or a browser token; set once, read by every later check. */
    principal: ApiPrincipal;
    /** The principal's tracked leagues as every read binds them (src/core/db/queries/visibility.ts): the one source. */
    leagues: Tracked;
    /** The request's D1 session (at least as recent as readScope.dataVersion). */
    db: Db;
    /** What the caller may see as the key check read it, and the data version: the response caches' key. */
    readScope: {
      tracked: string;
      dataVersion: string | null;
      entitlementVersion: number;
      /** The key step's check, when a cached answer may be served without the app (src/api/warm-read.ts). */
      warm?: { scope: Scope | null };
    };
    sport: Sport;
    /** Rate-limit headers decided for this request, applied to whatever response it gets. */
    rate: Record<string, string>;
    /** The OAuth provider's helpers, for the pages that manage grants (consent, the dashboard's apps). */
    oauth: OAuthHelpers;
  };
}
