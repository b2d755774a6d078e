// An import run (docs/data.md "Importing history"): files → ops (src/import/openfootball/convert.ts) → the target's
// ingest, as quiet batches, a file at a time. Idempotent: ingest applies only changes, and a file imported whole is
// in the target's ledger by content hash, so a second run skips it. Resumable: a run cut short recorded every file it
// finished; the next one skips those and sends the rest again (what the cut file had applied is unchanged now).
import { convertFile, isImportable, sourceOf, type Converted, type FileReport } from "./openfootball/convert";

/** Bumped when the conversion's output changes: every file is then imported again (changes only, as ever). */
export const CONVERTER_VERSION = 1;
/** Ops per ingest request (the ingest route's limit), and a body size well under its 1 MiB. */
const BATCH_OPS = 500;
const BATCH_BYTES = 900 * 1024;

export interface ImportFile {
  path: string;
  text: string;
}

export interface Target {
  /** Source → content hash, of every file the deployment has imported. */
  imported(): Promise<Map<string, string>>;
  send(ops: object[]): Promise<{ applied: number; unchanged: number }>;
  record(entry: { source: string; sha256: string; matches: number }): Promise<void>;
}

export interface Progress {
  files: number;
  filesDone: number;
  source: string;
  matches: number;
  ops: number;
  applied: number;
}

export interface ImportReport {
  files: FileReport[];
  /** Files the target had already imported with the same content. */
  alreadyImported: string[];
  ops: number;
  applied: number;
  unchanged: number;
}

export class UnknownNames extends Error {
  constructor(readonly names: { source: string; name: string }[]) {
    super(
      `names the alias table does not know (src/core/identity/aliases.ts; docs/data.md "A new season's names"):\n` +
        names.map((n) => `  ${n.source}: "${n.name}"`).join("\n"),
    );
  }
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${CONVERTER_VERSION}\n${text}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Files in the order they must go: seasons oldest first, a tournament's squads after its matches. */
const order = (a: ImportFile, b: ImportFile) =>
  Number(a.path.includes("squads")) - Number(b.path.includes("squads")) || a.path.localeCompare(b.path);

export async function importFiles(
  files: ImportFile[],
  target: Target,
  opts: { now?: number; force?: boolean; onProgress?: (p: Progress) => void; batchOps?: number } = {},
): Promise<ImportReport> {
  const now = opts.now ?? Date.now();
  const wanted = files.filter((f) => isImportable(f.path)).sort(order);
  const ledger = opts.force ? new Map<string, string>() : await target.imported();
  const report: ImportReport = { files: [], alreadyImported: [], ops: 0, applied: 0, unchanged: 0 };
  // A file the ledger has with the same content is skipped unread; every other one is converted, and every name
  // checked, before anything is sent.
  const todo: (Converted & { sha: string })[] = [];
  for (const f of wanted) {
    const sha = await sha256(f.text);
    const source = sourceOf(f.path);
    if (ledger.get(source) === sha) report.alreadyImported.push(source);
    else todo.push({ ...convertFile(f.path, JSON.parse(f.text), now), sha });
  }
  const unknown = todo.flatMap((c) => c.unknownNames.map((name) => ({ source: c.source, name })));
  if (unknown.length > 0) throw new UnknownNames(unknown);

  const progress: Progress = { files: todo.length, filesDone: 0, source: "", matches: 0, ops: 0, applied: 0 };
  for (const c of todo) {
    progress.source = c.source;
    {
      for (const batch of batches(c.ops, opts.batchOps ?? BATCH_OPS)) {
        const r = await target.send(batch);
        report.applied += r.applied;
        report.unchanged += r.unchanged;
        report.ops += batch.length;
        progress.ops += batch.length;
        progress.applied += r.applied;
        opts.onProgress?.(progress);
      }
      await target.record({ source: c.source, sha256: c.sha, matches: c.report.matches });
      report.files.push(c.report);
      progress.matches += c.report.matches;
    }
    progress.filesDone++;
    opts.onProgress?.(progress);
  }
  return report;
}

function* batches(ops: object[], most: number) {
  let batch: object[] = [];
  let bytes = 0;
  for (const op of ops) {
    const size = JSON.stringify(op).length;
    if (batch.length === most || (batch.length > 0 && bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(op);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

/** A deployment reached over HTTP: its ingest route and ledger, with the ingest token. */
export function httpTarget(base: string, token: string, fetcher: typeof fetch = fetch): Target {
  const call = async (method: string, path: string, body?: unknown) => {
    // A few tries with a pause: a deployment restarting or a moment's 5xx does not end a long import.
    for (let attempt = 1; ; attempt++) {
      const res = await fetcher(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((e: unknown) => e as Error);
      if (res instanceof Response && res.ok) return res.json() as Promise<Record<string, unknown>>;
      const retry = !(res instanceof Response) || res.status === 429 || res.status >= 500;
      const why = res instanceof Response ? `${res.status} ${await res.text()}` : res.message;
      if (!retry || attempt === 4) throw new Error(`${method} ${base}${path}: ${why}`);
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  };
  return {
    async imported() {
      const body = (await call("GET", "/internal/ingest/imports")) as { data: { source: string; sha256: string }[] };
      return new Map(body.data.map((r) => [r.source, r.sha256]));
    },
    async send(ops) {
      const r = await call("POST", "/internal/ingest", { ops, quiet: true, source: "openfootball" });
      return { applied: Number(r.applied), unchanged: Number(r.unchanged) };
    },
    async record(entry) {
      await call("PUT", "/internal/ingest/imports", entry);
    },
  };
}
