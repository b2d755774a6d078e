import type { z } from "zod";
import { badRequest } from "../errors";

/** Parses path or query values; the first problem becomes a 400 naming the parameter. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const res = schema.safeParse(value);
  if (res.success) return res.data;
  const issue = res.error.issues[0]!;
  const param = issue.path.length > 0 ? issue.path.join(".") : "value";
  throw badRequest(param, issue.message);
}
