// The memo index (every stored memo key, read up front) is loaded only for a file that is not small beside the
// directory: a small file's rows are normalised again instead, so the importer's memory and time follow the file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import { importFile, MEMO_INDEX_MIN_SHARE } from "./import-file.ts";

const HEADERS = ["name", "category", "city", "country_code", "phone", "rating", "reviews", "place_id"];
const STORED = 400;

function record(i: number): string[] {
  return [
    `Memo Bakery ${i}`,
    "Bakery",
    "Berlin",
    "DE",
    `+49 30 ${String(2000000 + i)}`,
    "4.5",
    String(10 + i),
    `ChIJmemo${String(i).padStart(6, "0")}`,
  ];
}

describe(`the memo index on ${testDriver()}`, { timeout: 180_000 }, () => {
  let handle: TestDatabase;
  let dir: string;
  const writeCsv = (name: string, indexes: number[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, stringify([HEADERS, ...indexes.map(record)]));
    return file;
  };
  const all = Array.from({ length: STORED }, (_, i) => i);

  beforeAll(async () => {
    handle = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-memo-"));
    const first = await importFile(handle, writeCsv("all.csv", all), { workers: 1, searchEngine: null });
    expect(first.counters.inserted).toBe(STORED);
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reuses the stored facts of a file as big as the directory", async () => {
    const again = await importFile(handle, path.join(dir, "all.csv"), { workers: 1, searchEngine: null });
    expect(again.counters).toMatchObject({ inserted: 0, updated: 0, unchanged: STORED });
    expect(again.reusedRows).toBe(STORED);
  });

  it("does not read the stored keys for a small file: its rows are normalised again, with the same outcome", async () => {
    const small = writeCsv("small.csv", [3, 5]);
    expect(fs.statSync(small).size / 500).toBeLessThan(STORED * MEMO_INDEX_MIN_SHARE);
    const again = await importFile(handle, small, { workers: 1, searchEngine: null });
    expect(again.counters).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(again.reusedRows).toBe(0);
  });
});
