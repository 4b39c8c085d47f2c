// JSON text chunks → the text of each top-level value (array elements, NDJSON lines, concatenated `{…}{…}`),
// tracking string/escape state and depth so a 150 MB file is never parsed in one piece.
import { cutExcerpt, MAX_RECORD_CHARS } from "./source-types.ts";
import { formatBytes } from "./source-error.ts";

/** array: elements of one top-level `[…]`; ndjson: one value per line, a newline ends a broken value; concatenated: values back to back. */
export type JsonLayout = "array" | "ndjson" | "concatenated";

export type JsonPiece =
  | { kind: "value"; text: string; index: number; line: number }
  | { kind: "broken"; index: number; line: number; code: string; reason: string; raw?: string }
  | { kind: "blank"; line: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === NEWLINE;
}

export class JsonValueSplitter {
  readonly #layout: JsonLayout;
  #line = 1;
  /** Array layout: 0 before the opening `[`, 1 inside it, 2 after its closing `]`. */
  #arrayPhase = 0;
  #trailingReported = false;
  #inValue = false;
  #scalar = false;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #valueLine = 1;
  #index = 0;
  #parts: string[] = [];
  #size = 0;
  #oversize = false;
  #lineHasContent = false;
  #out: JsonPiece[] = [];

  constructor(layout: JsonLayout) {
    this.#layout = layout;
  }

  push(text: string): JsonPiece[] {
    let segmentStart = this.#inValue ? 0 : -1;
    const ndjson = this.#layout === "ndjson";
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.#inString) {
        if (code === NEWLINE) {
          // A raw newline is invalid inside a JSON string; in NDJSON it means the line's value is broken.
          this.#escaped = false;
          if (ndjson) {
            this.#breakAtNewline(text, segmentStart, i);
            segmentStart = -1;
          }
          this.#line++;
          this.#lineHasContent = false;
        } else if (this.#escaped) this.#escaped = false;
        else if (code === BACKSLASH) this.#escaped = true;
        else if (code === QUOTE) {
          this.#inString = false;
          if (this.#depth === 0) {
            this.#finish(text, segmentStart, i + 1);
            segmentStart = -1;
          }
        }
        continue;
      }
      if (isJsonWhitespace(code)) {
        if (this.#inValue && this.#scalar) {
          this.#finish(text, segmentStart, i);
          segmentStart = -1;
        }
        if (code === NEWLINE) {
          if (ndjson && this.#inValue) {
            this.#breakAtNewline(text, segmentStart, i);
            segmentStart = -1;
          } else if (ndjson && !this.#lineHasContent) {
            this.#out.push({ kind: "blank", line: this.#line });
          }
          this.#line++;
          this.#lineHasContent = false;
        }
        continue;
      }
      this.#lineHasContent = true;
      if (this.#layout === "array" && this.#arrayPhase !== 1) {
        if (this.#arrayPhase === 0 && code === OPEN_BRACKET) this.#arrayPhase = 1;
        else if (!this.#trailingReported) {
          this.#trailingReported = true;
          this.#out.push({
            kind: "broken",
            index: this.#index,
            line: this.#line,
            code: "TRAILING_DATA",
            reason: `unexpected text after the end of the JSON array (physical line ${this.#line}); it was ignored`,
            raw: cutExcerpt(text.slice(i, i + 200)),
          });
        }
        continue;
      }
      if (
        this.#inValue &&
        this.#scalar &&
        (code === OPEN_BRACE || code === OPEN_BRACKET || code === QUOTE || code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET)
      ) {
        this.#finish(text, segmentStart, i);
        segmentStart = -1;
      }
      if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        if (!this.#inValue) segmentStart = this.#start(i, false);
        this.#depth++;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (this.#inValue) {
          this.#depth--;
          if (this.#depth === 0) {
            this.#finish(text, segmentStart, i + 1);
            segmentStart = -1;
          }
        } else if (this.#layout === "array" && code === CLOSE_BRACKET) {
          this.#arrayPhase = 2;
        } else {
          this.#out.push({
            kind: "broken",
            index: this.#index++,
            line: this.#line,
            code: "INVALID_JSON",
            reason: `a stray "${String.fromCharCode(code)}" outside any value`,
          });
        }
      } else if (code === QUOTE) {
        if (!this.#inValue) segmentStart = this.#start(i, false);
        this.#inString = true;
      } else if (code === COMMA) {
        // Separators between values carry no data; a comma inside a value is part of its text.
      } else if (!this.#inValue) {
        segmentStart = this.#start(i, true);
      }
    }
    if (this.#inValue && segmentStart !== -1) this.#keep(text.slice(segmentStart));
    return this.#drain();
  }

  end(): JsonPiece[] {
    if (this.#inValue) {
      if (this.#scalar && !this.#inString) this.#finish("", 0, 0);
      else {
        this.#out.push({
          kind: "broken",
          index: this.#index++,
          line: this.#valueLine,
          code: "TRUNCATED_JSON",
          reason: `the file ends inside the value that starts on physical line ${this.#valueLine}; it was probably cut off — export or download it again`,
          raw: this.#oversize ? undefined : cutExcerpt(this.#parts.join("")),
        });
        this.#reset();
      }
    } else if (this.#layout === "array" && this.#arrayPhase === 1) {
      this.#out.push({
        kind: "broken",
        index: this.#index,
        line: this.#line,
        code: "TRUNCATED_JSON",
        reason: `the JSON array is never closed (no final "]"); the file was probably cut off after record ${this.#index}`,
      });
    }
    return this.#drain();
  }

  #drain(): JsonPiece[] {
    const out = this.#out;
    this.#out = [];
    return out;
  }

  #start(offset: number, scalar: boolean): number {
    this.#inValue = true;
    this.#scalar = scalar;
    this.#depth = 0;
    this.#valueLine = this.#line;
    this.#parts = [];
    this.#size = 0;
    this.#oversize = false;
    return offset;
  }

  #keep(piece: string): void {
    if (this.#oversize) return;
    this.#size += piece.length;
    if (this.#size > MAX_RECORD_CHARS) {
      // Past the cap we only track structure; the text is dropped so memory stays bounded.
      this.#oversize = true;
      this.#parts = [];
    } else {
      this.#parts.push(piece);
    }
  }

  #finish(text: string, segmentStart: number, end: number): void {
    this.#keep(text.slice(Math.max(0, segmentStart), end));
    const index = this.#index++;
    if (this.#oversize) {
      this.#out.push({
        kind: "broken",
        index,
        line: this.#valueLine,
        code: "RECORD_TOO_LARGE",
        reason: `the record is larger than ${formatBytes(MAX_RECORD_CHARS)} of text and was skipped`,
      });
    } else {
      this.#out.push({
        kind: "value",
        text: this.#parts.length === 1 ? (this.#parts[0] as string) : this.#parts.join(""),
        index,
        line: this.#valueLine,
      });
    }
    this.#reset();
  }

  #breakAtNewline(text: string, segmentStart: number, end: number): void {
    if (segmentStart !== -1) this.#keep(text.slice(segmentStart, end));
    this.#out.push({
      kind: "broken",
      index: this.#index++,
      line: this.#valueLine,
      code: "INVALID_JSON",
      reason: "the line is not a complete JSON value (it ends inside an object, array or string)",
      raw: this.#oversize ? undefined : cutExcerpt(this.#parts.join("")),
    });
    this.#reset();
  }

  #reset(): void {
    this.#inValue = false;
    this.#scalar = false;
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
    this.#parts = [];
    this.#size = 0;
    this.#oversize = false;
  }
}
