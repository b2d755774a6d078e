// The bundled openfootball files (data/openfootball), as the importer reads them, and an import into this test
// file's Worker through its ingest route and ledger (src/import/run.ts's HTTP target, as `npm run import` uses it).
import { exports } from "cloudflare:workers";
import { httpTarget, importFiles, type ImportFile, type Target } from "../../src/import/run";
import { TEST_SECRETS } from "../secrets";

const texts = import.meta.glob("../../data/openfootball/**/*.json", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** Every bundled file, by its path under data/ ("openfootball/football.json/2015-16/en.1.json"). */
export const BUNDLED: ImportFile[] = Object.entries(texts).map(([p, text]) => ({
  path: p.replace(/^(\.\.\/)+data\//, ""),
  text,
}));

export const bundled = (match: RegExp) => BUNDLED.filter((f) => match.test(f.path));

/** The date the bundled files are read against: every 2025-26 match after March 2026 has had its kickoff. */
export const IMPORT_NOW = Date.UTC(2026, 10, 27, 11);

const fetcher = ((input: RequestInfo | URL, init?: RequestInit) =>
  exports.default.fetch(new Request(input, init))) as typeof fetch;

/** This Worker's ingest route and ledger. */
export const workerTarget = (): Target => httpTarget("http://127.0.0.1:8787", TEST_SECRETS.INGEST_TOKEN, fetcher);

export const importBundled = (files: ImportFile[], target = workerTarget()) =>
  importFiles(files, target, { now: IMPORT_NOW });
