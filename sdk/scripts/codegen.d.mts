// Types of ./codegen.mjs for the TypeScript tests that import it.
export declare const FILES: Record<"openapi" | "asyncapi" | "schema" | "messages", string>;
export declare const DOCUMENTS: Record<"openapi" | "asyncapi", string>;
export declare function render(documents: {
  openapi: object;
  asyncapi: object;
}): Promise<Record<keyof typeof FILES, string>>;
export declare function drifted(rendered: Record<keyof typeof FILES, string>): (keyof typeof FILES)[];
