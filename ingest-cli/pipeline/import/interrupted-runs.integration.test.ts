// Recovery of import runs a dead process left `running` → interrupted with their line, counts == recount, upload kept
// under DATA_DIR (temp dir gone), audited as system; a live import (this process's, or a CLI import in another process
// on a PostgreSQL server) is never touched; resume by re-upload and discard finish the story.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAggregateDrift } from "../../../db/testing/consistency.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import { createImportRun } from "../../../db/writes/import-runs.ts";
import { writeGeneratedFile } from "../generate/index.ts";
import { runDirectory } from "../../testing/run-cli.ts";
import { importFile } from "./import-file.ts";
import {
  discardInterruptedRun,
  keptUploadsDir,
  recoverInterruptedImports,
  RunNotInterruptedError,
  STALE_TEMP_UPLOAD_MS,
  UPLOAD_TEMP_PREFIX,
} from "./interrupted-runs.ts";

const BIN = path.resolve("ingest-cli/bin/directory.mjs");

describe(`interrupted import runs on ${testDriver()}`, () => {
  let db: TestDatabase;
  let work: string;
  let file: string;
  let expected: number;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "directory-orphans-"));
    // NOTE: before anything reads the environment (getEnv caches it): kept uploads go under this DATA_DIR, and upload
    // temp dirs (os.tmpdir() reads TMPDIR at each call) live in a folder of this test's own.
    process.env.DATA_DIR = path.join(work, "data");
    process.env.TMPDIR = path.join(work, "tmp");
    fs.mkdirSync(process.env.TMPDIR, { recursive: true });
    db = await createTestDatabase();
    file = path.join(work, "businesses.csv");
    await writeGeneratedFile({ rows: 1200, seed: 41, messy: 0, out: file, format: "csv" });
    const reference = await importFile(db, file, { dryRun: true, searchEngine: null });
    expected = reference.counters.inserted;
    expect(expected).toBeGreaterThan(1100);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A copy of the file in a fresh admin-upload temp dir, as the upload handler leaves it. */
  function uploadCopy(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), UPLOAD_TEMP_PREFIX));
    const copy = path.join(dir, "upload.csv");
    fs.copyFileSync(file, copy);
    return copy;
  }

  /** An admin upload whose process "died" after its first batches: committed rows, stale counts, the run left running. */
  async function killedUpload(): Promise<{ runId: number; line: number; upload: string }> {
    const upload = uploadCopy();
    const controller = new AbortController();
    const outcome = await importFile(db, upload, {
      batchSize: 100,
      origin: "admin",
      uploadPath: upload,
      searchEngine: null,
      // A killed process never gets to its count refresh.
      refreshAggregates: false,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.committedRows >= 300) controller.abort();
      },
    });
    expect(outcome.status).toBe("cancelled");
    const runId = outcome.runId as number;
    // What a SIGKILL leaves: the run still running under a process that is gone (no lock held, another host), and
    // the upload still in its temp dir (a cancelled run's finish removed it; a killed one never gets there).
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.copyFileSync(file, upload);
    await db.query("update import_runs set status = 'running', claimed_by = 'gone-host:4242:1', upload_path = $2, finished_at = null where id = $1", [
      runId,
      upload,
    ]);
    const [run] = await db.query<{ line: number }>("select committed_through_row as line from import_runs where id = $1", [runId]);
    return { runId, line: run?.line ?? 0, upload };
  }

  const statusOf = async (id: number) =>
    (
      await db.query<{ status: string; uploadPath: string | null; error: string | null }>(
        `select status, upload_path as "uploadPath", error from import_runs where id = $1`,
        [id],
      )
    )[0];

  it("marks a dead process's run interrupted with its line, refreshes the counts, keeps the upload, and leaves a live run alone", async () => {
    const live = await createImportRun(db, { origin: "cli", fileName: "live.csv", fileSizeBytes: 1, fileSha256: "live", options: {} });
    const { runId, line, upload } = await killedUpload();
    expect(line).toBeGreaterThanOrEqual(300);
    expect(await countAggregateDrift(db)).toBeGreaterThan(0);
    const stale = path.join(os.tmpdir(), `${UPLOAD_TEMP_PREFIX}old`);
    const fresh = path.join(os.tmpdir(), `${UPLOAD_TEMP_PREFIX}fresh`);
    for (const dir of [stale, fresh]) fs.mkdirSync(dir);
    fs.writeFileSync(path.join(stale, "upload.csv"), "name\nLeft behind\n");
    const old = new Date(Date.now() - STALE_TEMP_UPLOAD_MS - 60_000);
    fs.utimesSync(path.join(stale, "upload.csv"), old, old);
    fs.utimesSync(stale, old, old);

    const report = await recoverInterruptedImports(db, { startup: true });

    expect(report.interrupted).toEqual([{ id: runId, fileName: "upload.csv", committedThroughRow: line, fileKept: true }]);
    expect(report.refreshed).toBe(true);
    expect(report.sweptTempDirs).toBe(1);
    const run = await statusOf(runId);
    expect(run?.status).toBe("interrupted");
    expect(run?.error).toContain(`rows up to line ${line} are saved`);
    expect(run?.uploadPath).toBe(path.join(keptUploadsDir(), `run-${runId}.csv`));
    expect(fs.readFileSync(run?.uploadPath as string)).toEqual(fs.readFileSync(file));
    expect(fs.statSync(run?.uploadPath as string).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.dirname(upload))).toBe(false);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(await countAggregateDrift(db)).toBe(0);
    const [audit] = await db.query<{ actor: string; row_count: number }>(
      "select actor, row_count from audit_log where action = 'import-run.interrupted' and target = $1",
      [`import-run:${runId}`],
    );
    expect(audit).toEqual({ actor: "system", row_count: line });
    // The live run (this process's own) is untouched, and a second pass finds nothing.
    expect((await statusOf(live.id))?.status).toBe("running");
    expect((await recoverInterruptedImports(db)).interrupted).toEqual([]);
    await live.release();
    await db.query("delete from import_runs where id = $1", [live.id]);

    // Re-uploading the same file continues the interrupted run after its line; its kept copy is then deleted.
    const again = uploadCopy();
    const resumed = await importFile(db, again, { batchSize: 100, origin: "admin", uploadPath: again, resume: "interrupted", searchEngine: null });
    expect(resumed).toMatchObject({ runId, status: "succeeded", resumedFromRow: line });
    expect(resumed.counters.inserted).toBe(expected);
    expect((await statusOf(runId))?.uploadPath).toBeNull();
    expect(fs.readdirSync(keptUploadsDir())).toEqual([]);
    const [businesses] = await db.query<{ n: number }>("select count(*)::int as n from businesses");
    expect(businesses?.n).toBe(expected);
    expect(await countAggregateDrift(db)).toBe(0);
  });

  it("discards an interrupted run: its rows stay, its kept upload goes, and it cannot be discarded twice", async () => {
    await db.query("truncate businesses, import_runs restart identity cascade");
    const { runId, line } = await killedUpload();
    await recoverInterruptedImports(db);
    const kept = (await statusOf(runId))?.uploadPath as string;
    expect(fs.existsSync(kept)).toBe(true);
    const discarded = await discardInterruptedRun(db, runId);
    expect(discarded.committedThroughRow).toBe(line);
    expect(await statusOf(runId)).toMatchObject({ status: "discarded", uploadPath: null });
    expect(fs.existsSync(kept)).toBe(false);
    await expect(discardInterruptedRun(db, runId)).rejects.toBeInstanceOf(RunNotInterruptedError);
    const [businesses] = await db.query<{ n: number }>("select count(*)::int as n from businesses");
    expect(businesses?.n).toBe(line - 1);
    expect(await countAggregateDrift(db)).toBe(0);
  });

  it.runIf(testDriver() === "postgres")(
    "never marks a live CLI import in another process interrupted; a killed one is, and --resume finishes it",
    { timeout: 180_000 },
    async () => {
      await db.query("truncate businesses, import_runs restart identity cascade");
      const env = { ...process.env, DATABASE_URL: db.url, MEILI_URL: "" };
      const progress = async () =>
        (
          await db.query<{ id: number; status: string; line: number }>(
            "select id::int as id, status, committed_through_row as line from import_runs order by id desc limit 1",
          )
        )[0];
      const startImport = () => {
        const child = spawn(process.execPath, [BIN, "import", file, "--batch-size", "5"], { env, stdio: ["ignore", "ignore", "ignore"] });
        const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
        return { child, exited };
      };
      const waitForFirstBatch = async (child: ReturnType<typeof startImport>["child"]) => {
        for (;;) {
          const run = await progress();
          if (run && run.line > 0) return run;
          if (child.exitCode !== null) throw new Error("the import ended before its first batch was seen");
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };

      // 1. Live: a server start's recovery (and an import's) runs while the CLI import writes; the run stays its own.
      const live = startImport();
      const seen = await waitForFirstBatch(live.child);
      let passes = 0;
      while (live.child.exitCode === null && passes < 5) {
        expect((await recoverInterruptedImports(db, { startup: true })).interrupted).toEqual([]);
        passes++;
      }
      expect(passes).toBeGreaterThan(0);
      expect(await live.exited).toBe(0);
      expect(await progress()).toMatchObject({ id: seen.id, status: "succeeded" });

      // 2. Killed: its lock went with its connection, so recovery marks it interrupted at once.
      await db.query("truncate businesses, import_runs restart identity cascade");
      const killed = startImport();
      await waitForFirstBatch(killed.child);
      killed.child.kill("SIGKILL");
      await killed.exited;
      const left = await progress();
      expect(left?.status).toBe("running");
      const report = await recoverInterruptedImports(db, { startup: true });
      expect(report.interrupted.map((run) => run.id)).toEqual([left?.id]);
      expect(await countAggregateDrift(db)).toBe(0);
      const finish = await runDirectory(["import", file, "--batch-size", "20", "--resume", "--json"], {
        env: { DATABASE_URL: db.url, MEILI_URL: undefined },
        timeoutMs: 120_000,
      });
      expect(finish.code, finish.stderr).toBe(0);
      expect(JSON.parse(finish.stdout)[0]).toMatchObject({ runId: left?.id, status: "succeeded", counts: { inserted: expected } });
      const [businesses] = await db.query<{ n: number }>("select count(*)::int as n from businesses");
      expect(businesses?.n).toBe(expected);
      expect(await countAggregateDrift(db)).toBe(0);
    },
  );
});
