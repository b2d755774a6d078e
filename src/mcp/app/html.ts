// The match centre's HTML: one self-contained document (its script and styles inline, nothing fetched), which MCP
// hosts render in a sandboxed iframe for show_match's result (src/mcp/match-centre.ts). Colours and fonts follow
// the host's style variables where it sends them (MCP Apps "Theming"), with our own as fallbacks.

const STYLE = `
:root{color-scheme:light dark;--bg:var(--color-background-primary,Canvas);--fg:var(--color-text-primary,CanvasText);
--muted:var(--color-text-secondary,GrayText);--line:var(--color-border-primary,color-mix(in srgb,CanvasText 15%,transparent));
--accent:var(--color-text-success,#1a7f37);--warn:var(--color-text-warning,#9a6700);--bad:var(--color-text-danger,#cf222e)}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.4 var(--font-sans,system-ui,sans-serif)}
main{padding:12px 14px;max-width:560px}
header{display:flex;justify-content:space-between;gap:8px;color:var(--muted);font-size:12px}
#state[data-live]{color:var(--accent);font-weight:600}
.board{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:10px;margin:10px 0}
.team{font-weight:600;overflow-wrap:anywhere}
#away{text-align:right}
#score{font:700 28px/1 var(--font-mono,ui-monospace,monospace);font-variant-numeric:tabular-nums;white-space:nowrap}
#score.flash{color:var(--accent)}
#note{margin:0 0 8px;color:var(--muted);font-size:12px;min-height:1.4em}
#note[data-tone=warn]{color:var(--warn)}#note[data-tone=error]{color:var(--bad)}
ol{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
li{display:flex;gap:10px;padding:5px 0;border-bottom:1px solid var(--line)}
li .at{min-width:3.2em;color:var(--muted);font-variant-numeric:tabular-nums}
li[data-kind=score] .what{font-weight:600}
li[data-kind=yellow] .at::after{content:" ▮";color:#d4a72c}li[data-kind=red] .at::after{content:" ▮";color:var(--bad)}
`;

/**
 * The document around the app's script (src/mcp/app/match-centre.gen.js, read from the static assets). `</script`
 * inside the script would end the element early: written as `<\/script` it is the same JavaScript.
 */
export const matchCentreHtml = (js: string) => {
  const script = js.replace(/<\/script/gi, "<\\/script");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Match centre</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><span id="league"></span><span id="state" role="status"></span></header>
<section class="board" aria-label="Score">
<div class="team" id="home"></div><div id="score" aria-live="polite">–</div><div class="team" id="away"></div>
</section>
<p id="note" role="status">Waiting for the match…</p>
<ol id="timeline" aria-label="Timeline"></ol>
</main>
<script>${script}</script>
</body>
</html>
`;
};
