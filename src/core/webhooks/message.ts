// The queue message: one per (endpoint, event). Its body is the exact JSON that is signed and POSTed, so every retry
// sends the same bytes under the same `webhook-id`.
import type { DeliveredType } from "../domain/webhook-schemas";
import { base62 } from "../auth/keys";

export interface WebhookMessage {
  endpoint_id: string;
  /** The `webhook-id` header: stable across retries, receivers dedupe by it. */
  id: string;
  type: DeliveredType;
  /** The league the event belongs to (entitlements are checked again at delivery); null for test events. */
  league_id: string | null;
  body: string;
}

/** Whether an endpoint's stored filter (space-separated types; null = all) takes this type. */
export const subscribes = (events: string | null, type: string) => events === null || events.split(" ").includes(type);

export const newMessageId = () => `msg_${base62(crypto.getRandomValues(new Uint8Array(16)), 22)}`;

/** Queues accepts at most 100 messages and 256 KB per sendBatch. */
const MAX_BATCH = 100;
const MAX_BATCH_BYTES = 240_000;

export async function sendAll(queue: Queue, messages: WebhookMessage[]): Promise<void> {
  let chunk: MessageSendRequest<WebhookMessage>[] = [];
  let bytes = 0;
  const flush = async () => {
    if (chunk.length > 0) await queue.sendBatch(chunk);
    chunk = [];
    bytes = 0;
  };
  const sizes = new Map<string, number>(); // one event's body is shared by all its endpoints' messages
  for (const m of messages) {
    let size = sizes.get(m.body);
    if (size === undefined) sizes.set(m.body, (size = new TextEncoder().encode(m.body).byteLength + 200));
    if (chunk.length === MAX_BATCH || bytes + size > MAX_BATCH_BYTES) await flush();
    chunk.push({ body: m, contentType: "json" });
    bytes += size;
  }
  await flush();
}
