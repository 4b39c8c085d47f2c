// Import runs whose process died (SIGKILL, crash, power loss) → marked `interrupted` with the line they reached, the
// count tables refreshed, their upload moved out of the temp dir into a capped private folder under DATA_DIR (so the
// admin can resume with one click) or deleted, and each step audited as `system`. Never touches a live import.
import { DirectoryError } from "../../../db/rules/directory-error.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../../../db/client.ts";
import { getEnv } from "../../../db/env.ts";
import { aggregatesBehindImports, refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import { recordAuditEvent, type AuditActor } from "../../../db/writes/audit-log.ts";
import { restoreDeferredIndexes } from "../../../db/writes/deferred-indexes.ts";
import { discardRun, forgetInterruptedUpload, interruptOrphanedRuns, listRunsWithUploads, type OrphanedRun } from "../../../db/writes/import-runs.ts";

/** The prefix of the admin upload's private temp dirs (app/models/admin-upload.server.ts). */
export const UPLOAD_TEMP_PREFIX = "directory-upload-";
/** Kept uploads of interrupted runs, newest first, up to this many bytes (four full 150 MB uploads); older are deleted. */
export const KEPT_UPLOADS_MAX_BYTES = 600 * 1024 * 1024;
/**
 * Upload temp dirs no run names and untouched for this long are leftovers (a kill while the file was still arriving,
 * or versions before runs recorded their upload): removed at start-up. NOTE: an upload still arriving writes to its
 * file continuously, so its newest mtime stays fresh.
 */
export const STALE_TEMP_UPLOAD_MS = 15 * 60_000;

const SYSTEM: AuditActor = { userId: null, actor: "system", ip: null };

export function keptUploadsDir(): string {
  return path.resolve(getEnv().DATA_DIR, "interrupted-uploads");
}

/** True for a file directly inside the kept-uploads folder. */
export function isKeptUpload(filePath: string): boolean {
  return path.dirname(path.resolve(filePath)) === keptUploadsDir();
}

/** The upload's temp dir when `filePath` is an admin upload's temp file (`<tmp>/directory-upload-*\/upload.ext`), else null. */
function tempUploadDir(filePath: string): string | null {
  const dir = path.dirname(path.resolve(filePath));
  return path.dirname(dir) === path.resolve(os.tmpdir()) && path.basename(dir).startsWith(UPLOAD_TEMP_PREFIX) ? dir : null;
}

/** Deletes an upload copy only where this app put it (kept folder or its own temp dir); an operator's file never. */
export async function deleteUploadCopy(filePath: string | null): Promise<void> {
  if (!filePath) return;
  const tempDir = tempUploadDir(filePath);
  if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
  else if (isKeptUpload(filePath)) await fs.promises.rm(filePath, { force: true });
}

/** The kept copy of an interrupted run's upload when it is there to resume from, else null. */
export function findKeptUpload(uploadPath: string | null): string | null {
  return uploadPath && isKeptUpload(uploadPath) && fs.existsSync(uploadPath) ? uploadPath : null;
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    // NOTE: the temp dir and DATA_DIR are often different file systems (tmpfs, a volume): rename cannot cross them.
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await fs.promises.copyFile(from, to);
    await fs.promises.rm(from, { force: true });
  }
}

/** An orphaned run's upload: moved from its temp dir into the kept folder (temp dir removed); returns where it is. */
async function keepUpload(run: OrphanedRun): Promise<string | null> {
  const current = run.uploadPath;
  if (!current) return null;
  if (isKeptUpload(current)) return fs.existsSync(current) ? current : null;
  const tempDir = tempUploadDir(current);
  // A path this app did not create is never moved or deleted.
  if (!tempDir) return null;
  if (!fs.existsSync(current)) {
    // Another host's temp dir (several servers on one database), or cleared by a reboot: nothing to keep.
    await fs.promises.rm(tempDir, { recursive: true, force: true });
    return null;
  }
  const dir = keptUploadsDir();
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const target = path.join(dir, `run-${run.id}${path.extname(current).toLowerCase()}`);
  await moveFile(current, target);
  await fs.promises.chmod(target, 0o600);
  await fs.promises.rm(tempDir, { recursive: true, force: true });
  return target;
}

/** Keeps the kept folder under KEPT_UPLOADS_MAX_BYTES (newest runs win); at start-up also removes files no run names. */
async function enforceKeptUploadCap(handle: DatabaseHandle, startup: boolean): Promise<number> {
  const runs = await listRunsWithUploads(handle);
  let evicted = 0;
  let total = 0;
  for (const run of [...runs].reverse()) {
    if (run.status !== "interrupted" || !isKeptUpload(run.uploadPath)) continue;
    const size = fs.statSync(run.uploadPath, { throwIfNoEntry: false })?.size;
    total += size ?? 0;
    if (size !== undefined && total <= KEPT_UPLOADS_MAX_BYTES) continue;
    await fs.promises.rm(run.uploadPath, { force: true });
    await forgetInterruptedUpload(handle, run.id);
    if (size !== undefined) evicted++;
  }
  const dir = keptUploadsDir();
  if (startup && fs.existsSync(dir)) {
    // NOTE: only at start-up, before any import of this server runs: a concurrent recovery may have moved a file in
    // and not yet recorded it. A file whose run was given up between two start-ups is removed here.
    const named = new Set(runs.map((run) => path.resolve(run.uploadPath)));
    for (const entry of await fs.promises.readdir(dir)) {
      const file = path.join(dir, entry);
      if (!named.has(file)) {
        await fs.promises.rm(file, { force: true, recursive: true });
        evicted++;
      }
    }
  }
  return evicted;
}

/** Newest modification time of a dir and the files in it. */
function newestMtime(dir: string): number {
  let newest = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir)) newest = Math.max(newest, fs.statSync(path.join(dir, entry), { throwIfNoEntry: false })?.mtimeMs ?? 0);
  return newest;
}

/** Upload temp dirs no running or interrupted run names, untouched for STALE_TEMP_UPLOAD_MS: removed. */
async function sweepStaleTempUploads(handle: DatabaseHandle): Promise<number> {
  const tmp = path.resolve(os.tmpdir());
  const named = new Set((await listRunsWithUploads(handle)).map((run) => path.dirname(path.resolve(run.uploadPath))));
  let swept = 0;
  for (const entry of await fs.promises.readdir(tmp).catch(() => [] as string[])) {
    if (!entry.startsWith(UPLOAD_TEMP_PREFIX)) continue;
    const dir = path.join(tmp, entry);
    try {
      if (named.has(dir) || !fs.statSync(dir).isDirectory() || Date.now() - newestMtime(dir) < STALE_TEMP_UPLOAD_MS) continue;
      await fs.promises.rm(dir, { recursive: true, force: true });
      swept++;
    } catch {
      // Gone meanwhile, or not ours to read: leave it.
    }
  }
  return swept;
}

export interface RecoveryReport {
  interrupted: Array<{ id: number; fileName: string; committedThroughRow: number; fileKept: boolean }>;
  /** Businesses the interrupted runs wrote: with `refreshCounts: false` the caller owes a count refresh when above 0. */
  changedRows: number;
  /** True when the count tables were rebuilt (an orphan had written businesses, or the counts lagged the imports). */
  refreshed: boolean;
  refreshMs: number;
  /** Kept uploads deleted to stay under the cap (or named by no run). */
  evictedUploads: number;
  sweptTempDirs: number;
}

/**
 * Finds runs left `running` by a dead process and closes them: `interrupted` with their line, counts refreshed,
 * upload kept (capped) for a resume, each audited. `startup`: also repair counts that lag the imports (a process
 * killed in its final refresh) and remove stale upload temp dirs; only the server's start-up, before it serves.
 * `refreshCounts: false` (an import about to run, which refreshes at its end anyway) leaves the refresh to the caller.
 */
export async function recoverInterruptedImports(
  handle: DatabaseHandle,
  options: { startup?: boolean; refreshCounts?: boolean; log?: (line: string) => void } = {},
): Promise<RecoveryReport> {
  const interrupted = await interruptOrphanedRuns(handle, keepUpload);
  // A killed bulk import's dropped indexes come back before anything reads or writes in bulk again.
  const restoredIndexes = await restoreDeferredIndexes(handle);
  if (restoredIndexes)
    options.log?.(
      `Rebuilt ${restoredIndexes.built.length} index(es) an interrupted import had deferred, in ${restoredIndexes.seconds.toFixed(1)} s.`,
    );
  const evictedUploads = interrupted.length > 0 || options.startup ? await enforceKeptUploadCap(handle, options.startup ?? false) : 0;
  const kept = interrupted.length > 0 ? new Set((await listRunsWithUploads(handle)).map((run) => run.id)) : new Set<number>();
  const changed = interrupted.reduce((sum, run) => sum + run.changedRows, 0);
  let refreshed = false;
  const started = performance.now();
  if ((options.refreshCounts ?? true) && (changed > 0 || (options.startup && (await aggregatesBehindImports(handle))))) {
    await refreshAfterBulkChange(handle, changed);
    refreshed = true;
  }
  const refreshMs = performance.now() - started;
  const report: RecoveryReport = {
    interrupted: interrupted.map((run) => ({
      id: run.id,
      fileName: run.fileName,
      committedThroughRow: run.committedThroughRow,
      fileKept: kept.has(run.id),
    })),
    changedRows: changed,
    refreshed,
    refreshMs,
    evictedUploads,
    sweptTempDirs: options.startup ? await sweepStaleTempUploads(handle) : 0,
  };
  for (const run of report.interrupted) {
    await recordAuditEvent(handle, SYSTEM, {
      action: "import-run.interrupted",
      target: `import-run:${run.id}`,
      rowCount: run.committedThroughRow,
      details: { fileName: run.fileName, committedThroughRow: run.committedThroughRow, fileKept: run.fileKept, countsRefreshed: refreshed },
    });
    options.log?.(
      `Import run #${run.id} (${run.fileName}) was interrupted after line ${run.committedThroughRow}: marked interrupted` +
        `${run.fileKept ? ", upload kept" : ""}; resume or discard it in /admin/reports.`,
    );
  }
  if (refreshed) options.log?.(`Count tables refreshed after interrupted imports in ${(refreshMs / 1000).toFixed(1)} s.`);
  if (evictedUploads + report.sweptTempDirs > 0)
    options.log?.(`Removed ${evictedUploads} kept and ${report.sweptTempDirs} stale temporary upload(s).`);
  return report;
}

export class RunNotInterruptedError extends DirectoryError {
  constructor(id: number) {
    super("IMPORT_RUN_NOT_INTERRUPTED", `Import run #${id} is not interrupted (it finished, was discarded, or is running again); reload its report.`);
    this.name = "RunNotInterruptedError";
  }
}

/**
 * Gives an interrupted run up: `discarded`, its kept upload deleted; the rows it committed stay (they are whole
 * batches of valid businesses), and the counts are rebuilt if they still lag. Throws RunNotInterruptedError.
 */
export async function discardInterruptedRun(handle: DatabaseHandle, id: number): Promise<{ committedThroughRow: number; refreshed: boolean }> {
  const run = await discardRun(handle, id);
  if (!run) throw new RunNotInterruptedError(id);
  await deleteUploadCopy(run.uploadPath);
  const behind = await aggregatesBehindImports(handle);
  if (behind) await refreshAfterBulkChange(handle, run.changedRows);
  return { committedThroughRow: run.committedThroughRow, refreshed: behind };
}
