// Inside the worker: an .xlsx file → sheet rows in one lean streaming pass (zip entries inflated with zlib, XML scanned
// by hand), with the values exceljs's streaming reader gives, at several times its speed and a fraction of its memory.
import fs from "node:fs";
import zlib from "node:zlib";
import { readFileRange } from "./file-bytes.ts";
import { formatBytes, SourceError } from "./source-error.ts";
import { scanZipCentralDirectory, type ZipEntrySummary } from "./zip-scan.ts";

export interface LeanSheetRow {
  line: number;
  cells: unknown[];
}

/** Thrown when the workbook uses something this reader leaves to exceljs (an unusual zip method, say). */
export class LeanXlsxUnsupported extends Error {
  constructor(what: string) {
    super(`lean xlsx reader: ${what}`);
    this.name = "LeanXlsxUnsupported";
  }
}

/** A shared string as exceljs caches it: plain text, rich-text runs, or null for an empty item. */
type SharedString = string | { richText: Array<{ text: string | null }> } | null;

export interface LeanCellValue {
  /** The exceljs-shaped value: string, number, boolean, Date, {richText}, {formula, result} or {error}. */
  value: unknown;
  numFmt: string | undefined;
}

// Built-in number formats exceljs knows (xlsx/defaultnumformats.js); locale-dependent ids have none there.
const BUILT_IN_FORMATS: Record<number, string> = {
  0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
  14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss",
  22: 'm/d/yy "h":mm', 37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)", 39: "#,##0.00 ;(#,##0.00)", 40: "#,##0.00 ;[Red](#,##0.00)",
  45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0", 48: "##0.0E+0", 49: "@",
};

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML text → characters, as a parser gives them: entities and character references decoded, CR/CRLF as LF. */
export function decodeXmlText(raw: string): string {
  const text = raw.includes("\r") ? raw.replace(/\r\n?/g, "\n") : raw;
  let amp = text.indexOf("&");
  if (amp === -1) return text;
  // No character references: the five named entities in native passes, &amp; last so that "&amp;lt;" stays "&lt;"
  // (no replacement can form another entity: each puts one non-& character where an entity was).
  if (!text.includes("&#", amp)) {
    // JSON in a cell: usually &quot; alone, so one pass.
    const quoted = text.replaceAll("&quot;", '"');
    if (!quoted.includes("&")) return quoted;
    return quoted.replaceAll("&apos;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  }
  // What /&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g with a replacer gives, without a callback per match (cells of JSON
  // text hold an &quot; every few characters).
  let out = "";
  let copied = 0;
  while (amp !== -1) {
    const end = matchReference(text, amp + 1);
    if (end === -1) {
      amp = text.indexOf("&", amp + 1);
      continue;
    }
    const name = text.slice(amp + 1, end);
    const code = name.charCodeAt(0);
    const decoded =
      code !== 0x23 /* # */
        ? ENTITIES[name]
        : name.charCodeAt(1) === 0x78 /* x */
          ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
          : String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    if (decoded !== undefined) {
      out += text.slice(copied, amp) + decoded;
      copied = end + 1;
    }
    amp = text.indexOf("&", end + 1);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isHexDigit = (code: number) => isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
const isLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** The `;` ending a reference name that starts at `from` (#x hex, # digits or letters), or -1. */
function matchReference(text: string, from: number): number {
  let at = from;
  let accepts = isLetter;
  if (text.charCodeAt(at) === 0x23 /* # */) {
    at++;
    accepts = isDigit;
    if (text.charCodeAt(at) === 0x78 /* x */ && isHexDigit(text.charCodeAt(at + 1))) {
      at++;
      accepts = isHexDigit;
    }
  }
  const start = at;
  while (at < text.length && accepts(text.charCodeAt(at))) at++;
  return at > start && text.charCodeAt(at) === 0x3b /* ; */ ? at : -1;
}

/** exceljs's second decode of inline and formula strings (utils.xmlDecode): the five named entities only. */
function decodeNamedEntities(text: string): string {
  const amp = text.indexOf("&");
  // A URL keeps its "&" after the first decode, but rarely a ";" after it.
  if (amp === -1 || !text.includes(";", amp)) return text;
  return text.replace(/&([a-z]*);/g, (match, name: string) => ENTITIES[name] ?? match);
}

function readAttribute(attributes: string, name: string): string | undefined {
  const at = attributes.indexOf(`${name}=`);
  if (at === -1) return undefined;
  // The name must start an attribute (not end another one, like `ht=` in `customHeight=`).
  if (at > 0 && !/\s/.test(attributes[at - 1] as string)) {
    const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`).exec(attributes);
    return match ? decodeXmlText(match[1] ?? match[2] ?? "") : undefined;
  }
  const quote = attributes[at + name.length + 1];
  const end = attributes.indexOf(quote as string, at + name.length + 2);
  return end === -1 ? undefined : decodeXmlText(attributes.slice(at + name.length + 2, end));
}

interface XmlHandler {
  open(name: string, attributes: string): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * Streams XML text to a handler: open (self-closing tags give open + close), close and non-empty text events.
 * Comments, processing instructions, declarations and CDATA give none (exceljs ignores CDATA too).
 */
class XmlScanner {
  #pending = "";
  readonly #handler: XmlHandler;

  constructor(handler: XmlHandler) {
    this.#handler = handler;
  }

  write(chunk: string): void {
    const text = this.#pending.length > 0 ? this.#pending + chunk : chunk;
    const handler = this.#handler;
    let at = 0;
    const end = text.length;
    while (at < end) {
      const lt = text.indexOf("<", at);
      if (lt === -1) {
        // Text may continue in the next chunk: keep it whole, so an entity is never split.
        break;
      }
      if (lt > at) handler.text(decodeXmlText(text.slice(at, lt)));
      at = lt;
      const next = text.charCodeAt(lt + 1);
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
        const name = text.slice(lt + 2, gt);
        handler.close(text.charCodeAt(gt - 1) > 0x20 && text.charCodeAt(lt + 2) > 0x20 ? name : name.trim());
      } else {
        const selfClosing = text.charCodeAt(gt - 1) === 0x2f;
        const inner = text.slice(lt + 1, selfClosing ? gt - 1 : gt);
        let space = 0;
        while (space < inner.length && inner.charCodeAt(space) > 0x20) space++;
        if (space === inner.length) space = -1;
        const name = space === -1 ? inner : inner.slice(0, space);
        handler.open(name, space === -1 ? "" : inner.slice(space));
        if (selfClosing) handler.close(name);
      }
      at = gt + 1;
    }
    this.#pending = at < end ? text.slice(at) : "";
  }

  end(): void {
    if (this.#pending.trim().length > 0 && !this.#pending.includes("<")) this.#handler.text(decodeXmlText(this.#pending));
    this.#pending = "";
  }
}

/** The `>` closing a tag, skipping `>` inside quoted attribute values. */
function findTagEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x3e /* > */) return at;
    if (code === 0x22 /* " */ || code === 0x27 /* ' */) {
      at = text.indexOf(code === 0x22 ? '"' : "'", at + 1);
      if (at === -1) return -1;
    }
  }
  return -1;
}

/** One zip entry's uncompressed text, chunk by chunk. */
async function* readEntryText(filePath: string, entry: ZipEntrySummary): AsyncGenerator<string> {
  const header = await readFileRange(filePath, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw new Error(`the zip entry "${entry.name}" has no local header`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return;
  const raw = fs.createReadStream(filePath, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
  const bytes = entry.method === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: 256 * 1024 })) : raw;
  raw.on("error", (error) => bytes.destroy(error));
  const decoder = new TextDecoder("utf-8");
  let inflated = 0;
  for await (const chunk of bytes as AsyncIterable<Buffer>) {
    // NOTE: the pre-scan vetted the declared size only; a forged directory must not unpack more than it declared.
    inflated += chunk.length;
    if (inflated > entry.uncompressedSize) {
      bytes.destroy();
      throw new SourceError("ZIP_BOMB", `refused to unpack the workbook — "${entry.name}" unpacks to more than the ${formatBytes(entry.uncompressedSize)} its zip directory declares. If the file is genuine, export it again as CSV.`);
    }
    yield decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function scanEntry(filePath: string, entry: ZipEntrySummary | undefined, handler: XmlHandler): Promise<void> {
  if (!entry) return;
  const scanner = new XmlScanner(handler);
  for await (const text of readEntryText(filePath, entry)) scanner.write(text);
  scanner.end();
}

/** Shared strings the way exceljs caches them (its quirks included: text restarts at each <t>). */
async function readSharedStrings(filePath: string, entry: ZipEntrySummary | undefined): Promise<SharedString[]> {
  const strings: SharedString[] = [];
  let text: string | null = null;
  let runs: Array<{ text: string | null }> = [];
  await scanEntry(filePath, entry, {
    open(name) {
      if (name === "si") {
        runs = [];
        text = null;
      } else if (name === "t") text = null;
    },
    text(value) {
      text = text ? text + value : value;
    },
    close(name) {
      if (name === "r") {
        runs.push({ text });
        text = null;
      } else if (name === "si") {
        strings.push(runs.length > 0 ? { richText: runs } : text);
        runs = [];
        text = null;
      }
    },
  });
  return strings;
}

/** Style index → number format, as exceljs's StyleManager resolves it. */
async function readCellFormats(filePath: string, entry: ZipEntrySummary | undefined): Promise<Array<string | undefined>> {
  const custom = new Map<number, string>();
  const formats: Array<string | undefined> = [];
  let inCellXfs = false;
  await scanEntry(filePath, entry, {
    open(name, attributes) {
      if (name === "numFmt") {
        const id = Number.parseInt(readAttribute(attributes, "numFmtId") ?? "", 10);
        const code = readAttribute(attributes, "formatCode");
        if (Number.isFinite(id) && code !== undefined) custom.set(id, code);
      } else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number.parseInt(readAttribute(attributes, "numFmtId") ?? "", 10);
        formats.push(id ? (custom.get(id) ?? BUILT_IN_FORMATS[id]) : undefined);
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
    text() {},
  });
  return formats;
}

interface WorkbookInfo {
  date1904: boolean;
  /** Worksheet part ("xl/worksheets/sheet2.xml") → the sheet's name. */
  sheetNames: Map<string, string>;
}

async function readWorkbookInfo(filePath: string, byName: ReadonlyMap<string, ZipEntrySummary>): Promise<WorkbookInfo> {
  let date1904 = false;
  const namesById = new Map<string, string>();
  await scanEntry(filePath, byName.get("xl/workbook.xml"), {
    open(name, attributes) {
      if (name === "workbookPr") date1904 = readAttribute(attributes, "date1904") === "1";
      else if (name === "sheet") {
        const id = readAttribute(attributes, "r:id");
        const sheetName = readAttribute(attributes, "name");
        if (id && sheetName !== undefined) namesById.set(id, sheetName);
      }
    },
    close() {},
    text() {},
  });
  const sheetNames = new Map<string, string>();
  await scanEntry(filePath, byName.get("xl/_rels/workbook.xml.rels"), {
    open(name, attributes) {
      if (name !== "Relationship") return;
      const sheetName = namesById.get(readAttribute(attributes, "Id") ?? "");
      const target = readAttribute(attributes, "Target");
      if (sheetName === undefined || !target) return;
      sheetNames.set(target.startsWith("/") ? target.slice(1) : `xl/${target}`, sheetName);
    },
    close() {},
    text() {},
  });
  return { date1904, sheetNames };
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

const SHEET_TAGS = [["c", TAG_C], ["v", TAG_V], ["f", TAG_F], ["t", TAG_T], ["is", TAG_IS], ["row", TAG_ROW], ["sheetData", TAG_SHEET_DATA]] as const;

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

const CELL_TYPES = [["s", TYPE_SHARED], ["str", TYPE_STR], ["inlineStr", TYPE_INLINE], ["e", TYPE_ERROR], ["b", TYPE_BOOLEAN]] as const;

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

type ConvertCell = (cell: LeanCellValue, date1904: boolean) => unknown;

/**
 * Worksheet XML → rows: XmlScanner's tokenizing and the sheet's handler fused into one pass, as that pass was the
 * reader's main cost. Tag names are compared in place, and a usual cell (#readPlainCell) is read whole, its r, s
 * and t parsed while scanned, so it costs no substring but its value. Finished rows collect in `rows`.
 */
class SheetRowScanner {
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

  // NOTE: tokenizes exactly as XmlScanner.write does (text, comments, tag ends, names); keep the two in step.
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
      const open = text.startsWith("<v>", at + 1) ? "<v>" : text.startsWith(INLINE_OPEN, at + 1) ? INLINE_OPEN : text.startsWith(INLINE_OPEN_PRESERVE, at + 1) ? INLINE_OPEN_PRESERVE : undefined;
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
      const result = this.#value !== undefined ? (this.#type === TYPE_STR ? decodeNamedEntities(this.#value) : Number.parseFloat(this.#value)) : undefined;
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

export interface LeanWorkbook {
  /** Worksheets in zip order (exceljs's order), named from the workbook (`Sheet<n>` when it does not say). */
  sheets: Array<{ name: string; entry: ZipEntrySummary }>;
  /** Rows of one sheet; each cell converted by `convert` (exceljs value + number format → plain value). */
  readRows(entry: ZipEntrySummary, convert: (cell: LeanCellValue, date1904: boolean) => unknown): AsyncGenerator<LeanSheetRow>;
}

export async function openLeanWorkbook(filePath: string): Promise<LeanWorkbook> {
  const size = (await fs.promises.stat(filePath)).size;
  const summary = await scanZipCentralDirectory(filePath, size, filePath);
  const byName = new Map(summary.entries.map((entry) => [entry.name.replace(/^\/+/, ""), entry]));
  const info = await readWorkbookInfo(filePath, byName);
  const sheets = summary.entries.flatMap((entry) => {
    const match = /^\/?xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.name);
    return match ? [{ name: info.sheetNames.get(entry.name.replace(/^\/+/, "")) ?? `Sheet${match[1]}`, entry }] : [];
  });
  for (const entry of [...sheets.map((sheet) => sheet.entry), ...["xl/sharedStrings.xml", "xl/styles.xml", "xl/workbook.xml"].flatMap((name) => byName.get(name) ?? [])]) {
    if (entry.method !== 0 && entry.method !== 8) throw new LeanXlsxUnsupported(`"${entry.name}" uses zip method ${entry.method}`);
  }
  let context: { strings: SharedString[]; formats: Array<string | undefined>; date1904: boolean } | undefined;
  const loadContext = async () => {
    context ??= {
      strings: await readSharedStrings(filePath, byName.get("xl/sharedStrings.xml")),
      formats: await readCellFormats(filePath, byName.get("xl/styles.xml")),
      date1904: info.date1904,
    };
    return context;
  };
  return {
    sheets,
    async *readRows(entry, convert) {
      const { strings, formats, date1904 } = await loadContext();
      const scanner = new SheetRowScanner(strings, formats, date1904, convert);
      for await (const text of readEntryText(filePath, entry)) {
        scanner.write(text);
        yield* scanner.rows;
        scanner.rows.length = 0;
      }
      scanner.end();
      yield* scanner.rows;
    },
  };
}
