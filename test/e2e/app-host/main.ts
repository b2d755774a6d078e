// A minimal MCP Apps host, as a chat client's page would be (test/e2e/mcp-app.test.ts bundles it): an MCP client
// (through the page's own server, which holds the credential, as a chat client's backend does) makes a real
// `tools/call show_match`, reads the ui:// resource the tool names, and renders it in a sandboxed iframe with the CSP
// the resource declares, through ext-apps' AppBridge (which also carries the app's own tool calls to the server).
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

interface UiContent {
  uri: string;
  mimeType?: string;
  text?: string;
  _meta?: { ui?: { csp?: { connectDomains?: string[] } } };
}

/** What the test reads: progress, the tools a model would be offered, and the tools the app called through us. */
const host = { status: "starting", error: "", modelTools: [] as string[], appCalls: [] as string[] };
(window as unknown as { host: typeof host }).host = host;

/** What a host's sandbox does (SEP-1865 "Sandbox proxy"): the declared origins for connect-src, nothing else. */
function withCsp(html: string, connectDomains: string[]): string {
  const policy = [
    "default-src 'none'",
    "script-src 'unsafe-inline'",
    "style-src 'unsafe-inline'",
    "img-src data:",
    `connect-src ${connectDomains.join(" ") || "'none'"}`,
    "frame-src 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
  return html.replace("<head>", `<head><meta http-equiv="Content-Security-Policy" content="${policy}">`);
}

async function main() {
  const matchId = new URLSearchParams(location.search).get("match") ?? "";
  const ui = { mimeTypes: ["text/html;profile=mcp-app"] };
  const client = new Client(
    { name: "test-host", version: "1.0.0" },
    { capabilities: { extensions: { "io.modelcontextprotocol/ui": ui } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)));
  const { tools } = await client.listTools();
  // SEP-1865 "Visibility": the model is offered the tools visible to it; the app may call only those visible to it.
  const visibility = (t: (typeof tools)[number]) =>
    (t._meta?.ui as { visibility?: string[] } | undefined)?.visibility ?? ["model", "app"];
  host.modelTools = tools.filter((t) => visibility(t).includes("model")).map((t) => t.name);
  const appTools = new Set(tools.filter((t) => visibility(t).includes("app")).map((t) => t.name));
  const tool = tools.find((t) => t.name === "show_match");
  const uri = (tool?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
  if (!uri) throw new Error("show_match names no ui:// resource");
  const args = { match_id: matchId };
  const result = await client.callTool({ name: "show_match", arguments: args });
  const content = (await client.readResource({ uri })).contents[0] as UiContent;
  if (content.mimeType !== "text/html;profile=mcp-app" || !content.text) throw new Error("not an MCP App resource");

  const iframe = document.createElement("iframe");
  // An opaque origin: the app shares nothing with this page.
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.style.cssText = "width: 560px; height: 420px; border: 1px solid #ccc";
  document.body.append(iframe);
  const bridge = new AppBridge(client, { name: "test-host", version: "1.0.0" }, { serverTools: {}, logging: {} });
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: args });
    void bridge.sendToolResult(result as Parameters<typeof bridge.sendToolResult>[0]);
    host.status = "rendered";
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  // The bridge forwards the app's tools/call to the server as it is; a host checks visibility first.
  const forward = bridge.oncalltool!;
  bridge.oncalltool = async (params, extra) => {
    host.appCalls.push(params.name);
    if (!appTools.has(params.name)) throw new Error(`${params.name} is not callable by apps`);
    return forward(params, extra);
  };
  iframe.srcdoc = withCsp(content.text, content._meta?.ui?.csp?.connectDomains ?? []);
}

main().catch((err: unknown) => {
  host.status = "failed";
  host.error = err instanceof Error ? `${err.message}\n${err.stack}` : String(err);
});
