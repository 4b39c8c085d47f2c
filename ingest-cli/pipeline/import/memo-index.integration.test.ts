// The memo index (every stored memo key, read up front) is loaded only for a file that is not small beside the
// directory: a small file's rows are normalised again instead, so the importer's memory and time follow the file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import { walkImportRowKeys } from "../../../db/queries/import-row-memo.ts";
import { importFile, MEMO_INDEX_MIN_SHARE } from "./import-file.ts";
import { MEMO_PREFIX_CHARS } from "./row-memo.ts";

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

  it("reads the stored keys in one walk of the primary key, a page at a time, with no sort of the rows after each page", async () => {
    const statements: Array<{ text: string; params: unknown[] }> = [];
    const spy = {
      ...handle,
      query: <T extends object>(text: string, params: unknown[] = []) => {
        statements.push({ text, params });
        return handle.query<T>(text, params);
      },
    };
    const pages = [];
    for await (const page of walkImportRowKeys(spy, MEMO_PREFIX_CHARS)) pages.push(page);
    const entries = pages.flat();
    const stored = await handle.query<{ id: number; key: string }>("select id::float8 as id, import_row_hash as key from businesses order by id");
    expect(entries).toEqual(stored.map((row) => ({ id: Number(row.id), key: row.key.slice(0, MEMO_PREFIX_CHARS) })));
    // NOTE: the planner prefers a sequential scan of a small table; what matters is that the page's order is the
    // primary key's, which a sort by the float8 output column (the code before: 4 minutes for 5M keys) never is.
    await handle.query("set enable_seqscan = off");
    try {
      for (const { text, params } of statements) {
        const plan = await handle.query<Record<string, string>>(`explain ${text}`, params);
        const lines = plan.map((row) => Object.values(row)[0]).join("\n");
        expect(lines).toContain("businesses_pkey");
        expect(lines).not.toMatch(/\bSort\b/);
      }
    } finally {
      await handle.query("reset enable_seqscan");
    }
  });
});
