import { exports } from "cloudflare:workers";

let agents = 0;
/** A distinct client address per agent (TEST-NET-2), so per-IP sign-up and sign-in budgets are per simulated user. */
export const testIp = () => `198.51.${(++agents >> 8) & 255}.${agents & 255}`;

/** A minimal cookie-keeping client for the server-rendered dashboard. */
export class Agent {
  cookies = new Map<string, string>();
  constructor(
    readonly origin = "http://127.0.0.1:8787",
    /** null: no cf-connecting-ip header at all. */
    readonly ip: string | null = testIp(),
  ) {}

  async request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.ip && !headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", this.ip);
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await exports.default.fetch(`${this.origin}${path}`, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = pair!.split("=");
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name!);
      else this.cookies.set(name!, value!);
    }
    return res;
  }

  get(path: string) {
    return this.request(path);
  }

  /** Posts a form; `origin` false leaves the Origin header out (older clients). */
  post(path: string, fields: Record<string, string | string[]>, opts: { origin?: string | false } = {}) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (opts.origin !== false) headers.origin = opts.origin ?? this.origin;
    return this.request(path, { method: "POST", body, headers });
  }

  /** The CSRF token of the first form on a page. */
  async csrf(path: string): Promise<string> {
    const html = await (await this.get(path)).text();
    const m = /name="_csrf" value="([^"]+)"/.exec(html);
    if (!m) throw new Error(`no CSRF token on ${path}`);
    return m[1]!;
  }

  async signUp(email: string, password = "correct horse battery") {
    const _csrf = await this.csrf("/dashboard/sign-up");
    return this.post("/dashboard/sign-up", { email, password, _csrf });
  }

  async signIn(email: string, password: string) {
    const _csrf = await this.csrf("/dashboard/sign-in");
    return this.post("/dashboard/sign-in", { email, password, _csrf });
  }
}

/** A new dashboard account, signed in (sign-up answers 303 to the dashboard). */
export async function signedUp(email: string, password?: string): Promise<Agent> {
  const a = new Agent();
  const res = await a.signUp(email, password);
  if (res.status !== 303) throw new Error(`sign-up of ${email}: ${res.status}`);
  return a;
}
