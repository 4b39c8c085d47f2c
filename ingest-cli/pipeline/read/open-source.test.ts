import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { openSource, SourceError, type SourceErrorCode } from "./index.ts";
import { collectItems, createFixtureDir, pickErrors, pickRecords } from "../../testing/read-fixtures.ts";

const fixtures = createFixtureDir();
afterAll(() => fixtures.remove());

async function expectCode(promise: Promise<unknown>, code: SourceErrorCode): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SourceError);
  expect((error as SourceError).code).toBe(code);
  return error as SourceError;
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b4d2e30000000049454e44ae426082",
  "hex",
);

describe("whole-file checks before parsing", () => {
  it("FILE_NOT_FOUND for a missing path or a folder", async () => {
    await expectCode(openSource(path.join(fixtures.dir, "nope.csv")), "FILE_NOT_FOUND");
    await expectCode(openSource(fixtures.dir), "FILE_NOT_FOUND");
  });

  it("FILE_EMPTY for zero bytes, a lone BOM, or an empty gzip", async () => {
    await expectCode(openSource(fixtures.write("empty.csv", "")), "FILE_EMPTY");
    await expectCode(openSource(fixtures.write("bom.csv", "\ufeff")), "FILE_EMPTY");
    await expectCode(openSource(fixtures.write("empty.csv.gz", zlib.gzipSync(""))), "FILE_EMPTY");
  });

  it("FILE_TOO_LARGE from the size alone, before the content is even looked at", async () => {
    const error = await expectCode(openSource(fixtures.write("big.png", PNG), { maxBytes: 16 }), "FILE_TOO_LARGE");
    expect(error.message).toContain("big.png");
  });

  it("FILE_TOO_LARGE for gzip from the decompressed size, before the first record", async () => {
    const compressed = zlib.gzipSync(`a,b\n${"1,2\n".repeat(100_000)}`);
    expect(compressed.length).toBeLessThan(100_000);
    const error = await expectCode(openSource(fixtures.write("bomb.csv.gz", compressed), { maxBytes: 100_000 }), "FILE_TOO_LARGE");
    expect(error.message).toContain("when decompressed");
    // Two gzip members: the trailer only declares the tiny last one; counting catches it anyway.
    const sneaky = fixtures.write("sneaky.csv.gz", Buffer.concat([compressed, zlib.gzipSync("3,4\n")]));
    await expectCode(openSource(sneaky, { maxBytes: 100_000 }), "FILE_TOO_LARGE");
  });

  it("CORRUPT_FILE for a gzip cut in half", async () => {
    const whole = zlib.gzipSync(`a,b\n${"1,2\n".repeat(1_000)}`);
    await expectCode(openSource(fixtures.write("cut.csv.gz", whole.subarray(0, whole.length >> 1))), "CORRUPT_FILE");
  });

  it("NO_HEADER for a file of blank lines or an unreadable first line; TOO_MANY_COLUMNS over 2,000", async () => {
    await expectCode(openSource(fixtures.write("blank.csv", "\n \n\n")), "NO_HEADER");
    await expectCode(openSource(fixtures.write("bad-header.csv", '"name,city\n')), "NO_HEADER");
    const wide = Array.from({ length: 2_001 }, (_, i) => `c${i}`).join(",");
    await expectCode(openSource(fixtures.write("wide.csv", `${wide}\n`)), "TOO_MANY_COLUMNS");
    const wideJson = JSON.stringify([Object.fromEntries(Array.from({ length: 2_001 }, (_, i) => [`k${i}`, i]))]);
    await expectCode(openSource(fixtures.write("wide.json", wideJson)), "TOO_MANY_COLUMNS");
  });
});

describe("format detection: content first, extension second", () => {
  it("reads CSV content named .xlsx as CSV", async () => {
    const source = await openSource(fixtures.write("report.xlsx", "name,city\nA,Paris\n"));
    expect(source.format).toBe("csv");
    expect(pickRecords(await collectItems(source))).toEqual([{ line: 2, values: { name: "A", city: "Paris" } }]);
  });

  it("refuses PNG bytes named .csv, binary garbage, and an HTML page named .xls", async () => {
    const png = await expectCode(openSource(fixtures.write("photo.csv", PNG)), "UNSUPPORTED_FORMAT");
    expect(png.message).toContain("PNG image");
    const garbage = Buffer.alloc(4096);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
    await expectCode(openSource(fixtures.write("garbage.csv", garbage)), "UNSUPPORTED_FORMAT");
    await expectCode(openSource(fixtures.write("export.xls", "<html><table><tr><td>a</td></tr></table></html>")), "UNSUPPORTED_FORMAT");
    await expectCode(openSource(fixtures.write("doc.pdf", "%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n")), "UNSUPPORTED_FORMAT");
    // A few NUL bytes are binary too, though fewer than the 8 control characters a longer sample needs.
    await expectCode(openSource(fixtures.write("nul.csv", Buffer.alloc(1))), "UNSUPPORTED_FORMAT");
  });

  it("rejects a JSON record nested more than 32 levels as one row, and reads the next records", async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const items = await collectItems(await openSource(fixtures.write("deep.ndjson", `{"name":"A"}\n{"name":"B","x":${deep}}\n{"name":"C"}\n`)));
    expect(pickRecords(items).map((record) => record.values.name)).toEqual(["A", "C"]);
    expect(pickErrors(items)).toMatchObject([{ line: 2, code: "NESTED_TOO_DEEP" }]);
  });

  it("keeps a CSV whose first header is [id] as CSV, unless the name says JSON", async () => {
    const csv = await openSource(fixtures.write("brackets.csv", "[id],[name]\n1,A\n"));
    expect(csv.format).toBe("csv");
    expect(csv.headers).toEqual(["[id]", "[name]"]);
    await csv.close();
  });

  it("uses fileName (an upload's original name) in messages", async () => {
    const temp = fixtures.write("upload-7f3a", "");
    const error = await expectCode(openSource(temp, { fileName: "Restaurants Paris.csv" }), "FILE_EMPTY");
    expect(error.message).toContain('"Restaurants Paris.csv"');
  });
});

describe("lifecycle", () => {
  it("close() is idempotent and ends iteration quietly", async () => {
    const source = await openSource(fixtures.write("close.csv", `a,b\n${"1,2\n".repeat(10_000)}`));
    let count = 0;
    for await (const item of source.items) {
      if (item.kind === "record" && ++count === 5) {
        await source.close();
        await source.close();
      }
    }
    expect(count).toBe(5);
  });

  it("an abort signal stops iteration with the abort reason", async () => {
    const controller = new AbortController();
    const source = await openSource(fixtures.write("abort.csv", `a,b\n${"1,2\n".repeat(10_000)}`), { signal: controller.signal });
    const reason = new Error("operator cancelled");
    let count = 0;
    const run = async () => {
      for await (const item of source.items) {
        if (item.kind === "record" && ++count === 3) controller.abort(reason);
      }
    };
    await expect(run()).rejects.toBe(reason);
    expect(count).toBe(3);
  });
});

describe("streaming", () => {
  it("reads a 200,000-row CSV with flat memory", async () => {
    const row = (i: number) =>
      `"Business ${i}","${i} Main Street, Springfield",+1 555 ${String(i).padStart(7, "0")},4.${i % 10},"Open 9AM-5PM; closed Sunday",https://example.com/${i}\n`;
    const file = path.join(fixtures.dir, "big.csv");
    const out = fs.openSync(file, "w");
    fs.writeSync(out, "name,address,phone,rating,hours,website\n");
    for (let start = 0; start < 200_000; start += 10_000) {
      fs.writeSync(out, Array.from({ length: 10_000 }, (_, k) => row(start + k)).join(""));
    }
    fs.closeSync(out);

    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const started = performance.now();
    const source = await openSource(file);
    let records = 0;
    let errors = 0;
    for await (const item of source.items) {
      if (item.kind === "record") records++;
      else errors++;
      if ((records & 0x3fff) === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(records).toBe(200_000);
    expect(errors).toBe(0);
    expect(peak - rssBefore).toBeLessThan(100 * 1024 * 1024);
    console.log(
      `CSV: 200,000 rows (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(2)} s = ${Math.round(records / seconds).toLocaleString("en")} rows/s, rss growth ${((peak - rssBefore) / 1024 / 1024).toFixed(1)} MB`,
    );
  }, 30_000);

  it("keeps reading after errors in a large file without losing records", async () => {
    const lines = ["id,name"];
    for (let i = 0; i < 20_000; i++) lines.push(i % 1_000 === 500 ? `${i},"broken` : `${i},n${i}`);
    const source = await openSource(fixtures.write("errors.csv", `${lines.join("\n")}\n`));
    const items = await collectItems(source);
    expect(pickRecords(items)).toHaveLength(19_980);
    expect(pickErrors(items).map((error) => error.line)).toEqual(Array.from({ length: 20 }, (_, k) => k * 1_000 + 502));
  });
});
