import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { writeGeneratedFile } from "../generate/index.ts";
import { streamXlsxRows, type SheetRow } from "./spreadsheet-rows.ts";
import { buildSharedStringsWorkbook, createFixtureDir } from "../../testing/read-fixtures.ts";
import { openLeanWorkbook } from "./xlsx-lean-rows.ts";

const fixtures = createFixtureDir("directory-lean-xlsx-");
afterAll(() => fixtures.remove());

async function readWith(file: string, reader: "lean" | "exceljs"): Promise<{ sheets: string[]; rows: SheetRow[] }> {
  const sheets: string[] = [];
  const rows: SheetRow[] = [];
  await streamXlsxRows(file, { sheet: (name) => sheets.push(name), row: async (row) => void rows.push(row) }, reader);
  return { sheets, rows };
}

async function expectSameAsExcelJs(file: string): Promise<number> {
  // The lean reader takes the file itself (no fallback to exceljs).
  expect((await openLeanWorkbook(file)).sheets.length).toBeGreaterThan(0);
  const reference = await readWith(file, "exceljs");
  expect(await readWith(file, "lean")).toEqual(reference);
  return reference.rows.length;
}

/** Cells of every kind, written with shared strings (the normal writer) and inline strings (the streaming writer). */
const ODD_ROWS: ExcelJS.CellValue[][] = [
  ["name", "rating", "verified", "opened", "about", "double", "site", "opens", "note", "error", "nothing", "text formula"],
  [
    'Café <Lumière> & "friends"',
    4.5,
    true,
    new Date(Date.UTC(2021, 2, 5)),
    { richText: [{ text: "Best ", font: { bold: true } }, { text: "croissants &amp; more" }] },
    { formula: "B2*2", result: 9 },
    { text: "Website", hyperlink: "https://example.com/?a=1&b=2" },
    0.375,
    "two_x000D_\nlines\r\nand\ttabs",
    { error: "#N/A" },
    null,
    { formula: 'A2&"!"', result: "Café & co" },
  ],
  [
    "  spaced  ",
    -0.0001,
    false,
    new Date(Date.UTC(1999, 11, 31, 23, 59, 59)),
    "",
    { formula: "NOW()", result: 45000.5 },
    "😀 emoji",
    1e21,
    "x\u0001y",
  ],
  [],
  ["Last", 1, null, null, null, null, null, null, null, null, null, "end"],
];

async function writeOddWorkbooks(): Promise<string[]> {
  const shared = path.join(fixtures.dir, "odd-shared.xlsx");
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Empty");
  const sheet = workbook.addWorksheet("Odd & <named>");
  ODD_ROWS.forEach((values, index) => (sheet.getRow(index + 2).values = values));
  sheet.getCell("H3").numFmt = "hh:mm";
  sheet.getCell("F4").numFmt = "yyyy-mm-dd hh:mm";
  sheet.getCell("B3").numFmt = "0.00%";
  await workbook.xlsx.writeFile(shared);

  const inline = path.join(fixtures.dir, "odd-inline.xlsx");
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: inline, useSharedStrings: false, useStyles: true });
  const streamed = writer.addWorksheet("Streamed");
  for (const values of ODD_ROWS) streamed.addRow(values).commit();
  await writer.commit();
  return [shared, inline];
}

describe("lean XLSX reader", () => {
  it("gives exceljs's rows record for record on generated messy workbooks", async () => {
    for (const seed of [3, 8]) {
      const file = path.join(fixtures.dir, `generated-${seed}.xlsx`);
      await writeGeneratedFile({ rows: 2500, seed, messy: 0.4, format: "xlsx", out: file });
      expect(await expectSameAsExcelJs(file)).toBe(2501);
    }
  }, 120_000);

  it("gives exceljs's values for every kind of cell, shared and inline strings, and sheet names", async () => {
    for (const file of await writeOddWorkbooks()) expect(await expectSameAsExcelJs(file)).toBeGreaterThan(3);
  });

  it("reads a hand-made workbook with stored and deflated parts", async () => {
    expect(await expectSameAsExcelJs(fixtures.write("hand-made.xlsx", buildSharedStringsWorkbook(3000, 30)))).toBe(3000);
  });
});
