// The live streams in the documents: the SSE routes in OpenAPI (text/event-stream, the ws upgrade's problems), and in
// AsyncAPI the state message on the WebSocket channels and the SSE channels with the same messages (the full
// validation by @asyncapi/parser runs in test/e2e/api-documents.test.ts).
import { describe, expect, it } from "vitest";
import { getJson } from "../../helpers/seed";

/** Every `$ref` in `doc` points at something that exists. */
function unresolved(doc: any): string[] {
  const missing: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") {
        const target = v
          .slice(2)
          .split("/")
          .reduce<any>((at, part) => at?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
        if (target === undefined) missing.push(v);
      } else walk(v);
    }
  };
  walk(doc);
  return missing;
}

describe("OpenAPI: Server-Sent Events", () => {
  it("documents both SSE routes: 200 text/event-stream, Last-Event-ID, and the ws upgrade's problems", async () => {
    const doc = (await getJson("/v1/openapi.json")).body;
    expect(doc.tags.map((t: any) => t.name)).toContain("Server-Sent Events");
    const upgrade = doc.paths["/v1/ws/match/{id}"].get;
    for (const path of ["/v1/sse/match/{id}", "/v1/sse/live"]) {
      const op = doc.paths[path].get;
      expect(op.tags).toEqual(["Server-Sent Events"]);
      expect(Object.keys(op.responses["200"].content)).toEqual(["text/event-stream"]);
      expect(op.parameters.map((p: any) => p.name)).toContain("last-event-id");
      for (const status of ["400", "401", "404", "421", "429"]) {
        expect(op.responses[status]?.content["application/problem+json"], `${path} ${status}`).toBeDefined();
        expect(upgrade.responses[status], status).toBeDefined();
      }
      expect(op.description).toContain("event: close");
    }
    expect(doc.paths["/v1/sse/match/{id}"].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(["id", "since", "last-event-id"]),
    );
  });
});

describe("AsyncAPI: streams", () => {
  it("has the state message on the WebSocket channels and SSE channels with the same messages plus close", async () => {
    const doc = (await getJson("/v1/asyncapi.json")).body;
    expect(unresolved(doc)).toEqual([]);
    const names = (channel: string) => Object.keys(doc.channels[channel].messages).sort();
    const frames = ["eventAdded", "eventRemoved", "eventUpdated", "scoreUpdate", "state", "statusChange"];
    expect(names("match")).toEqual([...frames, "ping", "pong"].sort());
    expect(names("live")).toEqual([...frames, "ping", "pong"].sort());
    expect(doc.channels.sseMatch.address).toBe("/v1/sse/match/{id}");
    expect(doc.channels.sseLive.address).toBe("/v1/sse/live");
    expect(names("sseMatch")).toEqual([...frames, "close"].sort());
    expect(names("sseLive")).toEqual([...frames, "close"].sort());
    expect(doc.servers.http.protocol).toBe("http");
    const state = doc.components.schemas.StateFrame;
    expect(state.properties.type.enum ?? [state.properties.type.const]).toEqual(["state"]);
    expect(state.properties.data.$ref).toBe("#/components/schemas/MatchListItem");
    expect(Object.keys(doc.components.schemas.StreamClose.properties)).toEqual(["code", "reason"]);
    for (const op of ["sendMatchUpdates", "sendLiveUpdates", "sendSseMatchUpdates", "sendSseLiveUpdates"])
      expect(doc.operations[op].messages.map((m: any) => m.$ref.split("/").pop())).toContain("state");
  });
});
