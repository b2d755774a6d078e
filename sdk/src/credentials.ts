// How calls authenticate: a secret key (servers), or a provider of short-lived browser tokens that the customer's own
// server mints with POST /v1/tokens. Keys and tokens travel the same way (X-API-Key, or ?api_key= on WebSockets).

/** POST /v1/tokens's answer, or the part of it a provider needs to hand over. */
export interface IssuedToken {
  token: string;
  /** RFC 3339; the SDK fetches the next token before this. */
  expires_at: string;
}

/** Asks your server for a token. A bare string is used until the API refuses it (401), then asked for again. */
export type TokenProvider = () => Promise<IssuedToken | string>;

/** Exactly one: a key (never ship a secret key to a browser) or a token provider. */
export type Auth = { apiKey: string; token?: undefined } | { token: TokenProvider; apiKey?: undefined };

export interface Credential {
  /** A credential with life left in it: the held token, or a new one when the held one is close to expiry. */
  current(): Promise<string>;
  /** After a refusal (401, a 1008 close): a new token, or null when asking again cannot help (a key). */
  renew(): Promise<string | null>;
}

// Refresh ahead of expiry, so a token is never sent that dies on the way or mid-retry: when less than 30 s or a tenth
// of its lifetime is left, whichever is more.
const MIN_MARGIN_MS = 30_000;

export function credential(auth: Auth, now: () => number = Date.now): Credential {
  if (typeof auth.apiKey === "string") {
    const key = auth.apiKey;
    return { current: async () => key, renew: async () => null };
  }
  const provide = auth.token;
  if (typeof provide !== "function") throw new TypeError("pass either apiKey or a token provider");
  let held: { value: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const load = async () => {
    const issued = await provide();
    if (typeof issued === "string") {
      held = { value: issued, refreshAt: Infinity };
      return issued;
    }
    const expires = Date.parse(issued?.expires_at);
    if (typeof issued?.token !== "string" || Number.isNaN(expires))
      throw new TypeError("the token provider must return { token, expires_at } or a token string");
    const margin = Math.max(MIN_MARGIN_MS, (expires - now()) / 10);
    held = { value: issued.token, refreshAt: expires - margin };
    return issued.token;
  };
  // One request to the provider at a time: a page with many calls in flight asks once.
  const fetchToken = () => (pending ??= load().finally(() => (pending = undefined)));

  return {
    current: async () => (held && now() < held.refreshAt ? held.value : fetchToken()),
    renew: async () => {
      held = undefined;
      return fetchToken();
    },
  };
}
