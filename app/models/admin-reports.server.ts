// Import runs → the admin's import history, one run's stored report with its row issues, and the rejected rows as a
// CSV (original columns + line, field, reason) written by the pipeline's own writer, so the CLI and admin files match.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { countImportRowIssues, findImportRun, listImportRowIssues, listImportRuns, type ImportRowIssue } from "../../db/queries/import-runs.ts";
import { RejectedRowsWriter } from "../../ingest-cli/pipeline/import/rejected-rows.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { adminDataError } from "./admin-businesses.server";
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
  return { run, counts, issues: issues.map(({ raw: _raw, ...issue }) => issue) };
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
  const base = run.fileName.replace(/\.[^.]+$/, "").replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "import";
  return new Response(createReadableStreamFromReadable(file), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="rejected_${runId}_${base}.csv"`,
      "Cache-Control": NO_STORE,
    },
  });
}
