// Import runs → the admin's import history, one run's stored report with its row issues, the rejected rows as a
// CSV (original columns + line, field, reason) written by the pipeline's own writer, so the CLI and admin files match;
// and for a run a dead server left interrupted: resume it from its kept upload, or discard it (both audited).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { describeFailure } from "../../db/rules/directory-error.ts";
import { countImportRowIssues, findImportRun, listImportRowIssues, listImportRuns, type ImportRowIssue } from "../../db/queries/import-runs.ts";
import { findRunForRecovery, type InterruptedRun } from "../../db/writes/import-runs.ts";
import { DEFAULT_BATCH_SIZE, ImportError } from "../../ingest-cli/pipeline/import/import-file.ts";
import { importFiles } from "../../ingest-cli/pipeline/import/import-files.ts";
import { discardInterruptedRun, findKeptUpload, RunNotInterruptedError } from "../../ingest-cli/pipeline/import/interrupted-runs.ts";
import { RejectedRowsWriter } from "../../ingest-cli/pipeline/import/rejected-rows.ts";
import { SourceError } from "../../ingest-cli/pipeline/read/source-error.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { adminDataError } from "./admin-businesses.server";
import { runInBackground } from "./background-work.server";
import { NO_STORE } from "./cache-policy.server";

export const REPORTS_PAGE_SIZE = 25;
/** Issues shown on a run's page; the CSV carries every rejected row. */
export const REPORT_ISSUES_SHOWN = 200;
const ISSUE_READ_CHUNK = 2000;

export const ReportsQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });
export const RunIdSchema = z.object({ runId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export function parseRunId(params: Record<string, string | undefined>): number {
  const parsed = RunIdSchema.safeParse(params);
  if (!parsed.success) throw adminDataError(400, "INVALID_RUN_ID", "The import run id must be a positive whole number, e.g. /admin/reports/12.");
  return parsed.data.runId;
}

export function parseReportsQuery(params: URLSearchParams): { before?: number } {
  const parsed = ReportsQuerySchema.safeParse({ before: params.get("before") || undefined });
  return parsed.success ? parsed.data : {};
}

export async function getImportHistory(before?: number) {
  return listImportRuns(await getDatabase(), { limit: REPORTS_PAGE_SIZE, beforeId: before });
}

function runNotFound(runId: number): Response {
  return adminDataError(404, "IMPORT_RUN_NOT_FOUND", `Import run #${runId} does not exist; pick one from the import history.`);
}

export async function getImportRunReport(runId: number) {
  const handle = await getDatabase();
  const run = await findImportRun(handle, runId);
  if (!run) throw runNotFound(runId);
  const [counts, issues] = await Promise.all([
    countImportRowIssues(handle, runId),
    listImportRowIssues(handle, runId, { limit: REPORT_ISSUES_SHOWN }),
  ]);
  const { uploadPath, ...shown } = run;
  // Only whether the upload is kept (Resume possible) reaches the page, never the server path.
  return {
    run: shown,
    fileKept: run.status === "interrupted" && findKeptUpload(uploadPath) !== null,
    counts,
    issues: issues.map(({ raw: _raw, ...issue }) => issue),
  };
}

export const RunActionSchema = z.object({ intent: z.enum(["resume", "discard"]) });
export type RunAction = z.infer<typeof RunActionSchema>["intent"];

/** The run page's form → its intent, or a 400 naming the two it takes. */
export function parseRunAction(form: FormData): RunAction {
  const parsed = RunActionSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success) throw adminDataError(400, "INVALID_RUN_ACTION", "Send intent=resume or intent=discard for an interrupted import run.");
  return parsed.data.intent;
}

/** What the import used the first time, read back from the run (defaults where an old run lacks one). */
const StoredRunOptionsSchema = z.object({
  batchSize: z.number().int().min(1).max(10_000).catch(DEFAULT_BATCH_SIZE),
  onDuplicate: z.enum(["update", "skip"]).catch("update"),
  isTest: z.boolean().catch(false),
});

async function findInterrupted(runId: number): Promise<InterruptedRun> {
  const run = await findRunForRecovery(await getDatabase(), runId);
  if (!run) throw runNotFound(runId);
  if (run.status !== "interrupted") throw adminDataError(409, "IMPORT_RUN_NOT_INTERRUPTED", new RunNotInterruptedError(runId).message);
  return run;
}

/**
 * POST intent=resume: continues the interrupted run from its kept upload after its last saved batch, in the
 * background of this server (the page then shows it running); answers once the run is claimed, or with why not.
 */
export async function resumeRunAsAdmin(admin: AdminContext, runId: number): Promise<{ resumedFromRow: number }> {
  const run = await findInterrupted(runId);
  const kept = findKeptUpload(run.uploadPath);
  if (!kept) {
    throw adminDataError(
      409,
      "UPLOAD_NOT_KEPT",
      run.origin === "cli"
        ? `Import run #${runId} came from the CLI: run \`directory import <file> --resume\` with the same file to continue after line ${run.committedThroughRow}.`
        : `The uploaded file of import run #${runId} was not kept (the kept-uploads limit was reached, or it was on another server). Upload the same file again at /admin/upload: it continues after line ${run.committedThroughRow}.`,
    );
  }
  const stored = StoredRunOptionsSchema.parse({ batchSize: run.options.batchSize, onDuplicate: run.options.onDuplicate, isTest: run.options.isTest });
  const target = `import-run:${runId}`;
  const started = await new Promise<{ resumedFromRow: number }>((resolve, reject) => {
    let claimed = false;
    // The one import operation the CLI and the upload run: the count refresh happens before the run is closed.
    const finished = importFiles(getDatabase, [kept], {
      ...stored,
      resume: { runId },
      fileName: run.fileName,
      origin: run.origin,
      createdBy: run.createdBy,
      actor: { userId: admin.user.id, actor: admin.user.username, ip: admin.ip },
      uploadPath: kept,
      onRunStarted: ({ resumedFromRow }) => {
        claimed = true;
        resolve({ resumedFromRow });
      },
    })
      .then(async ([result]) => {
        if (!claimed) return reject(result?.error ?? new Error(`the resumed import of run #${runId} ended without claiming it`));
        if (!result?.outcome) throw result?.error;
        const { outcome } = result;
        await recordAdminAction(admin, "import-run.resume-finished", {
          target,
          rowCount: outcome.counters.inserted + outcome.counters.updated,
          details: {
            status: outcome.status,
            totalRows: outcome.counters.totalRows,
            error: outcome.error?.code ?? null,
            sample: outcome.writtenSample,
          },
        });
      })
      .catch((error: unknown) => {
        if (!claimed) return reject(error);
        // NOTE: the request has been answered; the run's own status and error say what happened.
        process.stderr.write(`Resumed import run #${runId} failed: ${describeFailure(error)}\n`);
      });
    runInBackground(finished);
  }).catch((error: unknown) => {
    if (error instanceof ImportError || error instanceof SourceError) throw adminDataError(409, error.code, error.message);
    throw error;
  });
  await recordAdminAction(admin, "import-run.resume", { target, rowCount: started.resumedFromRow, details: { fileName: run.fileName } });
  return started;
}

/** POST intent=discard: gives the interrupted run up (its saved rows stay), deletes its kept upload; audited. */
export async function discardRunAsAdmin(admin: AdminContext, runId: number): Promise<{ committedThroughRow: number }> {
  await findInterrupted(runId);
  const discarded = await discardInterruptedRun(await getDatabase(), runId).catch((error: unknown) => {
    if (error instanceof RunNotInterruptedError) throw adminDataError(409, error.code, error.message);
    throw error;
  });
  await recordAdminAction(admin, "import-run.discard", {
    target: `import-run:${runId}`,
    rowCount: discarded.committedThroughRow,
    details: { countsRefreshed: discarded.refreshed },
  });
  return discarded;
}

/** Every rejected issue of a run, in order, a chunk at a time. */
async function* readRejected(runId: number): AsyncGenerator<ImportRowIssue> {
  const handle = await getDatabase();
  let afterId = 0;
  for (;;) {
    const chunk = await listImportRowIssues(handle, runId, { limit: ISSUE_READ_CHUNK, afterId, severity: "rejected" });
    yield* chunk;
    if (chunk.length < ISSUE_READ_CHUNK) return;
    afterId = chunk.at(-1)?.id ?? afterId;
  }
}

/**
 * The source's columns as the run stored them; older runs without them get the keys of their stored rows (a
 * malformed line stores only `raw`, which goes in the first column).
 */
async function collectHeaders(runId: number, stored: unknown): Promise<string[]> {
  if (Array.isArray(stored) && stored.every((header) => typeof header === "string")) return stored as string[];
  const headers = new Set<string>();
  for await (const issue of readRejected(runId)) {
    const keys = Object.keys(issue.raw ?? {});
    for (const key of keys) if (!(key === "raw" && keys.length === 1)) headers.add(key);
  }
  return headers.size > 0 ? [...headers] : ["raw"];
}

/**
 * GET /admin/reports/{runId}/rejected.csv: writes the file with RejectedRowsWriter into a private temp dir (issues
 * read a chunk at a time, so memory stays flat), then streams it and removes it.
 */
export async function streamRejectedRowsCsv(context: AdminContext, runId: number): Promise<Response> {
  const run = await findImportRun(await getDatabase(), runId);
  if (!run) throw runNotFound(runId);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "directory-rejected-"));
  const filePath = path.join(dir, "rejected.csv");
  let rows = 0;
  try {
    const writer = new RejectedRowsWriter(filePath, await collectHeaders(runId, run.options.headers));
    for await (const issue of readRejected(runId)) {
      writer.write(issue.lineNumber, issue.field, issue.reason, issue.raw);
      rows++;
    }
    await writer.close();
  } catch (error) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw error;
  }
  await recordAdminAction(context, "import-run.rejected-csv", { target: `import-run:${runId}`, rowCount: rows });
  const file = fs.createReadStream(filePath);
  file.once("close", () => void fs.promises.rm(dir, { recursive: true, force: true }));
  const base =
    run.fileName
      .replace(/\.[^.]+$/, "")
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .slice(0, 80) || "import";
  return new Response(createReadableStreamFromReadable(file), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="rejected_${runId}_${base}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}
