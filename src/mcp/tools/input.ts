// Tool arguments, parsed by the tool's own zod schema into one sentence naming the field. The SDK can validate too,
// but words a failure as "Input validation error: Invalid arguments for tool get_matches: limit: Invalid input:
// expected number, received string" (its two prefixes, then zod's default one). So the schema registered with the
// SDK publishes the tool's JSON Schema and passes values through, and the handler parses them before anything else.
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

type JsonSchemaOf = (options: { target: string }) => Record<string, unknown>;

/** The schema's JSON Schema per direction and target, converted once per isolate (the SDK asks on every call). */
function memoJson(std: z.ZodObject["~standard"]) {
  const seen = new Map<string, Record<string, unknown>>();
  const json = (std as unknown as { jsonSchema: Record<"input" | "output", JsonSchemaOf> }).jsonSchema;
  const io =
    (dir: "input" | "output"): JsonSchemaOf =>
    (options) => {
      const k = `${dir}:${options.target}`;
      let out = seen.get(k);
      if (!out) seen.set(k, (out = json[dir](options)));
      return out;
    };
  return { input: io("input"), output: io("output") };
}

const passThrough = (value: unknown) => ({ value: (value ?? {}) as Record<string, unknown> });
const built = new WeakMap<z.ZodObject, StandardSchemaWithJSON<Record<string, unknown>>>();

/**
 * A tool's schema as the SDK is handed it: its JSON Schema as tools/list shows it (converted once per isolate, not
 * per request's server), and no validation by the SDK. Inputs are parsed by `parseArgs`, which words the failure;
 * outputs are checked by the server before a result is kept (src/mcp/server.ts), so a cached result is not
 * checked again on every call.
 */
export function published(schema: z.ZodObject): StandardSchemaWithJSON<Record<string, unknown>> {
  let out = built.get(schema);
  if (!out) {
    const std = schema["~standard"];
    out = {
      "~standard": { ...std, validate: passThrough, jsonSchema: memoJson(std) },
    } as unknown as StandardSchemaWithJSON<Record<string, unknown>>;
    built.set(schema, out);
  }
  return out;
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

/** The first problem as one sentence naming the field: "Invalid `limit`: must be at least 1." */
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
