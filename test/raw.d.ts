/** Vite's `?raw` imports (a file's text), used by tests that check configuration files. */
declare module "*?raw" {
  const text: string;
  export default text;
}

/** Vite's `import.meta.glob` (test/helpers/openfootball.ts reads the bundled data files with it). */
interface ImportMeta {
  glob(pattern: string, options: { query: "?raw"; import: "default"; eager: true }): Record<string, string>;
}
