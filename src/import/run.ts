// An import run (docs/data.md "Importing history"): files → ops (src/import/openfootball/convert.ts) → the target's
// ingest, as quiet batches, a file at a time. Idempotent: ingest applies only changes, and a file imported whole is
// in the target's ledger by content hash, so a second run skips it. Resumable: a run cut short recorded every file it
// finished; the next one skips those and sends the rest again (what the cut file had applied is unchanged now).
import { convertFile, isImportable, sourceOf, type Converted, type FileReport } from "./openfootball/convert";

/**
 * Bumped when the conversion's output changes: every file is then imported again (changes only, as ever). 2: goals
 * credited to a side that cannot have scored them are refused (and withdrawn where imported before), stoppage time
 * from a string minute with an `offset`, competitions and club names the service did not know.
 */
export const CONVERTER_VERSION = 2;
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
  /**
   * The crosswalk's rows of the history's teams (source_ref → our id and status), to report what became of club
   * names the alias table does not have; undefined where the target cannot say (no admin token).
   */
  teamIdentities?(): Promise<Map<string, { id: string; status: string }> | undefined>;
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
  /**
   * Club names sent for the deployment's crosswalk to resolve (FileReport.names), and what it made of each: `new`
   * (a new team), `existing` (a team it had already: `id`), `unresolved` (a new team, marked for the operator: a
   * similar one exists), or `sent` where the target could not say (no admin token).
   */
  teams: { source: string; name: string; id: string; outcome: "new" | "existing" | "unresolved" | "sent" }[];
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
  const report: ImportReport = { files: [], alreadyImported: [], ops: 0, applied: 0, unchanged: 0, teams: [] };
  // A file the ledger has with the same content is skipped unread; every other one is converted before anything is
  // sent (a file the importer cannot read sends nothing).
  const todo: (Converted & { sha: string })[] = [];
  for (const f of wanted) {
    const sha = await sha256(f.text);
    const source = sourceOf(f.path);
    if (ledger.get(source) === sha) report.alreadyImported.push(source);
    else todo.push({ ...convertFile(f.path, JSON.parse(f.text), now, f.text), sha });
  }

  const sendsNames = todo.some((c) => c.report.names.some((n) => n.via === "crosswalk"));
  const before = sendsNames ? await target.teamIdentities?.().catch(() => undefined) : undefined;
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
  if (sendsNames) report.teams = await teamOutcomes(report.files, target, before);
  return report;
}

/** What the crosswalk made of each club name sent to it (ImportReport.teams), from its rows before and after. */
async function teamOutcomes(
  files: FileReport[],
  target: Target,
  before: Map<string, { id: string; status: string }> | undefined,
): Promise<ImportReport["teams"]> {
  const sent = files.flatMap((f) =>
    f.names.filter((n) => n.via === "crosswalk").map((n) => ({ ...n, source: f.source })),
  );
  const rows = before && (await target.teamIdentities?.().catch(() => undefined));
  return sent.map(({ source, name, id }) => {
    const row = rows?.get(id);
    if (!row) return { source, name, id, outcome: "sent" as const };
    const outcome = row.status === "unresolved" ? "unresolved" : before!.has(id) || row.id !== id ? "existing" : "new";
    return { source, name, id: row.id, outcome };
  });
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

/**
 * A deployment reached over HTTP: its ingest route and ledger, with the ingest token; with the admin token too, the
 * crosswalk's rows for the report (optional: the import itself needs only the ingest token).
 */
export function httpTarget(base: string, token: string, fetcher: typeof fetch = fetch, adminToken = ""): Target {
  const call = async (method: string, path: string, body?: unknown, bearer = token) => {
    // A few tries with a pause: a deployment restarting or a moment's 5xx does not end a long import.
    for (let attempt = 1; ; attempt++) {
      const res = await fetcher(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
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
    async teamIdentities() {
      if (!adminToken) return undefined;
      const rows = new Map<string, { id: string; status: string }>();
      for (let after = ""; ;) {
        const page = (await call(
          "GET",
          `/internal/admin/identities?kind=team&source=openfootball&limit=500${after ? `&after=${encodeURIComponent(after)}` : ""}`,
          undefined,
          adminToken,
        )) as { data: { source_ref: string; id: string; status: string }[]; next_cursor: string | null };
        for (const r of page.data) rows.set(r.source_ref, { id: r.id, status: r.status });
        if (!page.next_cursor || page.data.length === 0) return rows;
        after = page.next_cursor;
      }
    },
  };
}
