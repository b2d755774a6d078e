// Limits on dynamic client registration (RFC 7591), checked in front of the OAuth provider's /oauth/register: anyone
// may register, and every client is stored and shown on consent pages, so its size and rate are bounded here.
import { dbFor } from "../core/db/client";
import { problemResponse } from "./problem";
import { attempt, clientIp, HOUR_MS } from "../core/limits/attempts";

export const REGISTRATION_LIMITS = { redirectUris: 10, redirectUriLength: 2000, clientName: 200, perIpPerHour: 20 };

/** RFC 7591 §3.2.2 error response. */
const registrationError = (error: "invalid_redirect_uri" | "invalid_client_metadata", description: string) =>
  new Response(JSON.stringify({ error, error_description: description }), {
    status: 400,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

function oversized(metadata: Record<string, unknown>): Response | undefined {
  const { redirectUris, redirectUriLength, clientName } = REGISTRATION_LIMITS;
  const uris = metadata.redirect_uris;
  if (Array.isArray(uris)) {
    // Each redirect URI is stored with the client and matched on every authorization: bound the work and storage.
    if (uris.length > redirectUris)
      return registrationError("invalid_redirect_uri", `at most ${redirectUris} redirect_uris`);
    if (uris.some((u) => typeof u === "string" && u.length > redirectUriLength))
      return registrationError("invalid_redirect_uri", `each redirect URI has at most ${redirectUriLength} characters`);
  }
  // The name is shown to users on the consent page and the Apps page: bound what a stranger can put there.
  if (typeof metadata.client_name === "string" && metadata.client_name.length > clientName)
    return registrationError("invalid_client_metadata", `client_name has at most ${clientName} characters`);
  return undefined;
}

/**
 * `POST /oauth/register` with a body already capped in size: a 400 for oversized metadata, a 429 past the per-IP
 * budget, or the request to hand to the provider (which validates everything else). A body that is not a JSON object
 * goes on unchanged for the provider to refuse; it stores nothing, so it is not counted.
 */
export async function guardRegistration(request: Request, env: Env): Promise<Request | Response> {
  const text = await request.clone().text();
  let metadata: unknown;
  try {
    metadata = JSON.parse(text);
  } catch {
    return request;
  }
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return request;
  const refused = oversized(metadata as Record<string, unknown>);
  if (refused) return refused;
  // Registrations per client IP per hour: each one is a KV write, and a flood would fill storage and the Apps lists.
  const counted = await attempt(dbFor(env.DB), HOUR_MS, [
    { subject: `register-ip:${clientIp(request)}`, max: REGISTRATION_LIMITS.perIpPerHour },
  ]);
  if (!counted.ok) {
    const detail = `at most ${REGISTRATION_LIMITS.perIpPerHour} client registrations per hour from one address`;
    return problemResponse(429, "rate_limited", detail, undefined, { "retry-after": String(counted.retryAfterSec) });
  }
  return request;
}
