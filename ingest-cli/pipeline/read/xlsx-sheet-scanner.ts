// Worksheet XML in chunks → rows of exceljs-shaped cell values (shared strings, number formats, dates resolved by
// the caller's convert), tokenized in one fused pass; the sheet half of the lean xlsx reader.
import { decodeNamedEntities, decodeXmlText, findTagEnd, isDigit, isLetter, readAttribute } from "./xlsx-xml-text.ts";

export interface LeanSheetRow {
  line: number;
  cells: unknown[];
}

/** A shared string as exceljs caches it: plain text, rich-text runs, or null for an empty item. */
export type SharedString = string | { richText: Array<{ text: string | null }> } | null;

export interface LeanCellValue {
  /** The exceljs-shaped value: string, number, boolean, Date, {richText}, {formula, result} or {error}. */
  value: unknown;
  numFmt: string | undefined;
}

/** exceljs's utils.isDateFmt (case-sensitive, unlike the formula check in spreadsheet-rows). */
function isExcelJsDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** "BC12" → 55; undefined when the reference has no column letters. */
function decodeColumn(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let column = 0;
  let at = 0;
  for (; at < ref.length; at++) {
    const code = ref.charCodeAt(at);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
  }
  return at === 0 ? undefined : column;
}

// Tags the sheet reader acts on; any other tag is skipped without building its name.
const TAG_OTHER = 0;
const TAG_SHEET_DATA = 1;
const TAG_ROW = 2;
const TAG_C = 3;
const TAG_F = 4;
const TAG_V = 5;
const TAG_IS = 6;
const TAG_T = 7;

/** The code of the name spelled by text[from, to) (compared in place, no substring), else `otherwise`. */
function matchNameAt(text: string, from: number, to: number, names: ReadonlyArray<readonly [string, number]>, otherwise: number): number {
  const length = to - from;
  for (const [name, code] of names) if (name.length === length && text.startsWith(name, from)) return code;
  return otherwise;
}

const SHEET_TAGS = [
  ["c", TAG_C],
  ["v", TAG_V],
  ["f", TAG_F],
  ["t", TAG_T],
  ["is", TAG_IS],
  ["row", TAG_ROW],
  ["sheetData", TAG_SHEET_DATA],
] as const;

/** The sheet tag named by text[from, to). */
function sheetTag(text: string, from: number, to: number): number {
  return matchNameAt(text, from, to, SHEET_TAGS, TAG_OTHER);
}

// A cell's `t` attribute, as far as finishCell tells the values apart (anything else reads as a number).
const TYPE_NUMBER = 0;
const TYPE_SHARED = 1;
const TYPE_STR = 2;
const TYPE_INLINE = 3;
const TYPE_ERROR = 4;
const TYPE_BOOLEAN = 5;

function cellType(type: string | undefined): number {
  return type === undefined ? TYPE_NUMBER : cellTypeAt(type, 0, type.length);
}

const CELL_TYPES = [
  ["s", TYPE_SHARED],
  ["str", TYPE_STR],
  ["inlineStr", TYPE_INLINE],
  ["e", TYPE_ERROR],
  ["b", TYPE_BOOLEAN],
] as const;

/** The `t` value text[from, to) classified in place. */
function cellTypeAt(text: string, from: number, to: number): number {
  return matchNameAt(text, from, to, CELL_TYPES, TYPE_NUMBER);
}

// An inline string cell's value as writers lay it out (<t>'s attributes mean nothing to the reader).
const INLINE_OPEN = "<is><t>";
const INLINE_OPEN_PRESERVE = '<is><t xml:space="preserve">';
const INLINE_CLOSE = "</t></is></c>";

// What the current text of a cell goes to (the latest <f>, or <v>/<is>/<t>).
const TEXT_NONE = 0;
const TEXT_FORMULA = 1;
const TEXT_VALUE = 2;

export type ConvertCell = (cell: LeanCellValue, date1904: boolean) => unknown;

/**
 * Worksheet XML → rows: XmlScanner's tokenizing and the sheet's handler fused into one pass, as that pass was the
 * reader's main cost. Tag names are compared in place, and a usual cell (#readPlainCell) is read whole, its r, s
 * and t parsed while scanned, so it costs no substring but its value. Finished rows collect in `rows`.
 */
export class SheetRowScanner {
  readonly rows: LeanSheetRow[] = [];
  #pending = "";
  #inRows = false;
  #row: LeanSheetRow | undefined;
  #lastColumn = 0;
  // The open cell; it stays open (and may be finished later) when its row closes first, as in the handler it replaces.
  #cellOpen = false;
  /** 1-based column from the `r` attribute; 0 when it has no column letters or is missing. */
  #column = 0;
  #style = 0;
  #type = TYPE_NUMBER;
  #formula: string | undefined;
  #value: string | undefined;
  #textTarget = TEXT_NONE;
  readonly #strings: SharedString[];
  readonly #formats: Array<string | undefined>;
  readonly #dateStyles: boolean[];
  readonly #date1904: boolean;
  readonly #convert: ConvertCell;

  constructor(strings: SharedString[], formats: Array<string | undefined>, date1904: boolean, convert: ConvertCell) {
    this.#strings = strings;
    this.#formats = formats;
    this.#dateStyles = formats.map(isExcelJsDateFormat);
    this.#date1904 = date1904;
    this.#convert = convert;
  }

  // NOTE: tokenizes exactly as XmlScanner.write (xlsx-xml-text.ts) does (text, comments, tag ends, names); keep the two in step.
  write(chunk: string): void {
    const text = this.#pending.length > 0 ? this.#pending + chunk : chunk;
    let at = 0;
    const end = text.length;
    while (at < end) {
      const lt = text.indexOf("<", at);
      if (lt === -1) break;
      if (lt > at) this.#text(decodeXmlText(text.slice(at, lt)));
      at = lt;
      const next = text.charCodeAt(lt + 1);
      if (next === 0x63 /* c */ && this.#row) {
        const after = this.#readPlainCell(text, lt);
        if (after !== -1) {
          at = after;
          continue;
        }
      }
      if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
        const closer = text.startsWith("<!--", lt) ? "-->" : text.startsWith("<![CDATA[", lt) ? "]]>" : next === 0x3f ? "?>" : ">";
        const close = text.indexOf(closer, lt + 2);
        if (close === -1) break;
        at = close + closer.length;
        continue;
      }
      const gt = findTagEnd(text, lt + 1);
      if (gt === -1) break;
      if (next === 0x2f /* / */) {
        if (text.charCodeAt(gt - 1) > 0x20 && text.charCodeAt(lt + 2) > 0x20) this.#close(sheetTag(text, lt + 2, gt));
        else {
          const name = text.slice(lt + 2, gt).trim();
          this.#close(sheetTag(name, 0, name.length));
        }
      } else {
        const selfClosing = text.charCodeAt(gt - 1) === 0x2f;
        const innerEnd = selfClosing ? gt - 1 : gt;
        let nameEnd = lt + 1;
        while (nameEnd < innerEnd && text.charCodeAt(nameEnd) > 0x20) nameEnd++;
        const tag = sheetTag(text, lt + 1, nameEnd);
        if (tag !== TAG_OTHER) {
          this.#open(tag, text, nameEnd, innerEnd);
          if (selfClosing) this.#close(tag);
        }
      }
      at = gt + 1;
    }
    this.#pending = at < end ? text.slice(at) : "";
  }

  end(): void {
    if (this.#pending.trim().length > 0 && !this.#pending.includes("<")) this.#text(decodeXmlText(this.#pending));
    this.#pending = "";
  }

  #text(value: string): void {
    if (this.#textTarget === TEXT_VALUE) this.#value += value;
    else if (this.#textTarget === TEXT_FORMULA) this.#formula += value;
  }

  /** An open tag the sheet cares about; its attributes are text[from, to). */
  #open(tag: number, text: string, from: number, to: number): void {
    switch (tag) {
      case TAG_SHEET_DATA:
        this.#inRows = true;
        break;
      case TAG_ROW:
        if (this.#inRows) {
          this.#row = { line: Number.parseInt(readAttribute(text.slice(from, to), "r") ?? "", 10), cells: [] };
          this.#lastColumn = 0;
        }
        break;
      case TAG_C:
        if (this.#row) {
          this.#readCellAttributes(text.slice(from, to));
          this.#cellOpen = true;
          this.#formula = undefined;
          this.#value = undefined;
          this.#textTarget = TEXT_NONE;
        }
        break;
      case TAG_F:
        if (this.#cellOpen) {
          this.#formula = "";
          this.#textTarget = TEXT_FORMULA;
        }
        break;
      case TAG_V:
      case TAG_IS:
      case TAG_T:
        if (this.#cellOpen) {
          this.#value = "";
          this.#textTarget = TEXT_VALUE;
        }
        break;
    }
  }

  #close(tag: number): void {
    if (tag === TAG_SHEET_DATA) this.#inRows = false;
    else if (tag === TAG_C && this.#row && this.#cellOpen) {
      this.#finishCell(this.#row);
      this.#cellOpen = false;
      this.#textTarget = TEXT_NONE;
    } else if (tag === TAG_ROW && this.#row) {
      this.rows.push(this.#row);
      this.#row = undefined;
    }
  }

  /**
   * The usual cell, whole in `text` from `lt`: `<c a="…" …/>`, `<c …></c>`, `<c …><v>text</v></c>` or an inline
   * string `<c …><is><t>text</t></is></c>`, with plain
   * double-quoted attributes. Finishes it as the tag-by-tag path would and returns where it ends; -1 (nothing done)
   * for anything else, which the tag-by-tag path then reads.
   */
  #readPlainCell(text: string, lt: number): number {
    // NOTE: with no "=" inside any value and each attribute a plain name="value" after one space, the first "r=",
    // "s=" and "t=" readAttribute finds are the attributes named so; anything else is left to it.
    let column = 0;
    let style = 0;
    let type = TYPE_NUMBER;
    /** Bits of r (1), s (2) and t (4) once read: readAttribute gives the first of each. */
    let read = 0;
    let at = lt + 2;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 0x3e /* > */ || code === 0x2f /* / */) break;
      if (code !== 0x20) return -1;
      const name = ++at;
      const first = text.charCodeAt(name);
      if (text.charCodeAt(name + 1) === 0x3d /* = */ && text.charCodeAt(name + 2) === 0x22 /* " */) {
        // r, s and t are parsed while they are scanned (letters + digits, digits, letters); a value of any
        // other shape is left to readAttribute.
        at = name + 3;
        if (first === 0x72 /* r */) {
          let letters = 0;
          for (let code = text.charCodeAt(at); ; code = text.charCodeAt(++at)) {
            if (code >= 65 && code <= 90) letters = letters * 26 + code - 64;
            else if (code >= 97 && code <= 122) letters = letters * 26 + code - 96;
            else break;
          }
          while (isDigit(text.charCodeAt(at))) at++;
          if (text.charCodeAt(at) !== 0x22) return -1;
          if ((read & 1) === 0) column = letters;
          read |= 1;
          at++;
          continue;
        }
        if (first === 0x73 /* s */) {
          const start = at;
          let digits = 0;
          for (let code = text.charCodeAt(at); isDigit(code); code = text.charCodeAt(++at)) digits = digits * 10 + code - 0x30;
          if (text.charCodeAt(at) !== 0x22 || at - start > 15) return -1;
          if ((read & 2) === 0) style = digits;
          read |= 2;
          at++;
          continue;
        }
        if (first === 0x74 /* t */) {
          const start = at;
          while (isLetter(text.charCodeAt(at))) at++;
          if (text.charCodeAt(at) !== 0x22) return -1;
          if ((read & 4) === 0) type = cellTypeAt(text, start, at);
          read |= 4;
          at++;
          continue;
        }
      }
      for (;;) {
        const char = text.charCodeAt(at);
        if (char === 0x3d /* = */) break;
        if (!(char > 0x20) || char === 0x22 || char === 0x27 || char === 0x2f || char === 0x3c || char === 0x3e) return -1;
        at++;
      }
      if (at === name || text.charCodeAt(at + 1) !== 0x22 /* " */) return -1;
      at += 2;
      for (;;) {
        const char = text.charCodeAt(at);
        if (char === 0x22) break;
        // NaN past the end of the text: the cell continues in the next chunk.
        if (char === 0x3d /* = */ || char === 0x26 /* & */ || char === 0x0d /* \r */ || char !== char) return -1;
        at++;
      }
      at++;
    }
    let value: string | undefined;
    let after: number;
    if (text.charCodeAt(at) === 0x2f /* / */) {
      if (text.charCodeAt(at + 1) !== 0x3e) return -1;
      after = at + 2;
    } else if (text.startsWith("</c>", at + 1)) {
      after = at + 5;
    } else {
      const open = text.startsWith("<v>", at + 1)
        ? "<v>"
        : text.startsWith(INLINE_OPEN, at + 1)
          ? INLINE_OPEN
          : text.startsWith(INLINE_OPEN_PRESERVE, at + 1)
            ? INLINE_OPEN_PRESERVE
            : undefined;
      if (open === undefined) return -1;
      const close = open === "<v>" ? "</v></c>" : INLINE_CLOSE;
      const start = at + 1 + open.length;
      const end = text.indexOf("<", start);
      if (end === -1 || !text.startsWith(close, end)) return -1;
      value = end > start ? decodeXmlText(text.slice(start, end)) : "";
      after = end + close.length;
    }
    this.#column = column;
    this.#style = style;
    this.#type = type;
    this.#formula = undefined;
    this.#value = value;
    this.#finishCell(this.#row as LeanSheetRow);
    this.#cellOpen = false;
    this.#textTarget = TEXT_NONE;
    return after;
  }

  /** r, s and t of a <c> tag the plain-cell path left (any layout readAttribute reads). */
  #readCellAttributes(attributes: string): void {
    this.#column = decodeColumn(readAttribute(attributes, "r")) ?? 0;
    this.#style = Number.parseInt(readAttribute(attributes, "s") ?? "", 10) || 0;
    this.#type = cellType(readAttribute(attributes, "t"));
  }

  #finishCell(row: LeanSheetRow): void {
    const style = this.#style;
    const numFmt = style ? this.#formats[style] : undefined;
    let value: unknown;
    if (this.#formula !== undefined) {
      const result =
        this.#value !== undefined ? (this.#type === TYPE_STR ? decodeNamedEntities(this.#value) : Number.parseFloat(this.#value)) : undefined;
      value = { formula: this.#formula, result };
    } else if (this.#value !== undefined) {
      const text = this.#value;
      switch (this.#type) {
        case TYPE_SHARED:
          value = this.#strings[Number.parseInt(text, 10)];
          break;
        case TYPE_INLINE:
        case TYPE_STR:
          value = decodeNamedEntities(text);
          break;
        case TYPE_ERROR:
          value = { error: text };
          break;
        case TYPE_BOOLEAN:
          value = Number.parseInt(text, 10) !== 0;
          break;
        default:
          value =
            style && this.#dateStyles[style]
              ? new Date(Math.round((Number.parseFloat(text) - 25569 + (this.#date1904 ? 1462 : 0)) * 86_400_000))
              : Number.parseFloat(text);
      }
    }
    const column = this.#column || this.#lastColumn + 1;
    this.#lastColumn = column;
    // exceljs skips cells whose value is null/undefined; any other value (even NaN, converted to null) keeps its position.
    if (value === null || value === undefined) return;
    const cells = row.cells;
    while (cells.length < column - 1) cells.push(null);
    cells[column - 1] = this.#convert({ value, numFmt }, this.#date1904);
  }
}

/** Worksheet XML in the chunks given → rows (readRows's sheet pass without the zip, so tests choose the splits). */
export function readSheetXmlRows(
  chunks: Iterable<string>,
  context: { strings?: SharedString[]; formats?: Array<string | undefined>; date1904?: boolean } = {},
  convert: ConvertCell = (cell) => cell.value,
): LeanSheetRow[] {
  const scanner = new SheetRowScanner(context.strings ?? [], context.formats ?? [], context.date1904 ?? false, convert);
  const rows: LeanSheetRow[] = [];
  for (const chunk of chunks) {
    scanner.write(chunk);
    rows.push(...scanner.rows);
    scanner.rows.length = 0;
  }
  scanner.end();
  rows.push(...scanner.rows);
  return rows;
}
