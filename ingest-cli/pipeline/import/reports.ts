// Import counters → the spec's single-file, batch and dashboard upload reports: 1-decimal percentages, lists capped at 100 + "... and N more".
import type { ColumnExtraction } from "../map/columns.ts";

/** The most entries a report list carries before its "... and N more" line. */
export const REPORT_LIST_LIMIT = 100;

export interface RejectedRow {
  /** 1-based line of the source file (the header is line 1). */
  line: number;
  field: string | null;
  reason: string;
  /** The stable code of the reason (NAME_REQUIRED, …): the admin words it in its own language. */
  code?: string;
}

/** A normalisation warning of a row that was imported: the cell was ignored or repaired, the row kept. */
export interface WarningRecord {
  line: number;
  field: string | null;
  code: string;
  reason: string;
}

/** Every warning of one code and field: how many, and the first lines. */
export interface WarningGroup {
  code: string;
  field: string | null;
  count: number;
  lines: number[];
}

export interface ExcelDuplicateRecord {
  line: number;
  name: string;
  placeId: string | null;
  /** The earlier line of the same file this row repeats. */
  firstLine: number;
}

/**
 * What the import orchestrator counts. Each list may be a sample (at least the first 100 are enough); `count` is the
 * truth and drives the "... and N more" lines. inserted + updated + unchanged + suppressed + skipped + rejected = totalRows.
 */
export interface ImportCounters {
  totalRows: number;
  /** New businesses written. */
  inserted: number;
  /** Existing businesses rewritten with changed content. */
  updated: number;
  /** Existing businesses whose content hash matched: a counted no-op. */
  unchanged: number;
  /** Rows of businesses an operator deleted (a tombstone on their identity): not brought back. */
  suppressed: number;
  /** Rows deliberately not imported (e.g. repeats of an earlier row of the file), with the business names. */
  skipped: { count: number; names: string[] };
  /** Rows the normaliser refused. */
  rejected: { count: number; rows: RejectedRow[] };
  /** Rows repeating an earlier row (same identity) of the same file. */
  excelDuplicates: { count: number; records: ExcelDuplicateRecord[] };
  /** Rows with a place id that already existed in the database. */
  databaseDuplicates: number;
  recordsWithPlaceId: number;
  /** Distinct place ids in the file. */
  uniquePlaceIds: number;
  /** Rows with a place id the database did not have yet. */
  newPlaceIds: number;
  fileName: string;
  fileSizeBytes: number;
  startedAt: Date;
  finishedAt: Date;
  columnExtraction: ColumnExtraction;
}

export interface SingleFileResult {
  success: boolean;
  message: string;
  totalRows: number;
  successCount: number;
  errorCount: number;
  skippedCount: number;
  /** Rows of businesses an operator deleted: left out (restore them from the trash to import them again). */
  suppressedCount: number;
  skippedBusinesses: string[];
  errors: string[];
}

export interface BatchDuplicateAnalysis {
  totalRecords: number;
  recordsWithPlaceId: number;
  databaseDuplicateCount: number;
  databaseDuplicateRate: number;
  newPlaceIdCount: number;
  newPlaceIdRate: number;
  excelDuplicateCount: number;
  excelDuplicateRecords: ExcelDuplicateRecord[];
}

export interface BatchResult extends SingleFileResult {
  columnExtraction: ColumnExtraction;
  duplicateAnalysis: BatchDuplicateAnalysis;
}

export interface DashboardReport {
  success: boolean;
  /** ISO time the import finished. */
  timestamp: string;
  summary: { fileName: string; fileSizeMB: number; processingTimeSeconds: number; totalRecords: number };
  results: { updated: number; skipped: number; updateRate: number; skipRate: number };
  duplicateAnalysis: {
    excelDuplicateCount: number;
    databaseDuplicateCount: number;
    newPlaceIdCount: number;
    uniquePlaceIds: number;
    totalDuplicateRecords: number;
    duplicateRate: number;
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** part of whole as a percentage with 1 decimal; 0 when there is no whole. */
export function computeRate(part: number, whole: number): number {
  return whole > 0 ? round((part / whole) * 100, 1) : 0;
}

/** The first `max` items and, when more exist (`total` counts them all), one "... and N more" line. */
export function summariseList(items: readonly string[], max: number, total = items.length): string[] {
  const shown = items.slice(0, Math.max(0, max));
  const rest = total - shown.length;
  return rest > 0 ? [...shown, `... and ${rest} more`] : shown;
}

/** { line: 17, field: "rating", reason } → 'Line 17: rating — <reason>'; without a field → 'Line 17: <reason>'. */
export function formatRejection(row: RejectedRow): string {
  return row.field ? `Line ${row.line}: ${row.field} — ${row.reason}` : `Line ${row.line}: ${row.reason}`;
}

/** '3 warnings: 2 OUT_OF_RANGE latitude (lines 4, 9), 1 HOURS_UNREADABLE working_hours (line 7)'; '' without any. */
export function summariseWarnings(total: number, groups: readonly WarningGroup[]): string {
  if (total === 0) return "";
  const parts = [...groups]
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
    .map((group) => {
      const lines = `${group.lines.length === 1 ? "line" : "lines"} ${group.lines.join(", ")}${group.count > group.lines.length ? ", …" : ""}`;
      return `${group.count} ${group.code}${group.field ? ` ${group.field}` : ""} (${lines})`;
    });
  return `${total} ${total === 1 ? "warning" : "warnings"}: ${parts.join(", ")}`;
}

/** A file succeeded when it had rows and not every one of them was rejected. */
function isSuccess(c: ImportCounters): boolean {
  return c.totalRows > 0 && c.rejected.count < c.totalRows;
}

function buildMessage(c: ImportCounters): string {
  if (c.totalRows === 0) return "The file has no data rows.";
  const parts = [`${c.inserted} new`, `${c.updated} updated`];
  if (c.unchanged > 0) parts.push(`${c.unchanged} unchanged`);
  if (c.suppressed > 0) parts.push(`${c.suppressed} suppressed (deleted by an operator)`);
  parts.push(`${c.skipped.count} skipped`, `${c.rejected.count} rejected`);
  const imported = c.inserted + c.updated + c.unchanged;
  return `Imported ${imported} of ${c.totalRows} ${c.totalRows === 1 ? "row" : "rows"}: ${parts.join(", ")}.`;
}

export function buildSingleFileResult(c: ImportCounters): SingleFileResult {
  return {
    success: isSuccess(c),
    message: buildMessage(c),
    totalRows: c.totalRows,
    // An unchanged row is in the directory exactly as the file says: it counts as imported.
    successCount: c.inserted + c.updated + c.unchanged,
    errorCount: c.rejected.count,
    skippedCount: c.skipped.count,
    suppressedCount: c.suppressed,
    skippedBusinesses: summariseList(c.skipped.names, REPORT_LIST_LIMIT, c.skipped.count),
    errors: summariseList(c.rejected.rows.map(formatRejection), REPORT_LIST_LIMIT, c.rejected.count),
  };
}

/** Database rates are over the rows that carry a place id, the only ones a place-id lookup can classify. */
export function buildBatchResult(c: ImportCounters): BatchResult {
  return {
    ...buildSingleFileResult(c),
    columnExtraction: c.columnExtraction,
    duplicateAnalysis: {
      totalRecords: c.totalRows,
      recordsWithPlaceId: c.recordsWithPlaceId,
      databaseDuplicateCount: c.databaseDuplicates,
      databaseDuplicateRate: computeRate(c.databaseDuplicates, c.recordsWithPlaceId),
      newPlaceIdCount: c.newPlaceIds,
      newPlaceIdRate: computeRate(c.newPlaceIds, c.recordsWithPlaceId),
      excelDuplicateCount: c.excelDuplicates.count,
      excelDuplicateRecords: c.excelDuplicates.records.slice(0, REPORT_LIST_LIMIT),
    },
  };
}

/**
 * The dashboard's two-way split: "updated" = rows written (new or changed), "skipped" = every other row (unchanged,
 * skipped, rejected), so the two rates add up to 100 over totalRecords.
 */
export function buildDashboardReport(c: ImportCounters): DashboardReport {
  const written = c.inserted + c.updated;
  const notWritten = Math.max(0, c.totalRows - written);
  const totalDuplicateRecords = c.excelDuplicates.count + c.databaseDuplicates;
  return {
    success: isSuccess(c),
    timestamp: c.finishedAt.toISOString(),
    summary: {
      fileName: c.fileName,
      fileSizeMB: round(c.fileSizeBytes / (1024 * 1024), 2),
      processingTimeSeconds: round(Math.max(0, c.finishedAt.getTime() - c.startedAt.getTime()) / 1000, 2),
      totalRecords: c.totalRows,
    },
    results: {
      updated: written,
      skipped: notWritten,
      updateRate: computeRate(written, c.totalRows),
      skipRate: computeRate(notWritten, c.totalRows),
    },
    duplicateAnalysis: {
      excelDuplicateCount: c.excelDuplicates.count,
      databaseDuplicateCount: c.databaseDuplicates,
      newPlaceIdCount: c.newPlaceIds,
      uniquePlaceIds: c.uniquePlaceIds,
      totalDuplicateRecords,
      duplicateRate: computeRate(totalDuplicateRecords, c.totalRows),
    },
  };
}
