/** @jsxImportSource hono/jsx */
import { SCOPES } from "../../core/domain/codes";
import { GettingStarted } from "./getting-started";
import { Errors, Layout, PostButton, When } from "./layout";

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  scopes: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsed: string | null;
}

export function KeysPage(props: {
  email: string;
  csrf: string;
  base: string;
  keys: KeyRow[];
  /** Active keys the plan allows. */
  keyCap: number;
  created?: { name: string; key: string };
  errors?: string[];
}) {
  const active = props.keys.filter((k) => !k.revokedAt).length;
  const full = active >= props.keyCap;
  // With no active key the form comes right after the first steps (step 1 points at it); otherwise after the list.
  const form = (
    <section class="card" aria-labelledby="create-key">
      <h2 id="create-key">Create a key</h2>
      <p id="key-cap" class="muted small">
        {active} of {props.keyCap} active keys your plan allows
        {full ? ": revoke one to create another." : "."}
      </p>
      <form method="post" action="/dashboard/keys">
        <input type="hidden" name="_csrf" value={props.csrf} />
        <label for="name">Name</label>
        <input id="name" name="name" type="text" maxlength={100} required placeholder="e.g. production backend" />
        <fieldset>
          <legend>Scopes</legend>
          <div class="checks">
            {SCOPES.map((s) => (
              <label class="check">
                <input type="checkbox" name="scopes" value={s} checked /> <code>{s}</code>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" class="primary">
          Create key
        </button>
      </form>
    </section>
  );
  return (
    <Layout
      title="API keys"
      email={props.email}
      csrf={props.csrf}
      path="/dashboard/keys"
      lede="Keys authenticate REST calls, WebSockets and MCP clients. Each sees only your tracked leagues, within your plan."
    >
      <Errors messages={props.errors ?? []} />
      {props.created && (
        <section class="secret" aria-labelledby="new-key">
          <h2 id="new-key">New key “{props.created.name}”</h2>
          <p>Copy it now: it is shown only this once and cannot be recovered.</p>
          <p class="value">
            <code class="key" id="new-key-value">
              {props.created.key}
            </code>
            <button type="button" data-copy="new-key-value" hidden>
              Copy
            </button>
          </p>
        </section>
      )}
      {(props.created || active === 0) && <GettingStarted base={props.base} apiKey={props.created?.key} />}
      {active === 0 && form}
      <div class="table-card">
        <table class="stack">
          <caption>Keys of this account</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col" class="act">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {props.keys.length === 0 && (
              <tr>
                <td colspan={6} class="empty">
                  No keys yet: create your first one below.
                </td>
              </tr>
            )}
            {props.keys.map((k) => (
              <tr data-key-id={k.id} class={k.revokedAt ? "revoked" : undefined}>
                <td class="name lead">{k.name}</td>
                <td data-label="Key">
                  <code class="nowrap">{`${k.prefix}…${k.last4}`}</code>
                </td>
                <td data-label="Scopes" class="small">
                  {k.scopes.split(" ").join(", ")}
                </td>
                <td data-label="Created">
                  <When iso={k.createdAt} />
                </td>
                <td data-label="Last used">
                  <When iso={k.lastUsed} />
                </td>
                <td class="act">
                  {k.revokedAt ? (
                    <>
                      <span class="pill off">revoked</span>
                      <div class="muted small">
                        <When iso={k.revokedAt} />
                      </div>
                    </>
                  ) : (
                    <PostButton
                      action={`/dashboard/keys/${k.id}/revoke`}
                      csrf={props.csrf}
                      label="Revoke"
                      aria={`Revoke ${k.name}`}
                      danger
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {active > 0 && form}
      <script src="/dashboard/assets/copy.js"></script>
    </Layout>
  );
}
