// The runtime's own ceiling for P1 and P6: a trivial Worker that makes one D1 `SELECT 1` and answers the bytes it
// was given (PUT / stores the body the real endpoint returned, so both sides send the same response size).
// `?q=0` skips the query (P6 measures start-up to a first 200 that needs no database).
//
// P5's floor: /v1/mcp replays our Worker's own MCP answers, so an MCP client can be timed against a server that does
// no work. PUT /replay-origin names our Worker; the first request of each kind (HTTP method, MCP-Protocol-Version,
// JSON-RPC method) is forwarded there and its answer kept, and every later one gets that answer with its own
// JSON-RPC id put in place of the recorded one.
let body = "{}";
let origin = null;
const recorded = new Map();

export default {
  async fetch(req, env) {
    const url = new URL(req.url);
    if (url.pathname === "/v1/mcp") return replay(req);
    if (req.method === "PUT" && url.pathname === "/replay-origin") {
      origin = await req.text();
      recorded.clear();
      return new Response(null, { status: 204 });
    }
    if (req.method === "PUT") {
      body = await req.text();
      return new Response(null, { status: 204 });
    }
    if (url.searchParams.get("q") !== "0") await env.DB.prepare("SELECT 1").first();
    return new Response(body, { headers: { "content-type": "application/json" } });
  },
};

async function replay(req) {
  const text = req.method === "POST" ? await req.text() : "";
  const message = text ? JSON.parse(text) : {};
  const kind = `${req.method} ${req.headers.get("mcp-protocol-version") ?? ""} ${message.method ?? ""}`;
  let answer = recorded.get(kind);
  if (!answer) {
    if (!origin) return new Response("PUT /replay-origin first", { status: 409 });
    const res = await fetch(`${origin}/v1/mcp`, { method: req.method, headers: req.headers, body: text || undefined });
    // What says how to read the answer; framing (length, chunking, encoding) is the runtime's own to set.
    const headers = ["content-type", "cache-control"].flatMap((h) =>
      res.headers.has(h) ? [[h, res.headers.get(h)]] : [],
    );
    const out = await res.text();
    // The recorded id splits the answer in two; a later request's id goes between the halves.
    const idText = `"id":${JSON.stringify(message.id)}`;
    const at = message.id === undefined ? -1 : out.lastIndexOf(idText);
    answer = {
      status: res.status,
      headers,
      parts: at < 0 ? [out] : [out.slice(0, at), out.slice(at + idText.length)],
    };
    recorded.set(kind, answer);
  }
  const out =
    answer.parts.length === 2
      ? `${answer.parts[0]}"id":${JSON.stringify(message.id)}${answer.parts[1]}`
      : answer.parts[0];
  return new Response(answer.status === 202 || answer.status === 204 ? null : out, {
    status: answer.status,
    headers: answer.headers,
  });
}
