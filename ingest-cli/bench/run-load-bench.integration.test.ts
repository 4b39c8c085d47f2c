import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivatePostgres, type PrivatePostgres } from "../../db/testing/private-postgres.ts";
import { startStreamingReplica, type StreamingReplica } from "../../db/testing/streaming-replica.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { seedDemoData } from "../pipeline/demo-seed.ts";
import { formatLoadBenchTable, isLoadRunClean, listLoadRunProblems, runLoadBench } from "./run-load-bench.ts";

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

// Two hosts reading from a streaming replica of a private cluster (a base backup of the shared server would copy every
// database on it): the load is dealt to both, an admin change through one shows on the other, the replica serves reads.
describe.runIf(testDriver() === "postgres")("directory bench --suite load --hosts 2 --read-database-url", () => {
  let primary: PrivatePostgres | null = null;
  let replica: StreamingReplica | null = null;
  let primaryUrl = "";

  beforeAll(async () => {
    primary = await startPrivatePostgres();
    if (!primary) {
      if (process.env.CI) throw new Error("CI needs the PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) for the replica load test");
      console.warn("Load bench with hosts and a replica SKIPPED: no PostgreSQL server binaries installed.");
      return;
    }
    const setup = postgres(primary.url, { max: 1, onnotice: () => {} });
    await setup.unsafe("create database directory");
    await setup.end();
    primaryUrl = primary.url.replace(/\/postgres$/, "/directory");
    // Real (imported) businesses: the demo seed's would be hidden by the import the load runs.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "directory-load-hosts-")), "businesses.csv");
    for (const args of [
      ["generate", "--rows", "300", "--format", "csv", "--seed", "7", "--out", file],
      ["import", file],
    ]) {
      const run = spawnSync(process.execPath, [CLI_PATH, ...args], {
        env: { ...process.env, DATABASE_URL: primaryUrl, DATA_DIR: "" },
        encoding: "utf8",
      });
      expect(run.status, `${args.join(" ")}: ${run.stderr}`).toBe(0);
    }
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    replica = await startStreamingReplica(primary.url);
    if (!replica) throw new Error("server binaries found for the primary but not for the replica");
  }, 240_000);
  afterAll(() => {
    replica?.stop();
    primary?.stop();
  });

  it(
    "deals the load to both hosts, sees every admin change on the other host within 2 s, and reads from the replica",
    { timeout: 180_000 },
    async () => {
      if (!primary || !replica) return;
      const sql = postgres(primaryUrl, { max: 1, onnotice: () => {} });
      try {
        const empty = { head_tags: "", footer_tags: "", analytics_code: "", facebook_pixel: "" };
        const siteCode = async () => (await sql`select head_tags, footer_tags, analytics_code, facebook_pixel from site_settings`)[0] ?? empty;
        const settingsBefore = await siteCode();
        const report = await runLoadBench({
          databaseUrl: primaryUrl,
          cliPath: CLI_PATH,
          concurrency: 4,
          seconds: 6,
          maxRequests: 3000,
          importRows: 1000,
          importAtSeconds: 0.5,
          sampleSeconds: 0.5,
          serverArgs: ["--workers", "1"],
          hosts: 2,
          readDatabaseUrl: replica.urlOf("postgres"),
          adminChangeSeconds: 4,
        });

        expect(report.errors).toEqual({ total: 0, byKind: [] });
        expect(listLoadRunProblems(report)).toEqual([]);
        expect(isLoadRunClean(report)).toBe(true);
        expect(report.hosts).toHaveLength(2);
        expect(report.hosts.map((h) => h.url)).toEqual([...new Set(report.hosts.map((h) => h.url))]);
        for (const host of report.hosts) {
          // Round-robin: each host gets half the requests (give or take the few still in flight when the run ended).
          expect(Math.abs(host.requests - report.requests / 2), `host ${host.host}`).toBeLessThanOrEqual(4);
          expect(host.errors).toBe(0);
          expect(host.stop).toBe("exited");
          expect(host.replica?.readyReplicaState, `host ${host.host}`).toMatch(/^(ok|lagging)$/);
        }
        expect(report.hosts.reduce((sum, h) => sum + h.requests, 0)).toBe(report.requests);
        // The replica served public reads during the load (directory_db_replica_reads_total{target="replica"}).
        expect(report.hosts.reduce((sum, h) => sum + (h.replica?.replicaReads ?? 0), 0)).toBeGreaterThan(0);
        expect(report.readDatabase).toMatch(/^127\.0\.0\.1:\d+\/directory$/);

        // A change at 2 s (half an interval in), perhaps another at 6 s if the load has not ended by then.
        expect(report.propagation?.changes).toBeGreaterThanOrEqual(1);
        expect(report.propagation).toMatchObject({ checks: report.propagation?.changes, failures: 0 });
        expect(report.propagation?.worstMs).toBeLessThanOrEqual(2000);
        // The settings the changes replaced are back.
        expect({ ...(await siteCode()) }).toEqual({ ...settingsBefore });

        expect(report.import).toMatchObject({ status: "succeeded", inserted: 1000 });
        expect(report.memory.processes).toBeGreaterThanOrEqual(2);

        const table = formatLoadBenchTable(report);
        expect(table).toMatch(/2 hosts round-robin/);
        expect(table).toMatch(/host 1 \(http:\/\/127\.0\.0\.1:\d+\): \d+ requests, 0 errors; reads: replica \d+, primary \d+/);
        expect(table).toMatch(/host 2 .*\/readyz .*replica (ok|lagging)/);
        expect(table).toMatch(/admin changes .*: (\d) made, \1 of \1 seen on the other host within 2000 ms, worst \d+ ms/);
        expect(table).toMatch(/read replica: 127\.0\.0\.1:\d+\/directory/);
      } finally {
        await sql.end();
      }
    },
  );
});
