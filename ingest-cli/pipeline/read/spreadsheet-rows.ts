// Inside the worker: a workbook file → rows of plain cell values from its first sheet with data, sent in
// batches that wait for the parent's ack, so a 150 MB workbook never piles up in memory.
import fs from "node:fs";
import type { MessagePort } from "node:worker_threads";
import type ExcelJS from "exceljs";
import type * as XLSX from "@e965/xlsx";
import { SourceError, type SourceErrorCode } from "./source-error.ts";
import { openLeanWorkbook } from "./xlsx-lean-rows.ts";

export interface SpreadsheetWorkerInput {
  filePath: string;
  format: "xlsx" | "xls";
  batchSize: number;
}

export interface SheetRow {
  line: number;
  cells: unknown[];
}

export type WorkerToParent =
  | { type: "sheet"; name: string }
  /** `readFraction`: how much of the sheet (0–1, by its packed bytes) was read when the batch was sent. */
  | { type: "rows"; rows: SheetRow[]; readFraction: number }
  | { type: "end" }
  /** `code`: a whole-file verdict the worker reached itself (a SourceError), passed on unchanged. */
  | { type: "fail"; message: string; code?: SourceErrorCode };

export type ParentToWorker = { type: "ack" };

/** Leading empty rows of a sheet are remembered (up to this many) so they can still be counted as blank lines. */
const MAX_REMEMBERED_BLANKS = 10_000;

export interface RowSink {
  sheet(name: string): void;
  row(row: SheetRow): Promise<void>;
  /** How much of the sheet was read so far (0–1), for the import's progress. */
  readTo?(fraction: number): void;
}

export async function runSpreadsheetWorker(port: MessagePort, input: SpreadsheetWorkerInput): Promise<void> {
  const waitingForAck: Array<() => void> = [];
  port.on("message", (message: ParentToWorker) => {
    if (message.type === "ack") waitingForAck.shift()?.();
  });
  let batch: SheetRow[] = [];
  let readFraction = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const acked = new Promise<void>((resolve) => waitingForAck.push(resolve));
    port.postMessage({ type: "rows", rows, readFraction } satisfies WorkerToParent);
    await acked;
  };
  const sink: RowSink = {
    sheet: (name) => port.postMessage({ type: "sheet", name } satisfies WorkerToParent),
    row: async (row) => {
      batch.push(row);
      if (batch.length >= input.batchSize) await flush();
    },
    readTo: (fraction) => {
      readFraction = fraction;
    },
  };
  try {
    if (input.format === "xlsx") await streamXlsxRows(input.filePath, sink);
    else await streamXlsRows(input.filePath, sink);
    readFraction = 1;
    await flush();
    port.postMessage({ type: "end" } satisfies WorkerToParent);
  } catch (error) {
    const code = error instanceof SourceError ? error.code : undefined;
    port.postMessage({
      type: "fail",
      message: error instanceof Error ? error.message : String(error),
      ...(code ? { code } : {}),
    } satisfies WorkerToParent);
  }
  port.removeAllListeners("message");
}

function isEmptyRow(cells: readonly unknown[]): boolean {
  return cells.every((cell) => cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === ""));
}

/** Feeds one sheet's rows to the sink once the sheet proves to have data. Returns whether it had any. */
async function emitSheet(name: string, rows: AsyncIterable<SheetRow> | Iterable<SheetRow>, sink: RowSink): Promise<boolean> {
  let started = false;
  const blanks: number[] = [];
  for await (const row of rows) {
    if (!started) {
      if (isEmptyRow(row.cells)) {
        if (blanks.length < MAX_REMEMBERED_BLANKS) blanks.push(row.line);
        continue;
      }
      started = true;
      sink.sheet(name);
      for (const line of blanks) await sink.row({ line, cells: [] });
    }
    await sink.row(row);
  }
  return started;
}

// ---- XLSX (lean streaming pass; exceljs only as its reference in tests) ----

type ExcelValue = ExcelJS.CellValue | undefined;

/** `reader: "exceljs"` forces exceljs's streaming reader (the lean pass is compared against it in tests). */
export async function streamXlsxRows(filePath: string, sink: RowSink, reader: "lean" | "exceljs" = "lean"): Promise<void> {
  if (reader === "exceljs") return streamExcelJsRows(filePath, sink);
  const workbook = await openLeanWorkbook(filePath);
  for (const sheet of workbook.sheets) {
    const rows = workbook.readRows(
      sheet.entry,
      (cell, date1904) => convertExcelValue(cell.value as ExcelValue, cell.numFmt, date1904),
      (packedBytes) => sink.readTo?.(sheet.entry.compressedSize > 0 ? packedBytes / sheet.entry.compressedSize : 1),
    );
    if (await emitSheet(sheet.name, rows, sink)) return;
  }
}

async function streamExcelJsRows(filePath: string, sink: RowSink): Promise<void> {
  // Each library is loaded only for its own format: both together cost several MB of a capped heap.
  const { default: excel } = await import("exceljs");
  const reader = new excel.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: "cache",
    // Styles give the number formats that tell dates from numbers.
    styles: "cache",
    // With hyperlinks ignored the cell keeps its display text, which is what we want.
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  let sheetNumber = 0;
  for await (const worksheet of reader) {
    sheetNumber++;
    const meta = worksheet as unknown as { name?: string };
    const date1904 = Boolean((reader as unknown as { properties?: { model?: { date1904?: boolean } } }).properties?.model?.date1904);
    const name = meta.name ?? `Sheet${sheetNumber}`;
    if (await emitSheet(name, readWorksheetRows(worksheet, date1904), sink)) return;
  }
}

async function* readWorksheetRows(worksheet: AsyncIterable<ExcelJS.Row>, date1904: boolean): AsyncGenerator<SheetRow> {
  for await (const row of worksheet) {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      while (cells.length < column - 1) cells.push(null);
      cells[column - 1] = convertExcelValue(cell.value, cell.numFmt, date1904);
    });
    yield { line: row.number, cells };
  }
}

/** exceljs values → plain JSON-safe values: rich text/hyperlinks → text, formulas → result, dates → ISO text. */
export function convertExcelValue(value: ExcelValue, numFmt: string | undefined, date1904: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return decodeExcelEscapes(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value;
  if (value instanceof Date) return formatSpreadsheetDate(value);
  if (typeof value === "object") {
    if ("richText" in value) return decodeExcelEscapes(value.richText.map((run) => run.text ?? "").join(""));
    if ("formula" in value || "sharedFormula" in value) {
      const result = (value as { result?: unknown }).result;
      if (typeof result === "number" && Number.isFinite(result) && isDateFormat(numFmt))
        return formatSpreadsheetDate(convertExcelSerial(result, date1904));
      return convertExcelValue(result as ExcelValue, undefined, date1904);
    }
    if ("error" in value) return String(value.error);
    if ("text" in value) return convertExcelValue(value.text as ExcelValue, undefined, date1904);
  }
  return String(value);
}

/** Excel stores control characters as `_xHHHH_` (a real "_x" is `_x005F_x`). */
function decodeExcelEscapes(text: string): string {
  return text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : text;
}

/** Same rule as exceljs: a format with y/m/d/h/s outside quotes and brackets is a date or time. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhsb]/i.test(format.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

function convertExcelSerial(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

const EXCEL_TIME_ONLY_BEFORE = Date.UTC(1899, 11, 31);

/** "2024-03-05" for a whole day, "09:30" for a time-only cell, full ISO otherwise. */
export function formatSpreadsheetDate(date: Date): string | null {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const iso = date.toISOString();
  // Serial numbers below 1 are times of day (opening hours!); their date part 1899-12-30 means nothing.
  if (time < EXCEL_TIME_ONLY_BEFORE && time >= Date.UTC(1899, 11, 30)) return iso.endsWith(":00.000Z") ? iso.slice(11, 16) : iso.slice(11, 19);
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}

// ---- XLS (SheetJS; not streaming — the size and memory caps are the protection) ----

const BIFF_ERRORS: Record<number, string> = {
  0x00: "#NULL!",
  0x07: "#DIV/0!",
  0x0f: "#VALUE!",
  0x17: "#REF!",
  0x1d: "#NAME?",
  0x24: "#NUM!",
  0x2a: "#N/A",
};

async function streamXlsRows(filePath: string, sink: RowSink): Promise<void> {
  const sheetJs = await import("@e965/xlsx");
  const data = await fs.promises.readFile(filePath);
  const workbook = sheetJs.read(data, {
    type: "buffer",
    dense: true,
    cellNF: true,
    cellDates: false,
    cellText: false,
    cellHTML: false,
    cellFormula: false,
  });
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  // Not streamed: the whole file is read once parsed.
  sink.readTo?.(1);
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name] as XLSX.DenseSheet | undefined;
    const rows = sheet?.["!data"] ?? [];
    if (await emitSheet(name, readDenseRows(rows, date1904, sheetJs.SSF.is_date as (format: string) => boolean), sink)) return;
  }
}

function* readDenseRows(rows: XLSX.CellObject[][], date1904: boolean, isDate: (format: string) => boolean): Generator<SheetRow> {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    const cells: unknown[] = [];
    for (let c = 0; c < row.length; c++) cells.push(convertSheetJsCell(row[c], date1904, isDate));
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    yield { line: r + 1, cells };
  }
}

function convertSheetJsCell(cell: XLSX.CellObject | undefined, date1904: boolean, isDate: (format: string) => boolean): unknown {
  if (!cell) return null;
  switch (cell.t) {
    case "n": {
      const value = cell.v as number;
      if (!Number.isFinite(value)) return null;
      const format = typeof cell.z === "string" ? cell.z : undefined;
      return format && isDate(format) ? formatSpreadsheetDate(convertExcelSerial(value, date1904)) : value;
    }
    case "s":
      return typeof cell.v === "string" ? cell.v : String(cell.v ?? "");
    case "b":
      return Boolean(cell.v);
    case "d":
      return cell.v instanceof Date ? formatSpreadsheetDate(cell.v) : null;
    case "e":
      return BIFF_ERRORS[cell.v as number] ?? "#ERROR";
    default:
      return null;
  }
}
