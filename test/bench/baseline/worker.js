// The runtime's own ceiling for P1 and P6: a trivial Worker that makes one D1 `SELECT 1` and answers the bytes it
// was given (PUT / stores the body the real endpoint returned, so both sides send the same response size).
// `?q=0` skips the query (P6 measures start-up to a first 200 that needs no database).
let body = "{}";

export default {
  async fetch(req, env) {
    if (req.method === "PUT") {
      body = await req.text();
      return new Response(null, { status: 204 });
    }
    if (new URL(req.url).searchParams.get("q") !== "0") await env.DB.prepare("SELECT 1").first();
    return new Response(body, { headers: { "content-type": "application/json" } });
  },
};
