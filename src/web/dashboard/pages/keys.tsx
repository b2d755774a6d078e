/** @jsxImportSource hono/jsx */
import { SCOPES } from "../../../core/domain/codes";
import { PostButton, PostForm } from "../components/forms";
import { GettingStarted } from "../components/getting-started";
import { Errors, Layout, When } from "../components/layout";
import { ShownOnce } from "../components/shown-once";
import { DataTable } from "../components/table";
import type { Replay } from "../../../core/replays/service";

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
  /** The account's replays (docs/replays.md); undefined where replays are refused (a deployment of live keys). */
  replays?: Replay[];
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
      <PostForm action="/dashboard/keys" csrf={props.csrf}>
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
      </PostForm>
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
        <ShownOnce
          id="new-key"
          title={`New key “${props.created.name}”`}
          note="Copy it now: it is shown only this once and cannot be recovered."
          value={props.created.key}
        />
      )}
      {(props.created || active === 0) && (
        <GettingStarted base={props.base} apiKey={props.created?.key} replays={props.replays !== undefined} />
      )}
      {active === 0 && form}
      <DataTable
        caption="Keys of this account"
        columns={[
          { label: "Name" },
          { label: "Key" },
          { label: "Scopes" },
          { label: "Created" },
          { label: "Last used" },
          { label: "Status", class: "act" },
        ]}
        rows={props.keys.length}
        empty="No keys yet: create your first one below."
      >
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
      </DataTable>
      {active > 0 && form}
      {props.replays && (
        <DataTable
          caption="Replays of this account"
          columns={[
            { label: "Replay" },
            { label: "Of match" },
            { label: "Speed" },
            { label: "Started" },
            { label: "Status" },
          ]}
          rows={props.replays.length}
          empty="No replays: POST /v1/replays with a finished match's id plays it again as a live match of yours (docs/replays.md)."
        >
          {props.replays.map((r) => (
            <tr data-replay-id={r.id}>
              <td class="lead">
                <code>{r.match_id}</code>
              </td>
              <td data-label="Of match">
                <code>{r.source_match_id}</code>
              </td>
              <td data-label="Speed">{r.speed}×</td>
              <td data-label="Started">
                <When iso={r.starts_at} />
              </td>
              <td data-label="Status">
                <span class={r.status === "playing" ? "pill" : "pill off"}>{r.status}</span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <script src="/dashboard/assets/copy.js"></script>
    </Layout>
  );
}
