// Rows (an iterable, consumed one at a time) → csv / xlsx / json / ndjson bytes on a writable, honouring backpressure.
// Nothing here holds more than one row plus the stream buffers, so a million rows cost the same memory as ten.
import { once } from "node:events";
import { Readable, Transform, type TransformCallback, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify/sync";
import type ExcelJS from "exceljs";
import type { GeneratedBusiness, GeneratedColumn } from "./business-factory.ts";

export const GENERATE_FORMATS = ["csv", "xlsx", "json", "ndjson"] as const;
export type GenerateFormat = (typeof GENERATE_FORMATS)[number];

export type WriteRowsOptions = {
  columns: readonly GeneratedColumn[];
  /** CSV only: true → a copy of the header line goes before the row with this index. */
  repeatHeaderBefore?: (rowIndex: number) => boolean;
  onRow?: (rowsWritten: number) => void;
};

export type WriteRowsResult = { rows: number; headerRepeats: number };

const CSV_BATCH_ROWS = 200;

/** Counts the bytes that pass through on their way to the real destination. */
export class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/** Writes every row in `format` to `sink` and ends it. */
export async function writeRows(
  format: GenerateFormat,
  rows: Iterable<GeneratedBusiness>,
  sink: Writable,
  options: WriteRowsOptions,
): Promise<WriteRowsResult> {
  switch (format) {
    case "csv":
      return writeCsv(rows, sink, options);
    case "json":
    case "ndjson":
      return writeJsonFamily(format, rows, sink, options);
    case "xlsx":
      return writeXlsx(rows, sink, options);
  }
}

/** One CSV cell: booleans as Python's True/False and JSON with ", "/": " spacing, as Outscraper's pandas export writes them. */
export function toCsvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value;
  return toSpacedJson(value);
}

function toSpacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(toSpacedJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    let out = "{";
    let first = true;
    for (const key in value) {
      out += `${first ? "" : ", "}${JSON.stringify(key)}: ${toSpacedJson((value as Record<string, unknown>)[key])}`;
      first = false;
    }
    return `${out}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** One xlsx cell: numbers and booleans keep their type, nested objects become JSON text, null an empty cell. */
export function toXlsxCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  return JSON.stringify(value);
}

function pickRecord(business: GeneratedBusiness, columns: readonly GeneratedColumn[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of columns) record[column] = business[column] ?? null;
  return record;
}

async function writeCsv(rows: Iterable<GeneratedBusiness>, sink: Writable, options: WriteRowsOptions): Promise<WriteRowsResult> {
  const result: WriteRowsResult = { rows: 0, headerRepeats: 0 };
  const { columns, repeatHeaderBefore, onRow } = options;
  // csv-stringify's sync form on batches of records: the same quoting rules as its stream form without a
  // stream round trip per row, which otherwise costs more than building the row.
  function* chunks(): Generator<string> {
    let batch: string[][] = [[...columns]];
    for (const business of rows) {
      if (repeatHeaderBefore?.(result.rows)) {
        result.headerRepeats++;
        batch.push([...columns]);
      }
      batch.push(columns.map((column) => toCsvCell(business[column])));
      result.rows++;
      onRow?.(result.rows);
      if (batch.length >= CSV_BATCH_ROWS) {
        yield stringify(batch, { record_delimiter: "unix" });
        batch = [];
      }
    }
    if (batch.length > 0) yield stringify(batch, { record_delimiter: "unix" });
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), sink);
  return result;
}

async function writeJsonFamily(
  format: "json" | "ndjson",
  rows: Iterable<GeneratedBusiness>,
  sink: Writable,
  options: WriteRowsOptions,
): Promise<WriteRowsResult> {
  const result: WriteRowsResult = { rows: 0, headerRepeats: 0 };
  const { columns, onRow } = options;
  // Rows are batched into ~64 KB strings: one stream chunk per row would cost more in stream overhead than in JSON.
  function* chunks(): Generator<string> {
    let buffer = format === "json" ? "[\n" : "";
    for (const business of rows) {
      const line = JSON.stringify(pickRecord(business, columns));
      if (format === "json") buffer += result.rows === 0 ? line : `,\n${line}`;
      else buffer += `${line}\n`;
      result.rows++;
      onRow?.(result.rows);
      if (buffer.length >= 65_536) {
        yield buffer;
        buffer = "";
      }
    }
    if (format === "json") buffer += "\n]\n";
    if (buffer) yield buffer;
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), sink);
  return result;
}

// Above this many bytes waiting inside exceljs' zip stream we stop adding rows until it has caught up.
const XLSX_MAX_PENDING_BYTES = 4 * 1024 * 1024;

async function writeXlsx(rows: Iterable<GeneratedBusiness>, sink: Writable, options: WriteRowsOptions): Promise<WriteRowsResult> {
  const result: WriteRowsResult = { rows: 0, headerRepeats: 0 };
  const { columns, onRow } = options;
  const finished = once(sink, "finish");
  finished.catch(() => undefined);
  // Shared strings and styles are kept in memory until commit; without them memory stays flat.
  const Writer = await loadPinnedDateWorkbookWriter();
  const workbook = new Writer({ stream: sink, useSharedStrings: false, useStyles: false });
  workbook.created = XLSX_FIXED_DATE;
  workbook.modified = XLSX_FIXED_DATE;
  const sheet = workbook.addWorksheet("Businesses");
  sheet.addRow([...columns]).commit();
  for (const business of rows) {
    sheet.addRow(columns.map((column) => toXlsxCell(business[column]))).commit();
    result.rows++;
    onRow?.(result.rows);
    if (result.rows % 500 === 0) await waitForZip(sheet, sink);
  }
  await sheet.commit();
  await workbook.commit();
  await finished;
  return result;
}

// Any fixed instant works; it only has to be the same on every run.
const XLSX_FIXED_DATE = new Date(Date.UTC(2025, 0, 1));

type ZipAppend = (source: unknown, data: Record<string, unknown>) => unknown;
/**
 * NOTE: exceljs stamps "now" into docProps/core.xml (fixed via created/modified) and archiver stamps "now" on
 * every zip entry, so two runs with one seed would differ in their timestamps. exceljs' constructor calls
 * addThemes() right after creating its zip and before adding any entry, so that is where we pin entry dates.
 * Zip entry times are local DOS times: the bytes repeat on one machine and time zone, which is what tests need.
 */
// NOTE: exceljs takes ~0.7 s to load; only an xlsx writer pays for it (the CLI's seed shares this module).
let pinnedWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter | undefined;

async function loadPinnedDateWorkbookWriter(): Promise<typeof ExcelJS.stream.xlsx.WorkbookWriter> {
  if (pinnedWriter) return pinnedWriter;
  const { default: excel } = await import("exceljs");
  pinnedWriter = class PinnedDateWorkbookWriter extends excel.stream.xlsx.WorkbookWriter {
    override addThemes(): Promise<void> {
      const zip = (this as unknown as { zip?: { append: ZipAppend } }).zip;
      if (zip) {
        const append = zip.append.bind(zip);
        zip.append = (source, data) => append(source, { ...data, date: XLSX_FIXED_DATE });
      }
      return super.addThemes();
    }
  };
  return pinnedWriter;
}

type StreamState = { length?: number };
// The zip entry's input is an old readable-stream v2 PassThrough (archiver-utils), which has no writableLength.
type PipeTarget = { _writableState?: StreamState; _readableState?: StreamState };
type SheetStream = { pipes?: PipeTarget[]; buffers?: unknown[] };

/**
 * NOTE: exceljs' worksheet stream ignores backpressure (its write() always returns true), so rows pile up in
 * memory whenever deflate is slower than row generation. We measure what is queued in front of the zip (the
 * sheet's own 64 KB buffers and the PassThrough archiver reads from) plus the sink, and wait while it is large.
 */
async function waitForZip(sheet: unknown, sink: Writable): Promise<void> {
  const stream = (sheet as { stream?: SheetStream }).stream;
  const pending = () => {
    let bytes = sink.writableLength;
    for (const pipe of stream?.pipes ?? []) bytes += (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0);
    bytes += (stream?.buffers?.length ?? 0) * 65_536;
    return bytes;
  };
  while (pending() > XLSX_MAX_PENDING_BYTES) {
    // A failed sink never drains; stop instead of waiting forever.
    if (sink.destroyed) throw sink.errored ?? new Error("the xlsx output stream closed before the file was complete");
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }
  await new Promise<void>((resolve) => setImmediate(resolve));
}
