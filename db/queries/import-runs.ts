// Import runs (CLI and admin uploads) → the admin's import history, one run's stored report and its row issues,
// newest first, keyset-paged so a long history never scans what it skips.
import type { DatabaseHandle } from "../client.ts";

export interface ImportRunSummary {
  id: number;
  origin: "cli" | "admin";
  fileName: string;
  fileSizeBytes: number;
  status: string;
  totalRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rejected: number;
  createdBy: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Rows of the file up to this line are saved (where an interrupted run would continue). */
  committedThroughRow: number;
}

export interface ImportRunDetail extends ImportRunSummary {
  options: Record<string, unknown>;
  report: Record<string, unknown> | null;
  /** The server-side upload copy (a server path: never sent to the browser). */
  uploadPath: string | null;
}

const SUMMARY_COLUMNS = `r.id::int as id, r.origin, r.file_name as "fileName", r.file_size_bytes::float8 as "fileSizeBytes", r.status,
  r.total_rows as "totalRows", r.inserted_count as inserted, r.updated_count as updated, r.unchanged_count as unchanged,
  r.skipped_count as skipped, r.rejected_count as rejected, u.username as "createdBy", r.error,
  to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "startedAt",
  to_char(r.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "finishedAt", r.committed_through_row as "committedThroughRow"`;

/** Runs older than `beforeId` (newest first); `limit + 1` rows are read to tell whether more exist. */
export async function listImportRuns(
  handle: DatabaseHandle,
  options: { limit: number; beforeId?: number },
): Promise<{ runs: ImportRunSummary[]; nextBeforeId: number | null }> {
  const params: unknown[] = [options.limit + 1];
  let where = "";
  if (options.beforeId !== undefined) {
    params.push(options.beforeId);
    where = "where r.id < $2";
  }
  const rows = await handle.query<ImportRunSummary>(
    `select ${SUMMARY_COLUMNS} from import_runs r left join admin_users u on u.id = r.created_by ${where} order by r.id desc limit $1`,
    params,
  );
  const more = rows.length > options.limit;
  const runs = more ? rows.slice(0, options.limit) : rows;
  return { runs, nextBeforeId: more ? (runs.at(-1)?.id ?? null) : null };
}

export async function findImportRun(handle: DatabaseHandle, id: number): Promise<ImportRunDetail | null> {
  const [row] = await handle.query<ImportRunDetail>(
    `select ${SUMMARY_COLUMNS}, r.options, r.report, r.upload_path as "uploadPath"
       from import_runs r left join admin_users u on u.id = r.created_by where r.id = $1`,
    [id],
  );
  return row ?? null;
}

export interface ImportRowIssue {
  id: number;
  lineNumber: number;
  severity: "rejected" | "skipped" | "warning";
  code: string;
  field: string | null;
  reason: string;
  raw: Record<string, unknown> | null;
}

/** A run's issues in line order after issue `afterId`; `severity` narrows to one kind. */
export async function listImportRowIssues(
  handle: DatabaseHandle,
  runId: number,
  options: { limit: number; afterId?: number; severity?: ImportRowIssue["severity"] },
): Promise<ImportRowIssue[]> {
  const params: unknown[] = [runId, options.afterId ?? 0, options.limit];
  let severity = "";
  if (options.severity) {
    params.push(options.severity);
    severity = "and severity = $4";
  }
  return handle.query<ImportRowIssue>(
    `select id::int as id, line_number as "lineNumber", severity, code, field, reason, raw
       from import_row_issues where run_id = $1 and id > $2 ${severity} order by id limit $3`,
    params,
  );
}

/** How many issues of each kind a run has. */
export async function countImportRowIssues(handle: DatabaseHandle, runId: number): Promise<Record<ImportRowIssue["severity"], number>> {
  const rows = await handle.query<{ severity: ImportRowIssue["severity"]; n: number }>(
    "select severity, count(*)::int as n from import_row_issues where run_id = $1 group by severity",
    [runId],
  );
  const counts = { rejected: 0, skipped: 0, warning: 0 };
  for (const row of rows) counts[row.severity] = row.n;
  return counts;
}
