/** @jsxImportSource hono/jsx */
import { PostButton } from "../components/forms";
import { Layout, When } from "../components/layout";
import { DataTable } from "../components/table";

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
      <DataTable
        caption="Apps with access to this account"
        columns={[
          { label: "App" },
          { label: "Scopes" },
          { label: "Connected" },
          { label: <span class="muted">Action</span>, class: "act" },
        ]}
        rows={props.apps.length}
        empty={
          <>
            No connected apps. Point an MCP client at <code>{`${props.base}/v1/mcp`}</code> without a key and it asks
            you to sign in here and approve it.
          </>
        }
      >
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
      </DataTable>
    </Layout>
  );
}
