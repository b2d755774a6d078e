// Webhook receivers for the Workers-pool tests: outbound fetches to RECEIVER (loopback, so the URL rules of the local
// environment accept it) are answered here, in the test's isolate, and recorded; anything else goes out unchanged.
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { admin } from "./admin";

export const RECEIVER = "http://127.0.0.1:9";

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  json: any;
  redirect: string | undefined;
  /** performance.now() when the request arrived (the real clock: tests fake Date). */
  at: number;
}

type Behaviour = (r: Received, signal?: AbortSignal) => Response | Promise<Response>;

/** Resolves after `ms`, or rejects like fetch does when `signal` aborts first (the delivery timeout). */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)));
  });

export function fakeReceivers() {
  const received: Received[] = [];
  /** Non-loopback URLs a delivery tried: answered with a network error here, never sent. */
  const outside: string[] = [];
  const behaviours = new Map<string, Behaviour>();
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(RECEIVER)) {
      const host = new URL(url).hostname;
      if (host === "127.0.0.1" || host === "localhost" || host === "[::1]") return real(input, init);
      outside.push(url);
      throw new TypeError(`test receivers: refused to send to ${url}`);
    }
    const body = typeof init?.body === "string" ? init.body : "";
    const r: Received = {
      path: new URL(url).pathname,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body,
      json: body ? JSON.parse(body) : undefined,
      redirect: init?.redirect,
      at: performance.now(),
    };
    received.push(r);
    const behave = behaviours.get(r.path) ?? (() => new Response("ok"));
    return behave(r, init?.signal ?? undefined);
  });
  return {
    received,
    outside,
    /** How the receiver at `path` answers (default: 200 "ok"). */
    on: (path: string, b: Behaviour) => behaviours.set(path, b),
    at: (path: string) => received.filter((r) => r.path === path),
    restore: () => spy.mockRestore(),
  };
}

export async function waitFor<T>(get: () => T | Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function createWebhook(accountId: string, body: Record<string, unknown>) {
  const res = await admin("POST", `/accounts/${accountId}/webhooks`, body);
  if (res.status !== 201) throw new Error(`webhook creation failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; secret: string; [k: string]: unknown };
}

export async function attempts(webhookId: string): Promise<any[]> {
  return ((await (await admin("GET", `/webhooks/${webhookId}/attempts`)).json()) as any).data;
}

export const dbRow = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<any>();
