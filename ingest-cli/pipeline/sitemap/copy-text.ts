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

export class CopyTextReader {
  private carry: Buffer = EMPTY;

  /**
   * Calls `onRow` for each complete line in `chunk` (and any carried part); a cut-off line waits for the next chunk.
   * NOTE: the fields array is reused for every row; copy it to keep it.
   */
  push(chunk: Uint8Array, onRow: (fields: Array<string | null>) => void): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes;
    const end = buf.lastIndexOf(LF);
    if (end === -1) {
      this.carry = Buffer.from(buf);
      return;
    }
    this.carry = end + 1 < buf.length ? Buffer.from(buf.subarray(end + 1)) : EMPTY;
    const fields: Array<string | null> = [];
    let lineStart = 0;
    while (lineStart <= end) {
      let lineEnd = buf.indexOf(LF, lineStart);
      if (lineEnd === -1 || lineEnd > end) lineEnd = end;
      // NOTE: decoded line by line, not the whole chunk at once: fields are slices of their text, and a field kept
      // in a map (a group key, a lastmod) would otherwise keep the entire chunk's text alive.
      const line = buf.toString("utf8", lineStart, lineEnd);
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
      onRow(fields);
      lineStart = lineEnd + 1;
    }
  }

  /** Throws when the output stopped inside a line. */
  finish(): void {
    if (this.carry.length > 0) throw new Error(`COPY output ended inside a line (${this.carry.length} bytes left over)`);
  }
}
