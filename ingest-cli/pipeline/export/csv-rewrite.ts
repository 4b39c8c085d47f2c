// PostgreSQL COPY CSV bytes (leading id column, LF rows) → the export's RFC 4180 rows: id dropped, CRLF row ends,
// formula-like text cells guarded, stored hours and special days rewritten to the import format. Byte-level and chunk-boundary safe,
// so the same rows give the same bytes however the driver slices them.
import type { ExportColumnKind } from "../../../db/queries/export.ts";
import { encodeCsvCell } from "./csv-cell.ts";
import { needsFormulaGuard } from "./formula.ts";
import { formatSpecialHours, formatWorkingHours } from "./hours-text.ts";

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CRLF = Buffer.from("\r\n");
const EMPTY = Buffer.alloc(0);

/** Bytes a spreadsheet reads as "formula follows" (=, +, -, @, tab, CR): only these cells need a closer look. */
const TRIGGER_BYTES = new Uint8Array(256);
for (const char of "=+-@\t\r") TRIGGER_BYTES[char.charCodeAt(0)] = 1;

/** Coalesce the server's one-row-per-message chunks into blocks this big before scanning. */
const BLOCK_BYTES = 64 * 1024;
/** Distinct stored weeks remembered; real data repeats a few hundred shapes, a bound keeps memory flat anyway. */
const HOURS_MEMO_LIMIT = 10_000;

/** A Buffer view of the same memory (Buffer.from(uint8Array) would copy it). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function decodeField(buf: Buffer, start: number, end: number): string {
  if (buf[start] !== QUOTE) return buf.toString("utf8", start, end);
  return buf.toString("utf8", start + 1, end - 1).replace(/""/g, '"');
}

export class CopyCsvRewriter {
  /** Complete rows rewritten so far. */
  rows = 0;
  /** The id of the last complete row, where the next window starts. */
  lastId = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private carry: Buffer = EMPTY;
  private readonly hoursMemo = new Map<string, Buffer>();

  /** `kinds` describes the columns after the leading id, in order; `blockBytes` is lowered only by tests. */
  constructor(
    private readonly kinds: readonly ExportColumnKind[],
    private readonly blockBytes = BLOCK_BYTES,
  ) {
    if (kinds.length === 0) throw new Error("an export needs at least one column");
  }

  /** Takes COPY bytes; returns rewritten rows once a block has gathered, else null. */
  push(chunk: Uint8Array): Buffer | null {
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    return this.pendingBytes >= this.blockBytes ? this.drain() : null;
  }

  /** Rewrites everything gathered; call at the end of each window. Throws when a row was cut off. */
  flush(): Buffer {
    const out = this.drain();
    if (this.carry.length > 0) throw new Error(`COPY output ended inside a row (${this.carry.length} bytes left over)`);
    return out;
  }

  private drain(): Buffer {
    const parts = this.carry.length > 0 ? [this.carry, ...this.pending] : this.pending;
    const buf = parts.length === 1 ? asBuffer(parts[0] as Uint8Array) : Buffer.concat(parts);
    this.pending = [];
    this.pendingBytes = 0;
    const { out, consumed } = this.rewrite(buf);
    this.carry = consumed < buf.length ? buf.subarray(consumed) : EMPTY;
    return out;
  }

  /** Rewrites the complete rows at the start of `buf`; `consumed` is where the first incomplete row begins. */
  private rewrite(buf: Buffer): { out: Buffer; consumed: number } {
    const kinds = this.kinds;
    const last = kinds.length - 1;
    const len = buf.length;
    const pieces: Buffer[] = [];
    let pos = 0;
    let consumed = 0;
    rows: while (pos < len) {
      const rowStart = pos;
      const piecesAtRowStart = pieces.length;
      let id = 0;
      let byte = buf[pos] as number;
      while (byte >= 0x30 && byte <= 0x39) {
        id = id * 10 + (byte - 0x30);
        if (++pos >= len) break rows;
        byte = buf[pos] as number;
      }
      if (byte !== COMMA) throw new Error(`COPY row does not start with an id at byte ${rowStart}`);
      pos++;
      let copyFrom = pos;
      for (let column = 0; column <= last; column++) {
        const fieldStart = pos;
        if (pos >= len) {
          pieces.length = piecesAtRowStart;
          break rows;
        }
        const quoted = buf[pos] === QUOTE;
        if (quoted) {
          let search = pos + 1;
          for (;;) {
            const close = buf.indexOf(QUOTE, search);
            if (close === -1 || close + 1 >= len) {
              pieces.length = piecesAtRowStart;
              break rows;
            }
            if (buf[close + 1] === QUOTE) {
              search = close + 2;
              continue;
            }
            pos = close + 1;
            break;
          }
        } else {
          while (pos < len && buf[pos] !== COMMA && buf[pos] !== LF) pos++;
          if (pos >= len) {
            pieces.length = piecesAtRowStart;
            break rows;
          }
        }
        const fieldEnd = pos;
        const separator = buf[fieldEnd];
        if (separator !== (column === last ? LF : COMMA)) throw new Error(`COPY row has an unexpected shape at byte ${fieldEnd}`);
        if (fieldEnd > fieldStart) {
          const replacement = this.rewriteField(buf, fieldStart, fieldEnd, quoted, kinds[column] as ExportColumnKind);
          if (replacement !== null) {
            pieces.push(buf.subarray(copyFrom, fieldStart), replacement);
            copyFrom = fieldEnd;
          }
        }
        pos = fieldEnd + 1;
      }
      pieces.push(buf.subarray(copyFrom, pos - 1), CRLF);
      consumed = pos;
      this.rows++;
      this.lastId = id;
    }
    return { out: pieces.length === 0 ? EMPTY : Buffer.concat(pieces), consumed };
  }

  /** The cell's new bytes, or null to keep it as COPY wrote it. */
  private rewriteField(buf: Buffer, start: number, end: number, quoted: boolean, kind: ExportColumnKind): Buffer | null {
    if (kind === "hours") return this.rewriteHours(buf, start, end, formatWorkingHours);
    if (kind === "special-hours") return this.rewriteHours(buf, start, end, formatSpecialHours);
    if (kind !== "text" || TRIGGER_BYTES[buf[quoted ? start + 1 : start] as number] !== 1) return null;
    const value = decodeField(buf, start, end);
    return needsFormulaGuard(value) ? Buffer.from(encodeCsvCell(value)) : null;
  }

  /** NOTE: one memo serves both hours kinds: a week's JSON and a special days' JSON never have the same text. */
  private rewriteHours(buf: Buffer, start: number, end: number, format: (stored: unknown) => string | null): Buffer {
    const key = buf.toString("latin1", start, end);
    let out = this.hoursMemo.get(key);
    if (out === undefined) {
      let week: unknown = null;
      try {
        week = JSON.parse(decodeField(buf, start, end));
      } catch {
        week = null;
      }
      const text = format(week);
      out = text === null ? EMPTY : Buffer.from(encodeCsvCell(text));
      if (this.hoursMemo.size >= HOURS_MEMO_LIMIT) this.hoursMemo.clear();
      this.hoursMemo.set(key, out);
    }
    return out;
  }
}
