// Files → one importFile each, in order → the count tables refreshed once at the end: the one import operation
// the CLI and the admin upload both run; a file's failure ends that file only, never the files after it.
import type { DatabaseHandle } from "../../../db/client.ts";
import { aggregatesBehindImports, refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import { reachFaultPoint } from "./fault-points.ts";
import { importFile, type ImportOptions, type ImportOutcome, type ImportProgress } from "./import-file.ts";

/** One file's result: its outcome, or the error that ended it before it had one (bad file, run in progress…). */
export type FileImportResult = { file: string; outcome: ImportOutcome; error?: undefined } | { file: string; outcome?: undefined; error: unknown };

export interface ImportFilesOptions extends Omit<ImportOptions, "refreshAggregates" | "rejectedCsvPath" | "onProgress"> {
  /** The rejected-rows CSV of the file at `index` (of `count`), if any. */
  rejectedCsvPathFor?: (file: string, index: number, count: number) => string | undefined;
  /** Called before each file; the progress callback it returns follows that file's batches. */
  onFileStarted?: (file: string, index: number) => ((progress: ImportProgress) => void) | undefined;
  /** Called after each file, before the next one starts. */
  onFileFinished?: (result: FileImportResult, index: number) => void;
  /**
   * Stop on SIGINT/SIGTERM (the CLI): the first signal ends the current file after its batch in flight (whole
   * batches stay, the run is resumable) and skips the rest; a second one quits at once (exit 130).
   */
  stopOnProcessSignals?: { onFirstSignal?: () => void };
}

/** An AbortSignal the process's SIGINT/SIGTERM abort; `dispose` removes the handlers again. */
function abortOnProcessSignals(
  given: AbortSignal | undefined,
  onFirstSignal: (() => void) | undefined,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    onFirstSignal?.();
    controller.abort(new Error("interrupted"));
  };
  const onGiven = () => controller.abort(given?.reason);
  if (given?.aborted) onGiven();
  given?.addEventListener("abort", onGiven, { once: true });
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      given?.removeEventListener("abort", onGiven);
    },
  };
}

/**
 * Imports `files` one after another, then refreshes the count tables once for all of them, or when earlier imports
 * left them behind (a killed run's batches): one rebuild instead of one per file. A lone file refreshes before its
 * run is closed, so a run shown "succeeded" always has its counts on the public pages.
 */
export async function importFiles(
  database: DatabaseHandle | (() => Promise<DatabaseHandle>),
  files: readonly string[],
  options: ImportFilesOptions = {},
): Promise<FileImportResult[]> {
  const { rejectedCsvPathFor, onFileStarted, onFileFinished, stopOnProcessSignals, ...fileOptions } = options;
  const signals = stopOnProcessSignals ? abortOnProcessSignals(options.signal, stopOnProcessSignals.onFirstSignal) : null;
  const signal = signals?.signal ?? options.signal;
  const results: FileImportResult[] = [];
  try {
    // NOTE: opened under the signal handlers, so a Ctrl-C while the database starts stops cleanly too.
    const handle = typeof database === "function" ? await database() : database;
    const lone = files.length === 1;
    for (const [index, file] of files.entries()) {
      if (signal?.aborted) break;
      const onProgress = onFileStarted?.(file, index);
      let result: FileImportResult;
      try {
        const outcome = await importFile(handle, file, {
          ...fileOptions,
          rejectedCsvPath: rejectedCsvPathFor?.(file, index, files.length),
          refreshAggregates: lone,
          signal,
          onProgress,
        });
        result = { file, outcome };
      } catch (error) {
        // NOTE: an unexpected error ends this file, not the whole run: batches it committed stay (whole), the
        // next files still get their turn.
        result = { file, error };
      }
      results.push(result);
      onFileFinished?.(result, index);
    }
    if (!options.dryRun) {
      // A lone file refreshed before its run closed (and when the counts lagged): nothing is left to do here.
      if (!lone) {
        await reachFaultPoint("before-refresh");
        await refreshOnce(handle, results, options.onRefreshingCounts);
      }
    }
  } finally {
    signals?.dispose();
  }
  return results;
}

/**
 * The count tables after several files: rebuilt when a file changed businesses or the tables lag earlier imports.
 * NOTE: after a failed or cancelled file the refresh is best effort (the database may be what failed); the next
 * server start repairs counts that lag the imports.
 */
async function refreshOnce(handle: DatabaseHandle, results: readonly FileImportResult[], onRefreshingCounts?: () => void): Promise<void> {
  const changed = results.reduce((sum, r) => sum + (r.outcome ? r.outcome.counters.inserted + r.outcome.counters.updated : 0), 0);
  const allSucceeded = results.every((r) => r.outcome?.status === "succeeded");
  const refresh = async () => {
    if (changed > 0 || (await aggregatesBehindImports(handle))) {
      onRefreshingCounts?.();
      await refreshAfterBulkChange(handle, changed);
    }
  };
  if (allSucceeded) await refresh();
  else await refresh().catch(() => undefined);
}
