// Standard Webhooks signatures, verified with the `standardwebhooks` library as a receiver would.
import { env } from "cloudflare:workers";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newSecret, openSecret, sealSecret, signatureHeader } from "../../../src/core/webhooks/secrets";

const headers = async (secrets: string[], id: string, ts: number, body: string) => ({
  "webhook-id": id,
  "webhook-timestamp": String(ts),
  "webhook-signature": await signatureHeader(secrets, id, ts, body),
});
const now = () => Math.floor(Date.now() / 1000);

describe("Standard Webhooks signing", () => {
  it("a secret is whsec_ + base64 of 32 bytes and the library verifies our signature", async () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "match.score_updated", timestamp: "2026-11-23T12:00:00Z", data: { home: 1 } });
    const h = await headers([secret], "msg_abc", now(), body);
    expect(h["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, h)).toEqual(JSON.parse(body));
  });

  it("the signature covers id, timestamp and body: a change to any of them fails verification", async () => {
    const secret = newSecret();
    const body = '{"type":"webhook.test","timestamp":"2026-11-23T12:00:00Z","data":{}}';
    const ts = now();
    const h = await headers([secret], "msg_1", ts, body);
    const wh = new Webhook(secret);
    expect(() => wh.verify(body.replace("test", "tesT"), h)).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...h, "webhook-id": "msg_2" })).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...h, "webhook-timestamp": String(ts - 1) })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(newSecret()).verify(body, h)).toThrow(WebhookVerificationError);
  });

  it("with two secrets (rotation overlap) receivers holding either verify", async () => {
    const [oldSecret, newOne] = [newSecret(), newSecret()];
    const body = '{"type":"webhook.test"}';
    const h = await headers([newOne, oldSecret], "msg_r", now(), body);
    expect(h["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, h)).toEqual({ type: "webhook.test" });
    expect(new Webhook(newOne).verify(body, h)).toEqual({ type: "webhook.test" });
  });
});

describe("secrets at rest", () => {
  it("are sealed with AES-GCM: the stored text does not contain the secret and opens only for its endpoint", async () => {
    const secret = newSecret();
    const sealed = await sealSecret(env, "wh_one", secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(await openSecret(env, "wh_one", sealed)).toBe(secret);
    await expect(openSecret(env, "wh_two", sealed)).rejects.toThrow();
    await expect(
      openSecret({ WEBHOOK_SECRETS_KEY: "another-key-of-enough-length" }, "wh_one", sealed),
    ).rejects.toThrow();
  });

  it("refuse to seal without a WEBHOOK_SECRETS_KEY (fail closed)", async () => {
    await expect(sealSecret({ WEBHOOK_SECRETS_KEY: "" }, "wh_x", newSecret())).rejects.toThrow(/WEBHOOK_SECRETS_KEY/);
  });
});
