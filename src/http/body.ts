// Size cap for request bodies that anyone can send (dashboard forms, /oauth/*), applied in the front door before any
// handler parses them.
import { problemResponse } from "./problem";

export const UNAUTHENTICATED_BODY_MAX = 64 * 1024;

/** Dashboard forms and /oauth/* (sign-in, consent, token, registration) take bodies before any authentication. */
export const takesUnauthenticatedBody = (pathname: string) =>
  pathname === "/dashboard" || pathname.startsWith("/dashboard/") || pathname.startsWith("/oauth/");

const tooLarge = (max: number) => problemResponse(413, "invalid_request", `body larger than ${max} bytes`);

/**
 * The request with its body read into memory, at most `max` bytes, or a 413. Without it a 30 MB form is parsed in
 * full by an unauthenticated request (memory and CPU exhaustion). Both a declared Content-Length and the bytes that
 * actually arrive are checked: a chunked body has no length to trust, so the stream is read and dropped at the limit.
 */
export async function capBody(request: Request, max = UNAUTHENTICATED_BODY_MAX): Promise<Request | Response> {
  if (!request.body) return request;
  if (Number(request.headers.get("content-length") ?? 0) > max) {
    await request.body.cancel();
    return tooLarge(max);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.byteLength;
    if (size > max) {
      await reader.cancel();
      return tooLarge(max);
    }
    chunks.push(r.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) (body.set(c, at), (at += c.byteLength));
  return new Request(request, { body });
}
