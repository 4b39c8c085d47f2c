import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSource, SourceError } from "./index.ts";
import { findSpreadsheetWorker } from "./spreadsheet-source.ts";
import {
  buildSharedStringsWorkbook,
  buildWorkbookZip,
  buildZip,
  collectItems,
  createFixtureDir,
  pickRecords,
  pickSkips,
} from "../../testing/read-fixtures.ts";

const fixtures = createFixtureDir();
let typedWorkbook: string;

/** Sheet 1 empty, data on "Businesses" with a blank row, typed cells and a repeated header. */
async function writeTypedWorkbook(file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Empty");
  const sheet = workbook.addWorksheet("Businesses");
  sheet.getRow(2).values = ["name", "rating", "verified", "opened", "about", "double", "site", "opens", "note"];
  sheet.getRow(3).values = [
    "Café Lumière",
    4.5,
    true,
    new Date(Date.UTC(2021, 2, 5)),
    { richText: [{ text: "Best ", font: { bold: true } }, { text: "croissants" }] },
    { formula: "B3*2", result: 9 },
    { text: "Website", hyperlink: "https://example.com" },
    0.375,
    "two_x000D_\nlines",
  ];
  sheet.getCell("H3").numFmt = "hh:mm";
  sheet.getRow(5).values = ["Pizza Roma", 3, false, new Date(Date.UTC(2020, 0, 1, 14, 30)), "plain", { formula: "B5*2", result: 6 }];
  sheet.getRow(6).values = ["name", "rating", "verified", "opened", "about", "double", "site", "opens", "note"];
  sheet.getRow(7).values = ["", null, ""];
  sheet.getRow(8).values = ["Last", 1];
  await workbook.xlsx.writeFile(file);
}

beforeAll(async () => {
  typedWorkbook = path.join(fixtures.dir, "typed.xlsx");
  await writeTypedWorkbook(typedWorkbook);
});
afterAll(() => fixtures.remove());

async function expectSourceError(promise: Promise<unknown>, code: string): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SourceError);
  expect((error as SourceError).code).toBe(code);
  return error as SourceError;
}

describe("XLSX", () => {
  it("streams the first sheet with data, with real cell types", async () => {
    const source = await openSource(typedWorkbook);
    expect(source).toMatchObject({ format: "xlsx", compressed: false, details: { sheetName: "Businesses" } });
    expect(source.headers).toEqual(["name", "rating", "verified", "opened", "about", "double", "site", "opens", "note"]);
    const items = await collectItems(source);
    expect(pickRecords(items)).toEqual([
      {
        line: 3,
        values: {
          name: "Café Lumière",
          rating: 4.5,
          verified: true,
          opened: "2021-03-05",
          about: "Best croissants",
          double: 9,
          site: "Website",
          opens: "09:00",
          note: "two\r\nlines",
        },
      },
      { line: 5, values: { name: "Pizza Roma", rating: 3, verified: false, opened: "2020-01-01T14:30:00.000Z", about: "plain", double: 6 } },
      { line: 8, values: { name: "Last", rating: 1 } },
    ]);
    expect(pickSkips(items)).toEqual([
      { line: 6, code: "REPEATED_HEADER" },
      { line: 7, code: "BLANK_LINE" },
    ]);
  });

  it("reports a truncated workbook as CORRUPT_FILE before starting a worker", async () => {
    const bytes = fs.readFileSync(typedWorkbook);
    const file = fixtures.write("truncated.xlsx", bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = await expectSourceError(openSource(file), "CORRUPT_FILE");
    expect(error.message).toContain("truncated.xlsx");
  });

  it("reports a zip that is not a workbook as CORRUPT_FILE, an OpenDocument file as UNSUPPORTED_FORMAT", async () => {
    const zipped = fixtures.write("data.xlsx", buildZip([{ name: "data.csv", data: Buffer.from("a,b\n1,2\n") }]));
    expect((await expectSourceError(openSource(zipped), "CORRUPT_FILE")).message).toContain("unzip it");
    const ods = fixtures.write(
      "sheet.ods",
      buildZip([
        { name: "mimetype", data: Buffer.from("application/vnd.oasis.opendocument.spreadsheet") },
        { name: "content.xml", data: Buffer.from("<x/>") },
      ]),
    );
    await expectSourceError(openSource(ods), "UNSUPPORTED_FORMAT");
  });

  it("reports a workbook part packed with an unusual zip method (bzip2) as CORRUPT_FILE naming the method", async () => {
    // The sheet stays deflated but is labelled bzip2 (12) in both headers: exceljs, which inflates every packed entry
    // as deflate, read it through the old fallback; a real bzip2 part fails there as well.
    const bytes = buildWorkbookZip({
      sheetXml: '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row></sheetData></worksheet>',
    });
    const name = Buffer.from("xl/worksheets/sheet1.xml");
    for (const [signature, methodAt, nameAt] of [
      [0x04034b50, 8, 30],
      [0x02014b50, 10, 46],
    ] as const) {
      for (let at = 0; at + nameAt + name.length <= bytes.length; at++) {
        if (bytes.readUInt32LE(at) === signature && bytes.subarray(at + nameAt, at + nameAt + name.length).equals(name))
          bytes.writeUInt16LE(12, at + methodAt);
      }
    }
    const file = fixtures.write("bzip2.xlsx", bytes);
    const error = await expectSourceError(openSource(file).then(collectItems), "CORRUPT_FILE");
    expect(error.message).toContain("zip method 12");
  });

  it("refuses with ZIP_BOMB a sheet that inflates past the size its zip directory declares", async () => {
    const bytes = buildWorkbookZip({
      sheetXml: Buffer.concat([Buffer.from("<worksheet><sheetData>"), Buffer.alloc(8 * 1024 * 1024, 0x20), Buffer.from("</sheetData></worksheet>")]),
    });
    const central = bytes.lastIndexOf(Buffer.from("xl/worksheets/sheet1.xml"));
    bytes.writeUInt32LE(4096, central - 46 + 24);
    const error = await expectSourceError(openSource(fixtures.write("forged.xlsx", bytes)), "ZIP_BOMB");
    expect(error.message).toContain("forged.xlsx");
  });

  it("stops a worker that runs past timeoutMs with PARSE_TIMEOUT", async () => {
    const file = fixtures.write("timeout.xlsx", buildSharedStringsWorkbook(20_000, 40));
    await expectSourceError(openSource(file, { timeoutMs: 1 }), "PARSE_TIMEOUT");
  });

  it("maps a worker running out of its heap to PARSE_MEMORY, and this process carries on", async () => {
    // The same 16 MB cap reads a small table: it is the 20 MB shared-strings table that does not fit.
    const small = fixtures.write("small-strings.xlsx", buildSharedStringsWorkbook(1_000, 100));
    expect(pickRecords(await collectItems(await openSource(small, { memoryLimitMb: 16 })))).toHaveLength(999);
    const file = fixtures.write("big-strings.xlsx", buildSharedStringsWorkbook(200_000, 100));
    const error = await expectSourceError(openSource(file, { memoryLimitMb: 16 }), "PARSE_MEMORY");
    expect(error.message).toContain("CSV");
    const again = await openSource(typedWorkbook);
    expect(pickRecords(await collectItems(again))).toHaveLength(3);
  }, 20_000);

  it("ends the worker on close() without reading everything", async () => {
    const file = fixtures.write("closing.xlsx", buildSharedStringsWorkbook(5_000, 20));
    const source = await openSource(file);
    let seen = 0;
    for await (const item of source.items) {
      if (item.kind === "record") seen++;
      if (seen === 10) await source.close();
    }
    expect(seen).toBe(10);
    await source.close();
  });

  it("leaves no spooled sheet files behind, even when stopped early", async () => {
    const sheetDirs = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("directory-sheet-"));
    const before = new Set(sheetDirs());
    const source = await openSource(typedWorkbook);
    const during = sheetDirs().filter((name) => !before.has(name));
    expect(during).toHaveLength(1);
    await source.close();
    expect(fs.existsSync(path.join(os.tmpdir(), during[0] as string))).toBe(false);
  });

  it("finds the worker entry from a bundle folder by walking up", () => {
    const fromBuild = findSpreadsheetWorker(path.join(process.cwd(), "build", "server"));
    expect(fromBuild).toBe(path.join(process.cwd(), "ingest-cli", "pipeline", "read", "spreadsheet-worker.mjs"));
  });
});

describe("XLS (legacy BIFF8)", () => {
  it("reads a workbook written by SheetJS with typed cells", async () => {
    const workbook = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      ["name", "rating", "open", "since", "phone"],
      ["Café Müller", 4.5, true, 43831, "+49 30 1234"],
      [],
      ["Späti", 3, false, 44000.5, null],
    ]);
    const since = sheet["D2"] as XLSX.CellObject;
    since.z = "yyyy-mm-dd";
    (sheet["D4"] as XLSX.CellObject).z = "yyyy-mm-dd hh:mm";
    XLSX.utils.book_append_sheet(workbook, sheet, "Legacy");
    const file = fixtures.write("legacy.xls", XLSX.write(workbook, { bookType: "biff8", type: "buffer" }) as Buffer);

    const source = await openSource(file);
    expect(source).toMatchObject({ format: "xls", details: { sheetName: "Legacy" }, headers: ["name", "rating", "open", "since", "phone"] });
    const items = await collectItems(source);
    expect(pickRecords(items)).toEqual([
      { line: 2, values: { name: "Café Müller", rating: 4.5, open: true, since: "2020-01-01", phone: "+49 30 1234" } },
      { line: 4, values: { name: "Späti", rating: 3, open: false, since: "2020-06-18T12:00:00.000Z" } },
    ]);
  });

  it("reports an OLE file that is not a workbook as CORRUPT_FILE", async () => {
    const fake = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(fake);
    await expectSourceError(openSource(fixtures.write("fake.xls", fake)), "CORRUPT_FILE");
  });
});
