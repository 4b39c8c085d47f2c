// Import runs: one row per file import (CLI or admin upload), owned by one live worker, resumable by file hash; a run
// whose owner is gone (killed, crashed) is found by recovery and marked interrupted, never while its owner lives.
import { DirectoryError } from "../rules/directory-error.ts";
import os from "node:os";
import type postgres from "postgres";
import type { DatabaseHandle } from "../client.ts";
import type { IMPORT_RUN_STATUSES } from "../schema/imports.ts";
import { openDedicatedSession } from "./dedicated-session.ts";

export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

/**
 * host:pid:process start. NOTE: the start time matters: a server restarted in a container gets the same pid (often
 * 1) and hostname, and must not take its dead predecessor's runs for its own. performance.timeOrigin is the same in
 * every copy of this module in one process (the CLI's and the server bundle's).
 */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${Math.round(performance.timeOrigin)}`;

/**
 * Class id of the session advisory lock (class, run id) a live importer holds on a PostgreSQL server, on a
 * connection of its own: while that process lives, pg_try_advisory_lock on the run fails everywhere else; when it
 * dies, the server drops its connection and the lock with it. This is recovery's "owner gone" test.
 */
export const IMPORT_RUN_LOCK_CLASS = 72_819_044;

/** Statuses `--resume` continues; an admin re-upload continues only `interrupted` ones. */
export const RESUMABLE_STATUSES: readonly ImportRunStatus[] = ["running", "failed", "cancelled", "interrupted"];

const LIVE_RUNS_KEY = Symbol.for("business-directory.live-import-runs");
type GlobalWithRuns = typeof globalThis & { [LIVE_RUNS_KEY]?: Set<number> };

/**
 * Runs this process is importing right now. NOTE: on globalThis because the CLI and the Remix server bundle each
 * carry a copy of this module in one process. On PGlite (one process per data dir) this set alone tells live from
 * orphaned; on a server it also covers this process's own runs, whose locks its other sessions cannot take.
 */
function liveRuns(): Set<number> {
  const store = globalThis as GlobalWithRuns;
  store[LIVE_RUNS_KEY] ??= new Set();
  return store[LIVE_RUNS_KEY];
}

/** The advisory lock key of a run: (class, run id folded into an int4). */
function lockKey(id: number): [number, number] {
  return [IMPORT_RUN_LOCK_CLASS, id % 2_147_483_647];
}

/** A connection of its own (never the pool's: a pooled connection would carry the lock to whoever takes it next). */
function openOwnerSession(handle: DatabaseHandle): postgres.Sql {
  return openDedicatedSession(handle, "business-directory-import-owner");
}

/** This process owns the run until release() (which ends the owner session, dropping its lock). */
export interface ImportRunClaim {
  id: number;
  release(): Promise<void>;
}

function holdRun(id: number, session: postgres.Sql | null): ImportRunClaim {
  liveRuns().add(id);
  let released = false;
  return {
    id,
    async release() {
      if (released) return;
      released = true;
      liveRuns().delete(id);
      await session?.end({ timeout: 2 }).catch(() => undefined);
    },
  };
}

export interface NewImportRun {
  origin: "cli" | "admin";
  fileName: string;
  fileSizeBytes: number;
  fileSha256: string;
  options: Record<string, unknown>;
  createdBy?: number | null;
  /** The admin upload's temp file (deleted or kept by recovery if this process dies). */
  uploadPath?: string | null;
}

const INSERT_RUN = `insert into import_runs (origin, file_name, file_size_bytes, file_sha256, options, created_by, status, claimed_by, heartbeat_at, started_at, upload_path)
  values ($1, $2, $3, $4, $5::text::jsonb, $6, 'running', $7, now(), now(), $8) returning id::int as id`;
// NOTE: `$5::text::jsonb`, not `$5::jsonb`: on the owner session postgres.js learns the parameter is jsonb and
// JSON-encodes the already encoded options again, storing one JSON string instead of the object.

/** A new running run owned by this process. */
export async function createImportRun(handle: DatabaseHandle, run: NewImportRun): Promise<ImportRunClaim> {
  const params = [
    run.origin,
    run.fileName,
    run.fileSizeBytes,
    run.fileSha256,
    JSON.stringify(run.options),
    run.createdBy ?? null,
    WORKER_ID,
    run.uploadPath ?? null,
  ];
  if (handle.driver !== "postgres") {
    const [row] = await handle.query<{ id: number }>(INSERT_RUN, params);
    if (!row) throw new Error("import run insert returned nothing");
    return holdRun(row.id, null);
  }
  const session = openOwnerSession(handle);
  try {
    // NOTE: the lock is taken in the insert's transaction, so no other session ever sees the run without its lock.
    const id = await session.begin(async (tx) => {
      const [row] = await tx.unsafe<Array<{ id: number }>>(INSERT_RUN, params as never[]);
      if (!row) throw new Error("import run insert returned nothing");
      await tx.unsafe("select pg_advisory_lock($1::int, $2::int)", lockKey(row.id));
      return row.id;
    });
    return holdRun(id, session);
  } catch (error) {
    await session.end({ timeout: 2 }).catch(() => undefined);
    throw error;
  }
}

export interface ResumableRun {
  id: number;
  committedThroughRow: number;
  status: ImportRunStatus;
  claimedBy: string | null;
  fileSha256: string;
}

/** The newest run of the same file content in one of `statuses`; or, with `runId`, that run (any content). */
export async function findResumableRun(
  handle: DatabaseHandle,
  fileSha256: string,
  options: { statuses?: readonly ImportRunStatus[]; runId?: number } = {},
): Promise<ResumableRun | null> {
  const statuses = [...(options.statuses ?? RESUMABLE_STATUSES)];
  const [row] = await handle.query<ResumableRun>(
    `select id::int as id, committed_through_row as "committedThroughRow", status, claimed_by as "claimedBy", file_sha256 as "fileSha256"
       from import_runs where ${options.runId === undefined ? "file_sha256" : "id"} = $1 and status = any($2::text[])
      order by id desc limit 1`,
    [options.runId ?? fileSha256, statuses],
  );
  return row ?? null;
}

export interface ClaimedRun {
  claim: ImportRunClaim;
  /** The upload copy the run pointed at before this claim (a kept file the caller may now delete). */
  previousUploadPath: string | null;
}

/**
 * Takes over a resumable run for this process; null while its owner lives (its lock is held, or it is this
 * process's own) or once it is no longer resumable (finished or discarded meanwhile). `uploadPath` replaces the
 * run's upload copy when given.
 */
export async function claimImportRun(handle: DatabaseHandle, id: number, uploadPath?: string | null): Promise<ClaimedRun | null> {
  if (liveRuns().has(id)) return null;
  const session = handle.driver === "postgres" ? openOwnerSession(handle) : null;
  try {
    if (session) {
      const [lock] = await session.unsafe<Array<{ ok: boolean }>>("select pg_try_advisory_lock($1::int, $2::int) as ok", lockKey(id));
      if (!lock?.ok) {
        await session.end({ timeout: 2 });
        return null;
      }
    }
    const rows = await handle.query<{ previous: string | null }>(
      `with previous as (select upload_path from import_runs where id = $1)
       update import_runs set status = 'running', claimed_by = $2, heartbeat_at = now(), error = null, finished_at = null,
                              upload_path = coalesce($3, upload_path)
        where id = $1 and status = any($4::text[])
        returning (select upload_path from previous) as previous`,
      [id, WORKER_ID, uploadPath ?? null, [...RESUMABLE_STATUSES]],
    );
    if (rows.length !== 1) {
      await session?.end({ timeout: 2 });
      return null;
    }
    return { claim: holdRun(id, session), previousUploadPath: rows[0]?.previous ?? null };
  } catch (error) {
    await session?.end({ timeout: 2 }).catch(() => undefined);
    throw error;
  }
}

/**
 * Ends a run this process owns. Returns the upload copy it pointed at (now cleared), or null when the run is no
 * longer this process's (recovery marked it interrupted while this process had lost its lock, and another took it
 * over): a takeover must not be overwritten by a late finish.
 * NOTE: heartbeat_at stays the time of the run's last batch: aggregatesBehindImports compares it with the count
 * refresh, which a single file's run makes before it closes (bumped here, every finished run looked behind the counts).
 */
export async function finishImportRun(
  handle: DatabaseHandle,
  id: number,
  outcome: { status: "succeeded" | "failed" | "cancelled"; report?: Record<string, unknown> | null; error?: string | null },
): Promise<{ uploadPath: string | null } | null> {
  const rows = await handle.query<{ uploadPath: string | null }>(
    `with previous as (select upload_path from import_runs where id = $1)
     update import_runs set status = $2, report = coalesce($3::jsonb, report), error = $4, finished_at = now(), upload_path = null
      where id = $1 and status = 'running' and claimed_by = $5
      returning (select upload_path from previous) as "uploadPath"`,
    [id, outcome.status, outcome.report ? JSON.stringify(outcome.report) : null, outcome.error ?? null, WORKER_ID],
  );
  return rows[0] ?? null;
}

/** A batch found its run no longer running under this process: it was marked interrupted or taken over. */
export class RunTakenOverError extends DirectoryError {
  constructor(id: number, status: string, claimedBy: string | null) {
    super(
      "IMPORT_RUN_TAKEN_OVER",
      `Import run ${id} is now ${status}${claimedBy && status === "running" ? ` under ${claimedBy}` : ""}: this process lost its claim (its database ` +
        `connection dropped and recovery ran). Batches up to here are saved; resume the run from /admin/reports or with --resume.`,
    );
    this.name = "RunTakenOverError";
  }
}

/** RunTakenOverError unless the run's row (read FOR UPDATE in the batch) is running under this process, else null. */
export function findTakeover(id: number, row: { status: string; claimed_by: string | null } | undefined): RunTakenOverError | null {
  return row && (row.status !== "running" || row.claimed_by !== WORKER_ID) ? new RunTakenOverError(id, row.status, row.claimed_by) : null;
}

export interface RunTotals {
  totalRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  suppressed: number;
  skipped: number;
  rejected: number;
  committedThroughRow: number;
}

export async function getRunTotals(handle: DatabaseHandle, id: number): Promise<RunTotals> {
  const [row] = await handle.query<RunTotals>(
    `select total_rows as "totalRows", inserted_count as inserted, updated_count as updated, unchanged_count as unchanged,
            suppressed_count as suppressed, skipped_count as skipped, rejected_count as rejected, committed_through_row as "committedThroughRow"
       from import_runs where id = $1`,
    [id],
  );
  if (!row) throw new Error(`import run ${id} not found`);
  return row;
}

/** A running run whose owner recovery found gone. */
export interface OrphanedRun {
  id: number;
  origin: "cli" | "admin";
  fileName: string;
  claimedBy: string | null;
  uploadPath: string | null;
  committedThroughRow: number;
  /** Businesses it inserted or updated: their counts are stale until a refresh. */
  changedRows: number;
}

/**
 * Marks every `running` run whose owner is gone `interrupted`, keeping the line it reached. `keepUpload` runs while
 * the run is still held by recovery (so nobody resumes it meanwhile) and returns where its upload copy now is.
 * PGlite: one process per data dir, so a run this process is not importing has no owner. Server: a run whose lock
 * (see IMPORT_RUN_LOCK_CLASS) is free has none; a live import in any process keeps its lock and is left alone.
 */
export async function interruptOrphanedRuns(
  handle: DatabaseHandle,
  keepUpload: (run: OrphanedRun) => Promise<string | null>,
): Promise<OrphanedRun[]> {
  const candidates = (
    await handle.query<OrphanedRun>(
      `select id::int as id, origin, file_name as "fileName", claimed_by as "claimedBy", upload_path as "uploadPath",
              committed_through_row as "committedThroughRow", (inserted_count + updated_count)::int as "changedRows"
         from import_runs where status = 'running' order by id`,
    )
  ).filter((run) => !liveRuns().has(run.id));
  if (candidates.length === 0) return [];
  const session = handle.driver === "postgres" ? openOwnerSession(handle) : null;
  const interrupted: OrphanedRun[] = [];
  try {
    for (const run of candidates) {
      if (session) {
        const [lock] = await session.unsafe<Array<{ ok: boolean }>>("select pg_try_advisory_lock($1::int, $2::int) as ok", lockKey(run.id));
        if (!lock?.ok) continue;
      }
      try {
        const uploadPath = await keepUpload(run);
        const marked = await handle.query<{ id: number }>(
          `update import_runs set status = 'interrupted', upload_path = $2, finished_at = now(), error = $3
            where id = $1 and status = 'running' returning id::int as id`,
          [
            run.id,
            uploadPath,
            `INTERRUPTED: the process importing this file (${run.claimedBy ?? "unknown"}) stopped (killed or crashed); ` +
              `rows up to line ${run.committedThroughRow} are saved. Resume or discard it in /admin/reports (CLI: import the file again with --resume).`,
          ],
        );
        if (marked.length === 1) interrupted.push({ ...run, uploadPath });
      } finally {
        if (session) await session.unsafe("select pg_advisory_unlock($1::int, $2::int)", lockKey(run.id));
      }
    }
  } finally {
    await session?.end({ timeout: 2 }).catch(() => undefined);
  }
  return interrupted;
}

/** Runs whose upload copy is recorded (running or interrupted), oldest first. */
export async function listRunsWithUploads(handle: DatabaseHandle): Promise<Array<{ id: number; status: ImportRunStatus; uploadPath: string }>> {
  return handle.query(
    `select id::int as id, status, upload_path as "uploadPath" from import_runs
      where upload_path is not null and status in ('running', 'interrupted') order by id`,
  );
}

/** Forgets an interrupted run's upload copy (deleted to stay under the cap): it can then be resumed only by re-upload. */
export async function forgetInterruptedUpload(handle: DatabaseHandle, id: number): Promise<void> {
  await handle.query("update import_runs set upload_path = null where id = $1 and status = 'interrupted'", [id]);
}

export interface InterruptedRun {
  id: number;
  origin: "cli" | "admin";
  fileName: string;
  status: ImportRunStatus;
  options: Record<string, unknown>;
  createdBy: number | null;
  uploadPath: string | null;
  committedThroughRow: number;
}

/** One run as resume and discard need it. */
export async function findRunForRecovery(handle: DatabaseHandle, id: number): Promise<InterruptedRun | null> {
  const [row] = await handle.query<InterruptedRun>(
    `select id::int as id, origin, file_name as "fileName", status, options, created_by::int as "createdBy", upload_path as "uploadPath",
            committed_through_row as "committedThroughRow"
       from import_runs where id = $1`,
    [id],
  );
  return row ?? null;
}

/** Gives an interrupted run up: `discarded`, its upload copy forgotten (returned for deletion); null if not interrupted. */
export async function discardRun(
  handle: DatabaseHandle,
  id: number,
): Promise<{ uploadPath: string | null; committedThroughRow: number; changedRows: number } | null> {
  const [row] = await handle.query<{ uploadPath: string | null; committedThroughRow: number; changedRows: number }>(
    `with previous as (select upload_path from import_runs where id = $1)
     update import_runs set status = 'discarded', upload_path = null, finished_at = now()
      where id = $1 and status = 'interrupted'
      returning (select upload_path from previous) as "uploadPath", committed_through_row as "committedThroughRow",
                (inserted_count + updated_count)::int as "changedRows"`,
    [id],
  );
  return row ?? null;
}
