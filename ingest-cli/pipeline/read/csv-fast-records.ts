// Fast tokenizer for well-formed RFC-4180 records in decoded text; stops at the first record it cannot vouch for.
const QUOTE = 0x22;
const LF = 0x0a;

export interface FastRecord {
  cells: string[];
  /** Physical lines the record spans (1 + newlines inside quoted values). */
  lines: number;
}

export interface FastScan {
  records: FastRecord[];
  /** Offset where the first record not returned starts. */
  offset: number;
  /** `incomplete`: the text ends inside that record; `unsupported`: csv-parse must read it. */
  stop: "incomplete" | "unsupported";
}

/** Delimiters the tokenizer can take: one character that is not a quote, newline or whitespace. */
export function canReadFast(delimiter: string): boolean {
  return delimiter.length === 1 && !/["\s]/.test(delimiter);
}

/** csv-parse's ltrim characters in ASCII (space, \t \n \v \f \r). */
function isAsciiTrimmable(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/** Non-ASCII whitespace: csv-parse's ltrim list and JavaScript's trimEnd differ there, so such fields go to csv-parse. */
function isWideSpace(code: number): boolean {
  return code === 0xa0 || code === 0x85 || (code >= 0x1680 && /\s|\u200b|\ufeff/.test(String.fromCharCode(code)));
}

/** Counts "\n" in text[from, to). */
function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf("\n", from); at !== -1 && at < to; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * Reads records from `start` exactly as the reader's csv-parse options would (ltrim, rtrim, `\n` records, `""`
 * escapes), but only shapes that are unambiguous: an unquoted field without quotes, or a quoted field followed
 * directly by the delimiter or `\n` (the decoder has already turned CRLF and lone CR into `\n`). Anything else (a stray quote, whitespace around quotes, unusual
 * spaces) stops the scan with `unsupported` at that record's start, so every messy case keeps csv-parse's handling.
 */
export function scanWellFormedRecords(text: string, start: number, delimiter: string): FastScan {
  const delimiterCode = delimiter.charCodeAt(0);
  const end = text.length;
  const records: FastRecord[] = [];
  let recordStart = start;
  // Next occurrence caches: each indexOf runs once per occurrence, not once per field.
  let nextDelimiter = -2;
  let nextNewline = -2;
  let nextQuote = -2;
  const stopAt = (stop: FastScan["stop"]): FastScan => ({ records, offset: recordStart, stop });
  while (recordStart < end) {
    const cells: string[] = [];
    let lines = 1;
    let at = recordStart;
    for (;;) {
      if (at >= end) return stopAt("incomplete");
      if (text.charCodeAt(at) === QUOTE) {
        let value = "";
        let from = at + 1;
        let close: number;
        for (;;) {
          close = text.indexOf('"', from);
          // The character after the closing quote decides; it must have arrived.
          if (close === -1 || close + 1 >= end) return stopAt("incomplete");
          value += text.slice(from, close);
          if (text.charCodeAt(close + 1) !== QUOTE) break;
          value += '"';
          from = close + 2;
        }
        lines += countNewlines(text, at + 1, close);
        at = close + 1;
        const after = text.charCodeAt(at);
        if (after !== delimiterCode && after !== LF) return stopAt("unsupported");
        cells.push(value);
        at++;
        if (after === delimiterCode) continue;
        break;
      }
      if (nextDelimiter < at && nextDelimiter !== -1) nextDelimiter = text.indexOf(delimiter, at);
      if (nextNewline < at && nextNewline !== -1) nextNewline = text.indexOf("\n", at);
      if (nextNewline === -1) return stopAt("incomplete");
      const fieldEnd = nextDelimiter !== -1 && nextDelimiter < nextNewline ? nextDelimiter : nextNewline;
      if (nextQuote < at && nextQuote !== -1) nextQuote = text.indexOf('"', at);
      if (nextQuote !== -1 && nextQuote < fieldEnd) return stopAt("unsupported");
      let valueStart = at;
      while (valueStart < fieldEnd && isAsciiTrimmable(text.charCodeAt(valueStart))) valueStart++;
      if (valueStart < fieldEnd && isWideSpace(text.charCodeAt(valueStart))) return stopAt("unsupported");
      let value = text.slice(valueStart, fieldEnd);
      if (value.length > 0 && (isAsciiTrimmable(value.charCodeAt(value.length - 1)) || isWideSpace(value.charCodeAt(value.length - 1))))
        value = value.trimEnd();
      cells.push(value);
      at = fieldEnd + 1;
      if (fieldEnd === nextNewline) break;
    }
    records.push({ cells, lines });
    recordStart = at;
  }
  return stopAt("incomplete");
}
