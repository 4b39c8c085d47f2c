// Test-only helpers: fixture files written into a fresh os.tmpdir() folder, hand-made zips, item collection.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { OpenedSource, SourceItem, SourceRecord, SourceRowError } from "../pipeline/read/source-types.ts";

export interface FixtureDir {
  dir: string;
  /** Writes a fixture and returns its path. */
  write(name: string, content: string | Uint8Array): string;
  remove(): void;
}

export function createFixtureDir(prefix = "directory-read-"): FixtureDir {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    write(name, content) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function collectItems(source: OpenedSource): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  try {
    for await (const item of source.items) items.push(item);
  } finally {
    await source.close();
  }
  return items;
}

export function pickRecords(items: SourceItem[]): SourceRecord[] {
  return items.flatMap((item) => (item.kind === "record" ? [item.record] : []));
}

export function pickErrors(items: SourceItem[]): SourceRowError[] {
  return items.flatMap((item) => (item.kind === "error" ? [item.error] : []));
}

export function pickSkips(items: SourceItem[]): Array<{ line: number; code: string }> {
  return items.flatMap((item) => (item.kind === "skipped" ? [{ line: item.line, code: item.code }] : []));
}

export interface ZipEntryInput {
  name: string;
  data: Buffer;
  deflate?: boolean;
  /** Forge the uncompressed size the central directory declares (bomb tests without building gigabytes). */
  declaredSize?: number;
}

/** A minimal zip (local headers, central directory, end record), enough for the pre-scan and for unzip. */
export function buildZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const body = entry.deflate ? zlib.deflateRawSync(entry.data) : entry.data;
    const crc = zlib.crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.declaredSize ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A tiny but valid .xlsx made by hand, with `sharedStrings` unique strings in column A (for memory tests). */
export function buildSharedStringsWorkbook(rows: number, stringLength: number): Buffer {
  const pad = "x".repeat(Math.max(0, stringLength - 12));
  const strings: string[] = [];
  const sheetRows: string[] = [];
  for (let i = 0; i < rows; i++) {
    strings.push(`<si><t>${pad}${String(i).padStart(12, "0")}</t></si>`);
    sheetRows.push(`<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`);
  }
  return buildWorkbookZip({
    sheetName: "Big",
    sheetXml: `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows.join("")}</sheetData></worksheet>`,
    sharedStringsXml: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${rows}" uniqueCount="${rows}">${strings.join("")}</sst>`,
  });
}

/**
 * The smallest workbook Excel and our readers accept: one sheet (and optionally a shared-strings part), given as XML
 * bodies (a declaration is added unless the body brings its own, e.g. with a DOCTYPE).
 */
export function buildWorkbookZip(parts: { sheetXml: string | Buffer; sharedStringsXml?: string | Buffer; sheetName?: string }): Buffer {
  const xml = (body: string | Buffer): Buffer =>
    Buffer.isBuffer(body) ? body : Buffer.from(body.startsWith("<?xml") ? body : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const strings = parts.sharedStringsXml !== undefined;
  return buildZip([
    {
      name: "[Content_Types].xml",
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${strings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ""}</Types>`,
      ),
      deflate: true,
    },
    {
      name: "_rels/.rels",
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
      deflate: true,
    },
    {
      name: "xl/workbook.xml",
      data: xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${parts.sheetName ?? "Sheet1"}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      deflate: true,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>${strings ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' : ""}</Relationships>`,
      ),
      deflate: true,
    },
    ...(strings ? [{ name: "xl/sharedStrings.xml", data: xml(parts.sharedStringsXml as string | Buffer), deflate: true }] : []),
    { name: "xl/worksheets/sheet1.xml", data: xml(parts.sheetXml), deflate: true },
  ]);
}
