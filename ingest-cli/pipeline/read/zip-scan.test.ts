import { afterAll, describe, expect, it } from "vitest";
import { openSource, SourceError } from "./index.ts";
import { buildZip, createFixtureDir } from "../../testing/read-fixtures.ts";
import { scanZipCentralDirectory, ZIP_LIMITS } from "./zip-scan.ts";

const fixtures = createFixtureDir();
afterAll(() => fixtures.remove());

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return (error as SourceError).code;
  }
}

describe("zip central directory pre-scan", () => {
  it("lists the entries of a normal zip", async () => {
    const bytes = buildZip([
      { name: "xl/workbook.xml", data: Buffer.from("<workbook/>"), deflate: true },
      { name: "b.txt", data: Buffer.from("hello") },
    ]);
    const file = fixtures.write("ok.zip", bytes);
    const summary = await scanZipCentralDirectory(file, bytes.length, "ok.zip");
    expect(summary.entries.map((entry) => [entry.name, entry.uncompressedSize])).toEqual([
      ["xl/workbook.xml", 11],
      ["b.txt", 5],
    ]);
  });

  it("rejects one entry inflating 60 MiB of zeros (ratio > 200:1) before unzipping, quickly", async () => {
    const file = fixtures.write(
      "ratio-bomb.xlsx",
      buildZip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(60 * 1024 * 1024), deflate: true }]),
    );
    const started = performance.now();
    expect(await codeOf(openSource(file))).toBe("ZIP_BOMB");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("rejects 10,001 entries, quickly", async () => {
    const entries = Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `xl/f${i}.xml`, data: Buffer.from("x") }));
    const file = fixtures.write("count-bomb.xlsx", buildZip(entries));
    const started = performance.now();
    expect(await codeOf(openSource(file))).toBe("ZIP_BOMB");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("rejects a total declared size above 1 GiB even when no single entry breaks the ratio rule", async () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ name: `xl/part${i}.xml`, data: Buffer.from("x"), declaredSize: 40 * 1024 * 1024 }));
    const file = fixtures.write("total-bomb.xlsx", buildZip(entries));
    expect(await codeOf(openSource(file))).toBe("ZIP_BOMB");
  });

  it("accepts a large but plausible entry (ratio above 200:1 but under 50 MiB)", async () => {
    const bytes = buildZip([{ name: "xl/workbook.xml", data: Buffer.alloc(10 * 1024 * 1024), deflate: true }]);
    const file = fixtures.write("plausible.zip", bytes);
    await expect(scanZipCentralDirectory(file, bytes.length, "plausible.zip")).resolves.toMatchObject({ totalUncompressed: 10 * 1024 * 1024 });
  });

  it("reads a ZIP64 end record", async () => {
    const plain = buildZip([{ name: "xl/workbook.xml", data: Buffer.from("<workbook/>") }]);
    const end = plain.subarray(plain.length - 22);
    const directorySize = end.readUInt32LE(12);
    const directoryOffset = end.readUInt32LE(16);
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeBigUInt64LE(1n, 24);
    record.writeBigUInt64LE(1n, 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(plain.length - 22), 8);
    locator.writeUInt32LE(1, 16);
    const end64 = Buffer.from(end);
    end64.writeUInt16LE(0xffff, 8);
    end64.writeUInt16LE(0xffff, 10);
    end64.writeUInt32LE(0xffffffff, 12);
    end64.writeUInt32LE(0xffffffff, 16);
    const bytes = Buffer.concat([plain.subarray(0, plain.length - 22), record, locator, end64]);
    const file = fixtures.write("zip64.zip", bytes);
    const summary = await scanZipCentralDirectory(file, bytes.length, "zip64.zip");
    expect(summary.entries.map((entry) => entry.name)).toEqual(["xl/workbook.xml"]);
  });

  it("reports a zip without its end record as CORRUPT_FILE", async () => {
    const bytes = buildZip([{ name: "xl/workbook.xml", data: Buffer.from("<workbook/>") }]);
    const file = fixtures.write("cut.xlsx", bytes.subarray(0, bytes.length - 10));
    expect(await codeOf(openSource(file))).toBe("CORRUPT_FILE");
  });
});
