// `directory import` of a bulk file into a small directory (DIRECTORY_DEFER_INDEXES) → the secondary indexes of
// businesses are dropped while it writes and built again at its end, exactly as they were; an import killed in
// between leaves them recorded, a live import's deferral is left alone by other processes, and the next import
// rebuilds a dead one's. On PGlite nothing is ever deferred.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const BIN = path.resolve("ingest-cli/bin/directory.mjs");
const POLL_MS = 10;

type IndexDefinition = { name: string; definition: string };

const INDEXES = "select indexname as name, indexdef as definition from pg_indexes where tablename = 'businesses' order by indexname";

describe(`bulk imports defer the secondary indexes of businesses, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  const files: string[] = [];
  let before: IndexDefinition[];

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-deferred-"));
    for (const [i, seed] of [31, 32, 33, 34].entries()) {
      const file = path.join(dir, `part-${i}.csv`);
      await writeGeneratedFile({ rows: 60, seed, messy: 0, out: file, format: "csv" });
      files.push(file);
    }
    before = await queryCliDatabase<IndexDefinition>(env, INDEXES);
    expect(before.length).toBeGreaterThan(10);
  }, 120_000);

  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("builds back exactly the indexes it dropped, and says so", { timeout: 120_000 }, async () => {
    const run = await runDirectory(["import", files[0] as string, "--batch-size", "20"], { env: { ...env, DIRECTORY_DEFER_INDEXES: "always" } });
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
    if (testDriver() === "postgres") expect(run.stderr).toMatch(/building 24 indexes…/);
    else expect(run.stderr).not.toMatch(/building \d+ indexes/);
    expect(await queryCliDatabase<IndexDefinition>(env, INDEXES)).toEqual(before);
    expect(await queryCliDatabase(env, "select name from deferred_indexes")).toEqual([]);
    const [stored] = await queryCliDatabase<{ n: number }>(env, "select count(*)::int as n from businesses where source = 'part-0.csv'");
    expect(stored?.n).toBeGreaterThan(50);
  });

  it.runIf(testDriver() === "postgres")(
    "a killed import's dropped indexes stay recorded, untouched while it lives, and the next import builds them",
    { timeout: 180_000 },
    async () => {
      const marker = path.join(dir, `fault-${Date.now()}`);
      const child = spawn(process.execPath, [BIN, "import", files[1] as string, "--batch-size", "20"], {
        env: {
          ...process.env,
          ...env,
          DIRECTORY_DEFER_INDEXES: "always",
          DIRECTORY_FAULT_POINT: "batch-after-commit:1",
          DIRECTORY_FAULT_MARKER: marker,
        } as NodeJS.ProcessEnv,
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      try {
        while (!fs.existsSync(marker) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        expect(fs.existsSync(marker), `the import never reached its first batch: ${stderr}`).toBe(true);

        // While it writes: only the unique indexes are left, the others are recorded with their definitions.
        const during = await queryCliDatabase<IndexDefinition>(env, INDEXES);
        const recorded = await queryCliDatabase<IndexDefinition>(env, "select name, definition from deferred_indexes order by name");
        expect(recorded.map((index) => index.name)).toEqual(
          before.filter((index) => !/^CREATE UNIQUE/.test(index.definition)).map((index) => index.name),
        );
        expect(during.map((index) => index.name)).toEqual(
          before.filter((index) => /^CREATE UNIQUE/.test(index.definition)).map((index) => index.name),
        );

        // Another process's import and count refresh leave a live import's deferral alone.
        const other = await runDirectory(["import", files[2] as string], { env: { ...env, DIRECTORY_DEFER_INDEXES: "never" } });
        expect(other.code).toBe(0);
        expect((await queryCliDatabase(env, "select name from deferred_indexes")).length).toBe(recorded.length);
      } finally {
        child.kill("SIGKILL");
        await exited;
      }

      // The dead import's indexes: still recorded, then built by the next import's start (its recovery).
      expect((await queryCliDatabase(env, "select name from deferred_indexes")).length).toBeGreaterThan(10);
      const next = await runDirectory(["import", files[3] as string], { env: { ...env, DIRECTORY_DEFER_INDEXES: "never" } });
      expect(next.code).toBe(0);
      expect(await queryCliDatabase<IndexDefinition>(env, INDEXES)).toEqual(before);
      expect(await queryCliDatabase(env, "select name from deferred_indexes")).toEqual([]);
      const [run] = await queryCliDatabase<{ status: string }>(env, "select status from import_runs where file_name = 'part-1.csv'");
      expect(run?.status).toBe("interrupted");
    },
  );
});
