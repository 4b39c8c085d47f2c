// PostgreSQL COPY text-format bytes, in chunks cut anywhere → rows of fields (null for \N), backslash escapes undone.

const LF = 0x0a;
const EMPTY = Buffer.alloc(0);
const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\" };

/** One field as COPY text wrote it → its value. */
export function unescapeCopyField(field: string): string | null {
  if (field === "\\N") return null;
  if (!field.includes("\\")) return field;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_match, code: string) => {
    if (code.startsWith("x")) return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return ESCAPES[code] ?? code;
  });
}

/** Splits one COPY text line (without its LF) into fields, unescaped; `fields` is cleared and refilled. */
function splitCopyLine(line: string, fields: Array<string | null>): void {
  fields.length = 0;
  let fieldStart = 0;
  for (;;) {
    let fieldEnd = line.indexOf("\t", fieldStart);
    if (fieldEnd === -1) fieldEnd = line.length;
    const field = line.slice(fieldStart, fieldEnd);
    fields.push(field.includes("\\") ? unescapeCopyField(field) : field);
    if (fieldEnd === line.length) break;
    fieldStart = fieldEnd + 1;
  }
}

export class CopyTextReader {
  private carry: Buffer = EMPTY;

  /**
   * Calls `onLine` with the bytes of each complete line in `chunk` (`buf[start, end)`, no LF; a line cut off at the
   * chunk's end waits for the next chunk). Only a carried line is copied: the chunk itself is read in place.
   * NOTE: `buf` is only valid during the call.
   */
  pushLines(chunk: Uint8Array, onLine: (buf: Buffer, start: number, end: number) => void): void {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.carry.length > 0) {
      const firstEnd = bytes.indexOf(LF);
      if (firstEnd === -1) {
        this.carry = Buffer.concat([this.carry, bytes]);
        return;
      }
      const joined = Buffer.concat([this.carry, bytes.subarray(0, firstEnd)]);
      this.carry = EMPTY;
      onLine(joined, 0, joined.length);
      bytes = bytes.subarray(firstEnd + 1);
    }
    const end = bytes.lastIndexOf(LF);
    if (end === -1) {
      if (bytes.length > 0) this.carry = Buffer.from(bytes);
      return;
    }
    let lineStart = 0;
    while (lineStart <= end) {
      const lineEnd = bytes.indexOf(LF, lineStart);
      onLine(bytes, lineStart, lineEnd);
      lineStart = lineEnd + 1;
    }
    if (end + 1 < bytes.length) this.carry = Buffer.from(bytes.subarray(end + 1));
  }

  /**
   * Calls `onRow` for each complete line in `chunk` (and any carried part); a cut-off line waits for the next chunk.
   * NOTE: the fields array is reused for every row; copy it to keep it.
   */
  push(chunk: Uint8Array, onRow: (fields: Array<string | null>) => void): void {
    const fields: Array<string | null> = [];
    // NOTE: decoded line by line, not the whole chunk at once: fields are slices of their text, and a field kept
    // in a map (a group key, a lastmod) would otherwise keep the entire chunk's text alive.
    this.pushLines(chunk, (buf, start, end) => {
      splitCopyLine(buf.toString("utf8", start, end), fields);
      onRow(fields);
    });
  }

  /** Throws when the output stopped inside a line. */
  finish(): void {
    if (this.carry.length > 0) throw new Error(`COPY output ended inside a line (${this.carry.length} bytes left over)`);
  }
}
