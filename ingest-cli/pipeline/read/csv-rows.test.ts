import { afterAll, describe, expect, it } from "vitest";
import { openSource } from "./index.ts";
import { readCsvEvents } from "./csv-rows.ts";
import type { TableEvent } from "./source-types.ts";
import { collectItems, createFixtureDir, pickErrors, pickRecords, pickSkips } from "../../testing/read-fixtures.ts";

const fixtures = createFixtureDir();
afterAll(() => fixtures.remove());

async function readCsv(name: string, content: string | Uint8Array) {
  const source = await openSource(fixtures.write(name, content));
  const items = await collectItems(source);
  return { source, items, records: pickRecords(items), errors: pickErrors(items), skips: pickSkips(items) };
}

/** Tiny chunks by default: every record then crosses a chunk boundary somewhere. */
async function readEvents(text: string, chunkSize = 7): Promise<TableEvent[]> {
  async function* chunks() {
    for (let i = 0; i < text.length; i += chunkSize) yield text.slice(i, i + chunkSize);
  }
  const events: TableEvent[] = [];
  for await (const event of readCsvEvents(chunks(), ",")) events.push(event);
  return events;
}

describe("CSV delimiters and encodings", () => {
  it("reads comma, semicolon and tab files with the sniffed delimiter", async () => {
    const comma = await readCsv("comma.csv", "name,city,rating\nCafé Lumière,Paris,4.5\nPizza Roma,Rome,4\n");
    expect(comma.source.details.delimiter).toBe(",");
    expect(comma.source.headers).toEqual(["name", "city", "rating"]);
    expect(comma.records).toEqual([
      { line: 2, values: { name: "Café Lumière", city: "Paris", rating: "4.5" } },
      { line: 3, values: { name: "Pizza Roma", city: "Rome", rating: "4" } },
    ]);

    const semicolon = await readCsv("semicolon.csv", "name;rating;address\nBäckerei;4,5;Hauptstr. 1, Berlin\nMetzgerei;3,9;Ring 2\n");
    expect(semicolon.source.details.delimiter).toBe(";");
    expect(semicolon.records[0]?.values).toEqual({ name: "Bäckerei", rating: "4,5", address: "Hauptstr. 1, Berlin" });

    const tab = await readCsv("tab.tsv", "name\tphone\tnotes\nA\t+33 1 23\t\nB\t\tclosed, moved\n");
    expect(tab.source.details.delimiter).toBe("\t");
    expect(tab.records.map((r) => r.values)).toEqual([
      { name: "A", phone: "+33 1 23", notes: "" },
      { name: "B", phone: "", notes: "closed, moved" },
    ]);
  });

  it("reads the Apify style: UTF-8 BOM, CRLF, every field quoted", async () => {
    const text = '\ufeff"title","address","phone"\r\n"Joe\'s ""Best"" Diner","1 Main St, Springfield","+1 555"\r\n"Chez Nous","2 Rue, Lyon",""\r\n';
    const { source, records } = await readCsv("apify.csv", text);
    expect(source.details).toEqual({ encoding: "utf-8", bom: true, delimiter: "," });
    expect(source.headers).toEqual(["title", "address", "phone"]);
    expect(records).toEqual([
      { line: 2, values: { title: 'Joe\'s "Best" Diner', address: "1 Main St, Springfield", phone: "+1 555" } },
      { line: 3, values: { title: "Chez Nous", address: "2 Rue, Lyon", phone: "" } },
    ]);
  });

  it("reads UTF-16 LE with a BOM and UTF-16 (LE and BE) without one", async () => {
    const text = "name,city\nZürich Café,Zürich\n東京ラーメン,Tokyo\n";
    const withBom = await readCsv("utf16-bom.csv", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    expect(withBom.source.details).toMatchObject({ encoding: "utf-16le", bom: true });
    expect(withBom.records.map((r) => r.values.name)).toEqual(["Zürich Café", "東京ラーメン"]);

    const withoutBom = await readCsv("utf16-nobom.csv", Buffer.from(text, "utf16le"));
    expect(withoutBom.source.details).toMatchObject({ encoding: "utf-16le", bom: false });
    expect(withoutBom.records.map((r) => r.values.city)).toEqual(["Zürich", "Tokyo"]);

    const bigEndian = await readCsv("utf16be.csv", Buffer.from(text, "utf16le").swap16());
    expect(bigEndian.source.details).toMatchObject({ encoding: "utf-16be", bom: false });
    expect(bigEndian.records[1]?.values.name).toBe("東京ラーメン");
  });

  it("falls back to windows-1252 when the bytes are not UTF-8, including the 0x80–0x9F block", async () => {
    const bytes = Buffer.concat([
      Buffer.from("name;note\n", "latin1"),
      Buffer.from("Café Müller;Grüße ", "latin1"),
      Buffer.from([0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94, 0x0a]),
    ]);
    const { source, records } = await readCsv("latin.csv", bytes);
    expect(source.details.encoding).toBe("windows-1252");
    expect(records[0]?.values).toEqual({ name: "Café Müller", note: "Grüße € “ok”" });
  });
});

describe("CSV structure", () => {
  it("keeps quoted newlines and doubled quotes, and numbers lines where each record starts", async () => {
    const text = 'name,about\nA,"line one\nline two"\nB,"say ""hi"""\r\nC,"x\r\ny\r\nz"\nD,plain\n';
    const { records } = await readCsv("multiline.csv", text);
    expect(records).toEqual([
      { line: 2, values: { name: "A", about: "line one\nline two" } },
      { line: 4, values: { name: "B", about: 'say "hi"' } },
      { line: 5, values: { name: "C", about: "x\ny\nz" } },
      { line: 8, values: { name: "D", about: "plain" } },
    ]);
  });

  it("skips repeated header lines and blank lines, reporting their line numbers", async () => {
    const text = "name,city\nA,Paris\n\nB,Rome\nname,city\nC,Oslo\n  \n,,\nD,Kyiv\n";
    const { records, skips } = await readCsv("repeats.csv", text);
    expect(records.map((r) => [r.line, r.values.name])).toEqual([
      [2, "A"],
      [4, "B"],
      [6, "C"],
      [9, "D"],
    ]);
    expect(skips).toEqual([
      { line: 3, code: "BLANK_LINE" },
      { line: 5, code: "REPEATED_HEADER" },
      { line: 7, code: "BLANK_LINE" },
      { line: 8, code: "BLANK_LINE" },
    ]);
  });

  it("turns a header-only file into zero records, not an error", async () => {
    const { source, items } = await readCsv("header-only.csv", "name,city,phone\n");
    expect(source.headers).toEqual(["name", "city", "phone"]);
    expect(items).toEqual([]);
  });

  it("makes header keys unique and keeps cells beyond the header as column_<n>", async () => {
    const { source, records } = await readCsv("dupes.csv", "name,phone,,phone\nA,1,x,2,extra,\nB,3\n");
    expect(source.headers).toEqual(["name", "phone", "column_3", "phone_2"]);
    expect(records).toEqual([
      { line: 2, values: { name: "A", phone: "1", column_3: "x", phone_2: "2", column_5: "extra" } },
      { line: 3, values: { name: "B", phone: "3" } },
    ]);
  });

  it("finds the header after leading blank lines and counts them", async () => {
    const { source, records, skips } = await readCsv("leading-blanks.csv", "\n\nname,city\nA,B\n");
    expect(source.headers).toEqual(["name", "city"]);
    expect(records).toEqual([{ line: 4, values: { name: "A", city: "B" } }]);
    expect(skips).toEqual([
      { line: 1, code: "BLANK_LINE" },
      { line: 2, code: "BLANK_LINE" },
    ]);
  });
});

describe("CSV malformed records", () => {
  it("reports a stray quote in the middle as one error with its line; the records after it still arrive", async () => {
    const text = 'name,city\nA,Paris\n"B,London\nC,Rome\nD,"Berlin"\nE,Madrid\n';
    const { records, errors } = await readCsv("unclosed.csv", text);
    expect(records.map((r) => [r.line, r.values.name])).toEqual([
      [2, "A"],
      [4, "C"],
      [5, "D"],
      [6, "E"],
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 3, code: "MALFORMED_QUOTES", raw: '"B,London' });
    expect(errors[0]?.reason).toContain("noticed on line 5");
  });

  it("recovers from a quote that is never closed up to the end of the file", async () => {
    const text = 'name,city\nA,Paris\nB,"London\nC,Rome\nD,Berlin\n';
    const { records, errors } = await readCsv("never-closed.csv", text);
    expect(records.map((r) => r.values.name)).toEqual(["A", "C", "D"]);
    expect(errors).toEqual([expect.objectContaining({ line: 3, code: "UNCLOSED_QUOTE", raw: 'B,"London' })]);
  });

  it("reads a quote inside an unquoted value as text when the line still has the header's width", async () => {
    const { records, errors } = await readCsv("inner-quote.csv", 'name,city\nBar "Chez Paul",Paris\nA 5" screen,x,y\nZ,Oslo\n');
    expect(records).toEqual([
      { line: 2, values: { name: 'Bar "Chez Paul"', city: "Paris" } },
      { line: 4, values: { name: "Z", city: "Oslo" } },
    ]);
    expect(errors).toEqual([expect.objectContaining({ line: 3, code: "MALFORMED_QUOTES" })]);
  });

  it("handles fully quoted files with a broken value, and bad lines back to back", async () => {
    const text = '"a","b"\n"1","x"y"\n"2","o"k"\n"3","fine"\n';
    const events = await readEvents(text);
    expect(events).toEqual([
      { kind: "row", line: 1, cells: ["a", "b"] },
      expect.objectContaining({ kind: "error", error: expect.objectContaining({ line: 2, code: "MALFORMED_QUOTES" }) }),
      expect.objectContaining({ kind: "error", error: expect.objectContaining({ line: 3, code: "MALFORMED_QUOTES" }) }),
      { kind: "row", line: 4, cells: ["3", "fine"] },
    ]);
  });

  it("makes a 2 MB cell a CELL_TOO_LARGE row error and keeps reading", async () => {
    const big = "x".repeat(2 * 1024 * 1024);
    const { records, errors } = await readCsv("big-cell.csv", `name,about\nA,small\nB,"${big}"\nC,${big}\nD,end\n`);
    expect(records.map((r) => [r.line, r.values.name])).toEqual([
      [2, "A"],
      [5, "D"],
    ]);
    expect(errors.map((e) => [e.line, e.code])).toEqual([
      [3, "CELL_TOO_LARGE"],
      [4, "CELL_TOO_LARGE"],
    ]);
  });

  it("gives up on a record still open after 16 MB and re-reads the lines after its start", async () => {
    const filler = Array.from({ length: 180_000 }, (_, i) => `row ${i},${"y".repeat(90)}`).join("\n");
    const text = `name,about\nA,"never closed\n${filler}\n`;
    const events = await readEvents(text, 64 * 1024);
    const errors = events.filter((event) => event.kind === "error");
    expect(errors).toEqual([expect.objectContaining({ error: expect.objectContaining({ line: 2, code: "RECORD_TOO_LARGE" }) })]);
    const rows = events.filter((event) => event.kind === "row");
    expect(rows).toHaveLength(1 + 180_000);
    expect(rows[1]).toEqual({ kind: "row", line: 3, cells: ["row 0", "y".repeat(90)] });
  }, 20_000);
});
