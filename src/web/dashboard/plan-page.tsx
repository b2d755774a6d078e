/** @jsxImportSource hono/jsx */
import type { PLAN_LIMITS } from "../../core/domain/codes";
import { Layout } from "./layout";

export interface KeyUsage {
  name: string;
  last4: string;
  thisMinute: number;
  refusedThisMinute: number;
  today: number;
}

export function PlanPage(props: {
  email: string;
  csrf: string;
  plan: string;
  limits: (typeof PLAN_LIMITS)[keyof typeof PLAN_LIMITS];
  usage: KeyUsage[];
}) {
  return (
    <Layout
      title="Plan & usage"
      email={props.email}
      csrf={props.csrf}
      path="/dashboard/plan"
      lede={
        <>
          Your plan is <strong id="plan">{props.plan}</strong>. Its limits apply to each key on its own.
        </>
      }
    >
      <div class="table-card">
        <table>
          <caption>Limits per key</caption>
          <tbody>
            <tr>
              <th scope="row">REST requests per minute</th>
              <td id="limit-rest" class="num">
                {props.limits.restPerMinute}
              </td>
            </tr>
            <tr>
              <th scope="row">Concurrent WebSocket connections</th>
              <td class="num">{props.limits.websockets}</td>
            </tr>
            <tr>
              <th scope="row">MCP tool calls per minute</th>
              <td class="num">{props.limits.mcpPerMinute}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div class="table-card">
        <table class="stack">
          <caption>
            Usage of active keys <span class="muted small">(UTC; 304 responses count)</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col" class="num">
                This minute
              </th>
              <th scope="col" class="num">
                Refused this minute
              </th>
              <th scope="col" class="num">
                Today
              </th>
            </tr>
          </thead>
          <tbody>
            {props.usage.length === 0 && (
              <tr>
                <td colspan={4} class="empty">
                  No active keys. <a href="/dashboard/keys">Create one</a> to start.
                </td>
              </tr>
            )}
            {props.usage.map((u) => (
              <tr>
                <td class="lead">{`${u.name} (…${u.last4})`}</td>
                <td data-label="This minute" class="num this-minute">
                  {u.thisMinute}
                </td>
                <td data-label="Refused this minute" class="num">
                  {u.refusedThisMinute}
                </td>
                <td data-label="Today" class="num">
                  {u.today}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Layout>
  );
}
