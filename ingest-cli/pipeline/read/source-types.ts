// The reader's public shapes: any supported file → format facts + a stream of raw records, errors and skips.

export type SourceFormat = "csv" | "xlsx" | "xls" | "json" | "ndjson";

/**
 * One raw record. `values` maps header → raw cell value, holding only the cells that exist:
 * a CSV row shorter than the header has no key for its missing trailing cells, an empty spreadsheet
 * cell has no key, and CSV/spreadsheet cells beyond the header appear as `column_<n>` (1-based).
 *
 * `line`: CSV → the physical line where the record starts (header is normally line 1);
 * XLSX/XLS → the sheet row number; JSON array → element index + 2 (so the first record is "line 2",
 * as in a CSV); NDJSON → the physical line of the value; concatenated JSON values that are not one per
 * line (`{…}{…}` or pretty-printed) → value index + 2.
 */
export interface SourceRecord {
  line: number;
  values: Record<string, unknown>;
}

/** A malformed record: reported, never fatal. `code` is stable SCREAMING_SNAKE, `reason` is for operators. */
export interface SourceRowError {
  line: number;
  code: string;
  reason: string;
  /** The offending text, cut to a few hundred characters. */
  raw?: string;
}

export type SourceItem =
  | { kind: "record"; record: SourceRecord }
  | { kind: "error"; error: SourceRowError }
  | { kind: "skipped"; line: number; code: "REPEATED_HEADER" | "BLANK_LINE" };

export interface SourceDetails {
  encoding?: string;
  delimiter?: string;
  sheetName?: string;
  bom?: boolean;
}

export interface OpenedSource {
  format: SourceFormat;
  compressed: boolean;
  /** Header texts in order (trimmed; a blank one becomes `column_<n>`, a repeated one gets `_2`, `_3`… so keys stay unique). */
  headers: string[];
  details: SourceDetails;
  /** Streamed with back-pressure; iterate once. Ending or breaking the loop releases the file. */
  items: AsyncIterable<SourceItem>;
  /** Idempotent; ends the spreadsheet worker and closes file handles. */
  close(): Promise<void>;
  /**
   * How far into the file the records up to `line` reach, in bytes of the file (0 to its size): CSV/JSON count the
   * bytes read when the record was handed out, XLSX the share of its sheet's packed bytes, XLS the whole file once
   * parsed. Lines asked for must not go down. Absent for records in memory.
   */
  bytesReadThrough?(line: number): number;
}

export interface OpenSourceOptions {
  /** Largest accepted file, compressed and (for gzip) decompressed. Default 150 MiB. */
  maxBytes?: number;
  /** The original file name, for extension hints when `filePath` is an upload's temp file. */
  fileName?: string;
  /** Spreadsheets only: time the worker may spend parsing (time waiting for the consumer excluded). Default 10 min. */
  timeoutMs?: number;
  /** Spreadsheets only: the worker's heap cap. Default 1024. */
  memoryLimitMb?: number;
  signal?: AbortSignal;
}

/** A row of cells before header mapping: the shape CSV and spreadsheet readers share. */
export type TableEvent = { kind: "row"; line: number; cells: readonly unknown[] } | { kind: "error"; error: SourceRowError };

export const DEFAULT_MAX_BYTES = 150 * 1024 * 1024;
export const MAX_COLUMNS = 2_000;
/** A cell larger than this makes its row a CELL_TOO_LARGE error (characters; 1 MiB). */
export const MAX_CELL_CHARS = 1024 * 1024;
/** One record may hold at most this much text (characters) before it is abandoned as RECORD_TOO_LARGE. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;
/** How much of a bad line is kept in `SourceRowError.raw`. */
export const RAW_EXCERPT_CHARS = 500;

export function cutExcerpt(text: string): string {
  return text.length > RAW_EXCERPT_CHARS ? `${text.slice(0, RAW_EXCERPT_CHARS)}…` : text;
}
