// Tool arguments, parsed by the tool's own zod schema into one sentence naming the field. The SDK can validate too,
// but words a failure as "Input validation error: Invalid arguments for tool get_matches: limit: Invalid input:
// expected number, received string" (its two prefixes, then zod's default one). So the schema registered with the
// SDK publishes the tool's JSON Schema and passes values through, and the handler parses them before anything else.
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

/** The tool's input schema as tools/list shows it; validation happens in `parseArgs`. */
export function published(schema: z.ZodObject): StandardSchemaWithJSON<Record<string, unknown>> {
  const std = schema["~standard"];
  return {
    "~standard": { ...std, validate: (value: unknown) => ({ value: (value ?? {}) as Record<string, unknown> }) },
  } as unknown as StandardSchemaWithJSON<Record<string, unknown>>;
}

const kindOf = (x: unknown) => (x === null ? "null" : Array.isArray(x) ? "an array" : `a ${typeof x}`);
const EXPECTED: Record<string, string> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  object: "an object",
};

/** Zod's wording for the issues our schemas leave to it (those with their own message keep it). */
function reason(iss: z.core.$ZodRawIssue): string | undefined {
  switch (iss.code) {
    case "invalid_type":
      return iss.input === undefined
        ? "required"
        : `must be ${EXPECTED[iss.expected] ?? iss.expected}, not ${kindOf(iss.input)}`;
    case "too_small":
      return `must be at least ${iss.minimum}${iss.origin === "string" ? " characters" : ""}`;
    case "too_big":
      return `must be at most ${iss.maximum}${iss.origin === "string" ? " characters" : ""}`;
    case "invalid_value":
      return `must be one of ${iss.values.map(String).join(", ")}`;
    default:
      return undefined;
  }
}

const sentence = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? "" : "."}`;

/** The first problem as one sentence naming the field: "Invalid `limit`: must be at most 100." */
export function parseArgs<S extends z.ZodObject>(
  schema: S,
  args: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  const res = schema.safeParse(args ?? {}, { error: reason });
  if (res.success) return { ok: true, data: res.data };
  const issue = res.error.issues[0]!;
  if (issue.path.length === 0) return { ok: false, message: sentence(issue.message) };
  const field = issue.path.join(".");
  return {
    ok: false,
    message:
      issue.message === "required" ? `\`${field}\` is required.` : sentence(`invalid \`${field}\`: ${issue.message}`),
  };
}
