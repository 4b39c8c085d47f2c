import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const BIN = path.resolve("ingest-cli/bin/directory.mjs");

describe(`directory import / validate as a user runs them, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-import-cli-"));
    file = path.join(dir, "businesses.csv");
    await writeGeneratedFile({ rows: 1500, seed: 7, messy: 0, out: file, format: "csv" });
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function query<T extends object>(text: string): Promise<T[]> {
    // NOTE: PGlite allows one process per data dir, so tests open it only while no child runs.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      return await handle.query<T>(text);
    } finally {
      await handle.close();
    }
  }

  let expected = 0;

  it("validates a file without writing and reports what would happen", async () => {
    const run = await runDirectory(["validate", file, "--json"], { env });
    expect(run.code).toBe(0);
    const [result] = JSON.parse(run.stdout);
    expect(result).toMatchObject({ status: "succeeded", runId: null, result: { totalRows: 1500, errorCount: 0 } });
    expected = result.result.successCount;
    expect(expected).toBeGreaterThan(1400);
    const [row] = await query<{ n: number }>("select count(*)::int as n from businesses");
    expect(row?.n).toBe(0);
  });

  it("prints each field's resolution rate and the evidence behind it before anything is imported", async () => {
    const small = path.join(dir, "quality.csv");
    fs.writeFileSync(
      small,
      [
        "name,city,country_code,latitude,longitude,phone,photo,working_hours",
        "Alpha,Berlin,DE,52.52,13.40,+49 30 1234567,https://example.test/a.jpg,Monday: 9AM-5PM",
        "Beta,Paris,FR,999,2.35,,,",
        "Gamma,,,,,,,",
        "Delta,Oslo,NO,59.91,10.75,,,",
      ].join("\n") + "\n",
    );
    const json = await runDirectory(["validate", small, "--json"], { env });
    const [result] = JSON.parse(json.stdout);
    const rates = Object.fromEntries(
      (result.fieldRates.fields as Array<{ field: string; count: number; rate: number; evidence: Record<string, number> }>).map((entry) => [
        entry.field,
        entry,
      ]),
    );
    expect(result.fieldRates.rows).toBe(4);
    expect(rates.country).toMatchObject({ count: 3, rate: 75 });
    expect(rates.coordinates).toMatchObject({ count: 2, rate: 50, evidence: { OUT_OF_RANGE: 1 } });
    expect(rates.photo).toMatchObject({ count: 1, rate: 25 });
    const text = await runDirectory(["validate", small], { env });
    expect(text.stdout).toContain("field resolution (of 4 rows kept):");
    expect(text.stdout).toMatch(/coordinates\s+50\.0 %\s+2 {2}\(OUT_OF_RANGE 1, COORDINATES_INCOMPLETE 1\)/);
  });

  it("survives being killed at random points: only whole batches, and a resumed run finishes exactly", { timeout: 240_000 }, async () => {
    let partial = 0;
    for (let attempt = 0; attempt < 4; attempt++) {
      const child = spawn(process.execPath, [BIN, "import", file, "--batch-size", "50", "--resume"], {
        env: { ...process.env, ...env } as NodeJS.ProcessEnv,
        stdio: ["ignore", "ignore", "pipe"],
      });
      // The first progress line follows the first committed batch; the kill lands a random moment later.
      await new Promise<void>((resolve) => {
        child.stderr.once("data", () => resolve());
        child.once("exit", () => resolve());
      });
      // NOTE: a 50-row batch commits in milliseconds on a server: a wait of up to 800 ms let whole runs finish first.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 200)));
      child.kill("SIGKILL");
      await new Promise((resolve) => (child.exitCode === null && child.signalCode === null ? child.once("exit", resolve) : resolve(null)));
      const [state] = await query<{ businesses: number; recorded: number }>(
        "select (select count(*)::int from businesses) as businesses, (select coalesce(sum(inserted_count), 0)::int from import_runs) as recorded",
      );
      // Rows and the run's counters commit in one transaction: equal sums mean no partial batch was left behind.
      expect(state?.businesses).toBe(state?.recorded);
      expect(state?.businesses).toBeLessThanOrEqual(expected);
      if ((state?.businesses ?? 0) > 0 && (state?.businesses ?? 0) < expected) partial++;
    }
    expect(partial).toBeGreaterThan(0);
    const finish = await runDirectory(["import", file, "--batch-size", "50", "--resume", "--json"], { env, timeoutMs: 120_000 });
    expect(finish.code).toBe(0);
    const [state] = await query<{ businesses: number; distinct_places: number }>(
      "select count(*)::int as businesses, count(distinct place_id)::int as distinct_places from businesses",
    );
    expect(state?.businesses).toBe(expected);
    expect(state?.distinct_places).toBe(expected);
  });

  it("re-imports the same file as a counted no-op", async () => {
    const run = await runDirectory(["import", file, "--json"], { env, timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    const [result] = JSON.parse(run.stdout);
    expect(result.counts).toEqual({ totalRows: 1500, inserted: 0, updated: 0, unchanged: expected, skipped: 1500 - expected, rejected: 0 });
    expect(result.result).toMatchObject({ successCount: expected, totalRows: 1500 });
  });

  it("exits 2 when rows were rejected and 1 for an unsupported file", async () => {
    const bad = path.join(dir, "bad.csv");
    fs.writeFileSync(bad, "name,city,country_code\nGood Place,Paris,FR\n,Paris,FR\n");
    const rejected = await runDirectory(["import", bad, "--rejected", path.join(dir, "rejected.csv")], { env });
    expect(rejected.code).toBe(2);
    expect(rejected.stdout).toContain("line 3: name — every business needs a name");
    expect(fs.readFileSync(path.join(dir, "rejected.csv"), "utf8")).toContain("3,name,every business needs a name");
    const png = path.join(dir, "photo.xlsx");
    fs.writeFileSync(png, Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"));
    const unsupported = await runDirectory(["import", png], { env });
    expect(unsupported.code).toBe(1);
    expect(unsupported.stdout).toContain("UNSUPPORTED_FORMAT");
  });
});
