/** @jsxImportSource hono/jsx */
import type { PLAN_LIMITS } from "../../domain/codes";
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
    <Layout title="Plan & usage" email={props.email} csrf={props.csrf}>
      <p>
        Plan: <strong id="plan">{props.plan}</strong>
      </p>
      <table>
        <caption class="muted">Limits per key</caption>
        <tbody>
          <tr>
            <th scope="row">REST requests per minute</th>
            <td id="limit-rest">{props.limits.restPerMinute}</td>
          </tr>
          <tr>
            <th scope="row">Concurrent WebSocket connections</th>
            <td>{props.limits.websockets}</td>
          </tr>
          <tr>
            <th scope="row">MCP tool calls per minute</th>
            <td>{props.limits.mcpPerMinute}</td>
          </tr>
        </tbody>
      </table>
      <table>
        <caption class="muted">Usage of active keys (UTC; 304 responses count)</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">This minute</th>
            <th scope="col">Refused this minute</th>
            <th scope="col">Today</th>
          </tr>
        </thead>
        <tbody>
          {props.usage.map((u) => (
            <tr>
              <td>{`${u.name} (…${u.last4})`}</td>
              <td class="this-minute">{u.thisMinute}</td>
              <td>{u.refusedThisMinute}</td>
              <td>{u.today}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Layout>
  );
}
