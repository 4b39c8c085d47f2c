// `directory import` SIGKILLed at 30+ random points of whole runs (start-up and reading, between and inside
// batches, the final count refresh) → only whole batches are ever stored, and a resumed run ends with exactly the
// rows, slugs and count tables of an uninterrupted import.
// NOTE: PostgreSQL only: kill points are chosen by watching committed rows from this process while the child writes,
// which PGlite's one-process-per-data-dir rule forbids (import.integration.test.ts kills PGlite imports by time).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAggregateDrift, fingerprintBusinesses, type BusinessFingerprint } from "../../db/testing/consistency.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { AGGREGATES_LOCK, refreshAggregates } from "../../db/writes/aggregates.ts";
import { importFile } from "../pipeline/import/import-file.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { runDirectory } from "../testing/run-cli.ts";

const BIN = path.resolve("ingest-cli/bin/directory.mjs");
// NOTE: each kill inside the batches overshoots its target by the batches committed while the test polls and kills;
// with 600 rows, then 1,200 and 2,400, fast imports ran out of room before their seven kills per round.
const ROWS = 3600;
const BATCH = 50;
const ROUNDS = 4;
/** Kills aimed inside the batches per round; each round also kills once during start-up and once in the refresh. */
const BATCH_KILLS = 7;
const POLL_MS = 10;

interface State {
  businesses: number;
  recorded: number;
  status: string | null;
}

describe.runIf(testDriver() === "postgres")("directory import killed at 30+ random points", () => {
  let db: TestDatabase;
  let dir: string;
  let file: string;
  let expected: BusinessFingerprint;

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-kill-"));
    file = path.join(dir, "businesses.csv");
    await writeGeneratedFile({ rows: ROWS, seed: 23, messy: 0.05, out: file, format: "csv" });
    // The reference: the same file and batch size, never interrupted.
    const outcome = await importFile(db, file, { batchSize: BATCH, searchEngine: null });
    expect(outcome.status).toBe("succeeded");
    expected = await fingerprintBusinesses(db, { withSlugs: true });
    expect(expected.n).toBe(outcome.counters.inserted);
    expect(expected.n).toBeGreaterThan(ROWS * 0.9);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function readState(): Promise<State> {
    const [state] = await db.query<State>(
      `select (select count(*)::int from businesses) as businesses,
              (select coalesce(sum(inserted_count), 0)::int from import_runs) as recorded,
              (select status from import_runs order by id desc limit 1) as status`,
    );
    return state as State;
  }

  const drift = () => countAggregateDrift(db);

  async function reset(): Promise<void> {
    await db.query("truncate businesses, import_runs restart identity cascade");
    await refreshAggregates(db);
  }

  function startImport(): { child: ChildProcess; exited: Promise<void> } {
    const child = spawn(process.execPath, [BIN, "import", file, "--batch-size", String(BATCH), "--resume"], {
      env: { ...process.env, DATABASE_URL: db.url, MEILI_URL: "" },
      stdio: ["ignore", "ignore", "ignore"],
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    return { child, exited };
  }

  /** Polls until `ready` holds or the child exits; true when it held while the child still ran. */
  async function waitFor(child: ChildProcess, ready: (state: State) => boolean): Promise<boolean> {
    while (child.exitCode === null && child.signalCode === null) {
      if (ready(await readState())) return child.exitCode === null && child.signalCode === null;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return false;
  }

  async function kill(child: ChildProcess, exited: Promise<void>): Promise<boolean> {
    const running = child.exitCode === null && child.signalCode === null;
    if (running) child.kill("SIGKILL");
    await exited;
    return running && child.signalCode === "SIGKILL";
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const random = (max: number) => Math.floor(Math.random() * Math.max(1, max));

  it("leaves whole batches after every kill and finishes with exactly the uninterrupted result", { timeout: 600_000 }, async () => {
    const started = Date.now();
    const kills = { startup: 0, batches: 0, refresh: 0 };
    let staleAfterRefreshKill = 0;
    /** Spawn → first committed batch, measured on this machine: start-up kills land inside it. */
    let startupMs = 1500;

    for (let round = 0; round < ROUNDS; round++) {
      await reset();
      const check = async () => {
        const state = await readState();
        // Rows and the run's counters commit in one transaction: equal sums mean no partial batch was left behind.
        expect(state.businesses).toBe(state.recorded);
        expect(state.businesses).toBeLessThanOrEqual(expected.n);
        return state;
      };

      // 1. During start-up, migrations, hashing and reading, before the first batch commits.
      {
        const { child, exited } = startImport();
        await sleep(random(startupMs));
        // A slow start-up estimate can let the first batch commit first: then it counts as a kill among batches.
        if (await kill(child, exited)) kills[(await check()).businesses === 0 ? "startup" : "batches"]++;
        await check();
      }

      // 2. Inside the batches: each kill aims at a random committed-row target ahead of the last one.
      for (let attempt = 0; attempt < BATCH_KILLS; attempt++) {
        const before = (await check()).businesses;
        const { child, exited } = startImport();
        const spawnedAt = Date.now();
        // Two batches stay unwritten, so the refresh kill below always finds an import left to finish.
        const room = expected.n - before - 2 * BATCH;
        if (room <= 0) break;
        const target = before + 1 + random(room * 0.35);
        let firstCommit = 0;
        const reached = await waitFor(child, (state) => {
          if (!firstCommit && state.businesses > before) firstCommit = Date.now() - spawnedAt;
          return state.businesses >= target;
        });
        if (firstCommit) startupMs = firstCommit;
        // Somewhere inside the next batch or between two batches.
        // NOTE: a 50-row batch now commits in a few milliseconds; waiting up to 60 ms let the rest of the run (and
        // its count refresh) finish before the kill, which then found no process to kill.
        if (reached) await sleep(random(15));
        if (await kill(child, exited)) kills.batches++;
        await check();
      }

      // 3. In the final count refresh: the run is already marked succeeded and the refresh transaction waits for the
      // count lock this test holds, so the kill lands inside it for sure.
      {
        if (!db.sql) throw new Error("the postgres test database has no client");
        const locker = await db.sql.reserve();
        await locker`select pg_advisory_lock(${AGGREGATES_LOCK})`;
        try {
          const { child, exited } = startImport();
          let waiting = false;
          if (await waitFor(child, (state) => state.status === "succeeded")) {
            while (!waiting && child.exitCode === null && child.signalCode === null) {
              const [row] = await db.query<{ waiting: boolean }>(
                "select exists (select 1 from pg_locks where locktype = 'advisory' and not granted and objid = $1) as waiting",
                [AGGREGATES_LOCK],
              );
              waiting = row?.waiting === true;
              if (!waiting) await sleep(POLL_MS);
            }
          }
          if (await kill(child, exited)) {
            kills.refresh++;
            if (waiting) {
              // Every row is in, the counts are not: the resumed run below must repair them.
              expect((await readState()).businesses).toBe(expected.n);
              expect(await drift()).toBeGreaterThan(0);
              staleAfterRefreshKill++;
            }
          }
        } finally {
          await locker`select pg_advisory_unlock(${AGGREGATES_LOCK})`;
          locker.release();
        }
        await check();
      }

      // 4. An uninterrupted resumed run finishes the job exactly.
      const finish = await runDirectory(["import", file, "--batch-size", String(BATCH), "--resume", "--json"], {
        env: { DATABASE_URL: db.url, MEILI_URL: undefined },
        timeoutMs: 120_000,
      });
      expect(finish.code, finish.stderr).toBe(0);
      expect(await fingerprintBusinesses(db, { withSlugs: true })).toEqual(expected);
      expect((await check()).businesses).toBe(expected.n);
      expect(await drift()).toBe(0);
      const [runs] = await db.query<{ unfinished: number }>(
        "select count(*) filter (where status <> 'succeeded')::int as unfinished from import_runs",
      );
      expect(runs?.unfinished).toBe(0);
    }

    const total = kills.startup + kills.batches + kills.refresh;
    console.info(
      `import kill test: ${total} kills (${kills.startup} start-up, ${kills.batches} in batches, ${kills.refresh} in the refresh, ` +
        `${staleAfterRefreshKill} left stale counts for the resumed run to repair) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(total).toBeGreaterThanOrEqual(30);
    expect(kills.batches).toBeGreaterThanOrEqual(ROUNDS * BATCH_KILLS * 0.75);
    // Refresh kills that left stale counts, each repaired by the resumed run (checked per round above).
    expect(staleAfterRefreshKill).toBeGreaterThanOrEqual(ROUNDS / 2);
  });
});
