import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { GENERATED_COLUMNS, XLSX_MAX_ROWS, writeGeneratedFile, type GenerateFormat } from "./index.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "generate-writers-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function generate(format: GenerateFormat, rows: number, seed = 1, messy = 0, name = `${format}-${rows}-${seed}-${messy}`) {
  const out = path.join(dir, `${name}.${format}`);
  const result = await writeGeneratedFile({ rows, seed, messy, format, out });
  return { out, result, bytes: fs.readFileSync(out) };
}

describe("generated files", () => {
  it("csv: parses back to the Outscraper columns, one record per row, Python-style booleans and JSON cells", async () => {
    const { result, bytes } = await generate("csv", 400);
    const records = parse(bytes, { columns: false }) as string[][];
    expect(records[0]).toEqual([...GENERATED_COLUMNS]);
    expect(records).toHaveLength(401);
    expect(result).toMatchObject({ rows: 400, bytes: bytes.length });
    const verified = GENERATED_COLUMNS.indexOf("verified");
    const hours = GENERATED_COLUMNS.indexOf("working_hours");
    for (const record of records.slice(1)) {
      expect(record).toHaveLength(GENERATED_COLUMNS.length);
      expect(["True", "False"]).toContain(record[verified]);
      if (record[hours]) expect(Object.keys(JSON.parse(record[hours] as string))).toContain("Sunday");
    }
  });

  it("csv: the same seed gives the same bytes, another seed other bytes", async () => {
    const a = await generate("csv", 300, 7, 0.1, "a");
    const b = await generate("csv", 300, 7, 0.1, "b");
    const c = await generate("csv", 300, 8, 0.1, "c");
    expect(b.bytes.equals(a.bytes)).toBe(true);
    expect(c.bytes.equals(a.bytes)).toBe(false);
  });

  it("csv: a messy run repeats the header mid-file as often as it reports", async () => {
    const { result, bytes } = await generate("csv", 3000, 2, 0.05);
    const records = parse(bytes, { columns: false, relax_column_count: false }) as string[][];
    const headers = records.filter((record) => record[0] === "name" && record[1] === "site").length;
    expect(result.mess.duplicate_header).toBeGreaterThan(0);
    expect(headers).toBe(1 + (result.mess.duplicate_header ?? 0));
    expect(records).toHaveLength(1 + 3000 + (result.mess.duplicate_header ?? 0));
  });

  it("xlsx: opens with exceljs, has the header plus one row per business, with typed cells", async () => {
    const { out, result } = await generate("xlsx", 300);
    expect(result.rows).toBe(300);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(301);
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...GENERATED_COLUMNS]);
    const column = (name: string) => GENERATED_COLUMNS.indexOf(name as (typeof GENERATED_COLUMNS)[number]) + 1;
    let sawRating = false;
    for (let r = 2; r <= 301; r++) {
      const row = sheet?.getRow(r);
      expect(typeof row?.getCell(column("latitude")).value).toBe("number");
      expect(typeof row?.getCell(column("reviews")).value).toBe("number");
      expect(typeof row?.getCell(column("verified")).value).toBe("boolean");
      const rating = row?.getCell(column("rating")).value;
      if (rating !== null) {
        expect(typeof rating).toBe("number");
        sawRating = true;
      }
      const hours = row?.getCell(column("working_hours")).value;
      if (hours !== null) expect(JSON.parse(hours as string)).toHaveProperty("Monday");
    }
    expect(sawRating).toBe(true);
  });

  it("xlsx: the same seed gives the same bytes", async () => {
    const a = await generate("xlsx", 150, 3, 0.1, "xa");
    const b = await generate("xlsx", 150, 3, 0.1, "xb");
    expect(b.bytes.equals(a.bytes)).toBe(true);
  });

  it("json: one valid array with nested hours and amenities; ndjson: one object per line", async () => {
    const json = await generate("json", 250);
    const array = JSON.parse(json.bytes.toString("utf8")) as Array<Record<string, unknown>>;
    expect(array).toHaveLength(250);
    expect(Object.keys(array[0] ?? {})).toEqual([...GENERATED_COLUMNS]);
    expect(array.some((row) => typeof row.working_hours === "object" && row.working_hours !== null)).toBe(true);
    expect(array.some((row) => typeof row.about === "object" && row.about !== null)).toBe(true);
    expect(array.every((row) => typeof row.verified === "boolean")).toBe(true);

    const ndjson = await generate("ndjson", 250);
    const lines = ndjson.bytes.toString("utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(250);
    expect(lines.map((line) => JSON.parse(line))).toEqual(array);
  });

  it("writes to a stream as well as to a path, and counts the bytes it wrote", async () => {
    const file = await generate("ndjson", 120, 4, 0.05, "to-file");
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    const result = await writeGeneratedFile({ rows: 120, seed: 4, messy: 0.05, format: "ndjson", out: sink });
    expect(Buffer.concat(chunks).equals(file.bytes)).toBe(true);
    expect(result.bytes).toBe(file.bytes.length);
  });

  it("refuses more rows than an xlsx sheet can hold", async () => {
    await expect(writeGeneratedFile({ rows: XLSX_MAX_ROWS + 1, seed: 1, messy: 0, format: "xlsx", out: path.join(dir, "big.xlsx") })).rejects.toThrow(
      RangeError,
    );
    expect(fs.existsSync(path.join(dir, "big.xlsx"))).toBe(false);
  });
});
