// The OpenAPI document describes the webhook events (its `webhooks` section) and the operator API's webhook operations.
import { describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app";
import { WEBHOOK_EVENTS } from "../../../src/core/domain/webhook-schemas";
import { getJson } from "../../helpers/seed";

const doc = async () => (await getJson("/v1/openapi.json")).body;

describe("OpenAPI: webhooks", () => {
  it("describes every event type's payload and the signature headers", async () => {
    const d = await doc();
    expect(Object.keys(d.webhooks).sort()).toEqual([...WEBHOOK_EVENTS, "webhook.test"].sort());
    for (const [type, item] of Object.entries<any>(d.webhooks)) {
      const op = item.post;
      expect(op.parameters.map((p: any) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
      const schemaRef = op.requestBody.content["application/json"].schema.$ref as string;
      const schema = d.components.schemas[schemaRef.split("/").pop()!];
      const literal = schema.properties.type;
      expect(literal.enum ?? [literal.const], type).toEqual([type]);
      expect(schema.required).toEqual(expect.arrayContaining(["type", "timestamp", "data"]));
      expect(op.description).toContain("5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 5 h, 10 h");
    }
    const added = d.components.schemas.WebhookMatchEventAdded.properties.data.properties;
    expect(Object.keys(added)).toEqual(
      expect.arrayContaining(["match_id", "sport", "league_id", "seq", "event_seq", "player_id"]),
    );
  });

  it("documents every operator route for webhook endpoints, with the admin token and problem+json errors", async () => {
    const d = await doc();
    const served = buildApp()
      .routes.filter((r) => r.path.includes("webhooks") && r.path.startsWith("/internal/admin") && r.method !== "ALL")
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    // A route's middleware and validators are listed as entries of their own: count each method + path once.
    const unique = [...new Set(served)].map((s) => s.split(" ") as [string, string]);
    expect(unique.length).toBe(9);
    for (const [method, path] of unique) {
      const op = d.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ AdminToken: [] }]);
      expect(op["x-internal"], "hidden from /docs' reference (customers use the dashboard)").toBe(true);
      expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.responses["400"].content["application/problem+json"]).toBeDefined();
    }
    expect(d.info.description).not.toContain("/internal");
    const create = d.paths["/internal/admin/accounts/{id}/webhooks"].post;
    expect(Object.keys(create.requestBody.content["application/json"].schema.properties)).toEqual([
      "url",
      "events",
      "description",
    ]);
    expect(create.responses["201"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/WebhookEndpointCreated",
    );
  });
});
