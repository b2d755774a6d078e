// Static CSS and the one script (the copy button). Served from our origin so the CSP can stay 'self'-only.
export const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.6rem 1.5rem;background:#fff;border-bottom:1px solid #ddd}
nav{display:flex;gap:1rem;align-items:center}nav a{color:#0a58ca}
main{max-width:52rem;margin:1.5rem auto;padding:0 1.5rem}footer{max-width:52rem;margin:2rem auto;padding:0 1.5rem;color:#666}
form.inline{display:inline}label{display:block;margin:.6rem 0 .2rem;font-weight:600}
input[type=text],input[type=email],input[type=password]{width:100%;max-width:28rem;padding:.45rem;font:inherit;box-sizing:border-box}
button{padding:.4rem .9rem;font:inherit;cursor:pointer}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e3e3e3}
.error{background:#fde8e8;border:1px solid #f5b5b5;padding:.5rem 1rem;margin:1rem 0}
.secret{background:#eef7ee;border:1px solid #9c9;padding:1rem;margin:1rem 0}
code.key{font-size:1rem;word-break:break-all}td code{white-space:nowrap}fieldset{border:1px solid #ddd;margin:1rem 0}
.muted{color:#666}
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
