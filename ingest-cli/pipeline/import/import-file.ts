// One import file → read → map columns → normalise → drop in-file repeats → batched atomic writes → aggregates
// → the spec's reports. The one path for `directory import`, `directory validate` (dry run) and the admin upload.
import { DirectoryError, describeFailure } from "../../../db/rules/directory-error.ts";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "../../../db/client.ts";
import {
  aggregatesBehindImports,
  beginTouchedAggregates,
  forgetTouchedAggregates,
  refreshAfterBulkChange,
  type TouchedAggregates,
} from "../../../db/writes/aggregates.ts";
import { deferBusinessIndexes, estimateFileRows } from "../../../db/writes/deferred-indexes.ts";
import { getEnv } from "../../../db/env.ts";
import { getCliAuditActor, type AuditActor } from "../../../db/writes/audit-log.ts";
import { hideDemoBusinesses } from "../../../db/writes/businesses.ts";
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
import { getSearchEngine } from "../../../search/index.ts";
import { needsIndexSync, removeBusinessesFromIndex } from "../../../search/reindex.ts";
import { buildColumnMapping, describeColumnExtraction, type ColumnExtraction, type ColumnMapping } from "../map/columns.ts";
import { openSource, SourceError, type OpenedSource } from "../read/index.ts";
import { sanitizeFileName } from "./file-name.ts";
import { reachFaultPoint } from "./fault-points.ts";
import { deleteUploadCopy, recoverInterruptedImports } from "./interrupted-runs.ts";
import { createBatchWriter, type BatchWriter } from "./batch-writer.ts";
import { countResolvedFields, summarizeFieldRates, type FieldRates } from "./field-rates.ts";
import { createInFileDuplicates } from "./in-file-duplicates.ts";
import {
  countInFileDuplicate,
  countRead,
  countRejected,
  countSkipped,
  countWarnings,
  createTally,
  type ImportProgress,
  type RowProgress,
  type ImportTally,
} from "./import-tally.ts";
import { choosePrepareWorkers, prepareItems } from "./prepare-pool.ts";
import type { PrepareContext } from "./prepare-rows.ts";
import { createMemoIndexBuilder, describeMemoScope, MEMO_PREFIX_CHARS, readRulesFingerprint } from "./row-memo.ts";
import {
  estimateStoredBusinesses,
  hasStoredBusinesses,
  readImportRowMemos,
  walkImportRowKeys,
  type StoredRowMemo,
} from "../../../db/queries/import-row-memo.ts";
import type { FieldChange } from "../../../db/queries/import-changes.ts";
import { RejectedRowsWriter } from "./rejected-rows.ts";
import {
  buildBatchResult,
  buildDashboardReport,
  buildSingleFileResult,
  type ImportCounters,
  type WarningGroup,
  type WarningRecord,
} from "./reports.ts";

export type { ImportProgress } from "./import-tally.ts";

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export const DEFAULT_BATCH_SIZE = 500;
/** The report's message for a file whose header has no data rows under it (nothing imported, nothing failed). */
export const NO_DATA_ROWS_MESSAGE =
  "NO_DATA_ROWS: the file has no data rows under its header, so nothing was imported. Add rows below the header and import it again.";

/** Warnings stored per run: enough to show patterns without bloating the table on a messy 1M-row file. */
const MAX_STORED_WARNINGS = 10_000;

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
  /** Who the audit entry of demo businesses this import hides names (default: the CLI). */
  actor?: AuditActor;
  maxBytes?: number;
  /** Also write rejected rows (original columns + line, field, reason) to this CSV file. */
  rejectedCsvPath?: string;
  /** Refresh the count tables at the end (default true; bulk callers importing many files may refresh once). */
  refreshAggregates?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /** Called as the count tables' rebuild starts (seconds of work at a million rows): the CLI says so. */
  onRefreshingCounts?: () => void;
  /** Called as the indexes a bulk import deferred start to be built (db/writes/deferred-indexes.ts). */
  onRebuildingIndexes?: (count: number) => void;
  /** Worker threads that map and normalise rows (0: on this thread); default by file size and cores. */
  workers?: number;
  /**
   * Normalise every row, even one whose source cells match the memo stored by the last import of its business
   * (row-memo.ts; CLI --full). Default false.
   */
  full?: boolean;
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
  /** Per-field resolution rates of the rows this run kept (a resumed run: the rows after the resume point). */
  fieldRates: FieldRates;
  /** The first warnings (line, field, code, reason) and every warning counted by code and field. */
  warningSummary: { sample: WarningRecord[]; groups: WarningGroup[] };
  /** The first businesses this session inserted and rewrote (at most 20 each), for the audit entry. */
  writtenSample: { insertedIds: number[]; updatedIds: number[] };
  /** A dry run: the fields it would change on the first stored businesses (stored → new); empty otherwise. */
  changeSample: FieldChange[];
  error?: { code: string; message: string };
  /** Set when the search engine could not take some written businesses (the next `reindex` catches up). */
  searchIndexError?: string;
  /** Demo businesses this import hid from the public site (the first real rows while they were public), or 0. */
  hiddenDemoBusinesses: number;
  /** Rows whose stored memo held: their facts were reused, not normalised again. */
  reusedRows: number;
}

export class ImportError extends DirectoryError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = "ImportError";
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

/** The run this import writes into, claimed by this process: a resumed one (see ImportOptions.resume) or a new one. */
async function openRun(
  handle: DatabaseHandle,
  fileSha256: string,
  options: ImportOptions,
  newRun: NewImportRun,
): Promise<{ claim: ImportRunClaim; resumedFromRow: number }> {
  const resume = options.resume ?? false;
  if (resume !== false) {
    const runId = typeof resume === "object" ? resume.runId : undefined;
    const previous = await findResumableRun(handle, fileSha256, { statuses: resume === true ? RESUMABLE_STATUSES : ["interrupted"], runId });
    if (runId !== undefined && previous?.fileSha256 !== fileSha256) {
      throw previous
        ? new ImportError("RUN_FILE_CHANGED", `The kept file no longer matches import run #${runId}; discard the run and upload the file again.`)
        : new ImportError(
            "IMPORT_RUN_NOT_INTERRUPTED",
            `Import run #${runId} is not interrupted (it finished, was discarded, or is running again); reload its report.`,
          );
    }
    if (previous) {
      const claimed = await claimImportRun(handle, previous.id, options.uploadPath);
      if (!claimed) {
        throw new ImportError(
          "IMPORT_IN_PROGRESS",
          `Run ${previous.id} of this file is still being written by ${previous.claimedBy ?? "another worker"} (or has just finished); wait for it, then reload its report.`,
        );
      }
      // A re-upload replaces the copy kept from the interruption (same content).
      if (options.uploadPath && claimed.previousUploadPath !== options.uploadPath) await deleteUploadCopy(claimed.previousUploadPath);
      return { claim: claimed.claim, resumedFromRow: previous.committedThroughRow };
    }
  }
  return { claim: await createImportRun(handle, newRun), resumedFromRow: 0 };
}

/** The checked facts of the file to import: its name for the reports, its size, the batch size and the mode. */
interface CheckedFile {
  fileName: string;
  sizeBytes: number;
  maxBytes: number;
  batchSize: number;
  onDuplicate: "update" | "skip";
  dryRun: boolean;
}

function checkBatchSize(options: ImportOptions): number {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    throw new ImportError("INVALID_BATCH_SIZE", `Batch size must be a whole number from 1 to 10000 (the admin offers ${BATCH_SIZES.join(", ")}).`);
  }
  return batchSize;
}

/** Stage 1: the options and the file checked before any byte is read or any run is opened. */
function checkFile(filePath: string, options: ImportOptions): CheckedFile {
  const batchSize = checkBatchSize(options);
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
    throw new ImportError(
      "FILE_TOO_LARGE",
      `${fileName} is ${(stat.size / 1048576).toFixed(1)} MB; the limit is ${(maxBytes / 1048576).toFixed(0)} MB. Split the file and import the parts.`,
    );
  }
  return { fileName, sizeBytes: stat.size, maxBytes, batchSize, onDuplicate: options.onDuplicate ?? "update", dryRun: options.dryRun ?? false };
}

/** The run an import writes into (none in a dry run) and the counts it owes for runs a dead process left. */
interface StartedRun {
  claim: ImportRunClaim | null;
  resumedFromRow: number;
  /** Businesses written by runs whose process died, whose counts this import refreshes at its end, whatever its outcome. */
  owedCountRows: number;
  refreshCounts: boolean;
}

/** Stage 2: dead processes' runs closed, then this import's run opened or resumed and claimed. */
async function startRun(
  handle: DatabaseHandle,
  source: OpenedSource,
  file: CheckedFile,
  fileSha256: string,
  options: ImportOptions,
): Promise<StartedRun> {
  const run: StartedRun = { claim: null, resumedFromRow: 0, owedCountRows: 0, refreshCounts: !file.dryRun && (options.refreshAggregates ?? true) };
  if (file.dryRun) return run;
  try {
    // Runs a dead process left `running` are closed first (interrupted), so they can be resumed here.
    // NOTE: their count refresh waits for this import's own (one rebuild instead of two, and never before the claim).
    run.owedCountRows = (await recoverInterruptedImports(handle, { refreshCounts: false })).changedRows;
    const opened = await openRun(handle, fileSha256, options, {
      origin: options.origin ?? "cli",
      fileName: dropNulChars(file.fileName),
      fileSizeBytes: file.sizeBytes,
      fileSha256,
      // The source's header order: stored issues keep rows as jsonb (key order lost), the rejected-rows CSV needs it.
      options: dropNulChars({
        batchSize: file.batchSize,
        onDuplicate: file.onDuplicate,
        isTest: options.isTest ?? false,
        format: source.format,
        ...source.details,
        headers: source.headers,
      }),
      createdBy: options.createdBy ?? null,
      uploadPath: options.uploadPath ?? null,
    });
    run.claim = opened.claim;
    run.resumedFromRow = opened.resumedFromRow;
  } catch (error) {
    await source.close();
    if (run.refreshCounts && run.owedCountRows > 0) await refreshAfterBulkChange(handle, run.owedCountRows);
    throw error;
  }
  options.onRunStarted?.({ runId: run.claim.id, resumedFromRow: run.resumedFromRow });
  return run;
}

/**
 * A run whose count refresh may be one of its own keys (decided at its end, db/writes/aggregates.ts): it refreshes
 * the counts itself, from its first line, with no dead run's rows owed. A dry run and each of several files refresh none.
 */
function mayRefreshOwnKeys(run: StartedRun): boolean {
  return run.refreshCounts && run.resumedFromRow === 0 && run.owedCountRows === 0;
}

/** How the reading and writing ended. */
interface WriteResult {
  status: ImportOutcome["status"];
  failure: ImportOutcome["error"];
  searchIndexError: string | null;
  reusedRows: number;
}

/** How rows are prepared: their memo context (row-memo.ts), the worker count, and where stored memos are read. */
interface RowMemo {
  context: PrepareContext["memo"];
  workers: number;
  readMemos: (ids: number[]) => Promise<StoredRowMemo[]>;
}

/**
 * Stage 3: every line read once, in order → counted, rejected, skipped as a repeat in the file, or staged for a
 * batch; lines a resumed run already committed only feed the repeat check.
 */
async function writeRows(
  source: OpenedSource,
  mapping: ColumnMapping,
  tally: ImportTally,
  writer: BatchWriter,
  file: CheckedFile,
  run: StartedRun,
  options: ImportOptions,
  memo: RowMemo,
): Promise<WriteResult> {
  const rejectedWriter = options.rejectedCsvPath ? new RejectedRowsWriter(options.rejectedCsvPath, source.headers) : null;
  const duplicates = createInFileDuplicates();
  let storedWarnings = 0;
  let reusedRows = 0;

  const skip = (line: number, name: string | null, code: string, reason: string, raw: Record<string, unknown> | null) => {
    countSkipped(tally, name);
    writer.addIssue({ lineNumber: line, severity: "skipped", code, field: null, reason: dropNulChars(reason), raw: dropNulChars(raw) });
  };
  const reject = (line: number, field: string | null, code: string, reason: string, raw: Record<string, unknown> | null) => {
    countRejected(tally, { line, field, reason, code });
    writer.addIssue({
      lineNumber: line,
      severity: "rejected",
      code,
      field: dropNulChars(field),
      reason: dropNulChars(reason),
      raw: dropNulChars(raw),
    });
    rejectedWriter?.write(line, field, reason, raw);
  };

  let status: ImportOutcome["status"] = "succeeded";
  let failure: ImportOutcome["error"];
  let searchIndexError: string | null = null;
  try {
    const prepared = prepareItems(
      source.items,
      { mapping, isTest: options.isTest ?? false, source: file.fileName, ...(memo.context ? { memo: memo.context } : {}) },
      { workers: memo.workers, textOnly: source.format === "csv", readMemos: memo.readMemos },
    );
    for await (const item of prepared) {
      if (options.signal?.aborted) {
        status = "cancelled";
        break;
      }
      const line = item.line;
      const alreadyCommitted = line <= run.resumedFromRow;
      if (!alreadyCommitted) {
        writer.seeLine(line);
        countRead(tally);
      }
      if (item.kind === "skipped") {
        if (!alreadyCommitted) skip(line, null, item.code, "a repeated header line", null);
      } else if (item.kind === "unreadable") {
        if (!alreadyCommitted) reject(line, null, item.code, item.reason, item.raw);
      } else if (item.kind === "invalid") {
        if (!alreadyCommitted) reject(line, item.field, item.code, item.reason, item.raw);
      } else {
        const { row, name, placeId } = item;
        if (row.restage) reusedRows++;
        if (placeId) {
          tally.placeIds.add(placeId);
          if (!alreadyCommitted) tally.counters.recordsWithPlaceId++;
        }
        const earlierLine = duplicates.findEarlier(row.identityKey, line);
        if (earlierLine !== undefined) {
          if (!alreadyCommitted) {
            countInFileDuplicate(tally, { line, name, placeId, firstLine: earlierLine });
            skip(line, name, "DUPLICATE_IN_FILE", `repeats line ${earlierLine} (same ${placeId ? "place_id" : "name and address"})`, null);
          }
        } else if (!alreadyCommitted) {
          countWarnings(tally, line, item.warnings);
          countResolvedFields(tally.fieldRates, item.resolved, item.warnings);
          for (const warning of item.warnings) {
            if (storedWarnings >= MAX_STORED_WARNINGS) break;
            storedWarnings++;
            writer.addIssue({
              lineNumber: line,
              severity: "warning",
              code: warning.code,
              field: dropNulChars(warning.field),
              reason: dropNulChars(warning.reason),
              raw: null,
            });
          }
          writer.addRow(line, row, name);
        }
      }
      if (writer.isFull()) await writer.flush();
    }
    if (status !== "cancelled") await writer.flush();
    await writer.drain();
  } catch (error) {
    await writer.drain(true);
    status = options.signal?.aborted ? "cancelled" : "failed";
    failure =
      error instanceof SourceError || error instanceof ImportError || error instanceof RunTakenOverError
        ? { code: error.code, message: error.message }
        : { code: "IMPORT_FAILED", message: describeFailure(error) };
  } finally {
    await source.close();
    await rejectedWriter?.close();
    searchIndexError = await writer.settleSearch();
  }
  return { status, failure, searchIndexError, reusedRows };
}

/** Stage 4: the final counts (a resumed run's stored totals), the count tables, the reports and the run closed. */
async function finishRun(
  handle: DatabaseHandle,
  tally: ImportTally,
  run: StartedRun,
  written: WriteResult,
  mapping: ColumnMapping,
  onRefreshingCounts: (() => void) | undefined,
  indexesBuilt: Promise<unknown> | null,
  hiddenDemoBusinesses: number,
): Promise<Omit<ImportOutcome, "hiddenDemoBusinesses" | "reusedRows">> {
  const counters = tally.counters;
  const runId = run.claim?.id ?? null;
  const { status, failure } = written;
  counters.uniquePlaceIds = tally.placeIds.size;
  if (runId !== null && run.resumedFromRow > 0) {
    // A resumed run's counts are the run's stored totals: earlier sessions' batches are part of the result.
    const totals = await getRunTotals(handle, runId);
    counters.totalRows = totals.totalRows;
    counters.inserted = totals.inserted;
    counters.updated = totals.updated;
    counters.unchanged = totals.unchanged;
    counters.suppressed = totals.suppressed;
    counters.skipped.count = totals.skipped;
    counters.rejected.count = totals.rejected;
  }
  const changed = counters.inserted + counters.updated + run.owedCountRows;
  if (run.refreshCounts) await reachFaultPoint("before-refresh");
  // NOTE: also when this file changed nothing but the counts lag earlier imports (several files' runs close before
  // their one refresh, so a process killed there leaves closed runs behind the counts).
  if (run.refreshCounts && (changed > 0 || (status === "succeeded" && (await aggregatesBehindImports(handle))))) {
    // NOTE: a failed or cancelled import's whole batches are visible too. Its refresh is best effort (the database
    // may be what failed); the next server start repairs counts that lag the imports.
    onRefreshingCounts?.();
    // Only this session's own batches, all known, may be refreshed by their keys: a resumed run's earlier sessions, dead
    // processes' runs, hidden demo businesses or a failure leave changes it did not see, and get the full refresh.
    // NOTE: nor may it when other runs' writes are not counted yet (one killed before its refresh, or still running).
    const ownChangesOnly =
      status === "succeeded" &&
      changed > 0 &&
      mayRefreshOwnKeys(run) &&
      hiddenDemoBusinesses === 0 &&
      !(await aggregatesBehindImports(handle, runId));
    const touched: TouchedAggregates | null = ownChangesOnly ? tally.touched : null;
    if (status === "succeeded") await refreshAfterBulkChange(handle, changed, { indexesBuilt, touched });
    else await refreshAfterBulkChange(handle, changed, { indexesBuilt }).catch(() => undefined);
  }
  counters.finishedAt = new Date();
  const single = buildSingleFileResult(counters);
  const batch = buildBatchResult(counters);
  const dashboard = buildDashboardReport(counters);
  const fieldRates = summarizeFieldRates(tally.fieldRates);
  if (failure) {
    single.success = false;
    batch.success = false;
    dashboard.success = false;
    single.message = batch.message = `${failure.code}: ${failure.message}`;
  } else if (counters.totalRows === 0 && !run.resumedFromRow) {
    // A header with nothing under it is not a failure, but "0 rows" alone reads like a bug: name it.
    single.message = batch.message = NO_DATA_ROWS_MESSAGE;
  }
  if (runId !== null) {
    const finished = await finishImportRun(
      handle,
      runId,
      dropNulChars({
        status,
        report: { single, batch, dashboard, unknownColumns: mapping.unknown, fieldRates },
        error: failure ? `${failure.code}: ${failure.message}` : null,
      }),
    );
    // A finished run needs no copy of its upload any more (a kept one of an earlier interruption included).
    if (finished) await deleteUploadCopy(finished.uploadPath);
  }
  return {
    runId,
    status,
    resumedFromRow: run.resumedFromRow,
    counters,
    columnExtraction: counters.columnExtraction,
    unknownColumns: mapping.unknown,
    single,
    batch,
    dashboard,
    warnings: tally.warnings,
    fieldRates,
    warningSummary: { sample: tally.warningSample, groups: [...tally.warningGroups.values()] },
    writtenSample: tally.writtenSample,
    changeSample: tally.changeSample.changes,
    error: failure,
    ...(written.searchIndexError === null ? {} : { searchIndexError: written.searchIndexError }),
  };
}

/**
 * The batch writer's counts with how far into the file the committed rows reach, in its bytes (the total for every
 * format). NOTE: not the reader's own position, which runs thousands of rows ahead of the writes.
 */
function reportBytes(
  onProgress: ImportOptions["onProgress"],
  source: OpenedSource,
  totalBytes: number,
): ((progress: RowProgress & { throughLine: number }) => void) | undefined {
  if (!onProgress) return undefined;
  return ({ throughLine, ...progress }) =>
    onProgress({ ...progress, bytesRead: Math.min(source.bytesReadThrough?.(throughLine) ?? 0, totalBytes), totalBytes });
}

/** Stages 3 and 4 on an opened source and a started run: the same for a file and for rows in memory. */
async function writeAndFinish(
  handle: DatabaseHandle,
  source: OpenedSource,
  file: CheckedFile,
  run: StartedRun,
  options: ImportOptions,
  startedAt: Date,
): Promise<ImportOutcome> {
  const mapping = buildColumnMapping(source.headers);
  const tally = createTally({
    fileName: file.fileName,
    fileSizeBytes: file.sizeBytes,
    startedAt,
    columnExtraction: describeColumnExtraction(mapping),
  });
  const writer = createBatchWriter(handle, tally, {
    runId: run.claim?.id ?? null,
    resumedFromRow: run.resumedFromRow,
    batchSize: file.batchSize,
    onDuplicate: file.onDuplicate,
    dryRun: file.dryRun,
    signal: options.signal,
    onProgress: reportBytes(options.onProgress, source, file.sizeBytes),
    searchEngine: options.searchEngine,
  });
  const memo = await prepareMemo(handle, mapping, file, options);
  const deferral = file.dryRun ? null : await deferBusinessIndexes(handle, estimateFileRows(file.sizeBytes), getEnv().DIRECTORY_DEFER_INDEXES);
  // Before the first batch: a count refresh between here and this import's own may count some of its rows. Only a
  // run that may refresh its own keys collects them; any other (a dry run, several files, a resumed run, counts owed
  // to dead runs) is refreshed in full, and its batches return no facts.
  if (mayRefreshOwnKeys(run)) await beginTouchedAggregates(handle, tally.touched);
  else forgetTouchedAggregates(tally.touched);
  let written: WriteResult;
  let indexesBuilt: Promise<unknown> | null = null;
  try {
    written = await writeRows(source, mapping, tally, writer, file, run, options, memo);
  } finally {
    // NOTE: also after a failed or cancelled import: its committed batches are served, and need their indexes.
    if (deferral) {
      options.onRebuildingIndexes?.(deferral.indexes.length);
      indexesBuilt = deferral.restore();
      // Awaited below; a failure is not unhandled while the count refresh runs beside the builds.
      indexesBuilt.catch(() => undefined);
    }
  }
  let outcome: Awaited<ReturnType<typeof finishRun>>;
  let demo: Awaited<ReturnType<typeof hideDemoOnRealData>>;
  try {
    demo = await hideDemoOnRealData(handle, file, run, options, tally.counters);
    // The count tables do not read the secondary indexes: they are rebuilt while the indexes build (planner
    // statistics wait for the indexes, whose expressions ANALYZE samples too).
    outcome = await finishRun(handle, tally, run, written, mapping, options.onRefreshingCounts, indexesBuilt, demo.hidden);
  } finally {
    await indexesBuilt;
  }
  const searchIndexError = outcome.searchIndexError ?? demo.searchIndexError;
  return {
    ...outcome,
    hiddenDemoBusinesses: demo.hidden,
    reusedRows: written.reusedRows,
    ...(searchIndexError === undefined ? {} : { searchIndexError }),
  };
}

/**
 * The memo index is loaded only for a file of at least this share of the stored businesses: loading it reads every
 * stored key (the whole businesses table: minutes and 1.5 GB of memory at 5M businesses), which a small file's rows
 * cost less to normalise again.
 */
export const MEMO_INDEX_MIN_SHARE = 0.05;
/** A file's bytes per row, estimated high (an XLSX row is ~510 bytes, a CSV row ~1.35 kB), so a guess errs towards the memo. */
const MEMO_ROW_BYTES = 500;

/**
 * The memo a file's rows are keyed and looked up with: none with --full or without the sources; looked up only on
 * workers, and only when the file is not small beside the directory (MEMO_INDEX_MIN_SHARE). Rows always get their keys,
 * for the next import.
 */
async function prepareMemo(handle: DatabaseHandle, mapping: ColumnMapping, file: CheckedFile, options: ImportOptions): Promise<RowMemo> {
  const workers = options.workers ?? choosePrepareWorkers(file.sizeBytes);
  const readMemos = (ids: number[]) => readImportRowMemos(handle, ids);
  const rules = options.full ? null : readRulesFingerprint();
  if (!rules) return { context: undefined, workers, readMemos };
  const scope = describeMemoScope(rules, mapping, options.isTest ?? false);
  if (workers === 0) return { context: { scope, index: null }, workers, readMemos };
  // NOTE: a record in memory (importRows) has no size: it keeps the index, as before.
  const fileRows = file.sizeBytes / MEMO_ROW_BYTES;
  if (file.sizeBytes > 0 && (await hasStoredBusinesses(handle, fileRows / MEMO_INDEX_MIN_SHARE))) {
    return { context: { scope, index: null }, workers, readMemos };
  }
  const builder = createMemoIndexBuilder((await estimateStoredBusinesses(handle)) ?? 0);
  let stored = 0;
  for await (const page of walkImportRowKeys(handle, MEMO_PREFIX_CHARS))
    for (const entry of page) {
      builder.add(entry.id, entry.key);
      stored++;
    }
  return { context: { scope, index: stored > 0 ? builder.finish() : null }, workers, readMemos };
}

/**
 * Real rows written while demo businesses are public: those leave the public site (before the count refresh, which
 * then drops them too) and the external search index. NOTE: an unreachable Meilisearch keeps them until the next
 * reindex (said like any index failure), but its hits are re-read from PostgreSQL, which no longer shows them.
 */
async function hideDemoOnRealData(
  handle: DatabaseHandle,
  file: CheckedFile,
  run: StartedRun,
  options: ImportOptions,
  counters: ImportTally["counters"],
): Promise<{ hidden: number; searchIndexError?: string }> {
  if (file.dryRun || options.isTest || counters.inserted + counters.updated === 0) return { hidden: 0 };
  const ids = await hideDemoBusinesses(handle, options.actor ?? getCliAuditActor(), { runId: run.claim?.id ?? null, file: file.fileName });
  const engine = options.searchEngine === undefined ? getSearchEngine() : options.searchEngine;
  if (ids.length === 0 || !engine || !needsIndexSync(engine)) return { hidden: ids.length };
  try {
    await removeBusinessesFromIndex(ids, engine);
    return { hidden: ids.length };
  } catch (error) {
    return { hidden: ids.length, searchIndexError: describeFailure(error) };
  }
}

/** One file imported: checked, its run started, its rows written in batches, its run finished with the reports. */
export async function importFile(handle: DatabaseHandle, filePath: string, options: ImportOptions = {}): Promise<ImportOutcome> {
  const startedAt = new Date();
  const file = checkFile(filePath, options);
  const source = await openSource(filePath, { maxBytes: file.maxBytes, fileName: file.fileName, signal: options.signal });
  const fileSha256 = await hashFile(filePath);
  const run = await startRun(handle, source, file, fileSha256, options);
  try {
    return await writeAndFinish(handle, source, file, run, options, startedAt);
  } finally {
    // NOTE: always, even when the database failed at the end: a claim left held would keep the run "alive" forever.
    await run.claim?.release();
  }
}

/**
 * A source that is no file (importRows: records in memory) → stages 3 and 4 without a run: the same mapping,
 * normaliser, in-file repeat check, batch writer and count refresh, but nothing to resume and no history entry.
 */
export async function importOpenedSource(
  handle: DatabaseHandle,
  source: OpenedSource,
  options: Omit<ImportOptions, "resume" | "uploadPath" | "onRunStarted" | "rejectedCsvPath"> & { fileName: string },
): Promise<ImportOutcome> {
  const dryRun = options.dryRun ?? false;
  const file: CheckedFile = {
    fileName: sanitizeFileName(options.fileName),
    sizeBytes: 0,
    maxBytes: 0,
    batchSize: checkBatchSize(options),
    onDuplicate: options.onDuplicate ?? "update",
    dryRun,
  };
  const run: StartedRun = { claim: null, resumedFromRow: 0, owedCountRows: 0, refreshCounts: !dryRun && (options.refreshAggregates ?? true) };
  return writeAndFinish(handle, source, file, run, options, new Date());
}
