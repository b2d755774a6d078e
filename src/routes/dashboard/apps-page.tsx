/** @jsxImportSource hono/jsx */
import { Layout, RevokeButton } from "./layout";

export interface AppRow {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
}

export function AppsPage(props: { email: string; csrf: string; apps: AppRow[] }) {
  return (
    <Layout title="Connected apps" email={props.email} csrf={props.csrf}>
      <p>MCP clients you approved through OAuth. Revoking one stops its tokens on the next call.</p>
      {props.apps.length === 0 ? (
        <p class="muted">No connected apps.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Scopes</th>
              <th scope="col">Connected</th>
              <th scope="col"></th>
            </tr>
          </thead>
          <tbody>
            {props.apps.map((a) => (
              <tr data-grant-id={a.id}>
                <td class="name">{a.name}</td>
                <td>{a.scopes.join(", ")}</td>
                <td>{a.createdAt}</td>
                <td>
                  <RevokeButton action={`/dashboard/apps/${a.id}/revoke`} csrf={props.csrf} name={a.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Layout>
  );
}
