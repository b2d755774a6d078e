// POST /v1/tokens (docs/security-and-limits.md "Browser tokens"): a customer's server exchanges its secret key for a
// short-lived browser token. Keys only (a token never mints a token); no CORS here, and the preflight is refused
// (src/http/cors.ts): a secret key has no business in a browser. The request spends the account's REST budget.
import { createRoute } from "@hono/zod-openapi";
import type { KeyPrincipal } from "../core/auth/principal";
import { keyParent, MintedToken, mintToken, TokenRequest } from "../core/auth/tokens";
import { requireKey } from "../http/require-key";
import { apiRouter, capJson, jsonBody, KEY_SECURITY, keyedReadErrors, problem, requestId } from "../http/openapi-route";

export const tokenRoutes = apiRouter();
tokenRoutes.use(requireKey(null, false, true));
tokenRoutes.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createBrowserToken",
    summary: "Mint a short-lived browser token from a secret key",
    description:
      "Call it from your server with a secret key, never from a browser (no CORS). The token (`tk_…`) works wherever " +
      "a key does except `/v1/mcp` and `/v1/tokens`: REST reads, WebSockets and SSE, with at most the key's scopes " +
      "(never `mcp:invoke`), optionally only some matches or leagues, for 60–900 s; it spends the account's budget and " +
      "dies with its key (within 2 s; its streams close within 5 s).",
    tags: ["Browser tokens"],
    security: KEY_SECURITY,
    middleware: [capJson(8 * 1024)],
    request: { body: jsonBody(TokenRequest) },
    responses: {
      201: {
        description: "The token. Hand it to the page; mint a new one before `expires_at`.",
        headers: requestId,
        content: { "application/json": { schema: MintedToken } },
      },
      ...keyedReadErrors(),
      413: problem("The JSON body is larger than 8 KiB."),
      415: problem("The body is not `application/json`."),
    },
  }),
  async (c) => {
    // requireKey with keysOnly: the principal is a key's.
    const minted = await mintToken(c.env, keyParent(c.get("principal") as KeyPrincipal), c.req.valid("json"));
    return c.json(minted, 201, { "cache-control": "no-store" });
  },
);
