/** @jsxImportSource hono/jsx */
import { SCOPES } from "../../domain/codes";
import { Errors, Layout, RevokeButton } from "./layout";

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

const when = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/:\d\dZ$/, " UTC") : "never");

export function KeysPage(props: {
  email: string;
  csrf: string;
  keys: KeyRow[];
  created?: { name: string; key: string };
  errors?: string[];
}) {
  return (
    <Layout title="API keys" email={props.email} csrf={props.csrf}>
      <Errors messages={props.errors ?? []} />
      {props.created && (
        <section class="secret" aria-labelledby="new-key">
          <h2 id="new-key">New key “{props.created.name}”</h2>
          <p>Copy it now: it is shown only this once and cannot be recovered.</p>
          <p>
            <code class="key" id="new-key-value">
              {props.created.key}
            </code>{" "}
            <button type="button" data-copy="new-key-value" hidden>
              Copy
            </button>
          </p>
        </section>
      )}
      <table>
        <caption class="muted">Keys of this account</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {props.keys.map((k) => (
            <tr data-key-id={k.id}>
              <td class="name">{k.name}</td>
              <td>
                <code>{`${k.prefix}…${k.last4}`}</code>
              </td>
              <td>{k.scopes.split(" ").join(", ")}</td>
              <td>{when(k.createdAt)}</td>
              <td>{when(k.lastUsed)}</td>
              <td>
                {k.revokedAt ? (
                  `revoked ${when(k.revokedAt)}`
                ) : (
                  <RevokeButton action={`/dashboard/keys/${k.id}/revoke`} csrf={props.csrf} name={k.name} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Create a key</h2>
      <form method="post" action="/dashboard/keys">
        <input type="hidden" name="_csrf" value={props.csrf} />
        <label for="name">Name</label>
        <input id="name" name="name" type="text" maxlength={100} required />
        <fieldset>
          <legend>Scopes</legend>
          {SCOPES.map((s) => (
            <label>
              <input type="checkbox" name="scopes" value={s} checked /> {s}
            </label>
          ))}
        </fieldset>
        <button type="submit">Create key</button>
      </form>
      <script src="/dashboard/assets/copy.js"></script>
    </Layout>
  );
}
