// Decoded CSV text → rows tagged with the physical line each starts on; a malformed record becomes one error and
// reading resumes on the line after the one where that record started, so one bad quote never eats the rest of the file.
import { Parser, type CsvError, type Options as CsvParseOptions } from "csv-parse";
import { parse as parseCsvSync } from "csv-parse/sync";
import { canReadFast, scanWellFormedRecords } from "./csv-fast-records.ts";
import { createHeaderKeys, isBlankRow } from "./table-rows.ts";
import { cutExcerpt, MAX_CELL_CHARS, MAX_RECORD_CHARS, type SourceRowError, type TableEvent } from "./source-types.ts";
import { formatBytes } from "./source-error.ts";

/** An unfinished record longer than this goes to csv-parse, which reads it once instead of once per chunk. */
const FAST_TAIL_LIMIT = 256 * 1024;

export interface CsvReadOptions {
  fastPath?: boolean;
}

interface Failure {
  /** First physical line of the bad record: the line reported and skipped. */
  line: number;
  /** Where csv-parse noticed the problem (later than `line` when a quote spanned lines). */
  detectedLine: number;
  csvCode: string;
  message: string;
}

/*
 * How recovery works. csv-parse in skip_records_with_error mode drops a bad record but cannot resync:
 * after an unclosed or misplaced quote it stays "inside quotes" and silently swallows every following
 * line up to the next quote (or the end of the file). So on the first error we abandon that parser,
 * report the record's FIRST physical line as the error, and start a fresh parser on the next line,
 * re-feeding the text we kept since that record began (`window`). The re-fed text goes in line by line
 * so a run of bad lines costs linear, not quadratic, time.
 *
 * What is still lost: if the bad record was a genuine multi-line quoted value, its continuation lines
 * are re-read as records of their own (usually they fail too and are reported as errors). Nothing is
 * ever dropped without an error item.
 *
 * Speed: csv-parse costs most of the import's main-thread time, so well-formed records are read by
 * scanWellFormedRecords. At the first record it cannot vouch for, a fresh csv-parse takes over from that
 * record's line (fed line by line), and as soon as that parser has emitted everything fed to it (it is
 * between records again) the fast path resumes. Both paths emit through #emitRow with the same line numbers.
 */
export class CsvRowReader {
  readonly #delimiter: string;
  readonly #fastCapable: boolean;
  /** Reading with the fast tokenizer; otherwise csv-parse reads. */
  #fast: boolean;
  /** Text received and not yet compacted away; line `#windowLine` starts at offset `#base`. */
  #window = "";
  #base = 0;
  #windowLine = 1;
  /** Offset in `#window` up to which text has been written to the current parser. */
  #fed = 0;
  /** Up to this offset the window is re-fed one line per write (after a restart). */
  #carefulUntil = 0;
  /** The bad line was longer than the record limit: drop incoming text up to the next newline. */
  #skipToNewline = false;
  #parser: Parser;
  #parserEnded = false;
  #generation = 0;
  /** Absolute line number of the current parser's line 1. */
  #firstLine = 1;
  /** Physical line where the next record starts. */
  #nextLine = 1;
  #failure: Failure | undefined;
  #headerWidth: number | undefined;
  #out: TableEvent[] = [];

  /** `fastPath: false` reads everything with csv-parse (the reference the fast path is tested against). */
  constructor(delimiter: string, options: CsvReadOptions = {}) {
    this.#delimiter = delimiter;
    this.#fastCapable = (options.fastPath ?? true) && canReadFast(delimiter);
    this.#fast = this.#fastCapable;
    this.#parser = this.#createParser();
  }

  async write(text: string): Promise<TableEvent[]> {
    let input = text;
    if (this.#skipToNewline) {
      const newline = input.indexOf("\n");
      if (newline === -1) return this.#drain();
      input = input.slice(newline + 1);
      this.#skipToNewline = false;
    }
    this.#window += input;
    await this.#read(false);
    return this.#drain();
  }

  async end(): Promise<TableEvent[]> {
    // A skipped over-long line that never ended: nothing of it was kept, so there is nothing to feed.
    this.#skipToNewline = false;
    await this.#read(true);
    return this.#drain();
  }

  /** Alternates between the fast path and csv-parse until the window is read as far as it can be. */
  async #read(atEnd: boolean): Promise<void> {
    for (;;) {
      if (this.#fast && this.#readFast(atEnd)) return;
      // NOTE: csv-parse always gets the window line by line here, so it can be left at any record boundary.
      this.#carefulUntil = this.#window.length;
      await this.#pump(atEnd);
      if (!this.#fast) return;
    }
  }

  /** Reads whole well-formed records from the window. False: it handed over to csv-parse. */
  #readFast(atEnd: boolean): boolean {
    const scan = scanWellFormedRecords(this.#window, this.#base, this.#delimiter);
    let line = this.#nextLine;
    for (const record of scan.records) {
      this.#emitRow(line, record.cells);
      line += record.lines;
    }
    this.#nextLine = line;
    const rest = this.#window.length - scan.offset;
    if (scan.stop === "incomplete" && (rest === 0 || (!atEnd && rest <= FAST_TAIL_LIMIT))) {
      this.#windowLine = line;
      this.#firstLine = line;
      this.#base = scan.offset;
      this.#fed = scan.offset;
      this.#compactWindow();
      return true;
    }
    this.#fast = false;
    this.#restart(line, scan.offset);
    return false;
  }

  destroy(): void {
    this.#parser.destroy();
    this.#window = "";
    this.#base = 0;
  }

  #drain(): TableEvent[] {
    const out = this.#out;
    this.#out = [];
    return out;
  }

  #createParser(): Parser {
    const generation = ++this.#generation;
    const options: CsvParseOptions = {
      delimiter: this.#delimiter,
      record_delimiter: "\n",
      bom: false,
      relax_column_count: true,
      skip_records_with_error: true,
      skip_empty_lines: false,
      // Trimming around delimiters lets `"a", "b"` (a space after the comma) parse instead of failing.
      ltrim: true,
      rtrim: true,
      on_record: (record: string[], context) => {
        this.#acceptRecord(generation, record, context.lines);
        return null;
      },
      on_skip: (error) => {
        this.#acceptFailure(generation, error);
        return undefined;
      },
    };
    const parser = new Parser(options);
    // Errors also arrive through the write callback; the listener only keeps an 'error' event from crashing.
    parser.on("error", () => {});
    return parser;
  }

  #acceptRecord(generation: number, record: string[], parserLines: number): void {
    if (generation !== this.#generation || this.#failure) return;
    const line = this.#nextLine;
    this.#nextLine = this.#firstLine + parserLines;
    this.#emitRow(line, record);
  }

  #emitRow(line: number, cells: string[]): void {
    for (let i = 0; i < cells.length; i++) {
      const length = (cells[i] as string).length;
      if (length > MAX_CELL_CHARS) {
        this.#out.push({
          kind: "error",
          error: {
            line,
            code: "CELL_TOO_LARGE",
            reason: `cell ${i + 1} holds ${formatBytes(length)} of text; the limit is ${formatBytes(MAX_CELL_CHARS)} per cell, so the row was skipped`,
          },
        });
        return;
      }
    }
    if (this.#headerWidth === undefined && !isBlankRow(cells)) this.#headerWidth = createHeaderKeys(cells).length;
    this.#out.push({ kind: "row", line, cells });
  }

  #acceptFailure(generation: number, error: CsvError | undefined): void {
    if (generation !== this.#generation || this.#failure) return;
    this.#failure = {
      line: this.#nextLine,
      detectedLine: this.#firstLine + Math.max(0, ((error as { lines?: number } | undefined)?.lines ?? 1) - 1),
      csvCode: error?.code ?? "CSV_ERROR",
      message: error?.message ?? "malformed record",
    };
  }

  async #pump(atEnd: boolean): Promise<void> {
    for (;;) {
      if (this.#failure) {
        if (!this.#recover(atEnd)) break;
      } else if (this.#fed < this.#window.length) {
        await this.#feedNextPiece();
        if (this.#isBetweenRecords()) {
          this.#fast = true;
          return;
        }
      } else if (atEnd && !this.#parserEnded) {
        this.#parserEnded = true;
        await this.#settle((done) => this.#parser.end(done));
      } else {
        break;
      }
    }
    if (this.#failure) return;
    this.#trimWindow();
    if (this.#window.length - this.#base > MAX_RECORD_CHARS) {
      this.#failure = {
        line: this.#nextLine,
        detectedLine: this.#nextLine,
        csvCode: "RECORD_TOO_LARGE",
        message: `the record is still open after ${formatBytes(MAX_RECORD_CHARS)} of text`,
      };
      await this.#pump(atEnd);
    }
  }

  async #feedNextPiece(): Promise<void> {
    let end = this.#window.length;
    if (this.#fed < this.#carefulUntil) {
      const newline = this.#window.indexOf("\n", this.#fed);
      if (newline !== -1) end = newline + 1;
    }
    const piece = this.#window.slice(this.#fed, end);
    this.#fed = end;
    await this.#settle((done) => this.#parser.write(piece, done));
  }

  /** csv-parse has emitted at least one record and everything fed to it: the fast path can take over again. */
  #isBetweenRecords(): boolean {
    if (!this.#fastCapable || this.#failure || this.#nextLine === this.#firstLine) return false;
    this.#trimWindow();
    return this.#base === this.#fed;
  }

  /** Runs one write/end and turns a hard parser error (none are expected with skip mode) into a failure. */
  async #settle(start: (done: (error?: Error | null) => void) => void): Promise<void> {
    const generation = this.#generation;
    const error = await new Promise<Error | null | undefined>((resolve) => start(resolve));
    if (error && generation === this.#generation && !this.#failure) {
      this.#failure = { line: this.#nextLine, detectedLine: this.#nextLine, csvCode: "CSV_ERROR", message: error.message };
    }
  }

  /** Reports the failed record's first line and restarts on the next one. False: that line is not complete yet. */
  #recover(atEnd: boolean): boolean {
    const failure = this.#failure as Failure;
    const start = this.#offsetOfLine(failure.line);
    const newline = this.#window.indexOf("\n", start);
    if (newline === -1 && !atEnd) {
      if (this.#window.length - start <= MAX_RECORD_CHARS) return false;
      this.#out.push({ kind: "error", error: this.#describeFailure(failure, this.#window.slice(start, start + 1000), true) });
      this.#skipToNewline = true;
      this.#restart(failure.line + 1, this.#window.length);
      return true;
    }
    const lineText = this.#window.slice(start, newline === -1 ? undefined : newline);
    const lenient = this.#readLeniently(failure, lineText);
    if (lenient) this.#emitRow(failure.line, lenient);
    else this.#out.push({ kind: "error", error: this.#describeFailure(failure, lineText, false) });
    this.#restart(failure.line + 1, newline === -1 ? this.#window.length : newline + 1);
    return true;
  }

  /** A fresh parser from `line`, which starts at `offset`; the text after it is re-fed line by line. */
  #restart(line: number, offset: number): void {
    this.#parser.destroy();
    this.#windowLine = line;
    this.#base = offset;
    this.#fed = offset;
    this.#carefulUntil = this.#window.length;
    this.#compactWindow();
    this.#firstLine = line;
    this.#nextLine = line;
    this.#failure = undefined;
    this.#parserEnded = false;
    this.#parser = this.#createParser();
  }

  /**
   * A quote inside an unquoted value (`Bar "Chez Paul",Paris`) is unambiguous: read the line with the quote
   * kept as text, but only if that yields exactly the header's number of cells.
   */
  #readLeniently(failure: Failure, lineText: string): string[] | undefined {
    if (failure.csvCode !== "INVALID_OPENING_QUOTE" || failure.detectedLine !== failure.line || this.#headerWidth === undefined) return undefined;
    try {
      const records = parseCsvSync(lineText, {
        delimiter: this.#delimiter,
        record_delimiter: "\n",
        bom: false,
        relax_quotes: true,
        relax_column_count: true,
        ltrim: true,
        rtrim: true,
      }) as string[][];
      const cells = records[0];
      if (records.length !== 1 || !cells) return undefined;
      const width = this.#headerWidth;
      const fits = cells.length === width || (cells.length > width && cells.slice(width).every((cell) => cell === ""));
      return fits ? cells : undefined;
    } catch {
      return undefined;
    }
  }

  #describeFailure(failure: Failure, lineText: string, lineTooLong: boolean): SourceRowError {
    const reread = `reading resumed on line ${failure.line + 1}`;
    const spanned =
      failure.detectedLine > failure.line
        ? ` (noticed on line ${failure.detectedLine}: a quote opened on line ${failure.line} ran across the lines in between, which were re-read)`
        : "";
    let code = "MALFORMED_RECORD";
    let reason = `${failure.message}; ${reread}`;
    switch (failure.csvCode) {
      case "INVALID_OPENING_QUOTE":
        code = "MALFORMED_QUOTES";
        reason = `a quote (") appears inside an unquoted value${spanned}; put the value in quotes and double the inner quote ("")`;
        break;
      case "CSV_INVALID_CLOSING_QUOTE":
      case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
        code = "MALFORMED_QUOTES";
        reason = `a quoted value is followed by other characters before the next delimiter${spanned}; inner quotes must be doubled ("")`;
        break;
      case "CSV_QUOTE_NOT_CLOSED":
        code = "UNCLOSED_QUOTE";
        reason = `a quote opened in the record starting on this line is never closed; ${reread}, so the lines after it were still imported`;
        break;
      case "RECORD_TOO_LARGE":
        code = "RECORD_TOO_LARGE";
        reason = `the record starting on this line is still open after ${formatBytes(MAX_RECORD_CHARS)} — a quote that is never closed, or an enormous value; ${reread}`;
        break;
    }
    if (lineTooLong) reason += `; the line itself is longer than ${formatBytes(MAX_RECORD_CHARS)} and was skipped to its end`;
    return { line: failure.line, code, reason, raw: cutExcerpt(lineText) };
  }

  /** Offset in the window where physical line `line` starts (the window's end if it has not arrived). */
  #offsetOfLine(line: number): number {
    let offset = this.#base;
    for (let current = this.#windowLine; current < line; current++) {
      const newline = this.#window.indexOf("\n", offset);
      if (newline === -1) return this.#window.length;
      offset = newline + 1;
    }
    return offset;
  }

  /** Forgets the text of records already emitted; the window then starts at the unfinished record. */
  #trimWindow(): void {
    if (this.#nextLine <= this.#windowLine) return;
    const offset = this.#offsetOfLine(this.#nextLine);
    if (offset > this.#fed) return;
    this.#base = offset;
    this.#windowLine = this.#nextLine;
    this.#compactWindow();
  }

  // NOTE: offsets move instead of the string being sliced on every record or restart; copying the rest of a
  // 64 KB chunk per bad line made a file of bad lines quadratic. The copy happens once most of it is dead.
  #compactWindow(): void {
    if (this.#base < 64 * 1024 || this.#base < this.#window.length >> 1) return;
    this.#window = this.#window.slice(this.#base);
    this.#fed -= this.#base;
    this.#carefulUntil = Math.max(0, this.#carefulUntil - this.#base);
    this.#base = 0;
  }
}

/** Text chunks → table events, streamed: one chunk is parsed before the next is pulled. */
export async function* readCsvEvents(texts: AsyncIterable<string>, delimiter: string, options: CsvReadOptions = {}): AsyncGenerator<TableEvent> {
  const reader = new CsvRowReader(delimiter, options);
  try {
    for await (const text of texts) yield* await reader.write(text);
    yield* await reader.end();
  } finally {
    reader.destroy();
  }
}
