// JSON / NDJSON text → record items: each top-level object is one record; anything else is a row error.
import { JsonValueSplitter, type JsonLayout, type JsonPiece } from "./json-values.ts";
import { cutExcerpt, MAX_CELL_CHARS, type SourceItem } from "./source-types.ts";
import { formatBytes } from "./source-error.ts";

const LAYOUT_PROBE_LINES = 5;

/**
 * `[` → array. `{` → NDJSON when one of the first lines is a whole object on its own (so a newline can end a
 * broken line), otherwise concatenated values (`{…}{…}` on one line, or pretty-printed objects).
 */
export function detectJsonLayout(format: "json" | "ndjson", sample: string): JsonLayout {
  if (format === "json") return "array";
  const lines = sample.split("\n");
  // The last piece may be cut by the end of the sample.
  if (lines.length > 1) lines.pop();
  let probed = 0;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (probed++ >= LAYOUT_PROBE_LINES) break;
    if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) continue;
    try {
      const value: unknown = JSON.parse(trimmed);
      if (isPlainObject(value)) return "ndjson";
    } catch {
      // Not a complete value on its own line: keep probing.
    }
  }
  return "concatenated";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** Nesting a field may have: real exports nest a few levels; thousands would overflow the stack when stored. */
const MAX_JSON_DEPTH = 32;

/** Whether `value` nests deeper than `limit` levels (walked with an explicit stack, never recursion). */
function exceedsDepth(value: object, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current !== "object" || current === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) if (typeof child === "object" && child !== null) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** Converts one splitter piece to an item; `line` follows the layout's numbering rule. */
export function convertJsonPiece(piece: JsonPiece, layout: JsonLayout): SourceItem {
  if (piece.kind === "blank") return { kind: "skipped", line: piece.line, code: "BLANK_LINE" };
  const line = layout === "ndjson" ? piece.line : piece.index + 2;
  if (piece.kind === "broken")
    return { kind: "error", error: { line, code: piece.code, reason: piece.reason, ...(piece.raw === undefined ? {} : { raw: piece.raw }) } };
  let value: unknown;
  try {
    value = JSON.parse(piece.text);
  } catch (error) {
    return {
      kind: "error",
      error: { line, code: "INVALID_JSON", reason: `not valid JSON: ${(error as Error).message}`, raw: cutExcerpt(piece.text) },
    };
  }
  if (!isPlainObject(value)) {
    return {
      kind: "error",
      error: {
        line,
        code: "NOT_AN_OBJECT",
        reason: `expected an object with named fields, found ${describeKind(value)}`,
        raw: cutExcerpt(piece.text),
      },
    };
  }
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === "object" && field !== null && exceedsDepth(field, MAX_JSON_DEPTH)) {
      return {
        kind: "error",
        error: {
          line,
          code: "NESTED_TOO_DEEP",
          reason: `field "${cutExcerpt(key)}" nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep; flatten it, so the record was skipped`,
          raw: cutExcerpt(piece.text),
        },
      };
    }
    if (typeof field === "string" && field.length > MAX_CELL_CHARS) {
      return {
        kind: "error",
        error: {
          line,
          code: "CELL_TOO_LARGE",
          reason: `field "${key}" holds ${formatBytes(field.length)} of text; the limit is ${formatBytes(MAX_CELL_CHARS)} per field, so the record was skipped`,
        },
      };
    }
  }
  return { kind: "record", record: { line, values: value } };
}

/** Text chunks → items, streamed: one chunk is split and parsed before the next is pulled. */
export async function* readJsonItems(texts: AsyncIterable<string>, layout: JsonLayout): AsyncGenerator<SourceItem> {
  const splitter = new JsonValueSplitter(layout);
  for await (const text of texts) {
    for (const piece of splitter.push(text)) yield convertJsonPiece(piece, layout);
  }
  for (const piece of splitter.end()) yield convertJsonPiece(piece, layout);
}
