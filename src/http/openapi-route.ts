// What every documented route shares: the router (its validation hook turns the first problem into a 400 naming the
// parameter), the JSON body cap, and the responses and headers the code actually sends, by status.
import { createRoute, OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { HeadersObject } from "openapi3-ts/oas31";
import { createMiddleware } from "hono/factory";
import { Problem } from "../core/domain/schemas";
import type { AppEnv } from "./app-env";
import { ApiError, badRequest } from "../core/errors";

/** A router whose validators answer the first problem as 400 invalid_request naming the parameter. */
export const apiRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const issue = result.error.issues[0]!;
      // An unknown field of a strict body names itself, not the object around it.
      const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]!] : issue.path;
      throw badRequest(path.length > 0 ? path.join(".") : "value", issue.message);
    },
  });

const BODY_MAX_BYTES = 64 * 1024;

/**
 * Reads a JSON body up to `maxBytes` (413 past it, so a huge body cannot exhaust memory) and parses it once (400
 * naming `body` when it is not JSON); the route's validator then checks the parsed value.
 */
export const capJson = (maxBytes = BODY_MAX_BYTES) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const tooLarge = () => new ApiError(413, "invalid_request", `body larger than ${maxBytes} bytes`);
    if (Number(c.req.header("content-length") ?? 0) > maxBytes) throw tooLarge();
    const text = await c.req.text();
    if (text.length > maxBytes) throw tooLarge();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest("body", "expected a JSON object");
    }
    c.req.bodyCache.json = Promise.resolve(parsed);
    await next();
  });

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

// ---------- headers (components, see src/api/documents/openapi.ts) ----------
const headerRef = (name: keyof typeof HEADER_COMPONENTS) => ({ $ref: `#/components/headers/${name}` });
export const HEADER_COMPONENTS = {
  RequestId: {
    required: true,
    description: "Id of this request (also `request_id` in problems); quote it to support.",
    schema: { type: "string" },
  },
  RateLimitLimit: {
    required: true,
    description: "Requests per minute the key's plan allows.",
    schema: { type: "integer" },
  },
  RateLimitRemaining: {
    required: true,
    description: "Requests left in the current window.",
    schema: { type: "integer" },
  },
  RateLimitReset: {
    required: true,
    description: "When the window resets, Unix epoch seconds.",
    schema: { type: "integer" },
  },
  RateLimitPolicy: {
    required: true,
    description: 'IETF `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers): `"rest";q=<limit>;w=60`.',
    schema: { type: "string" },
  },
  RateLimit: {
    required: true,
    description: 'IETF `RateLimit`: `"rest";r=<remaining>;t=<seconds until reset>`.',
    schema: { type: "string" },
  },
  RetryAfter: { required: true, description: "Seconds to wait before trying again.", schema: { type: "integer" } },
  ETag: { required: true, description: "Send it back as `If-None-Match` to get 304.", schema: { type: "string" } },
  WwwAuthenticate: {
    required: true,
    description:
      'The challenge (RFC 9110 §15.5.2): `Bearer realm="api", error="invalid_token"`, or `error="insufficient_scope", scope="<scope>"`.',
    schema: { type: "string" },
  },
} as const;

/** Every response carries X-Request-Id. */
const requestId: Headers = { "X-Request-Id": headerRef("RequestId") };
/** Responses after the key check carry the key's budget (docs/security-and-limits.md "Plans and rate limits"). */
const rated: Headers = {
  ...requestId,
  "X-RateLimit-Limit": headerRef("RateLimitLimit"),
  "X-RateLimit-Remaining": headerRef("RateLimitRemaining"),
  "X-RateLimit-Reset": headerRef("RateLimitReset"),
  "RateLimit-Policy": headerRef("RateLimitPolicy"),
  RateLimit: headerRef("RateLimit"),
};

type Headers = HeadersObject;

const problem = (description: string, headers: Headers = requestId) => ({
  description,
  headers,
  content: { "application/problem+json": { schema: Problem } },
});

/** The problem responses of a key-protected read; `noData`: it may answer 404 no_data. */
export function keyedReadErrors(noData = false) {
  return {
    400: problem("invalid_request: a path or query value is invalid; `detail` names the parameter.", rated),
    401: problem("invalid_api_key (`missing or invalid api key`), wrong_environment or insufficient_scope.", {
      ...requestId,
      "WWW-Authenticate": headerRef("WwwAuthenticate"),
    }),
    404: problem(
      noData
        ? "not_found (unknown or untracked), or no_data (exists, nothing of this kind yet)."
        : "not_found: unknown id, unknown sport or untracked league.",
      rated,
    ),
    421: problem("Misdirected Request: the Host is not this deployment's (DNS-rebinding defence)."),
    429: problem("rate_limited: the key's budget for this minute is used up; a refused request did no other work.", {
      ...rated,
      "Retry-After": headerRef("RetryAfter"),
    }),
    500: problem("internal: quote `request_id`.", rated),
  } as const;
}

/** 200 with a JSON body of `schema`, and the 304 a matching If-None-Match gets. */
export const cachedOk = <T extends z.ZodType>(schema: T) =>
  ({
    200: {
      description: "OK",
      headers: { ...rated, ETag: headerRef("ETag") },
      content: { "application/json": { schema } },
    },
    304: {
      description: "Not Modified: the representation matches If-None-Match.",
      headers: { ...rated, ETag: headerRef("ETag") },
    },
  }) as const;

/** Problem responses of the operator API (ADMIN_TOKEN). */
export const adminErrors = {
  400: problem("invalid_request: `detail` names the parameter (e.g. `url` refused by the URL rules)."),
  401: problem("invalid_token: missing or wrong admin token.", {
    ...requestId,
    "WWW-Authenticate": { description: "`Bearer`", schema: { type: "string" as const } },
  }),
  404: problem("not_found: unknown account or endpoint."),
  413: problem("The JSON body is larger than 64 KiB."),
  415: problem("The body is not `application/json`."),
} as const;

export { problem, rated, requestId };

/** The three key transports (docs/security-and-limits.md "API keys"); any one of them. */
export const KEY_SECURITY: Record<string, string[]>[] = [{ ApiKeyHeader: [] }, { Bearer: [] }, { ApiKeyQuery: [] }];

/** Operations are tagged, and their ids suffixed, by sport: `Football`, `Basketball`. */
export const sportTag = (sport: string) => sport[0]!.toUpperCase() + sport.slice(1);

/** Responses of the internal (undocumented) operations: their handlers answer JSON or 204; errors are problems. */
export const INTERNAL_RESPONSES = {
  200: { description: "OK" },
  201: { description: "Created" },
  204: { description: "No Content" },
} as const;

/**
 * The GET routes of one sport's read router: scope `scope` in the description, the key's security, the sport's tag and
 * operationId suffix, a cached 200 of `schema` and the shared error responses (`noDataToo`: 404 no_data as well).
 * `middleware` runs per route, for a router whose middlewares cannot be `use`d for every path it is mounted under.
 */
export const keyedReads =
  (sport: string, scope: string, middleware?: RouteConfig["middleware"]) =>
  <P extends string, Req extends NonNullable<RouteConfig["request"]>>(
    path: P,
    operationId: string,
    summary: string,
    request: Req,
    schema: z.ZodType,
    noDataToo = false,
  ) =>
    createRoute({
      method: "get",
      path,
      operationId: `${operationId}${sportTag(sport)}`,
      summary,
      description: `Requires scope \`${scope}\`.`,
      tags: [sportTag(sport)],
      security: KEY_SECURITY,
      ...(middleware ? { middleware } : {}),
      request,
      responses: { ...cachedOk(schema), ...keyedReadErrors(noDataToo) },
    });
