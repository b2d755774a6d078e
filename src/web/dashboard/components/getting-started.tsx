/** @jsxImportSource hono/jsx */
// The first steps, shown on the keys page while the account has no active key and right after a key is made (then
// with that key in the commands, as it is on the page anyway): a curl, a replay of a real match (test keys), the live
// board, an MCP client, the reference.

/** The 2022 World Cup final in the bundled history: the replay the first steps suggest. */
const REPLAY_EXAMPLE = "m_of_wc_2022_6ae2a9b7";

export function GettingStarted(props: { base: string; apiKey?: string; replays?: boolean }) {
  const key = props.apiKey ?? "sk_test_…";
  return (
    <section class="card" aria-labelledby="getting-started">
      <h2 id="getting-started">Getting started</h2>
      <ol class="steps">
        <li>
          {props.apiKey ? "Call the API with your new key:" : "Create a key below, then call the API with it:"}
          <pre>
            <code id="first-call">{`curl -H "X-API-Key: ${key}" "${props.base}/v1/football/matches?status=live"`}</code>
          </pre>
        </li>
        {props.replays && (
          <li>
            Test your app against a real match, now: replay the 2022 World Cup final as a live match of yours, 600×
            faster (12 s), then follow its <code>match_id</code> like any match (<a href="/docs">Replays</a>):
            <pre>
              <code id="first-replay">{`curl -X POST -H "X-API-Key: ${key}" -H "Content-Type: application/json" -d '{"match_id":"${REPLAY_EXAMPLE}","speed":600}' "${props.base}/v1/replays"`}</code>
            </pre>
          </li>
        )}
        <li>
          Watch scores change on the <a href="/live">live scoreboard</a>, the service's own WebSocket example (paste the
          key there).
        </li>
        <li>
          Connect an AI assistant over MCP, e.g. Claude Code (other clients: “MCP (for AI assistants)” in the README):
          <pre>
            <code>{`claude mcp add --transport http sports ${props.base}/v1/mcp --header "Authorization: Bearer ${key}"`}</code>
          </pre>
        </li>
        <li>
          Every endpoint, parameter and response is in the <a href="/docs">API reference</a>, which can send requests
          too.
        </li>
      </ol>
    </section>
  );
}
