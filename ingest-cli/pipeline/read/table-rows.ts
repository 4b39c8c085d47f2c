// Rows of cells (CSV, spreadsheets) → header + items: first non-blank row is the header, repeats and blanks are skipped.
import { MAX_COLUMNS, type SourceItem, type TableEvent } from "./source-types.ts";
import { SourceError } from "./source-error.ts";

export interface TableStart {
  headers: string[];
  headerLine: number;
  items: AsyncGenerator<SourceItem>;
}

function readCellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  return typeof cell === "string" ? cell : String(cell);
}

export function isBlankRow(cells: readonly unknown[]): boolean {
  return cells.every((cell) => readCellText(cell).trim() === "");
}

/** Unique keys from header texts: trimmed, blank → `column_<n>`, repeats → `name_2`, `name_3`… */
export function createHeaderKeys(cells: readonly unknown[]): string[] {
  let width = cells.length;
  // Trailing blank header cells (a trailing delimiter, formatted empty columns) are not columns.
  while (width > 0 && readCellText(cells[width - 1]).trim() === "") width--;
  const used = new Set<string>();
  const keys: string[] = [];
  for (let i = 0; i < width; i++) {
    const text = readCellText(cells[i]).trim();
    const key = claimUniqueKey(text === "" ? `column_${i + 1}` : text, used);
    keys.push(key);
  }
  return keys;
}

function claimUniqueKey(wanted: string, used: Set<string>): string {
  let key = wanted;
  for (let n = 2; used.has(key); n++) key = `${wanted}_${n}`;
  used.add(key);
  return key;
}

function setValue(values: Record<string, unknown>, key: string, value: unknown): void {
  // NOTE: a header literally named "__proto__" would otherwise replace the object's prototype.
  if (key === "__proto__") Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
  else values[key] = value;
}

/** Maps cells onto header keys; non-empty cells beyond the header keep their position as `column_<n>`. */
export function mapCellsToValues(cells: readonly unknown[], headers: readonly string[], headerSet: ReadonlySet<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const width = Math.min(cells.length, headers.length);
  for (let i = 0; i < width; i++) {
    const cell = cells[i];
    if (cell !== undefined && cell !== null) setValue(values, headers[i] as string, cell);
  }
  for (let i = headers.length; i < cells.length; i++) {
    const cell = cells[i];
    if (readCellText(cell).trim() === "") continue;
    let key = `column_${i + 1}`;
    for (let n = 2; headerSet.has(key); n++) key = `column_${i + 1}_${n}`;
    setValue(values, key, cell);
  }
  return values;
}

function isRepeatedHeader(cells: readonly unknown[], headerTexts: readonly string[]): boolean {
  if (readCellText(cells[0]).trim() !== headerTexts[0]) return false;
  const width = Math.max(cells.length, headerTexts.length);
  for (let i = 1; i < width; i++) {
    if (readCellText(cells[i]).trim() !== (headerTexts[i] ?? "")) return false;
  }
  return true;
}

/**
 * Pulls events until the header row, then streams the rest as items. A malformed record before the
 * header means the header itself cannot be trusted: NO_HEADER.
 */
export async function startTable(events: AsyncIterable<TableEvent>, label: string, emptyHint: string): Promise<TableStart> {
  const iterator = events[Symbol.asyncIterator]();
  const pending: SourceItem[] = [];
  let header: { line: number; cells: readonly unknown[] } | undefined;
  try {
    while (!header) {
      const next = await iterator.next();
      if (next.done) break;
      const event = next.value;
      if (event.kind === "error") {
        throw new SourceError(
          "NO_HEADER",
          `${label}: the header row (line ${event.error.line}) cannot be read: ${event.error.reason}. Fix that line so the first row holds the column names.`,
        );
      }
      if (isBlankRow(event.cells)) pending.push({ kind: "skipped", line: event.line, code: "BLANK_LINE" });
      else header = event;
    }
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  if (!header) {
    await iterator.return?.();
    throw new SourceError("NO_HEADER", `${label}: no header row found — ${emptyHint}. The first non-empty row must hold the column names.`);
  }
  const headers = createHeaderKeys(header.cells);
  if (headers.length > MAX_COLUMNS) {
    await iterator.return?.();
    throw new SourceError(
      "TOO_MANY_COLUMNS",
      `${label}: the header row has ${headers.length.toLocaleString("en")} columns; at most ${MAX_COLUMNS.toLocaleString("en")} are accepted. Delete unused columns, or check that the delimiter was exported correctly.`,
    );
  }
  const headerTexts = header.cells.slice(0, headers.length).map((cell) => readCellText(cell).trim());
  return { headers, headerLine: header.line, items: streamTableItems(iterator, pending, headers, headerTexts) };
}

async function* streamTableItems(
  iterator: AsyncIterator<TableEvent>,
  pending: SourceItem[],
  headers: string[],
  headerTexts: string[],
): AsyncGenerator<SourceItem> {
  const headerSet = new Set(headers);
  try {
    yield* pending;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const event = next.value;
      if (event.kind === "error") yield { kind: "error", error: event.error };
      else if (isBlankRow(event.cells)) yield { kind: "skipped", line: event.line, code: "BLANK_LINE" };
      else if (isRepeatedHeader(event.cells, headerTexts)) yield { kind: "skipped", line: event.line, code: "REPEATED_HEADER" };
      else if (event.cells.length > MAX_COLUMNS) {
        yield {
          kind: "error",
          error: {
            line: event.line,
            code: "TOO_MANY_FIELDS",
            reason: `the row has ${event.cells.length.toLocaleString("en")} cells, more than the ${MAX_COLUMNS.toLocaleString("en")}-column limit; a delimiter inside an unquoted value usually causes this`,
          },
        };
      } else yield { kind: "record", record: { line: event.line, values: mapCellsToValues(event.cells, headers, headerSet) } };
    }
  } finally {
    await iterator.return?.();
  }
}
