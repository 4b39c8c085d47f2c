// One import's counts in one object → the report's counters, the progress line and each batch's stored counts;
// the rule: a row is counted once, where it is read (rejected, skipped in the file) or where its batch commits.
import type { FieldChange } from "../../../db/queries/import-changes.ts";
import { createTouchedAggregates, forgetTouchedAggregates, recordTouchedAggregates, type TouchedAggregates } from "../../../db/writes/aggregates.ts";
import { AUDIT_SAMPLE_SIZE } from "../../../db/writes/audit-log.ts";
import type { BatchOutcome } from "../../../db/writes/import-batch.ts";
import { createFieldRateTally, type FieldRateTally } from "./field-rates.ts";
import type { ExcelDuplicateRecord, ImportCounters, RejectedRow, WarningGroup, WarningRecord } from "./reports.ts";

/** Stored businesses whose would-be changes a dry run shows, field by field. */
export const CHANGE_SAMPLE_BUSINESSES = 10;
/** Batches a dry run looks into for that sample at most. */
export const CHANGE_SAMPLE_LOOKUPS = 20;
/** Names, rejected rows and repeats kept as samples for the reports. */
const SAMPLE_LIMIT = 100;
/** Warnings printed one per line by `import`/`validate`; the groups count every one. */
export const WARNING_SAMPLE_LIMIT = 20;
/** Lines named per warning group ("lines 4, 9, …"). */
const WARNING_GROUP_LINES = 5;

/** The counts after a batch, as the batch writer reports them. */
export interface RowProgress {
  rowsRead: number;
  committedRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rejected: number;
}

/** A batch's counts and how far into the file reading has come (bytes of the file: the total of CSV and XLSX alike). */
export interface ImportProgress extends RowProgress {
  bytesRead: number;
  /** The file's size in bytes; 0 for records that are no file. */
  totalBytes: number;
}

/** The counts of the rows gathered since the last batch was sent: stored with that batch (a resume's totals). */
export interface PendingCounts {
  totalRows: number;
  skipped: number;
  rejected: number;
}

export interface ImportTally {
  /** The report's counts and samples. */
  counters: ImportCounters;
  /** Rows of batches that committed (or, in a dry run, ran and rolled back). */
  committedRows: number;
  pending: PendingCounts;
  placeIds: Set<string>;
  /** Normalisation warnings of the rows kept. */
  warnings: number;
  /** Which fields the kept rows resolved, and the evidence behind them. */
  fieldRates: FieldRateTally;
  /** The first warnings, and every warning counted by code and field (with its first lines). */
  warningSample: WarningRecord[];
  warningGroups: Map<string, WarningGroup>;
  /** The first businesses this import inserted and rewrote (AUDIT_SAMPLE_SIZE each): its audit entry's sample. */
  writtenSample: { insertedIds: number[]; updatedIds: number[] };
  /** A dry run's sample of what it would change on stored businesses (CHANGE_SAMPLE_BUSINESSES of them at most). */
  changeSample: { businesses: number; lookups: number; changes: FieldChange[] };
  /** The count keys and names the committed batches touched: a small import refreshes only those. */
  touched: TouchedAggregates;
}

export function createTally(file: Pick<ImportCounters, "fileName" | "fileSizeBytes" | "startedAt" | "columnExtraction">): ImportTally {
  return {
    counters: {
      totalRows: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      suppressed: 0,
      skipped: { count: 0, names: [] },
      rejected: { count: 0, rows: [] },
      excelDuplicates: { count: 0, records: [] },
      databaseDuplicates: 0,
      recordsWithPlaceId: 0,
      uniquePlaceIds: 0,
      newPlaceIds: 0,
      fileName: file.fileName,
      fileSizeBytes: file.fileSizeBytes,
      startedAt: file.startedAt,
      finishedAt: file.startedAt,
      columnExtraction: file.columnExtraction,
    },
    committedRows: 0,
    pending: { totalRows: 0, skipped: 0, rejected: 0 },
    placeIds: new Set(),
    warnings: 0,
    fieldRates: createFieldRateTally(),
    warningSample: [],
    warningGroups: new Map(),
    writtenSample: { insertedIds: [], updatedIds: [] },
    changeSample: { businesses: 0, lookups: 0, changes: [] },
    touched: createTouchedAggregates(),
  };
}

/** A kept row's normalisation warnings (a rejected cell, a repaired text…): counted, grouped, sampled. */
export function countWarnings(tally: ImportTally, line: number, warnings: ReadonlyArray<Omit<WarningRecord, "line">>): void {
  tally.warnings += warnings.length;
  for (const { field, code, reason } of warnings) {
    if (tally.warningSample.length < WARNING_SAMPLE_LIMIT) tally.warningSample.push({ line, field, code, reason });
    const key = `${code}\u0000${field ?? ""}`;
    let group = tally.warningGroups.get(key);
    if (!group) tally.warningGroups.set(key, (group = { code, field, count: 0, lines: [] }));
    group.count++;
    if (group.lines.length < WARNING_GROUP_LINES && group.lines.at(-1) !== line) group.lines.push(line);
  }
}

/** A data line read for the first time (not one a resumed run already committed). */
export function countRead(tally: ImportTally): void {
  tally.counters.totalRows++;
  tally.pending.totalRows++;
}

function addSkipped(tally: ImportTally, name: string | null | undefined): void {
  tally.counters.skipped.count++;
  if (name && tally.counters.skipped.names.length < SAMPLE_LIMIT) tally.counters.skipped.names.push(name);
}

/** A line skipped while reading (a repeated header, a repeat in the file). */
export function countSkipped(tally: ImportTally, name: string | null): void {
  addSkipped(tally, name);
  tally.pending.skipped++;
}

export function countRejected(tally: ImportTally, row: RejectedRow): void {
  tally.counters.rejected.count++;
  if (tally.counters.rejected.rows.length < SAMPLE_LIMIT) tally.counters.rejected.rows.push(row);
  tally.pending.rejected++;
}

/** A row that repeats an earlier line of the file; it is also counted as skipped. */
export function countInFileDuplicate(tally: ImportTally, record: ExcelDuplicateRecord): void {
  tally.counters.excelDuplicates.count++;
  if (tally.counters.excelDuplicates.records.length < SAMPLE_LIMIT) tally.counters.excelDuplicates.records.push(record);
}

/** A batch of `rowCount` rows committed; `names` by line for the rows the database skipped. */
export function countCommitted(tally: ImportTally, outcome: BatchOutcome, rowCount: number, names: ReadonlyMap<number, string>): void {
  const c = tally.counters;
  c.inserted += outcome.inserted;
  c.updated += outcome.updated;
  c.unchanged += outcome.unchanged;
  c.suppressed += outcome.suppressedLines.length;
  c.databaseDuplicates += outcome.databaseDuplicates;
  c.newPlaceIds += outcome.newPlaceIds;
  for (const line of outcome.skippedLines) addSkipped(tally, names.get(line));
  tally.committedRows += rowCount;
  sampleWritten(tally.writtenSample, outcome);
  if (outcome.factsUnknown) forgetTouchedAggregates(tally.touched);
  else recordTouchedAggregates(tally.touched, outcome.aggregateFacts.before, outcome.aggregateFacts.after);
}

/** Keeps the first inserted and rewritten ids; the loops stop as soon as both samples are full. */
function sampleWritten(sample: ImportTally["writtenSample"], outcome: BatchOutcome): void {
  if (sample.insertedIds.length >= AUDIT_SAMPLE_SIZE && sample.updatedIds.length >= AUDIT_SAMPLE_SIZE) return;
  const inserted = new Set(outcome.insertedIds);
  for (const id of outcome.writtenIds) {
    const list = inserted.has(id) ? sample.insertedIds : sample.updatedIds;
    if (list.length < AUDIT_SAMPLE_SIZE) list.push(id);
  }
}

/** The pending counts, handed to the batch being sent, and a fresh start for the next one. */
export function takePending(tally: ImportTally): PendingCounts {
  const pending = tally.pending;
  tally.pending = { totalRows: 0, skipped: 0, rejected: 0 };
  return pending;
}

export function readProgress(tally: ImportTally): RowProgress {
  const c = tally.counters;
  return {
    rowsRead: c.totalRows,
    committedRows: tally.committedRows,
    inserted: c.inserted,
    updated: c.updated,
    unchanged: c.unchanged,
    skipped: c.skipped.count,
    rejected: c.rejected.count,
  };
}
