// Generate options → a stream of synthetic Google-Maps-export rows, or a whole file in csv/xlsx/json/ndjson.
// Deterministic: the same options give the same bytes; streaming: memory does not grow with the row count.
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { GENERATED_COLUMNS, type GeneratedBusiness, type GeneratedColumn } from "./business-factory.ts";
import { ROW_MESS_KINDS, buildRow, shouldRepeatHeader, type MessKind, type RowMessKind } from "./mess.ts";
import { ByteCounter, GENERATE_FORMATS, writeRows, type GenerateFormat } from "./writers.ts";

export { GENERATED_COLUMNS, GENERATE_FORMATS, ROW_MESS_KINDS };
export type { GeneratedBusiness, GeneratedColumn, GenerateFormat, MessKind };
export type { About, BusinessStatus, WorkingHours } from "./business-factory.ts";

export type GenerateOptions = {
  rows: number;
  seed: number;
  /** Share of rows (0..1) that get one kind of real-world mess. */
  messy: number;
  /** Adds an `is_test` = true column so every imported row can be removed by "delete test data". */
  testMarker?: boolean;
};

export type WriteGeneratedFileOptions = GenerateOptions & {
  /** A file path, or a stream (ended afterwards unless it is stdout/stderr). */
  out: string | NodeJS.WritableStream;
  format: GenerateFormat;
};

export type WriteGeneratedFileResult = { rows: number; bytes: number; mess: Record<string, number> };

/** Excel's sheet limit is 1,048,576 rows, one of which is our header. */
export const XLSX_MAX_ROWS = 1_048_575;

/** The columns a run writes, in order. */
export function listColumns(testMarker = false): readonly GeneratedColumn[] {
  return testMarker ? [...GENERATED_COLUMNS, "is_test"] : GENERATED_COLUMNS;
}

/** "out.xlsx" → "xlsx"; undefined when the extension names no format we write. */
export function formatFromPath(path: string): GenerateFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (extension === "jsonl") return "ndjson";
  return GENERATE_FORMATS.find((format) => format === extension);
}

/** Yields `rows` businesses, one at a time; rows that got mess are included in place. */
export function* generateBusinesses(options: GenerateOptions): Generator<GeneratedBusiness> {
  for (const { business } of generateRows(options, () => undefined)) yield business;
}

function* generateRows(options: GenerateOptions, countMess: (kind: RowMessKind) => void): Generator<{ business: GeneratedBusiness; index: number }> {
  assertOptions(options);
  for (let index = 0; index < options.rows; index++) {
    const { business, mess } = buildRow(options.seed, index, options.messy);
    if (mess) countMess(mess);
    if (options.testMarker) business.is_test = true;
    yield { business, index };
  }
}

function assertOptions(options: GenerateOptions): void {
  if (!Number.isSafeInteger(options.rows) || options.rows < 1) throw new RangeError(`rows must be a whole number ≥ 1, got ${options.rows}`);
  if (!Number.isSafeInteger(options.seed)) throw new RangeError(`seed must be a whole number, got ${options.seed}`);
  if (!(options.messy >= 0 && options.messy <= 1)) throw new RangeError(`messy must be a ratio between 0 and 1, got ${options.messy}`);
}

/** Streams a whole file; `onProgress` is told the number of rows written so far (every 1,000 rows and at the end). */
export async function writeGeneratedFile(options: WriteGeneratedFileOptions, onProgress?: (rows: number) => void): Promise<WriteGeneratedFileResult> {
  assertOptions(options);
  if (options.format === "xlsx" && options.rows > XLSX_MAX_ROWS) {
    throw new RangeError(`xlsx holds at most ${XLSX_MAX_ROWS} data rows, asked for ${options.rows}`);
  }
  const mess: Record<string, number> = Object.fromEntries([...ROW_MESS_KINDS, "duplicate_header"].map((kind) => [kind, 0]));
  const rows = (function* () {
    for (const { business } of generateRows(options, (kind) => (mess[kind] = (mess[kind] ?? 0) + 1))) yield business;
  })();

  const destination = typeof options.out === "string" ? createWriteStream(options.out) : options.out;
  const isStdio = destination === process.stdout || destination === process.stderr;
  const counter = new ByteCounter();
  const delivered = pipeline(counter, destination, { end: !isStdio });
  delivered.catch(() => undefined);

  let written;
  try {
    written = await writeRows(options.format, rows, counter, {
      columns: listColumns(options.testMarker),
      repeatHeaderBefore: options.format === "csv" ? (rowIndex) => shouldRepeatHeader(options.seed, rowIndex, options.messy) : undefined,
      onRow: onProgress ? (count) => (count % 1000 === 0 || count === options.rows) && onProgress(count) : undefined,
    });
  } catch (error) {
    counter.destroy(error instanceof Error ? error : new Error(String(error)));
    await delivered.catch(() => undefined);
    throw error;
  }
  await delivered;
  mess.duplicate_header = written.headerRepeats;
  return { rows: written.rows, bytes: counter.bytes, mess };
}
