// GET /live: a small page that opens /v1/ws/live with a key the user types, and shows scores as they change.
// The key stays in the page's memory; it travels as ?api_key= because browsers cannot set WebSocket headers.
import { Hono } from "hono";
import type { AppEnv } from "../env";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live scores</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:2rem auto;max-width:46rem;padding:0 1rem;color:#222}
form{display:flex;gap:.5rem;margin-bottom:1rem}input{flex:1;padding:.4rem;font:inherit}button{padding:.4rem .9rem;font:inherit}
table{border-collapse:collapse;width:100%}td{padding:.35rem .5rem;border-bottom:1px solid #ddd}
td.score{font-weight:600;text-align:center;white-space:nowrap}#status{color:#555;margin:.5rem 0}
</style>
</head>
<body>
<h1>Live scores</h1>
<form id="connect"><label for="key" hidden>API key</label>
<input id="key" name="key" placeholder="sk_test_…" autocomplete="off" required>
<button type="submit">Connect</button></form>
<p id="status" role="status">Not connected.</p>
<table><tbody id="matches"></tbody></table>
<script src="/live.js"></script>
</body>
</html>`;

const SCRIPT = `"use strict";
const rows = new Map();
const status = document.getElementById("status");
function row(id) {
  let tr = rows.get(id);
  if (!tr) {
    tr = document.createElement("tr");
    tr.dataset.match = id;
    for (const cls of ["match", "score", "clock", "last"]) { const td = document.createElement("td"); td.className = cls; tr.appendChild(td); }
    tr.cells[0].textContent = id;
    document.getElementById("matches").appendChild(tr);
    rows.set(id, tr);
  }
  return tr;
}
function show(msg) {
  const tr = row(msg.match_id);
  if (msg.type === "score_update") {
    tr.cells[1].textContent = msg.data.home + " – " + msg.data.away;
    tr.cells[2].textContent = msg.data.minute != null ? msg.data.minute + "'" : msg.data.game_clock_secs != null ? Math.floor(msg.data.game_clock_secs / 60) + ":" + String(msg.data.game_clock_secs % 60).padStart(2, "0") : "";
  } else if (msg.type === "status_change") {
    tr.cells[3].textContent = "status " + msg.data.to;
  } else if (msg.type === "event_added") {
    tr.cells[3].textContent = msg.data.type.replace("_", " ") + (msg.data.player ? " – " + msg.data.player : "");
  }
}
document.getElementById("connect").addEventListener("submit", (e) => {
  e.preventDefault();
  const key = document.getElementById("key").value.trim();
  const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/v1/ws/live?api_key=" + encodeURIComponent(key));
  ws.onopen = () => { status.textContent = "Connected."; };
  ws.onclose = (ev) => { status.textContent = "Closed (" + ev.code + ")."; };
  ws.onmessage = (ev) => { if (ev.data !== "pong") show(JSON.parse(ev.data)); };
  setInterval(() => ws.readyState === 1 && ws.send("ping"), 30000);
});
`;

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const livePage = new Hono<AppEnv>()
  .get("/live", (c) => c.html(PAGE, 200, { "content-security-policy": CSP }))
  .get("/live.js", (c) => c.body(SCRIPT, 200, { "content-type": "text/javascript; charset=utf-8" }));
