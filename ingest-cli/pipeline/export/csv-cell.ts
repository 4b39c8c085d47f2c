// Text values → RFC 4180 CSV cells and CRLF records, every cell through the export's formula guard: the one encoder
// for every CSV the product writes (export, rejected rows, upload template), so no writer can skip the guard.
import { neutraliseFormula } from "./formula.ts";

/** Quoted when it holds a comma, quote, CR or LF, or is empty text (as PostgreSQL COPY writes a cell). */
function quoteCsvField(value: string): string {
  return value === "" || /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** "=HYPERLINK(…)" → `'=HYPERLINK(…)`; "a,b" → `"a,b"`; "+44 20 7946 0958" stays as it is. */
export function encodeCsvCell(value: string): string {
  return quoteCsvField(neutraliseFormula(value));
}

/** One CSV line (CRLF-terminated) of guarded cells. */
export function encodeCsvRecord(values: readonly string[]): string {
  return `${values.map(encodeCsvCell).join(",")}\r\n`;
}
