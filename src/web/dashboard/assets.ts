// The dashboard's one stylesheet, its two scripts (the copy button; a test event's result) and the site icon. Served
// from our origin so the CSP can stay 'self'-only. Narrow screens (< 40rem) show list tables as stacked cards,
// labelled by data-label.
export const STYLE = `
:root{--bg:#f4f6f8;--card:#fff;--ink:#161b22;--muted:#5a6472;--line:#e2e6eb;--accent:#0b5cad;--accent-dark:#084a8c;
--danger:#b42318;--danger-bg:#fef3f2;--ok-bg:#e6f4ea;--ok:#1e6b34;--radius:10px}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:var(--ink);background:var(--bg)}
a{color:var(--accent)}a:hover{color:var(--accent-dark)}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
td code,dd code{overflow-wrap:anywhere}
h1{font-size:1.5rem;margin:0 0 1rem}h2{font-size:1.1rem;margin:0 0 .6rem}h1,h2{overflow-wrap:anywhere}
.top{background:var(--card);border-bottom:1px solid var(--line)}
.top-in{max-width:64rem;margin:0 auto;padding:.55rem 1.25rem;display:flex;flex-wrap:wrap;align-items:center;gap:.4rem 1.25rem}
.brand{display:flex;align-items:center;gap:.5rem;color:var(--ink);font-weight:700;text-decoration:none;margin-right:auto}
.brand img{width:24px;height:24px}
.nav{display:flex;flex-wrap:wrap;gap:.15rem .2rem;margin:0;padding:0;list-style:none}
.nav a{display:block;padding:.3rem .55rem;border-radius:6px;color:var(--muted);text-decoration:none;font-weight:500}
.nav a:hover{background:var(--bg);color:var(--ink)}.nav a[aria-current=page]{background:#e8f0fa;color:var(--accent)}
.who{display:flex;align-items:center;gap:.6rem;color:var(--muted);font-size:.875rem;overflow-wrap:anywhere}
main{flex:1;width:100%;max-width:64rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
main.narrow{max-width:28rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:1.1rem 1.25rem;margin:0 0 1.25rem}
.card>:last-child{margin-bottom:0}.card>:first-child,.card>input[type=hidden]+label{margin-top:0}
.lede{color:var(--muted);margin:-.4rem 0 1.25rem;max-width:46rem}
.muted{color:var(--muted)}.small{font-size:.875rem}
.nowrap,time{white-space:nowrap}
label{display:block;margin:.8rem 0 .25rem;font-weight:600}
input[type=text],input[type=email],input[type=password],input[type=url]{display:block;width:100%;max-width:30rem;
padding:.5rem .65rem;font:inherit;color:inherit;background:#fff;border:1px solid #c3cad3;border-radius:8px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
fieldset{border:1px solid var(--line);border-radius:8px;margin:1rem 0;padding:.4rem .9rem .7rem;min-width:0}
legend{font-weight:600;padding:0 .3rem}
label.check{display:flex;gap:.55rem;align-items:baseline;margin:.35rem 0;font-weight:400}
label.check input{flex:none;margin:0;transform:translateY(1px)}
.checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:0 1rem}
button{font:inherit;font-weight:600;cursor:pointer;padding:.45rem .95rem;border-radius:8px;border:1px solid #c3cad3;
background:#fff;color:var(--ink);line-height:1.3}
button:hover{background:#f0f2f5}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}button.primary:hover{background:var(--accent-dark)}
button.danger{color:var(--danger);border-color:#f3b8b2;background:#fff}button.danger:hover{background:var(--danger-bg);border-color:var(--danger)}
button.link{border:0;background:none;padding:.3rem .2rem;color:var(--muted);font-weight:500;text-decoration:underline}
button.wide{width:100%}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0 0}
form.inline{display:inline}
.table-card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);margin:0 0 1.25rem;overflow-x:auto}
table{border-collapse:collapse;width:100%}
caption{text-align:left;padding:.7rem 1rem;font-weight:600;border-bottom:1px solid var(--line)}caption .muted{font-weight:400}
th,td{text-align:left;vertical-align:middle;padding:.6rem .8rem;border-bottom:1px solid var(--line)}
th:first-child,td:first-child{padding-left:1rem}th:last-child,td:last-child{padding-right:1rem}
tbody tr:last-child>*{border-bottom:0}
thead th{white-space:nowrap;font-size:.75rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);font-weight:600;background:#f9fafb}
th[scope=row]{font-weight:500}td.name{min-width:9rem}.lead .muted{font-weight:400}
td.lead,td.detail{overflow-wrap:anywhere}td.detail{min-width:10rem}
.num{text-align:right;font-variant-numeric:tabular-nums}.act{text-align:right;white-space:nowrap}
.pill{display:inline-block;padding:.05rem .5rem;border-radius:99px;font-size:.8rem;font-weight:600;background:var(--ok-bg);color:var(--ok);white-space:nowrap}
.pill.off{background:#eef0f3;color:var(--muted)}.pill.bad{background:var(--danger-bg);color:var(--danger)}
tr.revoked td{color:var(--muted)}
.error{background:var(--danger-bg);border:1px solid #f3b8b2;color:#7a1a12;border-radius:8px;padding:.6rem 1rem;margin:0 0 1rem}
.error p{margin:.2rem 0}
.notice{background:var(--ok-bg);color:var(--ok);border-radius:8px;padding:.55rem 1rem;margin:0 0 1rem}
.secret{background:#f1f8f3;border:1px solid #9fd1ae;border-radius:var(--radius);padding:1rem 1.25rem;margin:0 0 1.25rem}
.secret .value{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
code.key{display:block;flex:1 1 18rem;min-width:0;padding:.5rem .65rem;background:#fff;border:1px solid #c8e3cf;border-radius:6px;word-break:break-all}
pre{margin:.4rem 0 .9rem;padding:.7rem .85rem;background:#0f1720;color:#e6edf3;border-radius:8px;white-space:pre-wrap;overflow-wrap:anywhere}
.empty{text-align:center;padding:1.5rem 1rem;color:var(--muted)}
ol.steps{margin:0;padding-left:1.3rem}ol.steps>li{margin:0 0 .6rem}ol.steps>li::marker{font-weight:700;color:var(--accent)}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.45rem 1.25rem;margin:0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;min-width:0}
.back{margin:-.6rem 0 1rem}
.volume{font-size:.8rem;font-weight:600;color:var(--accent-dark)}
.test-result{margin:1rem 0 0;padding:.55rem .9rem;border:1px solid var(--line);border-radius:8px;background:#f9fafb;overflow-wrap:anywhere}
.test-result p{margin:.15rem 0}.test-result.ok{background:var(--ok-bg);border-color:#9fd1ae}
.test-result.bad{background:var(--danger-bg);border-color:#f3b8b2}
@media (max-width:40rem){
 .top-in,main{padding-left:.9rem;padding-right:.9rem}
 .nav a{padding:.25rem .4rem;font-size:.875rem}
 .card{padding:.9rem}
 table.stack thead{display:none}
 table.stack tr{display:block;padding:.55rem .9rem;border-bottom:1px solid var(--line)}
 table.stack tbody tr:last-child{border-bottom:0}
 table.stack td{display:flex;gap:.75rem;justify-content:space-between;align-items:baseline;padding:.2rem 0;border:0;text-align:right}
 table.stack td[data-label]::before{content:attr(data-label);color:var(--muted);font-size:.8rem;text-align:left;flex:none}
 table.stack td.lead{display:block;text-align:left;font-weight:600}
 table.stack td.act{justify-content:flex-end;padding-top:.4rem}
 table.stack td.detail{min-width:0}
 dl.facts{grid-template-columns:minmax(0,1fr)}dl.facts dd{margin-bottom:.4rem}
}
`;

export const COPY_SCRIPT = `"use strict";
for (const b of document.querySelectorAll("button[data-copy]")) {
  b.hidden = false;
  b.addEventListener("click", async () => {
    const text = document.getElementById(b.dataset.copy).textContent;
    try { await navigator.clipboard.writeText(text); b.textContent = "Copied"; } catch { b.textContent = "Select and copy"; }
  });
}
`;

/**
 * A test event's result box (#test-result, components/test-result.tsx): while it names a fragment to poll (`data-poll`),
 * the fragment is fetched every second, for at most a minute, and its content put in place (the box is a live region,
 * so the result is announced). The fragment comes from our origin, rendered with escaping like every page.
 */
export const TEST_RESULT_SCRIPT = `"use strict";
const box = document.getElementById("test-result");
let tries = 0;
async function poll() {
  if (!box || !box.dataset.poll || ++tries > 60) return;
  try {
    const res = await fetch(box.dataset.poll, { headers: { accept: "text/html" } });
    const parsed = document.createElement("template"); // inert: nothing in it runs or loads
    parsed.innerHTML = res.ok ? await res.text() : "";
    const next = parsed.content.getElementById("test-result");
    if (next) {
      box.className = next.className;
      box.dataset.messageId = next.dataset.messageId;
      if (next.dataset.poll) box.dataset.poll = next.dataset.poll;
      else delete box.dataset.poll;
      box.replaceChildren(...next.childNodes);
    }
  } catch {}
  setTimeout(poll, 1000);
}
setTimeout(poll, 1000);
`;

/** A scoreboard-blue tile with a ball: the icon of the dashboard, the OAuth pages and /docs (and /favicon.ico). */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#0b5cad"/><circle cx="16" cy="16" r="9.5" fill="none" stroke="#fff" stroke-width="2.4"/><path d="M16 6.5v19M6.5 16h19M9.3 9.3c3.6 3.6 3.6 9.8 0 13.4M22.7 9.3c-3.6 3.6-3.6 9.8 0 13.4" fill="none" stroke="#fff" stroke-width="1.8"/></svg>`;
