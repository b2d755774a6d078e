/** @jsxImportSource hono/jsx */
import type { PlanLimits } from "../../../core/limits/plans";
import { Layout } from "../components/layout";
import { DataTable } from "../components/table";

/** The account's usage now, from its gate (workers/account-gate.ts) and its keys. */
export interface AccountUsage {
  restThisMinute: number;
  restRefusedThisMinute: number;
  restToday: number;
  mcpThisMinute: number;
  streams: { websocket: number; sse: number; listen: number };
  activeKeys: number;
}

const Row = (props: { label: string; id: string; used: number; limit?: number }) => (
  <tr>
    <th scope="row">{props.label}</th>
    <td id={props.id} data-label="Now" class="num">
      {props.used}
    </td>
    <td data-label="Plan allows" class="num">
      {props.limit ?? "—"}
    </td>
  </tr>
);

export function PlanPage(props: {
  email: string;
  csrf: string;
  plan: string;
  limits: PlanLimits;
  usage: AccountUsage;
}) {
  const { limits, usage } = props;
  const streams = usage.streams.websocket + usage.streams.sse + usage.streams.listen;
  return (
    <Layout
      title="Plan & usage"
      email={props.email}
      csrf={props.csrf}
      path="/dashboard/plan"
      lede={
        <>
          Your plan is <strong id="plan">{props.plan}</strong>. Its limits are for the whole account: every key and
          every connected app spends the same budget.
        </>
      }
    >
      <DataTable
        caption={
          <>
            Usage now <span class="muted small">(this UTC minute; 304 responses count)</span>
          </>
        }
        columns={[{ label: "Limit" }, { label: "Now", class: "num" }, { label: "Plan allows", class: "num" }]}
        rows={7}
      >
        <tr>
          <th scope="row">REST requests per minute</th>
          <td id="rest-this-minute" data-label="Now" class="num this-minute">
            {usage.restThisMinute}
          </td>
          <td id="limit-rest" class="num">
            {limits.restPerMinute}
          </td>
        </tr>
        <Row
          label="MCP tool calls per minute"
          id="mcp-this-minute"
          used={usage.mcpThisMinute}
          limit={limits.mcpPerMinute}
        />
        <Row label="Open streams (all kinds)" id="streams-open" used={streams} limit={limits.streams} />
        <Row label="· WebSockets" id="streams-websocket" used={usage.streams.websocket} />
        <Row label="· Server-Sent Events" id="streams-sse" used={usage.streams.sse} />
        <Row label="· MCP listens" id="streams-listen" used={usage.streams.listen} />
        <Row label="Active keys" id="keys-active" used={usage.activeKeys} limit={limits.keys} />
      </DataTable>
      <p class="muted small">
        Refused this minute: <span id="rest-refused">{usage.restRefusedThisMinute}</span> REST requests. Today:{" "}
        <span id="rest-today">{usage.restToday}</span> REST requests.
      </p>
    </Layout>
  );
}
