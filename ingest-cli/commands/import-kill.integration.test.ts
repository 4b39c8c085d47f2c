// `directory import` SIGKILLed at named fault points (inside a batch before COMMIT, right after a batch's COMMIT,
// before the final count refresh, and on PostgreSQL inside the refresh) → only whole batches are ever stored, the
// dead run is marked interrupted at the line it committed, and a resumed run ends with exactly the rows, slugs and
// count tables of an uninterrupted import.
// The import stops itself at the point the test names (DIRECTORY_FAULT_POINT, see pipeline/import/fault-points.ts)
// and writes a marker file; the test kills it on seeing the marker, so every kill lands where it says on any machine.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { countAggregateDrift, fingerprintBusinesses, type BusinessFingerprint } from "../../db/testing/consistency.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { AGGREGATES_LOCK, refreshAggregates } from "../../db/writes/aggregates.ts";
import type { FaultPoint } from "../pipeline/import/fault-points.ts";
import { importFile } from "../pipeline/import/import-file.ts";
import { recoverInterruptedImports } from "../pipeline/import/interrupted-runs.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const BIN = path.resolve("ingest-cli/bin/directory.mjs");
const ROWS = 48;
const BATCH = 4;
const POLL_MS = 10;

interface State {
  businesses: number;
  recorded: number;
  status: string | null;
  committed: number;
}

describe(`directory import killed at fault points, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let file: string;
  let expected: BusinessFingerprint;
  /** Businesses stored after the reference's kth batch (index k). */
  const afterBatch = [0];
  let storedLines: number[] = [];

  /** The CLI's database, opened only between children: PGlite allows one process per data dir. */
  async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  const readState = (handle: DatabaseHandle) =>
    handle
      .query<State>(
        `select (select count(*)::int from businesses) as businesses,
                (select coalesce(sum(inserted_count), 0)::int from import_runs) as recorded,
                (select status from import_runs order by id desc limit 1) as status,
                (select coalesce(max(committed_through_row), 0)::int from import_runs) as committed`,
      )
      .then((rows) => rows[0] as State);

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-kill-"));
    file = path.join(dir, "businesses.csv");
    await writeGeneratedFile({ rows: ROWS, seed: 23, messy: 0.05, out: file, format: "csv" });
    // Some rows rejected (no name) and one repeated, so batches carry row issues too.
    const [header, ...lines] = fs.readFileSync(file, "utf8").trimEnd().split("\n");
    const damaged = lines.map((line, index) => (index % 9 === 4 && !line.startsWith('"') ? line.slice(line.indexOf(",")) : line));
    fs.writeFileSync(file, [header, ...damaged, lines[2]].join("\n") + "\n");
    // The reference: the same file and batch size, never interrupted, each batch's totals noted; then emptied.
    await withDatabase(async (handle) => {
      let runId = 0;
      const outcome = await importFile(handle, file, {
        batchSize: BATCH,
        searchEngine: null,
        onRunStarted: (run) => (runId = run.runId),
        onProgress: (progress) => afterBatch.push(progress.inserted),
      });
      expect(outcome.status).toBe("succeeded");
      expected = await fingerprintBusinesses(handle, { withSlugs: true });
      expect(expected.n).toBe(outcome.counters.inserted);
      expect(runId).toBeGreaterThan(0);
      // Lines of the rows that were stored (the header is line 1): a batch commits through its last stored row.
      const notStored = await handle.query<{ line: number }>(
        "select distinct line_number::int as line from import_row_issues where run_id = $1 and severity <> 'warning'",
        [runId],
      );
      const skip = new Set(notStored.map((row) => row.line));
      storedLines = Array.from({ length: lines.length + 1 }, (_, index) => index + 2).filter((line) => !skip.has(line));
      await handle.query("truncate businesses, import_runs restart identity cascade");
      await refreshAggregates(handle);
    });
    // Enough batches for every kill below, each of BATCH stored rows (the last one may hold fewer).
    expect(afterBatch.length - 1).toBeGreaterThanOrEqual(8);
    expect(afterBatch.slice(0, -1)).toEqual(afterBatch.slice(0, -1).map((_, k) => k * BATCH));
    expect(storedLines).toHaveLength(expected.n);
    expect(expected.n).toBeLessThan(ROWS);
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `directory import --resume` until it stops at `point`, then kills it there. */
  async function killAt(point: FaultPoint): Promise<void> {
    const marker = path.join(dir, `fault-${point.replace(":", "-")}-${Date.now()}`);
    const child = spawn(process.execPath, [BIN, "import", file, "--batch-size", String(BATCH), "--resume"], {
      env: { ...process.env, ...env, DIRECTORY_FAULT_POINT: point, DIRECTORY_FAULT_MARKER: marker } as NodeJS.ProcessEnv,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    while (!fs.existsSync(marker) && child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const reached = fs.existsSync(marker);
    child.kill("SIGKILL");
    await exited;
    expect(reached, `the import never reached ${point}: ${stderr}`).toBe(true);
    expect(fs.readFileSync(marker, "utf8")).toBe(`${child.pid} ${point}\n`);
    expect(child.signalCode).toBe("SIGKILL");
  }

  /**
   * After a kill: rows and the run's counters agree (they commit in one transaction), exactly `batches` of the
   * reference's batches are stored, the run's resume line is the last stored row's, and recovery marks the dead run
   * interrupted there.
   */
  async function expectWholeBatches(batches: number): Promise<void> {
    const stored = afterBatch[batches] as number;
    const committedThrough = batches === 0 ? 0 : storedLines[stored - 1];
    await withDatabase(async (handle) => {
      const state = await readState(handle);
      expect(state).toEqual({ businesses: stored, recorded: stored, status: "running", committed: committedThrough });
      // NOTE: on PostgreSQL the killed session's run lock goes when the server notices the closed socket.
      for (const deadline = Date.now() + 15_000; (await readState(handle)).status === "running" && Date.now() < deadline;) {
        await recoverInterruptedImports(handle, { refreshCounts: false });
        if ((await readState(handle)).status === "running") await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      expect(await readState(handle)).toEqual({ ...state, status: "interrupted" });
    });
  }

  it("leaves whole batches after every kill and finishes with exactly the uninterrupted result", { timeout: 300_000 }, async () => {
    // Inside the first batch: its rows merged, not committed.
    await killAt("batch-before-commit:1");
    await expectWholeBatches(0);
    // Right after the second batch's commit.
    await killAt("batch-after-commit:2");
    await expectWholeBatches(2);
    // The resumed run commits batches 3 and 4, then dies inside batch 5 before its COMMIT.
    await killAt("batch-before-commit:3");
    await expectWholeBatches(4);

    // Every row in, the counts not rebuilt: the run is not closed before its refresh (it never shows "succeeded"
    // with stale counts), so recovery marks it interrupted and the resumed run below repairs the counts.
    await killAt("before-refresh");
    await withDatabase(async (handle) => {
      expect(await readState(handle)).toMatchObject({ businesses: expected.n, recorded: expected.n, status: "running" });
      expect(await countAggregateDrift(handle)).toBeGreaterThan(0);
    });

    if (testDriver() === "postgres") {
      // Inside the refresh transaction: it waits for the count lock this test holds, so the kill lands inside it.
      await withDatabase(async (handle) => {
        if (!handle.sql) throw new Error("the postgres handle has no client");
        const locker = await handle.sql.reserve();
        await locker`select pg_advisory_lock(${AGGREGATES_LOCK})`;
        try {
          const child = spawn(process.execPath, [BIN, "import", file, "--batch-size", String(BATCH), "--resume"], {
            env: { ...process.env, ...env } as NodeJS.ProcessEnv,
            stdio: "ignore",
          });
          const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
          let waiting = false;
          while (!waiting && child.exitCode === null && child.signalCode === null) {
            const [row] = await handle.query<{ waiting: boolean }>(
              "select exists (select 1 from pg_locks where locktype = 'advisory' and not granted and objid = $1) as waiting",
              [AGGREGATES_LOCK],
            );
            waiting = row?.waiting === true;
            if (!waiting) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          }
          child.kill("SIGKILL");
          await exited;
          expect(waiting, "the import reached the count refresh").toBe(true);
        } finally {
          await locker`select pg_advisory_unlock(${AGGREGATES_LOCK})`;
          locker.release();
        }
        expect(await countAggregateDrift(handle)).toBeGreaterThan(0);
      });
    }

    // An uninterrupted resumed run finishes the job exactly.
    const finish = await runDirectory(["import", file, "--batch-size", String(BATCH), "--resume", "--json"], { env, timeoutMs: 120_000 });
    // Exit 2: the run succeeded with rejected rows (the nameless ones).
    expect(finish.code, finish.stderr).toBe(2);
    expect(JSON.parse(finish.stdout)).toMatchObject([{ status: "succeeded" }]);
    await withDatabase(async (handle) => {
      expect(await fingerprintBusinesses(handle, { withSlugs: true })).toEqual(expected);
      expect(await readState(handle)).toMatchObject({ businesses: expected.n, recorded: expected.n, status: "succeeded" });
      expect(await countAggregateDrift(handle)).toBe(0);
      const [runs] = await handle.query<{ runs: number; unfinished: number }>(
        "select count(*)::int as runs, count(*) filter (where status <> 'succeeded')::int as unfinished from import_runs",
      );
      // Every kill, the ones before and inside the count refresh included, was resumed into the one run.
      expect(runs).toEqual({ runs: 1, unfinished: 0 });
    });
  });
});
