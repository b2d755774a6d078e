/** @jsxImportSource hono/jsx */
import { Layout, PostButton, When } from "./layout";

export interface AppRow {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
}

export function AppsPage(props: { email: string; csrf: string; base: string; apps: AppRow[] }) {
  return (
    <Layout
      title="Connected apps"
      email={props.email}
      csrf={props.csrf}
      path="/dashboard/apps"
      lede="MCP clients you approved through OAuth. Revoking one stops its tokens on the next call."
    >
      <div class="table-card">
        <table class="stack">
          <caption>Apps with access to this account</caption>
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Scopes</th>
              <th scope="col">Connected</th>
              <th scope="col" class="act">
                <span class="muted">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.apps.length === 0 && (
              <tr>
                <td colspan={4} class="empty">
                  No connected apps. Point an MCP client at <code>{`${props.base}/v1/mcp`}</code> without a key and it
                  asks you to sign in here and approve it.
                </td>
              </tr>
            )}
            {props.apps.map((a) => (
              <tr data-grant-id={a.id}>
                <td class="name lead">{a.name}</td>
                <td data-label="Scopes">
                  <code>{a.scopes.join(", ")}</code>
                </td>
                <td data-label="Connected">
                  <When iso={a.createdAt} />
                </td>
                <td class="act">
                  <PostButton
                    action={`/dashboard/apps/${a.id}/revoke`}
                    csrf={props.csrf}
                    label="Revoke"
                    aria={`Revoke ${a.name}`}
                    danger
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Layout>
  );
}
