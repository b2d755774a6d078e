// The REST client: openapi-fetch typed by the generated `paths`, so every path, parameter and response body is
// checked against /v1/openapi.json at compile time.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { Credential } from "./credentials.js";
import type { paths } from "./generated/schema.js";

export type RestClient = Client<paths>;
export type { paths };

export function restClient(baseUrl: string, cred: Credential, fetchImpl: typeof fetch): RestClient {
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl });
  client.use(authenticate(cred, fetchImpl));
  return client;
}

/** Sends the credential as X-API-Key; on a 401, renews a token once and repeats the request with it. */
function authenticate(cred: Credential, fetchImpl: typeof fetch): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set("x-api-key", await cred.current());
      return request;
    },
    async onResponse({ request, response }) {
      if (response.status !== 401 || request.bodyUsed) return undefined;
      const fresh = await cred.renew();
      if (fresh === null) return undefined;
      await response.body?.cancel();
      const again = new Request(request);
      again.headers.set("x-api-key", fresh);
      return fetchImpl(again);
    },
  };
}
