// Races an operator can cause → one correct final state: two `directory import` processes on overlapping files at
// once (every business once, each counted inserted by exactly one run), and an import while the administrator
// deletes every business (whole batches on either side of the delete, nothing half-written, counts == recount).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { countAggregateDrift, fingerprintBusinesses, type BusinessFingerprint } from "../../db/testing/consistency.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { deleteAllBusinesses } from "../../db/writes/admin-businesses.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import { IMPORT_WRITE_LOCK } from "../../db/writes/import-batch.ts";
import { importFile } from "../pipeline/import/import-file.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv, type CliRun } from "../testing/run-cli.ts";

const BIN = path.resolve("ingest-cli/bin/directory.mjs");
const ROWS = 900;
const BATCH = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunRow {
  file_name: string;
  status: string;
  inserted: number;
  updated: number;
  unchanged: number;
  overlap: boolean;
}

describe(`concurrent imports and deletes, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  const files = { all: "", first: "", second: "" };
  let expected: BusinessFingerprint;
  let identities: Set<string>;

  /** PGlite allows one process per data dir: the test opens it only while no child runs. */
  async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  }

  const reset = (handle: DatabaseHandle) =>
    handle.query("truncate businesses, import_runs restart identity cascade").then(() => refreshAggregates(handle));

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-race-"));
    files.all = path.join(dir, "all.ndjson");
    await writeGeneratedFile({ rows: ROWS, seed: 31, messy: 0, out: files.all, format: "ndjson" });
    // Two files sharing a third of their rows: lines 1–600 and 301–900.
    const lines = fs
      .readFileSync(files.all, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "");
    expect(lines).toHaveLength(ROWS);
    files.first = path.join(dir, "first.ndjson");
    files.second = path.join(dir, "second.ndjson");
    fs.writeFileSync(files.first, `${lines.slice(0, 600).join("\n")}\n`);
    fs.writeFileSync(files.second, `${lines.slice(300).join("\n")}\n`);
    // The reference: every row of both files, imported once without any race.
    await withDatabase(async (handle) => {
      const outcome = await importFile(handle, files.all, { batchSize: BATCH, searchEngine: null });
      expect(outcome.status).toBe("succeeded");
      expected = await fingerprintBusinesses(handle);
      identities = new Set((await handle.query<{ key: string }>("select identity_key as key from businesses")).map((row) => row.key));
      await reset(handle);
    });
    expect(expected.n).toBe(ROWS);
  }, 180_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const importArgs = (file: string) => ["import", file, "--batch-size", String(BATCH), "--json"];

  async function runs(handle: DatabaseHandle): Promise<RunRow[]> {
    return handle.query<RunRow>(
      `select r.file_name, r.status, r.inserted_count as inserted, r.updated_count as updated, r.unchanged_count as unchanged,
              exists (select 1 from import_runs o where o.id <> r.id and o.started_at < r.finished_at and r.started_at < o.finished_at) as overlap
         from import_runs r order by r.file_name`,
    );
  }

  async function expectUnionStored(handle: DatabaseHandle): Promise<void> {
    expect(await fingerprintBusinesses(handle)).toEqual(expected);
    expect(await countAggregateDrift(handle)).toBe(0);
    const stored = await runs(handle);
    expect(stored.every((run) => run.status === "succeeded")).toBe(true);
    // Every business was inserted by exactly one run; the other run found the shared rows stored and unchanged.
    expect(stored.reduce((sum, run) => sum + run.inserted, 0)).toBe(ROWS);
    expect(stored.reduce((sum, run) => sum + run.unchanged, 0)).toBe(300);
    expect(stored.reduce((sum, run) => sum + run.updated, 0)).toBe(0);
  }

  it.runIf(testDriver() === "postgres")(
    "two imports of overlapping files at once store every business exactly once",
    { timeout: 180_000 },
    async () => {
      await withDatabase(async (handle) => {
        await reset(handle);
        if (!handle.sql) throw new Error("the postgres handle has no client");
        // The test holds the batch lock until both processes have opened their runs, so their batches must interleave
        // however unevenly a loaded machine starts them.
        const gate = await handle.sql.reserve();
        await gate`select pg_advisory_lock(${IMPORT_WRITE_LOCK})`;
        const both = Promise.all([
          runDirectory(importArgs(files.first), { env, timeoutMs: 150_000 }),
          runDirectory(importArgs(files.second), { env, timeoutMs: 150_000 }),
        ]);
        try {
          for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(20)) {
            const [row] = await handle.query<{ n: number }>("select count(*)::int as n from import_runs");
            if (row?.n === 2) break;
          }
        } finally {
          await gate`select pg_advisory_unlock(${IMPORT_WRITE_LOCK})`;
          gate.release();
        }
        const [first, second] = await both;
        expect(first.code, first.stderr).toBe(0);
        expect(second.code, second.stderr).toBe(0);
        await expectUnionStored(handle);
        expect((await runs(handle)).every((run) => run.overlap)).toBe(true);
      });
    },
  );

  it.runIf(testDriver() === "pglite")(
    "a second import process on the embedded database is refused, and a re-run completes the union",
    { timeout: 180_000 },
    async () => {
      await withDatabase(reset);
      const answers = await Promise.all([
        runDirectory(importArgs(files.first), { env, timeoutMs: 150_000 }),
        runDirectory(importArgs(files.second), { env, timeoutMs: 150_000 }),
      ]);
      const refused = answers.flatMap((answer, index): Array<{ answer: CliRun; file: string }> =>
        answer.code === 0 ? [] : [{ answer, file: index === 0 ? files.first : files.second }],
      );
      // Usually one loses the data dir lock; if one finished before the other opened it, both succeed.
      expect(refused.length).toBeLessThanOrEqual(1);
      for (const { answer, file } of refused) {
        expect(answer.code).toBe(1);
        expect(answer.stdout + answer.stderr).toContain("DATA_DIR_LOCKED");
        const again = await runDirectory(importArgs(file), { env, timeoutMs: 150_000 });
        expect(again.code, again.stderr).toBe(0);
      }
      await withDatabase(expectUnionStored);
    },
  );

  it.runIf(testDriver() === "postgres")(
    "an import while every business is deleted keeps whole batches on either side of the delete",
    { timeout: 180_000 },
    async () => {
      await withDatabase(async (handle) => {
        await reset(handle);
        const child = spawn(process.execPath, [BIN, ...importArgs(files.all)], {
          env: { ...process.env, DATABASE_URL: env.DATABASE_URL, MEILI_URL: "" },
          stdio: ["ignore", "ignore", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (chunk) => (stderr += chunk));
        const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
        // Delete while the import is a third of the way through.
        for (;;) {
          const [row] = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
          if ((row?.n ?? 0) >= ROWS / 3 || child.exitCode !== null) break;
          await sleep(10);
        }
        const { count: deleted } = await deleteAllBusinesses(handle, "test");
        expect(await exited, stderr).toBe(0);

        // The delete saw only committed batches; every batch after it is there in full.
        expect(deleted).toBeGreaterThanOrEqual(ROWS / 3);
        expect(deleted).toBeLessThan(ROWS);
        expect(deleted % BATCH).toBe(0);
        const after = await fingerprintBusinesses(handle);
        expect(after.n).toBe(ROWS - deleted);
        expect(after.identities).toBe(after.n);
        const stored = (await handle.query<{ key: string }>("select identity_key as key from businesses")).map((row) => row.key);
        expect(stored.filter((key) => !identities.has(key))).toEqual([]);
        const [run] = await runs(handle);
        expect(run).toMatchObject({ status: "succeeded", inserted: ROWS, updated: 0, unchanged: 0 });
        expect(await countAggregateDrift(handle)).toBe(0);
      });
    },
  );
});
