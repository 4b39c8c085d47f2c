import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { seedDemoData } from "../pipeline/demo-seed.ts";
import { formatLoadBenchTable, isLoadRunClean, runLoadBench } from "./run-load-bench.ts";

const CLI_PATH = path.resolve("ingest-cli/bin/directory.mjs");

// PostgreSQL server only: the load runs the built server and a `directory import` as two processes on one
// database, and PGlite allows one process per data folder.
describe.runIf(testDriver() === "postgres")("directory bench --suite load against the built server", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemoData(db, { rows: 300 });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("serves a bounded mixed load with no failed request while a 2,000-row import runs, and reports every figure", { timeout: 120_000 }, async () => {
    const report = await runLoadBench({
      databaseUrl: db.url as string,
      cliPath: CLI_PATH,
      concurrency: 4,
      seconds: 5,
      maxRequests: 2000,
      importRows: 2000,
      importAtSeconds: 0.5,
      sampleSeconds: 0.5,
    });

    expect(report.errors).toEqual({ total: 0, byKind: [] });
    expect(isLoadRunClean(report)).toBe(true);
    expect(report.requests).toBeGreaterThan(0);
    expect(report.requests).toBeLessThanOrEqual(2000);
    expect(report.overall.requests).toBe(report.requests);
    for (const kind of report.kinds) {
      expect(kind.requests, kind.kind).toBeGreaterThan(0);
      expect(kind.p50Ms, kind.kind).toBeGreaterThan(0);
      expect(kind.p99Ms, kind.kind).toBeGreaterThanOrEqual(kind.p95Ms);
      expect(kind.p95Ms, kind.kind).toBeGreaterThanOrEqual(kind.p50Ms);
    }
    expect(report.kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["page: home", "page: business", "api: search", "api: suggest", "api: businesses"]),
    );

    expect(report.import).toMatchObject({ rows: 2000, status: "succeeded", exitCode: 0, inserted: 2000, rejected: 0 });
    expect(report.import.durationSeconds).toBeGreaterThan(0);
    const [row] = await db.query<{ n: number }>("select count(*)::int as n from businesses");
    expect(row?.n).toBe(2300);

    expect(report.memory.startBytes).toBeGreaterThan(10 * 2 ** 20);
    expect(report.memory.peakBytes).toBeGreaterThanOrEqual(report.memory.endBytes as number);
    expect(report.memory.highWaterBytes).toBeGreaterThanOrEqual(report.memory.peakBytes as number);
    expect(report.memory.processes).toBeGreaterThanOrEqual(1);
    expect(report.rssSamples.length).toBeGreaterThan(0);
    for (const sample of report.rssSamples) expect(sample.rssBytes).toBeGreaterThan(0);
    const sampleTimes = report.rssSamples.map((sample) => sample.atSeconds);
    expect(sampleTimes).toEqual([...sampleTimes].sort((a, b) => a - b));
    expect(report.soak).toMatchObject({ judged: false, stable: null });

    const table = formatLoadBenchTable(report);
    expect(table).toContain("errors: 0");
    expect(table).toMatch(/import of 2,000 rows .*: succeeded in/);
    expect(table).toMatch(/server RSS .*start .* MB, peak .* MB, end .* MB/);
  });
});
