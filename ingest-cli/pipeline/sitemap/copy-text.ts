// PostgreSQL COPY text-format bytes, in chunks cut anywhere → whole lines read in place, and one field's escapes undone.

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

  /** Throws when the output stopped inside a line. */
  finish(): void {
    if (this.carry.length > 0) throw new Error(`COPY output ended inside a line (${this.carry.length} bytes left over)`);
  }
}
