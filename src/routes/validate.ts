import type { z } from "zod";
import { ApiError, badRequest } from "../errors";

/** Parses path or query values; the first problem becomes a 400 naming the parameter. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const res = schema.safeParse(value);
  if (res.success) return res.data;
  const issue = res.error.issues[0]!;
  const param = issue.path.length > 0 ? issue.path.join(".") : "value";
  throw badRequest(param, issue.message);
}

/** A JSON request body, size-capped before parsing so a huge body cannot exhaust memory. */
export async function parseBody<T extends z.ZodType>(
  req: Request,
  schema: T,
  maxBytes = 64 * 1024,
): Promise<z.output<T>> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new ApiError(413, "invalid_request", `body larger than ${maxBytes} bytes`);
  const text = await req.text();
  if (text.length > maxBytes) throw new ApiError(413, "invalid_request", `body larger than ${maxBytes} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest("body", "expected a JSON object");
  }
  return parseInput(schema, raw);
}
