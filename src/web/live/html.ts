// The /live page: markup and style. The script (/live.js) is src/web/live/browser/main.ts, bundled into script.gen.ts.
export const LIVE_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live scores</title>
<style>
:root{--bg:#f4f6f8;--card:#fff;--ink:#161b22;--muted:#5a6472;--line:#e2e6eb;--live:#c62828;--accent:#0b5cad;--flash:#ffe066}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--ink)}
.wrap{max-width:46rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0 .2rem}
.lede{color:var(--muted);margin:0 0 1rem}
form{display:flex;flex-wrap:wrap;gap:.5rem}
label{width:100%;font-weight:600;font-size:.85rem}
input{flex:1 1 12rem;min-width:0;padding:.55rem .7rem;font:inherit;border:1px solid #c3cad3;border-radius:8px;background:#fff}
button{font:inherit;cursor:pointer}
.primary{padding:.55rem 1.1rem;border:0;border-radius:8px;background:var(--accent);color:#fff;font-weight:600}
.primary:hover{background:#084a8c}
#status{margin:.8rem 0;padding:.55rem .8rem;border-radius:8px;background:#e9edf2;color:var(--muted);overflow-wrap:anywhere}
#status.ok{background:#e6f4ea;color:#1e6b34}#status.warn{background:#fff3d6;color:#7a4d00}#status.error{background:#fde7e7;color:#a11d1d}
h2{font-size:1.15rem;margin:1.4rem 0 .5rem}
.league{background:var(--card);border:1px solid var(--line);border-radius:10px;margin:0 0 .8rem;overflow:hidden}
.league h3{display:flex;justify-content:space-between;gap:.5rem;margin:0;padding:.45rem .8rem;font-size:.85rem;background:#f9fafb;border-bottom:1px solid var(--line)}
.country{color:var(--muted);font-weight:400}
.simulated{font-size:.75rem;font-weight:400;border:1px solid var(--muted);border-radius:4px;padding:0 .35rem;color:var(--muted)}
ul,ol{list-style:none;margin:0;padding:0}
.match+.match{border-top:1px solid var(--line)}
.row{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);gap:.15rem .7rem;align-items:center;width:100%;padding:.6rem .8rem;border:0;background:none;color:inherit;text-align:center}
.row:hover,.row[aria-expanded=true]{background:#f3f7fc}
.state{grid-column:1/-1;font-size:.78rem;font-weight:600;color:var(--live)}
.state.over{color:var(--muted)}
.team{font-weight:600;overflow-wrap:anywhere}.home{text-align:right}.away{text-align:left}
.score{min-width:4.6em;padding:.1rem .4rem;border-radius:6px;font-size:1.2rem;font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap}
.score.flash{animation:flash 1.6s ease-out}
@keyframes flash{0%,35%{background:var(--flash);transform:scale(1.12)}100%{background:transparent;transform:none}}
@media (prefers-reduced-motion:reduce){.score.flash{animation:none;background:var(--flash)}}
.last{grid-column:1/-1;min-height:1.2em;font-size:.85rem;color:var(--muted);overflow-wrap:anywhere}
.timeline{padding:.3rem .8rem .8rem;border-top:1px dashed var(--line);background:#fbfcfd;font-size:.9rem}
.timeline li{display:flex;gap:.6rem;padding:.3rem 0;border-bottom:1px solid #eef0f3}
.timeline li:last-child{border-bottom:0}
.at{flex:0 0 3.2em;color:var(--muted);font-variant-numeric:tabular-nums;text-align:right}
.what{min-width:0;overflow-wrap:anywhere}
[data-kind=score] .what{font-weight:600}
[data-kind=yellow] .what::before,[data-kind=red] .what::before{content:"";display:inline-block;width:.55em;height:.75em;margin-right:.4em;border-radius:2px;background:#f2c200;vertical-align:-.05em}
[data-kind=red] .what::before{background:#d32f2f}
[data-kind=period]{color:var(--muted);font-style:italic}
.note{margin:.3rem 0;color:var(--muted);font-size:.85rem}
.empty{padding:1rem;border:1px dashed #c3cad3;border-radius:10px;color:var(--muted);text-align:center}
footer{margin:2rem 0 1rem;color:var(--muted);font-size:.85rem}
a{color:var(--accent)}code{font-size:.9em;overflow-wrap:anywhere}
</style>
</head>
<body>
<div class="wrap">
<h1>Live scores</h1>
<p class="lede">Every live match of the leagues your account tracks, as it happens. Select a match for its timeline.</p>
<form id="connect">
<label for="key">API key</label>
<input id="key" name="key" placeholder="sk_test_…" autocomplete="off" spellcheck="false" required>
<button class="primary" type="submit">Connect</button>
</form>
<p id="status" role="status">Paste an API key (from the dashboard or <code>npm start</code>) and connect.</p>
<main id="board"></main>
<footer>
This page is the service's own example of WebSockets in a browser: it reads <code>/v1/{sport}/matches?status=live</code>,
follows <code>/v1/ws/live</code>, and opens <code>/v1/ws/match/{id}?since=</code> for the match you select. The key stays
in this page's memory and travels as <code>?api_key=</code>, because browsers cannot set headers on WebSockets.
<a href="/v1/openapi.json">API reference (OpenAPI)</a> · <a href="/dashboard">Dashboard</a>
</footer>
</div>
<script src="/live.js"></script>
</body>
</html>`;
