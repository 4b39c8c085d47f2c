// Import runs: one row per file import (CLI or admin upload), claimed by one worker, resumable by file hash.
import os from "node:os";
import type { DatabaseHandle } from "../client.ts";

export const WORKER_ID = `${os.hostname()}:${process.pid}`;
/** A run whose worker has not written for this long is considered abandoned and may be resumed. */
export const STALE_RUN_SECONDS = 60;

export interface NewImportRun {
  origin: "cli" | "admin";
  fileName: string;
  fileSizeBytes: number;
  fileSha256: string;
  options: Record<string, unknown>;
  createdBy?: number | null;
}

export async function createImportRun(handle: DatabaseHandle, run: NewImportRun): Promise<number> {
  const [row] = await handle.query<{ id: number }>(
    `insert into import_runs (origin, file_name, file_size_bytes, file_sha256, options, created_by, status, claimed_by, heartbeat_at, started_at)
     values ($1, $2, $3, $4, $5::jsonb, $6, 'running', $7, now(), now()) returning id::int as id`,
    [run.origin, run.fileName, run.fileSizeBytes, run.fileSha256, JSON.stringify(run.options), run.createdBy ?? null, WORKER_ID],
  );
  if (!row) throw new Error("import run insert returned nothing");
  return row.id;
}

export interface ResumableRun {
  id: number;
  committedThroughRow: number;
  status: string;
  claimedBy: string | null;
  secondsSinceHeartbeat: number | null;
}

/** The newest unfinished run of the same file content, if any. */
export async function findResumableRun(handle: DatabaseHandle, fileSha256: string): Promise<ResumableRun | null> {
  const [row] = await handle.query<{ id: number; committed: number; status: string; claimed_by: string | null; idle: number | null }>(
    `select id::int as id, committed_through_row as committed, status, claimed_by,
            extract(epoch from now() - heartbeat_at)::float8 as idle
       from import_runs where file_sha256 = $1 and status in ('running', 'failed', 'cancelled')
      order by id desc limit 1`,
    [fileSha256],
  );
  return row ? { id: row.id, committedThroughRow: row.committed, status: row.status, claimedBy: row.claimed_by, secondsSinceHeartbeat: row.idle } : null;
}

/** True when `claimedBy` names a process on this machine that no longer exists (killed mid-import). */
export function isDeadLocalWorker(claimedBy: string | null): boolean {
  if (!claimedBy) return true;
  const separator = claimedBy.lastIndexOf(":");
  const host = claimedBy.slice(0, separator);
  const pid = Number(claimedBy.slice(separator + 1));
  if (host !== os.hostname() || !Number.isInteger(pid)) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Takes over a run for this worker (only if nobody else is alive on it); false when it is held. */
export async function claimImportRun(handle: DatabaseHandle, id: number, claimedBy: string | null): Promise<boolean> {
  const force = isDeadLocalWorker(claimedBy);
  const rows = await handle.query<{ id: number }>(
    `update import_runs set status = 'running', claimed_by = $2, heartbeat_at = now(), error = null, finished_at = null
      where id = $1 and ($4 or claimed_by is null or claimed_by = $2 or status <> 'running'
                         or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $3))
      returning id::int as id`,
    [id, WORKER_ID, STALE_RUN_SECONDS, force],
  );
  return rows.length === 1;
}

export async function finishImportRun(
  handle: DatabaseHandle,
  id: number,
  outcome: { status: "succeeded" | "failed" | "cancelled"; report?: Record<string, unknown> | null; error?: string | null },
): Promise<void> {
  await handle.query(
    `update import_runs set status = $2, report = coalesce($3::jsonb, report), error = $4, finished_at = now(), heartbeat_at = now()
      where id = $1`,
    [id, outcome.status, outcome.report ? JSON.stringify(outcome.report) : null, outcome.error ?? null],
  );
}

export interface RunTotals {
  totalRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rejected: number;
  committedThroughRow: number;
}

export async function getRunTotals(handle: DatabaseHandle, id: number): Promise<RunTotals> {
  const [row] = await handle.query<RunTotals>(
    `select total_rows as "totalRows", inserted_count as inserted, updated_count as updated, unchanged_count as unchanged,
            skipped_count as skipped, rejected_count as rejected, committed_through_row as "committedThroughRow"
       from import_runs where id = $1`,
    [id],
  );
  if (!row) throw new Error(`import run ${id} not found`);
  return row;
}
