// One delivery attempt: a signed POST, 10 s for a 2xx, redirects never followed, a short excerpt of the answer kept.
import { DELIVERY_TIMEOUT_MS } from "./retry";
import { signatureHeader } from "./secrets";

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  latencyMs: number;
  excerpt: string | null;
}

const EXCERPT_CHARS = 200;
const EXCERPT_BYTES = 1024;

/** At most EXCERPT_CHARS printable characters of the body; the rest is never read (the receiver's data is not ours). */
async function excerptOf(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) (bytes.set(c, at), (at += c.byteLength));
  const text = new TextDecoder()
    .decode(bytes.slice(0, EXCERPT_BYTES))
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim();
  return text ? text.slice(0, EXCERPT_CHARS) : null;
}

const describe = (err: unknown, timeoutMs: number): string => {
  const name = err instanceof Error ? err.name : "";
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${timeoutMs / 1000} s`;
  const msg = err instanceof Error ? err.message : String(err);
  return `request failed: ${msg.slice(0, 150)}`;
};

export async function deliverOnce(
  url: URL,
  msg: { id: string; body: string },
  secrets: string[],
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<AttemptResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "sports-data-webhooks/1",
    "webhook-id": msg.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": await signatureHeader(secrets, msg.id, timestamp, msg.body),
  };
  const started = Date.now();
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // redirect "manual": a redirect is the receiver's answer, never a second request to wherever it points (a public
    // URL that answers 307 to 169.254.169.254 would otherwise walk around the URL rules).
    const res = await fetch(url, { method: "POST", headers, body: msg.body, redirect: "manual", signal });
    const latencyMs = Date.now() - started;
    const excerpt = await excerptOf(res).catch(() => null);
    const ok = res.status >= 200 && res.status < 300;
    let error: string | null = null;
    if (res.status >= 300 && res.status < 400) error = "redirect not followed";
    else if (!ok) error = `HTTP ${res.status}`;
    return { ok, status: res.status, error, latencyMs, excerpt };
  } catch (err) {
    return { ok: false, status: null, error: describe(err, timeoutMs), latencyMs: Date.now() - started, excerpt: null };
  }
}
