// One import file → read → map columns → normalise → drop in-file repeats → batched atomic writes → aggregates
// → the spec's reports. The one path for `directory import`, `directory validate` (dry run) and the admin upload.
import { DirectoryError, describeFailure } from "../../../db/rules/directory-error.ts";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "../../../db/client.ts";
import { refreshAfterBulkChange } from "../../../db/writes/aggregates.ts";
import { getEnv } from "../../../db/env.ts";
import { writeImportBatch, type BatchOutcome, type RowIssueInput, type StagedRow } from "../../../db/writes/import-batch.ts";
import {
  claimImportRun,
  createImportRun,
  findResumableRun,
  finishImportRun,
  getRunTotals,
  RESUMABLE_STATUSES,
  RunTakenOverError,
  type ImportRunClaim,
  type NewImportRun,
} from "../../../db/writes/import-runs.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { createSearchEngine } from "../../../search/index.ts";
import { syncSearchIndex } from "../../../search/reindex.ts";
import { buildColumnMapping, describeColumnExtraction, type ColumnExtraction } from "../map/columns.ts";
import { buildBatchResult, buildDashboardReport, buildSingleFileResult, type ImportCounters } from "../map/reports.ts";
import { openSource, SourceError } from "../read/index.ts";
import { yieldToEventLoop } from "../event-loop.ts";
import { sanitizeFileName } from "./file-name.ts";
import { deleteUploadCopy, recoverInterruptedImports } from "./interrupted-runs.ts";
import { choosePrepareWorkers, prepareItems } from "./prepare-pool.ts";
import { RejectedRowsWriter } from "./rejected-rows.ts";

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export const DEFAULT_BATCH_SIZE = 500;
const SAMPLE_LIMIT = 100;
/** The report's message for a file whose header has no data rows under it (nothing imported, nothing failed). */
export const NO_DATA_ROWS_MESSAGE = "NO_DATA_ROWS: the file has no data rows under its header, so nothing was imported. Add rows below the header and import it again.";

/** Warnings stored per run: enough to show patterns without bloating the table on a messy 1M-row file. */
const MAX_STORED_WARNINGS = 10_000;

export interface ImportProgress {
  rowsRead: number;
  committedRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rejected: number;
}

export interface ImportOptions {
  /** Name shown in reports (an upload's original name); defaults to the file's base name. */
  fileName?: string;
  batchSize?: number;
  onDuplicate?: "update" | "skip";
  isTest?: boolean;
  /** Validate only: every batch runs and rolls back, so counts are exact and nothing is written. */
  dryRun?: boolean;
  /**
   * Continue an unfinished run after its last committed batch: true = the newest unfinished run of the same file
   * content (CLI --resume); "interrupted" = only an interrupted one (an admin re-uploading the file of a killed
   * upload); { runId } = exactly that run, which must be interrupted and of this content (the admin's Resume).
   */
  resume?: boolean | "interrupted" | { runId: number };
  /** The admin upload's server-side copy, recorded on the run: recovery keeps or deletes it if this process dies. */
  uploadPath?: string;
  /** Called once the run is created or claimed, before its first batch. */
  onRunStarted?: (run: { runId: number; resumedFromRow: number }) => void;
  origin?: "cli" | "admin";
  createdBy?: number | null;
  maxBytes?: number;
  /** Also write rejected rows (original columns + line, field, reason) to this CSV file. */
  rejectedCsvPath?: string;
  /** Refresh the count tables at the end (default true; bulk callers importing many files may refresh once). */
  refreshAggregates?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /** Worker threads that map and normalise rows (0: on this thread); default by file size and cores. */
  workers?: number;
  /**
   * The engine told about every business a batch wrote, once the batch commits. Default: Meilisearch (with its
   * PostgreSQL fallback) when MEILI_URL is set; null or the PostgreSQL engine: nothing to do (it reads the table).
   */
  searchEngine?: SearchEngine | null;
}

export interface ImportOutcome {
  runId: number | null;
  status: "succeeded" | "failed" | "cancelled";
  resumedFromRow: number;
  counters: ImportCounters;
  columnExtraction: ColumnExtraction;
  unknownColumns: string[];
  single: ReturnType<typeof buildSingleFileResult>;
  batch: ReturnType<typeof buildBatchResult>;
  dashboard: ReturnType<typeof buildDashboardReport>;
  warnings: number;
  error?: { code: string; message: string };
  /** Set when the search engine could not take some written businesses (the next `reindex` catches up). */
  searchIndexError?: string;
}

export class ImportError extends DirectoryError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = "ImportError";
  }
}

/** Connection lost or server restarting: the batch rolled back and may be sent again once the server is back. */
export function isTransientDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return (
    ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"].includes(code) ||
    code === "57P01" || code === "57P02" || code === "57P03" || code.startsWith("08") || code === "40001" || code === "40P01"
  );
}

const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000];

async function withRetry<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!isTransientDatabaseError(error) || delay === undefined || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function hashFile(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  // 1 MB reads hash a 1.35 GB file in half the time of the default 64 KB.
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * A copy of `value` (strings, arrays, plain objects, keys too) without NUL characters: PostgreSQL text and jsonb
 * refuse them, and a broken file's headers, rejected rows and error messages can hold any byte.
 */
function dropNulChars<T>(value: T): T {
  if (typeof value === "string") return (value.includes("\u0000") ? value.replaceAll("\u0000", "") : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => dropNulChars(item)) as T;
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[dropNulChars(key)] = dropNulChars(item);
  return copy as T;
}

/** The engine that must hear about written businesses: only Meilisearch keeps a copy of its own. */
function resolveSearchEngine(handle: DatabaseHandle, given: SearchEngine | null | undefined): SearchEngine | null {
  if (given !== undefined) return given;
  const env = getEnv();
  return env.MEILI_URL ? createSearchEngine({ handle, meiliUrl: env.MEILI_URL, meiliApiKey: env.MEILI_API_KEY }) : null;
}

/** The run this import writes into, claimed by this process: a resumed one (see ImportOptions.resume) or a new one. */
async function openRun(handle: DatabaseHandle, fileSha256: string, options: ImportOptions, newRun: NewImportRun): Promise<{ claim: ImportRunClaim; resumedFromRow: number }> {
  const resume = options.resume ?? false;
  if (resume !== false) {
    const runId = typeof resume === "object" ? resume.runId : undefined;
    const previous = await findResumableRun(handle, fileSha256, { statuses: resume === true ? RESUMABLE_STATUSES : ["interrupted"], runId });
    if (runId !== undefined && previous?.fileSha256 !== fileSha256) {
      throw previous
        ? new ImportError("RUN_FILE_CHANGED", `The kept file no longer matches import run #${runId}; discard the run and upload the file again.`)
        : new ImportError("IMPORT_RUN_NOT_INTERRUPTED", `Import run #${runId} is not interrupted (it finished, was discarded, or is running again); reload its report.`);
    }
    if (previous) {
      const claimed = await claimImportRun(handle, previous.id, options.uploadPath);
      if (!claimed) {
        throw new ImportError("IMPORT_IN_PROGRESS", `Run ${previous.id} of this file is still being written by ${previous.claimedBy ?? "another worker"} (or has just finished); wait for it, then reload its report.`);
      }
      // A re-upload replaces the copy kept from the interruption (same content).
      if (options.uploadPath && claimed.previousUploadPath !== options.uploadPath) await deleteUploadCopy(claimed.previousUploadPath);
      return { claim: claimed.claim, resumedFromRow: previous.committedThroughRow };
    }
  }
  return { claim: await createImportRun(handle, newRun), resumedFromRow: 0 };
}

export async function importFile(handle: DatabaseHandle, filePath: string, options: ImportOptions = {}): Promise<ImportOutcome> {
  const startedAt = new Date();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    throw new ImportError("INVALID_BATCH_SIZE", `Batch size must be a whole number from 1 to 10000 (the admin offers ${BATCH_SIZES.join(", ")}).`);
  }
  const onDuplicate = options.onDuplicate ?? "update";
  const dryRun = options.dryRun ?? false;
  // The one place a name enters the run, its reports and the businesses' source, whoever supplied it.
  const fileName = sanitizeFileName(options.fileName ?? path.basename(filePath));

  let stat: fs.Stats;
  try {
    stat = fs.statSync(filePath);
  } catch {
    throw new ImportError("FILE_NOT_FOUND", `${filePath} does not exist or cannot be read.`);
  }
  // NOTE: openSource re-checks the size, but the hash pass must not read a 5 GB file first.
  const maxBytes = options.maxBytes ?? 150 * 1024 * 1024;
  if (stat.size > maxBytes) {
    throw new ImportError("FILE_TOO_LARGE", `${fileName} is ${(stat.size / 1048576).toFixed(1)} MB; the limit is ${(maxBytes / 1048576).toFixed(0)} MB. Split the file and import the parts.`);
  }
  const source = await openSource(filePath, { maxBytes, fileName, signal: options.signal });
  const fileSha256 = await hashFile(filePath);

  let claim: ImportRunClaim | null = null;
  let resumedFromRow = 0;
  // Businesses written by runs whose process died, whose counts this import refreshes at its end, whatever its outcome.
  let owedCountRows = 0;
  const refreshCounts = !dryRun && (options.refreshAggregates ?? true);
  if (!dryRun) {
    try {
      // Runs a dead process left `running` are closed first (interrupted), so they can be resumed here.
      // NOTE: their count refresh waits for this import's own (one rebuild instead of two, and never before the claim).
      owedCountRows = (await recoverInterruptedImports(handle, { refreshCounts: false })).changedRows;
      ({ claim, resumedFromRow } = await openRun(handle, fileSha256, options, {
        origin: options.origin ?? "cli",
        fileName: dropNulChars(fileName),
        fileSizeBytes: stat.size,
        fileSha256,
        // The source's header order: stored issues keep rows as jsonb (key order lost), the rejected-rows CSV needs it.
        options: dropNulChars({ batchSize, onDuplicate, isTest: options.isTest ?? false, format: source.format, ...source.details, headers: source.headers }),
        createdBy: options.createdBy ?? null,
        uploadPath: options.uploadPath ?? null,
      }));
    } catch (error) {
      await source.close();
      if (refreshCounts && owedCountRows > 0) await refreshAfterBulkChange(handle, owedCountRows);
      throw error;
    }
    options.onRunStarted?.({ runId: claim.id, resumedFromRow });
  }
  const runId = claim?.id ?? null;
  try {
    const mapping = buildColumnMapping(source.headers);
    const columnExtraction = describeColumnExtraction(mapping);
    const rejectedWriter = options.rejectedCsvPath ? new RejectedRowsWriter(options.rejectedCsvPath, source.headers) : null;

    const counters: ImportCounters = {
      totalRows: 0, inserted: 0, updated: 0, unchanged: 0,
      skipped: { count: 0, names: [] }, rejected: { count: 0, rows: [] }, excelDuplicates: { count: 0, records: [] },
      databaseDuplicates: 0, recordsWithPlaceId: 0, uniquePlaceIds: 0, newPlaceIds: 0,
      fileName, fileSizeBytes: stat.size, startedAt, finishedAt: startedAt, columnExtraction,
    };
    const progress: ImportProgress = { rowsRead: 0, committedRows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, rejected: 0 };
    const seenIdentities = new Map<string, { line: number }>();
    const placeIds = new Set<string>();
    let storedWarnings = 0;
    let warnings = 0;

    let rows: StagedRow[] = [];
    let issues: RowIssueInput[] = [];
    let pendingCounts = { totalRows: 0, skipped: 0, rejected: 0 };
    let lastLine = resumedFromRow;
    // One batch write in flight while the next batch is read and normalised.
    let inFlight = null as Promise<void> | null;
    const names = new Map<number, string>();
    const searchEngine = dryRun ? null : resolveSearchEngine(handle, options.searchEngine);
    // Index updates run behind the writes, one at a time, in batch order; a failure never undoes a committed batch.
    let searchSync: Promise<void> = Promise.resolve();
    let searchSyncError: string | null = null;

    const skip = (line: number, name: string | null, code: string, reason: string, raw: Record<string, unknown> | null) => {
      counters.skipped.count++;
      progress.skipped++;
      if (name && counters.skipped.names.length < SAMPLE_LIMIT) counters.skipped.names.push(name);
      pendingCounts.skipped++;
      issues.push({ lineNumber: line, severity: "skipped", code, field: null, reason: dropNulChars(reason), raw: dropNulChars(raw) });
    };
    const reject = (line: number, field: string | null, code: string, reason: string, raw: Record<string, unknown> | null) => {
      counters.rejected.count++;
      progress.rejected++;
      if (counters.rejected.rows.length < SAMPLE_LIMIT) counters.rejected.rows.push({ line, field, reason });
      pendingCounts.rejected++;
      issues.push({ lineNumber: line, severity: "rejected", code, field: dropNulChars(field), reason: dropNulChars(reason), raw: dropNulChars(raw) });
      rejectedWriter?.write(line, field, reason, raw);
    };

    const applyOutcome = (outcome: BatchOutcome, batchRows: StagedRow[], batchNames: Map<number, string>) => {
      counters.inserted += outcome.inserted;
      counters.updated += outcome.updated;
      counters.unchanged += outcome.unchanged;
      counters.databaseDuplicates += outcome.databaseDuplicates;
      counters.newPlaceIds += outcome.newPlaceIds;
      for (const line of outcome.skippedLines) {
        counters.skipped.count++;
        progress.skipped++;
        const name = batchNames.get(line);
        if (name && counters.skipped.names.length < SAMPLE_LIMIT) counters.skipped.names.push(name);
      }
      progress.inserted += outcome.inserted;
      progress.updated += outcome.updated;
      progress.unchanged += outcome.unchanged;
      progress.committedRows += batchRows.length;
      if (searchEngine && outcome.writtenIds.length > 0 && !dryRun) {
        const ids = outcome.writtenIds;
        searchSync = searchSync.then(() =>
          syncSearchIndex(searchEngine, ids).catch((error: unknown) => {
            searchSyncError ??= describeFailure(error);
          }),
        );
      }
      options.onProgress?.({ ...progress });
    };

    const flush = async () => {
      if (inFlight) await inFlight;
      await yieldToEventLoop();
      const batchRows = rows;
      const batchIssues = issues;
      const batchCounts = pendingCounts;
      const batchNames = new Map(names);
      rows = [];
      issues = [];
      pendingCounts = { totalRows: 0, skipped: 0, rejected: 0 };
      names.clear();
      if (batchRows.length === 0 && batchIssues.length === 0 && batchCounts.totalRows === 0) return;
      const throughRow = lastLine;
      inFlight = withRetry(
        () =>
          writeImportBatch(handle, batchRows, {
            onDuplicate,
            runId,
            committedThroughRow: throughRow,
            issues: batchIssues,
            dryRun,
            counters: batchCounts,
          }),
        options.signal,
      ).then((outcome) => applyOutcome(outcome, batchRows, batchNames));
    };

    let status: ImportOutcome["status"] = "succeeded";
    let failure: ImportOutcome["error"];
    try {
      const prepared = prepareItems(
        source.items,
        { mapping, isTest: options.isTest ?? false, source: fileName },
        { workers: options.workers ?? choosePrepareWorkers(stat.size), textOnly: source.format === "csv" },
      );
      for await (const item of prepared) {
        if (options.signal?.aborted) {
          status = "cancelled";
          break;
        }
        const line = item.line;
        const alreadyCommitted = line <= resumedFromRow;
        if (!alreadyCommitted) {
          lastLine = Math.max(lastLine, line);
          counters.totalRows++;
          pendingCounts.totalRows++;
          progress.rowsRead++;
        }
        if (item.kind === "skipped") {
          if (!alreadyCommitted) skip(line, null, item.code, "a repeated header line", null);
        } else if (item.kind === "unreadable") {
          if (!alreadyCommitted) reject(line, null, item.code, item.reason, item.raw);
        } else if (item.kind === "invalid") {
          if (!alreadyCommitted) reject(line, item.field, item.code, item.reason, item.raw);
        } else {
          const { row, name, placeId } = item;
          if (placeId) {
            placeIds.add(placeId);
            if (!alreadyCommitted) counters.recordsWithPlaceId++;
          }
          const earlier = seenIdentities.get(row.identityKey);
          if (earlier) {
            if (!alreadyCommitted) {
              counters.excelDuplicates.count++;
              if (counters.excelDuplicates.records.length < SAMPLE_LIMIT) {
                counters.excelDuplicates.records.push({ line, name, placeId, firstLine: earlier.line });
              }
              skip(line, name, "DUPLICATE_IN_FILE", `repeats line ${earlier.line} (same ${placeId ? "place_id" : "name and address"})`, null);
            }
          } else {
            seenIdentities.set(row.identityKey, { line });
            if (!alreadyCommitted) {
              warnings += item.warnings.length;
              for (const warning of item.warnings) {
                if (storedWarnings >= MAX_STORED_WARNINGS) break;
                storedWarnings++;
                issues.push({ lineNumber: line, severity: "warning", code: warning.code, field: dropNulChars(warning.field), reason: dropNulChars(warning.reason), raw: null });
              }
              names.set(line, name);
              rows.push(row);
            }
          }
        }
        if (rows.length >= batchSize || issues.length >= batchSize * 4) await flush();
      }
      if (status !== "cancelled") await flush();
      if (inFlight) await inFlight;
      inFlight = null;
    } catch (error) {
      await (inFlight as Promise<void> | null)?.catch(() => undefined);
      status = options.signal?.aborted ? "cancelled" : "failed";
      failure =
        error instanceof SourceError || error instanceof ImportError || error instanceof RunTakenOverError
          ? { code: error.code, message: error.message }
          : { code: "IMPORT_FAILED", message: describeFailure(error) };
    } finally {
      await source.close();
      await rejectedWriter?.close();
      await searchSync;
    }

    counters.uniquePlaceIds = placeIds.size;
    if (runId !== null && resumedFromRow > 0) {
      // A resumed run's counts are the run's stored totals: earlier sessions' batches are part of the result.
      const totals = await getRunTotals(handle, runId);
      counters.totalRows = totals.totalRows;
      counters.inserted = totals.inserted;
      counters.updated = totals.updated;
      counters.unchanged = totals.unchanged;
      counters.skipped.count = totals.skipped;
      counters.rejected.count = totals.rejected;
    }
    const changed = counters.inserted + counters.updated + owedCountRows;
    if (refreshCounts && changed > 0) {
      // NOTE: a failed or cancelled import's whole batches are visible too. Its refresh is best effort (the database
      // may be what failed); the next server start repairs counts that lag the imports.
      if (status === "succeeded") await refreshAfterBulkChange(handle, changed);
      else await refreshAfterBulkChange(handle, changed).catch(() => undefined);
    }
    counters.finishedAt = new Date();
    const single = buildSingleFileResult(counters);
    const batch = buildBatchResult(counters);
    const dashboard = buildDashboardReport(counters);
    if (failure) {
      single.success = false;
      batch.success = false;
      dashboard.success = false;
      single.message = batch.message = `${failure.code}: ${failure.message}`;
    } else if (counters.totalRows === 0 && !resumedFromRow) {
      // A header with nothing under it is not a failure, but "0 rows" alone reads like a bug: name it.
      single.message = batch.message = NO_DATA_ROWS_MESSAGE;
    }
    if (runId !== null) {
      const finished = await finishImportRun(handle, runId, dropNulChars({ status, report: { single, batch, dashboard, unknownColumns: mapping.unknown }, error: failure ? `${failure.code}: ${failure.message}` : null }));
      // A finished run needs no copy of its upload any more (a kept one of an earlier interruption included).
      if (finished) await deleteUploadCopy(finished.uploadPath);
    }
    return {
      runId, status, resumedFromRow, counters, columnExtraction, unknownColumns: mapping.unknown, single, batch, dashboard, warnings, error: failure,
      ...(searchSyncError === null ? {} : { searchIndexError: searchSyncError }),
    };
  } finally {
    // NOTE: always, even when the database failed at the end: a claim left held would keep the run "alive" forever.
    await claim?.release();
  }
}
