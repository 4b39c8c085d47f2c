// A file path → an OpenedSource: size checks and zip pre-scan before any parsing, format by content magic,
// then the matching streamed reader behind one guarded item stream.
import path from "node:path";
import { readCsvEvents } from "./csv-rows.ts";
import { measureGunzip, openByteStream, readFileRange, statSourceFile } from "./file-bytes.ts";
import { detectJsonLayout, readJsonItems } from "./json-records.ts";
import { sniffContainer, type SniffedContainer } from "./sniff-format.ts";
import { sniffDelimiter } from "./sniff-delimiter.ts";
import { SourceError } from "./source-error.ts";
import {
  DEFAULT_MAX_BYTES,
  MAX_COLUMNS,
  type OpenedSource,
  type OpenSourceOptions,
  type SourceDetails,
  type SourceFormat,
  type SourceItem,
} from "./source-types.ts";
import { openSpreadsheet, SourceClosed } from "./spreadsheet-source.ts";
import { startTable } from "./table-rows.ts";
import { decodeTextStream, SNIFF_BYTES } from "./text-decoding.ts";
import { assertWorkbookZip, scanZipCentralDirectory } from "./zip-scan.ts";

/** Headers of JSON sources are the union of keys over this many first records… */
const JSON_HEADER_RECORDS = 1_000;
/** …or over the records within this much text, whichever comes first (a few huge records must not be buffered). */
const JSON_HEADER_TEXT_CHARS = 32 * 1024 * 1024;

interface OpenContext {
  filePath: string;
  fileName: string;
  label: string;
  size: number;
  maxBytes: number;
  options: OpenSourceOptions;
}

/** Opens any supported file; fatal problems reject with a SourceError before the first item. */
export async function openSource(filePath: string, options: OpenSourceOptions = {}): Promise<OpenedSource> {
  options.signal?.throwIfAborted();
  const fileName = options.fileName ?? path.basename(filePath);
  const label = `"${path.basename(fileName)}"`;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const size = await statSourceFile(filePath, maxBytes, label);
  const context: OpenContext = { filePath, fileName, label, size, maxBytes, options };
  const head = await readFileRange(filePath, 0, SNIFF_BYTES);
  const sniffed = sniffContainer(head, fileName);
  switch (sniffed.kind) {
    case "zip":
      assertWorkbookZip(await scanZipCentralDirectory(filePath, size, label), label);
      return openSpreadsheetSource("xlsx", context);
    case "ole":
      return openSpreadsheetSource("xls", context);
    case "gzip":
      return openGzipSource(context);
    case "binary":
      throw createUnsupportedError(label, sniffed.description);
    case "text":
      return openTextSource(sniffed, false, context);
  }
}

function createUnsupportedError(label: string, description: string): SourceError {
  return new SourceError(
    "UNSUPPORTED_FORMAT",
    `${label} is ${description}, which cannot be imported. Supported: CSV (also .csv.gz), Excel .xlsx and .xls, JSON arrays and NDJSON (also gzipped).`,
  );
}

async function openGzipSource(context: OpenContext): Promise<OpenedSource> {
  const { filePath, label, maxBytes } = context;
  const { head } = await measureGunzip(filePath, { headBytes: SNIFF_BYTES, maxBytes, label, signal: context.options.signal });
  if (head.length === 0) throw new SourceError("FILE_EMPTY", `${label}: the gzip archive holds an empty file. Export the data again.`);
  const inner = sniffContainer(head, context.fileName, true);
  if (inner.kind === "zip" || inner.kind === "ole") {
    throw new SourceError(
      "UNSUPPORTED_FORMAT",
      `${label} is a gzipped spreadsheet. Excel files are already compressed: upload the .xlsx/.xls itself, without gzip.`,
    );
  }
  if (inner.kind === "gzip") throw new SourceError("UNSUPPORTED_FORMAT", `${label} is gzipped twice. Decompress it once and upload the result.`);
  if (inner.kind === "binary") throw createUnsupportedError(label, `gzipped ${inner.description}`);
  return openTextSource(inner, true, context);
}

async function openTextSource(sniffed: Extract<SniffedContainer, { kind: "text" }>, gunzip: boolean, context: OpenContext): Promise<OpenedSource> {
  const { filePath, label, maxBytes, options } = context;
  const { encoding } = sniffed;
  if (sniffed.sample === "" && (gunzip || context.size <= encoding.bomLength)) {
    throw new SourceError("FILE_EMPTY", `${label}: the file holds no text (only a byte-order mark). Export it again.`);
  }
  const bytes = openByteStream(filePath, { gunzip, maxBytes, label });
  const textChars = { count: 0 };
  const texts = countText(decodeTextStream(bytes.chunks, encoding), textChars);
  const baseDetails: SourceDetails = { encoding: encoding.encoding, bom: encoding.bom };
  try {
    if (sniffed.format === "csv") {
      const delimiter = sniffDelimiter(sniffed.sample);
      const table = await startTable(readCsvEvents(texts, delimiter), label, "the file has only blank lines");
      return assembleSource({
        format: "csv",
        compressed: gunzip,
        headers: table.headers,
        details: { ...baseDetails, delimiter },
        items: table.items,
        release: async () => bytes.destroy(),
        signal: options.signal,
        bytesRead: bytes.bytesRead,
      });
    }
    const layout = detectJsonLayout(sniffed.format, sniffed.sample);
    const items = readJsonItems(texts, layout);
    const { headers, buffered } = await collectJsonHeaders(items, textChars, label);
    return assembleSource({
      format: layout === "array" ? "json" : "ndjson",
      compressed: gunzip,
      headers,
      details: baseDetails,
      items: replayThenContinue(buffered, items),
      release: async () => bytes.destroy(),
      signal: options.signal,
      bytesRead: bytes.bytesRead,
    });
  } catch (error) {
    bytes.destroy();
    throw error;
  }
}

async function* countText(texts: AsyncIterable<string>, counter: { count: number }): AsyncGenerator<string> {
  for await (const text of texts) {
    counter.count += text.length;
    yield text;
  }
}

/** Reads ahead up to 1,000 records to name the columns: their keys in first-seen order. */
async function collectJsonHeaders(
  items: AsyncGenerator<SourceItem>,
  textChars: { count: number },
  label: string,
): Promise<{ headers: string[]; buffered: SourceItem[] }> {
  const buffered: SourceItem[] = [];
  const keys = new Set<string>();
  let records = 0;
  while (records < JSON_HEADER_RECORDS && textChars.count < JSON_HEADER_TEXT_CHARS) {
    const next = await items.next();
    if (next.done) break;
    buffered.push(next.value);
    if (next.value.kind !== "record") continue;
    records++;
    for (const key of Object.keys(next.value.record.values)) keys.add(key);
  }
  if (keys.size > MAX_COLUMNS) {
    await items.return(undefined);
    throw new SourceError(
      "TOO_MANY_COLUMNS",
      `${label}: the records use ${keys.size.toLocaleString("en")} different field names; at most ${MAX_COLUMNS.toLocaleString("en")} are accepted. Nest the extra data in objects or drop unused fields.`,
    );
  }
  return { headers: [...keys], buffered };
}

async function* replayThenContinue(buffered: SourceItem[], rest: AsyncGenerator<SourceItem>): AsyncGenerator<SourceItem> {
  try {
    while (buffered.length > 0) yield buffered.shift() as SourceItem;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}

async function openSpreadsheetSource(format: "xlsx" | "xls", context: OpenContext): Promise<OpenedSource> {
  const { options } = context;
  const sheet = await openSpreadsheet({
    filePath: context.filePath,
    format,
    label: context.label,
    timeoutMs: options.timeoutMs,
    memoryLimitMb: options.memoryLimitMb,
    signal: options.signal,
  });
  return assembleSource({
    format,
    compressed: false,
    headers: sheet.headers,
    details: sheet.sheetName === undefined ? {} : { sheetName: sheet.sheetName },
    items: sheet.items,
    release: sheet.release,
    signal: options.signal,
    bytesRead: () => Math.round(sheet.readFraction() * context.size),
  });
}

/** The file's read position when the item of `line` was handed out. */
interface ByteMark {
  line: number;
  bytes: number;
}

/**
 * One item stream over a reader: it stops quietly after close(), throws the abort reason after an abort,
 * and releases the file/worker as soon as iteration ends for any reason.
 */
function assembleSource(parts: {
  format: SourceFormat;
  compressed: boolean;
  headers: string[];
  details: SourceDetails;
  items: AsyncGenerator<SourceItem>;
  release: () => Promise<void>;
  signal: AbortSignal | undefined;
  bytesRead: () => number;
}): OpenedSource {
  const { signal } = parts;
  let closed = false;
  let released: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed = true;
    signal?.removeEventListener("abort", onAbort);
    released ??= parts.release();
    return released;
  };
  const onAbort = (): void => void close();
  signal?.addEventListener("abort", onAbort, { once: true });
  // One mark per change of the read position (a 64 KB chunk, a sheet's row batch): few even if nobody asks.
  const marks: ByteMark[] = [];
  const markPosition = (item: SourceItem) => {
    const bytes = parts.bytesRead();
    if (marks.length > 0 && (marks[marks.length - 1] as ByteMark).bytes === bytes) return;
    const line = item.kind === "record" ? item.record.line : item.kind === "error" ? item.error.line : item.line;
    marks.push({ line, bytes });
  };

  async function* guardItems(): AsyncGenerator<SourceItem> {
    let finished = false;
    try {
      for (;;) {
        if (signal?.aborted) throw signal.reason;
        if (closed) return;
        let next: IteratorResult<SourceItem>;
        try {
          next = await parts.items.next();
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          if (closed || error instanceof SourceClosed) return;
          throw error;
        }
        if (next.done) {
          finished = true;
          return;
        }
        if (signal?.aborted) throw signal.reason;
        if (closed) return;
        markPosition(next.value);
        yield next.value;
      }
    } finally {
      // Returning the inner generator runs its own cleanup; skip it when it already ended by itself.
      if (!finished) await parts.items.return(undefined).catch(() => undefined);
      await close();
    }
  }

  return {
    format: parts.format,
    compressed: parts.compressed,
    headers: parts.headers,
    details: parts.details,
    items: guardItems(),
    close,
    bytesReadThrough(line) {
      while (marks.length > 1 && (marks[1] as ByteMark).line <= line) marks.shift();
      const first = marks[0];
      return first && first.line <= line ? first.bytes : 0;
    },
  };
}
