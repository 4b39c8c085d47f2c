import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import type { SearchEngine } from "../../../search/engine.ts";
import { PostgresSearchEngine } from "../../../search/postgres.ts";
import { importFile, NO_DATA_ROWS_MESSAGE } from "./import-file.ts";

/** The PostgreSQL engine with its index calls recorded: what an import tells whichever engine is active. */
class RecordingEngine extends PostgresSearchEngine implements SearchEngine {
  readonly indexed: number[][] = [];
  override async indexBusinesses(ids: number[]): Promise<void> {
    this.indexed.push([...ids]);
  }
}

const HEADERS = [
  "name",
  "category",
  "type",
  "full_address",
  "city",
  "country_code",
  "phone",
  "latitude",
  "longitude",
  "rating",
  "reviews",
  "working_hours",
  "about",
  "verified",
  "place_id",
  "site",
];

function row(i: number, overrides: Partial<Record<string, string>> = {}): string[] {
  const base: Record<string, string> = {
    name: `Test Bakery ${i}`,
    category: "bakeries",
    type: "Bakery",
    full_address: `${i} Main Street, 10115 Berlin, Germany`,
    city: "Berlin",
    country_code: "DE",
    phone: `+49 30 ${String(1000000 + i)}`,
    // Inside Berlin whatever i is: the city resolver checks a city name against the coordinates.
    latitude: String(52.5 + (i % 1000) / 100000),
    longitude: String(13.4 + (i % 1000) / 100000),
    rating: "4.5",
    reviews: "56.0",
    working_hours: JSON.stringify({ Monday: "Closed", Tuesday: "7AM-6PM" }),
    about: JSON.stringify({ "Service options": { Takeout: true } }),
    verified: "True",
    place_id: `ChIJtest${String(i).padStart(6, "0")}`,
    site: `https://bakery${i}.example.com`,
    ...overrides,
  };
  return HEADERS.map((h) => base[h] ?? "");
}

let dir: string;
function writeCsv(name: string, rows: string[][]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, stringify([HEADERS, ...rows]));
  return file;
}

describe(`importFile on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-import-"));
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const count = async (where = "true") => (await handle.query<{ n: number }>(`select count(*)::int as n from businesses where ${where}`))[0]?.n;

  it("imports rows, skips in-file repeats, rejects bad rows with line numbers, and reports in the spec's shapes", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => row(i));
    rows.push(row(3)); // line 32 repeats line 5
    rows.push(row(99, { name: "None" })); // line 33: no name
    const file = writeCsv("first.csv", rows);
    const rejectedCsv = path.join(dir, "rejected.csv");
    const outcome = await importFile(handle, file, { batchSize: 7, rejectedCsvPath: rejectedCsv });
    expect(outcome.status).toBe("succeeded");
    expect(outcome.counters).toMatchObject({ totalRows: 32, inserted: 30, updated: 0, unchanged: 0 });
    expect(outcome.counters.skipped.count).toBe(1);
    expect(outcome.counters.rejected).toEqual({
      count: 1,
      rows: [{ line: 33, field: "name", reason: "every business needs a name", code: "NAME_REQUIRED" }],
    });
    expect(outcome.batch.duplicateAnalysis).toMatchObject({
      totalRecords: 32,
      excelDuplicateCount: 1,
      excelDuplicateRecords: [{ line: 32, firstLine: 5, name: "Test Bakery 3" }],
    });
    expect(outcome.batch.columnExtraction.extractedCount).toBeGreaterThanOrEqual(14);
    expect(outcome.single).toMatchObject({ success: true, totalRows: 32, successCount: 30, errorCount: 1, skippedCount: 1 });
    expect(outcome.dashboard.summary).toMatchObject({ fileName: "first.csv", totalRecords: 32 });
    expect(await count()).toBe(30);
    // Stored run with per-row issues, and the rejected-rows CSV keeps the original columns plus the reason.
    const [run] = await handle.query<{
      status: string;
      total_rows: number;
      inserted_count: number;
      rejected_count: number;
      committed_through_row: number;
    }>("select status, total_rows, inserted_count, rejected_count, committed_through_row from import_runs where id = $1", [outcome.runId]);
    expect(run).toEqual({ status: "succeeded", total_rows: 32, inserted_count: 30, rejected_count: 1, committed_through_row: 33 });
    const issues = await handle.query<{ line_number: number; severity: string; code: string }>(
      "select line_number, severity, code from import_row_issues where run_id = $1 and severity <> 'warning' order by line_number",
      [outcome.runId],
    );
    expect(issues).toEqual([
      { line_number: 32, severity: "skipped", code: "DUPLICATE_IN_FILE" },
      { line_number: 33, severity: "rejected", code: "NAME_REQUIRED" },
    ]);
    const rejected = fs.readFileSync(rejectedCsv, "utf8").trim().split("\r\n");
    expect(rejected[0]).toBe([...HEADERS, "line", "field", "reason"].join(","));
    expect(rejected[1]).toContain(",33,name,every business needs a name");
    // Aggregates were refreshed.
    const [totals] = await handle.query<{ value: number }>("select value::int as value from site_totals where key = 'businesses'");
    expect(totals?.value).toBe(30);
  });

  it("counts an identical re-import as unchanged and rewrites nothing", async () => {
    const before = await handle.query<{ updated_at: string }>("select max(updated_at)::text as updated_at from businesses");
    const outcome = await importFile(handle, path.join(dir, "first.csv"), { batchSize: 500 });
    expect(outcome.counters).toMatchObject({ inserted: 0, updated: 0, unchanged: 30 });
    expect(outcome.batch.duplicateAnalysis.databaseDuplicateCount).toBe(30);
    const after = await handle.query<{ updated_at: string }>("select max(updated_at)::text as updated_at from businesses");
    expect(after).toEqual(before);
  });

  it("updates changed rows, or leaves them with --on-duplicate skip", async () => {
    const changed = writeCsv("changed.csv", [row(1, { phone: "+49 30 999" }), row(2), row(500)]);
    const skipped = await importFile(handle, changed, { onDuplicate: "skip" });
    expect(skipped.counters).toMatchObject({ inserted: 1, updated: 0 });
    expect(skipped.counters.skipped).toEqual({ count: 2, names: ["Test Bakery 1", "Test Bakery 2"] });
    expect((await handle.query<{ phone: string }>("select phone from businesses where place_id = 'ChIJtest000001'"))[0]?.phone).toBe(
      "+49 30 1000001",
    );
    const updated = await importFile(handle, changed);
    expect(updated.counters).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    expect((await handle.query<{ phone: string }>("select phone from businesses where place_id = 'ChIJtest000001'"))[0]?.phone).toBe("+49 30 999");
  });

  it("validates without writing anything", async () => {
    const file = writeCsv("dry.csv", [row(700), row(701), row(1, { phone: "+49 1" }), row(702, { name: "" })]);
    const before = await count();
    const runs = (await handle.query<{ n: number }>("select count(*)::int as n from import_runs"))[0]?.n;
    const outcome = await importFile(handle, file, { dryRun: true });
    expect(outcome.runId).toBeNull();
    expect(outcome.counters).toMatchObject({ totalRows: 4, inserted: 2, updated: 1 });
    expect(outcome.counters.rejected.count).toBe(1);
    expect(await count()).toBe(before);
    expect((await handle.query<{ n: number }>("select count(*)::int as n from import_runs"))[0]?.n).toBe(runs);
  });

  it("resumes an interrupted run after its last committed batch, with no duplicates", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(1000 + i));
    const file = writeCsv("resume.csv", rows);
    const controller = new AbortController();
    const interrupted = await importFile(handle, file, {
      batchSize: 10,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.committedRows >= 10) controller.abort();
      },
    });
    expect(interrupted.status).toBe("cancelled");
    const saved = await count("place_id like 'ChIJtest001%'");
    expect(saved).toBeGreaterThanOrEqual(10);
    expect(saved).toBeLessThan(40);
    expect(saved! % 10).toBe(0);
    const resumed = await importFile(handle, file, { batchSize: 10, resume: true });
    expect(resumed.runId).toBe(interrupted.runId);
    expect(resumed.resumedFromRow).toBe(saved! + 1);
    expect(resumed.status).toBe("succeeded");
    expect(resumed.counters).toMatchObject({ totalRows: 40, inserted: 40 });
    expect(await count("place_id like 'ChIJtest001%'")).toBe(40);
  });

  it("keeps two overlapping imports running at once correct", async () => {
    const a = writeCsv(
      "a.csv",
      Array.from({ length: 60 }, (_, i) => row(2000 + i)),
    );
    const b = writeCsv(
      "b.csv",
      Array.from({ length: 60 }, (_, i) => row(2030 + i)),
    );
    const [ra, rb] = await Promise.all([importFile(handle, a, { batchSize: 10 }), importFile(handle, b, { batchSize: 10 })]);
    expect(ra.status).toBe("succeeded");
    expect(rb.status).toBe("succeeded");
    expect(ra.counters.inserted + rb.counters.inserted).toBe(90);
    expect(await count("place_id like 'ChIJtest002%'")).toBe(90);
    const slugs = await handle.query<{ n: number }>("select count(distinct slug)::int as n from businesses");
    expect(slugs[0]?.n).toBe(await count());
  });

  it("gives same-name businesses in one city unique slugs", async () => {
    const file = writeCsv("same-name.csv", [
      row(3000, { name: "Twin Bakery" }),
      row(3001, { name: "Twin Bakery" }),
      row(3002, { name: "Twin Bakery" }),
    ]);
    await importFile(handle, file);
    const slugs = (await handle.query<{ slug: string }>("select slug from businesses where name = 'Twin Bakery' order by id")).map((r) => r.slug);
    expect(slugs[0]).toBe("twin-bakery-berlin");
    expect(new Set(slugs).size).toBe(3);
    for (const slug of slugs.slice(1)) expect(slug).toMatch(/^twin-bakery-berlin-[a-z0-9]{6}$/);
  });

  it("gives the same rows, rejections and line numbers when rows are prepared on worker threads", { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 700 }, (_, i) => row(5000 + i, i % 50 === 7 ? { name: "None" } : i % 61 === 3 ? { rating: "7" } : {}));
    rows.push(row(5010)); // repeats line 12
    const inline = writeCsv("inline.csv", rows);
    const pooled = writeCsv(
      "pooled.csv",
      rows.map((cells) => cells.map((cell) => cell.replace("Test Bakery", "Pool Bakery").replace("ChIJtest", "ChIJpool"))),
    );
    const a = await importFile(handle, inline, { batchSize: 100, workers: 0 });
    const b = await importFile(handle, pooled, { batchSize: 100, workers: 2 });
    expect(b.status).toBe("succeeded");
    const strip = (outcome: typeof a) => ({
      ...outcome.counters,
      fileName: "",
      startedAt: 0,
      finishedAt: 0,
      skipped: { ...outcome.counters.skipped, names: outcome.counters.skipped.names.map((n) => n.replace("Pool", "Test")) },
      excelDuplicates: {
        count: outcome.counters.excelDuplicates.count,
        lines: outcome.counters.excelDuplicates.records.map((r) => [r.line, r.firstLine]),
      },
    });
    expect(strip(b)).toEqual(strip(a));
    expect(b.counters.rejected.rows.map((r) => r.line)).toEqual([9, 59, 109, 159, 209, 259, 309, 359, 409, 459, 509, 559, 609, 659]);
    expect(b.counters.excelDuplicates.records).toEqual([{ line: 702, name: "Pool Bakery 5010", placeId: "ChIJpool005010", firstLine: 12 }]);
    const issues = (runId: number | null) =>
      handle.query<{ line_number: number; severity: string; code: string }>(
        "select line_number, severity, code from import_row_issues where run_id = $1 order by line_number, code",
        [runId],
      );
    expect(await issues(b.runId)).toEqual(await issues(a.runId));
    const stored = (prefix: string) =>
      handle.query<{ slug: string; content_hash: string; hours: string }>(
        `select replace(slug, 'pool', 'test') as slug, working_hours::text as hours, rank_score::text as content_hash from businesses where name like '${prefix} Bakery 5___' order by id`,
      );
    expect(await stored("Pool")).toEqual(await stored("Test"));
  });

  it("tells the search engine which businesses each batch wrote, and nothing for unchanged rows", async () => {
    const engine = new RecordingEngine({ handle });
    const file = writeCsv("indexed.csv", [row(6000), row(6001), row(6002)]);
    const first = await importFile(handle, file, { batchSize: 2, searchEngine: engine });
    const ids = (await handle.query<{ id: number }>("select id::float8 as id from businesses where place_id like 'ChIJtest00600%' order by id")).map(
      (r) => r.id,
    );
    expect(first.counters.inserted).toBe(3);
    expect(engine.indexed).toEqual([ids.slice(0, 2), ids.slice(2)]);
    engine.indexed.length = 0;
    await importFile(handle, file, { searchEngine: engine });
    expect(engine.indexed).toEqual([]);
    await importFile(handle, writeCsv("indexed-changed.csv", [row(6000), row(6001, { phone: "+49 30 5" }), row(6002)]), { searchEngine: engine });
    expect(engine.indexed).toEqual([[ids[1]]]);
    engine.indexed.length = 0;
    await importFile(handle, writeCsv("indexed-dry.csv", [row(6003)]), { dryRun: true, searchEngine: engine });
    expect(engine.indexed).toEqual([]);
  });

  it("refuses unsupported and oversized files with a clear error", async () => {
    const png = path.join(dir, "image.csv");
    fs.writeFileSync(png, Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"));
    await expect(importFile(handle, png)).rejects.toMatchObject({ code: "UNSUPPORTED_FORMAT" });
    await expect(importFile(handle, path.join(dir, "first.csv"), { maxBytes: 100 })).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    await expect(importFile(handle, path.join(dir, "missing.csv"))).rejects.toMatchObject({ code: "FILE_NOT_FOUND" });
  });

  it("names a file with a header and no data rows in its report instead of a bare 0 rows", async () => {
    const outcome = await importFile(handle, writeCsv("header-only.csv", []));
    expect(outcome.status).toBe("succeeded");
    expect(outcome.counters.totalRows).toBe(0);
    expect(outcome.batch.message).toBe(NO_DATA_ROWS_MESSAGE);
    expect(outcome.single.message).toBe(NO_DATA_ROWS_MESSAGE);
  });

  it("stores a run whose header, rejected rows and JSON keys hold NUL bytes (PostgreSQL text refuses them)", async () => {
    const csv = path.join(dir, "nul.csv");
    fs.writeFileSync(csv, "na\0me,addr\0ess\r\nNul Header Shop,1 Road\r\n,2 R\0oad\r\n");
    const fromCsv = await importFile(handle, csv);
    expect(fromCsv).toMatchObject({ status: "succeeded", counters: { inserted: 1, rejected: { count: 1 } } });
    const json = path.join(dir, "nul.json");
    fs.writeFileSync(json, '[{"name":"Nul Key Shop","a\\u0000b":"x"},{"na\\u0000me":"\\u0000"}]');
    const fromJson = await importFile(handle, json);
    expect(fromJson).toMatchObject({ status: "succeeded", counters: { inserted: 1, rejected: { count: 1 } } });
    const [issues] = await handle.query<{ count: number }>(
      "select count(*)::int as count from import_row_issues where run_id in ($1, $2) and severity = 'rejected'",
      [fromCsv.runId, fromJson.runId],
    );
    expect(issues?.count).toBe(2);
  });
});
