// The match centre's ui:// resource (MCP Apps, extension `io.modelcontextprotocol/ui`): the HTML that hosts render
// for show_match's result (src/mcp/tools/match-centre.ts), `text/html;profile=mcp-app`. Its CSP names the one place the
// iframe may connect to — this deployment's own origin, over http(s) for reads and ws(s) for the stream — and nothing
// else: hosts deny every other origin (no CDN, no analytics; the script is inline: src/mcp/app/html.ts). The script
// (400 KB) is a static asset, not part of the Worker bundle: read from ASSETS once per isolate.
import { RESOURCE_MIME_TYPE, registerAppResource } from "@modelcontextprotocol/ext-apps/server";
import type { McpServer } from "@modelcontextprotocol/server";
import { env } from "cloudflare:workers";
import { publicOrigins } from "../http/host";
import { matchCentreHtml } from "./app/html";
import { MATCH_CENTRE_URI } from "./tools/match-centre";

/** The resource's `_meta.ui`: where the iframe may connect (its CSP's connect-src), and a bordered card. */
export function matchCentreUi(e: Env = env) {
  const { http, ws } = publicOrigins(e);
  return { csp: { connectDomains: [http, ws] }, prefersBorder: true };
}

let html: Promise<string> | undefined;
/** The app's HTML; its script from the static assets (scripts/build-docs-assets.mjs puts it there). */
function loadHtml(e: Env): Promise<string> {
  html ??= e.ASSETS.fetch("https://assets.internal/internal/match-centre.js").then(async (res) => {
    if (!res.ok) throw new Error(`the match centre's script is not in the static assets (${res.status})`);
    return matchCentreHtml(await res.text());
  });
  // A failed read is not remembered: the next resource read tries again.
  html.catch(() => (html = undefined));
  return html;
}

/**
 * Static HTML, the same for every caller (the data arrives with the tool result), so reading it is free: no
 * entitlement read, no budget spent. Hosts may read it ahead of any call.
 */
export function registerMatchCentre(server: McpServer): void {
  registerAppResource(
    server,
    "Match centre",
    MATCH_CENTRE_URI,
    {
      description: "The live scoreboard and timeline that show_match's result renders in (an MCP App).",
      _meta: { ui: matchCentreUi() },
    },
    async () => ({
      contents: [
        {
          uri: MATCH_CENTRE_URI,
          mimeType: RESOURCE_MIME_TYPE,
          text: await loadHtml(env),
          _meta: { ui: matchCentreUi() },
        },
      ],
    }),
  );
}
