// One error path: handlers and services throw ApiError; the HTTP surfaces render it as RFC 9457 problem+json
// (src/http/problem.ts).
/** Every `code` a problem+json body carries; the Problem schema (src/core/domain/schemas.ts) documents these. */
export const PROBLEM_CODES = [
  "invalid_api_key",
  "wrong_environment",
  "insufficient_scope",
  "invalid_token",
  "invalid_request",
  "not_found",
  "no_data",
  "rate_limited",
  "plan_limit",
  "token_restricted",
  "cursor_expired",
  "test_only",
  "replay_limit",
  "not_finished",
  "no_timeline",
  "internal",
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const INVALID_KEY_DETAIL = "missing or invalid api key";
/**
 * The challenge every 401 of the key-protected API carries (RFC 9110 §15.5.2 requires one): keys go as
 * `Authorization: Bearer`, `X-API-Key` or `?api_key=`; `error` as in RFC 6750 §3.1.
 */
export const keyChallenge = (error: "invalid_token" | "insufficient_scope", scope?: string) => ({
  "www-authenticate": `Bearer realm="api", error="${error}"${scope ? `, scope="${scope}"` : ""}`,
});
export const invalidKey = () => new ApiError(401, "invalid_api_key", INVALID_KEY_DETAIL, keyChallenge("invalid_token"));
export const notFound = (what = "resource") => new ApiError(404, "not_found", `${what} not found`);
/** 404 no_data: the thing exists, this part of it does not (yet). `detail` says which part, of what. */
export const noData = (what: string, of = "for this match yet") => new ApiError(404, "no_data", `no ${what} ${of}`);
export const badRequest = (param: string, why: string) =>
  new ApiError(400, "invalid_request", `invalid \`${param}\`: ${why}`);
