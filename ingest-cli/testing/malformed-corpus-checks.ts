// What the CLI or the admin upload said about each corpus file, plus what the database holds → the list of broken
// promises (crash, wrong or missing error code, partial write, rejected rows without line and reason); empty is a pass.
import path from "node:path";
import type { DatabaseHandle } from "../../db/client.ts";
import { SOURCE_ERROR_CODES } from "../pipeline/read/source-error.ts";
import type { CorpusCase, CorpusExpectation } from "./malformed-corpus.ts";

/** Codes a user may be shown for a whole file: the readers' own, and the upload's refusal of a file type. */
export const DOCUMENTED_FILE_CODES: ReadonlySet<string> = new Set([...SOURCE_ERROR_CODES, "INVALID_FILE_TYPE"]);

/** One file's answer, the same shape from both entry points. */
export interface ObservedOutcome {
  /** Null when the file was read (succeeded); otherwise the stable code shown to the user. */
  code: string | null;
  message: string;
  totalRows: number;
  /** Rows now in the directory as the file says: new, updated or unchanged. */
  accepted: number;
  rejected: number;
  skipped: number;
  /** The report's "Line N: field — reason" entries for rejected rows. */
  errors: string[];
}

interface CliFileResult {
  file: string;
  status: string;
  error?: { code: string; message: string } | null;
  counts?: { totalRows: number; inserted: number; updated: number; unchanged: number; skipped: number; rejected: number };
  result?: { errors: string[] };
}

/** `directory import --json` output → outcomes keyed by the file's base name. */
export function readCliOutcomes(stdout: string): Map<string, ObservedOutcome> {
  const parsed = JSON.parse(stdout) as CliFileResult[];
  const outcomes = new Map<string, ObservedOutcome>();
  for (const entry of parsed) {
    const counts = entry.counts;
    outcomes.set(path.basename(entry.file), {
      code: entry.error?.code ?? null,
      message: entry.error?.message ?? "",
      totalRows: counts?.totalRows ?? 0,
      accepted: counts ? counts.inserted + counts.updated + counts.unchanged : 0,
      rejected: counts?.rejected ?? 0,
      skipped: counts?.skipped ?? 0,
      errors: entry.result?.errors ?? [],
    });
  }
  return outcomes;
}

/** An upload's JSON body (the spec's result, `code` on refusals) → the common shape. */
export function readUploadOutcome(body: Record<string, unknown>): ObservedOutcome {
  const code = typeof body.code === "string" ? body.code : null;
  const errors = Array.isArray(body.errors) ? body.errors.map(String) : [];
  return {
    code,
    message: typeof body.message === "string" ? body.message : "",
    totalRows: Number(body.totalRows ?? 0),
    accepted: code === null ? Number(body.successCount ?? 0) : 0,
    rejected: code === null ? Number(body.errorCount ?? 0) : 0,
    skipped: Number(body.skippedCount ?? 0),
    errors: code === null ? errors : [],
  };
}

/** The admin upload takes .xlsx, .xls and .csv only: anything else is refused by name before it is read. */
export function expectForUpload(entry: CorpusCase, allowed: readonly string[]): CorpusExpectation {
  return allowed.includes(path.extname(entry.fileName).toLowerCase()) ? entry.expect : { kind: "refused", code: "INVALID_FILE_TYPE" };
}

const REJECTION_LINE = /^Line \d+: \S/;

/** Problems with one file's outcome; an empty list means the promise held. */
export function judgeOutcome(expect: CorpusExpectation, observed: ObservedOutcome | undefined): string[] {
  if (!observed) return ["no outcome reported"];
  const problems: string[] = [];
  if (observed.code !== null && observed.message.trim().length < 20) problems.push(`code ${observed.code} without a message saying how to fix it`);
  const counted = observed.accepted + observed.rejected + observed.skipped;
  switch (expect.kind) {
    case "refused":
      if (observed.code !== expect.code) problems.push(`expected ${expect.code}, got ${observed.code ?? `an import of ${observed.accepted} rows`}`);
      if (observed.accepted !== 0) problems.push(`a refused file stored ${observed.accepted} rows`);
      break;
    case "imported":
      if (observed.code !== null) problems.push(`expected an import, got ${observed.code}: ${observed.message}`);
      if (expect.accepted !== undefined && observed.accepted !== expect.accepted)
        problems.push(`expected ${expect.accepted} rows stored, got ${observed.accepted}`);
      if (expect.totalRows !== undefined && observed.totalRows !== expect.totalRows)
        problems.push(`expected ${expect.totalRows} data rows, got ${observed.totalRows}`);
      if ((expect.rejectedAtLeast ?? 0) > observed.rejected)
        problems.push(`expected at least ${expect.rejectedAtLeast} rejected rows, got ${observed.rejected}`);
      break;
    case "handled":
      if (observed.code !== null && !DOCUMENTED_FILE_CODES.has(observed.code))
        problems.push(`undocumented code ${observed.code}: ${observed.message}`);
      break;
  }
  if (observed.code === null && counted !== observed.totalRows)
    problems.push(
      `counts do not add up: ${observed.accepted} stored + ${observed.rejected} rejected + ${observed.skipped} skipped ≠ ${observed.totalRows} rows`,
    );
  const unlocated = observed.errors.filter((line) => !line.startsWith("...") && !REJECTION_LINE.test(line));
  if (unlocated.length > 0) problems.push(`rejected rows without a line number: ${unlocated[0]}`);
  if (observed.code === null && observed.rejected > 0 && observed.errors.length === 0) problems.push("rejected rows are not listed in the report");
  return problems;
}

interface StoredRun {
  file_name: string;
  status: string;
  inserted: number;
  stored: number;
  rejected: number;
  issues: number;
}

/**
 * The database's side of the promise: businesses grew by exactly the runs' inserts (nothing written outside a run),
 * refused files left no run, read files left one run whose counts match the report and whose rejected rows are
 * stored with a line and a reason, and no entity or local file made it into a business.
 */
export async function checkStoredRuns(
  handle: DatabaseHandle,
  files: Array<{ fileName: string; expect: CorpusExpectation; observed: ObservedOutcome | undefined }>,
  businessesBefore: number,
): Promise<string[]> {
  const problems: string[] = [];
  const runs = await handle.query<StoredRun>(
    `select r.file_name, r.status, r.inserted_count::int as inserted, (r.inserted_count + r.updated_count + r.unchanged_count)::int as stored,
            r.rejected_count::int as rejected,
            (select count(*)::int from import_row_issues i where i.run_id = r.id and i.severity = 'rejected' and i.line_number > 0 and i.reason <> '') as issues
       from import_runs r`,
  );
  const names = new Set(files.map((file) => file.fileName));
  const byName = new Map(runs.filter((run) => names.has(run.file_name)).map((run) => [run.file_name, run]));
  const [{ count } = { count: 0 }] = await handle.query<{ count: number }>("select count(*)::int as count from businesses");
  const inserted = [...byName.values()].reduce((sum, run) => sum + run.inserted, 0);
  if (count - businessesBefore !== inserted) problems.push(`businesses grew by ${count - businessesBefore} but the runs inserted ${inserted}`);
  for (const file of files) {
    const run = byName.get(file.fileName);
    if (file.observed?.code !== null && file.observed?.code !== undefined) {
      if (run && run.inserted > 0) problems.push(`${file.fileName}: refused with ${file.observed.code} but its run inserted ${run.inserted} rows`);
      continue;
    }
    if (!run) {
      problems.push(`${file.fileName}: imported but no import run was stored`);
      continue;
    }
    if (run.status !== "succeeded") problems.push(`${file.fileName}: stored run is ${run.status}`);
    if (run.stored !== file.observed?.accepted)
      problems.push(`${file.fileName}: run stored ${run.stored} rows, the report says ${file.observed?.accepted}`);
    if (run.issues !== run.rejected)
      problems.push(`${file.fileName}: ${run.rejected} rejected rows but ${run.issues} stored with a line and a reason`);
  }
  const [{ leaked } = { leaked: 0 }] = await handle.query<{ leaked: number }>(
    `select count(*)::int as leaked from businesses where name ~ '(lol){10}' or coalesce(full_address, '') ~ '(lol){10}' or name like '%root:%' or coalesce(full_address, '') like '%root:%'`,
  );
  if (leaked > 0) problems.push(`${leaked} businesses hold an expanded XML entity or a local file's content`);
  return problems;
}
