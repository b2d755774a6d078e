// RFC 9457 problem+json: the one shape every error of every HTTP surface has (app.onError, the front door, MCP).
import type { ProblemCode } from "../core/errors";

export const REASON: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  421: "Misdirected Request",
  426: "Upgrade Required",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export function problemResponse(
  status: number,
  code: ProblemCode,
  detail: string,
  requestId?: string,
  headers: Record<string, string> = {},
): Response {
  const body = {
    type: "about:blank",
    title: REASON[status] ?? "Error",
    status,
    code,
    detail,
    ...(requestId ? { request_id: requestId } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json; charset=utf-8", ...headers },
  });
}
