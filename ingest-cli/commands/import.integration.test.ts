import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

// NOTE: the count is not the point here: enough rows for several 50-row batches.
const ROWS = 300;

describe(`directory import / validate as a user runs them, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-import-cli-"));
    file = path.join(dir, "businesses.csv");
    await writeGeneratedFile({ rows: ROWS, seed: 7, messy: 0, out: file, format: "csv" });
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
    expect(result).toMatchObject({ status: "succeeded", runId: null, result: { totalRows: ROWS, errorCount: 0 } });
    expected = result.result.successCount;
    expect(expected).toBeGreaterThan(ROWS * 0.9);
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

  // Kills at fault points inside and between batches, with the resume that follows: import-kill.integration.test.ts.
  it("imports the file: every valid row stored once", { timeout: 120_000 }, async () => {
    const run = await runDirectory(["import", file, "--batch-size", "50", "--json"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const [result] = JSON.parse(run.stdout);
    expect(result).toMatchObject({ status: "succeeded", counts: { totalRows: ROWS, inserted: expected, rejected: 0 } });
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
    expect(result.counts).toEqual({
      totalRows: ROWS,
      inserted: 0,
      updated: 0,
      unchanged: expected,
      skipped: ROWS - expected,
      rejected: 0,
      reused: 0,
    });
    expect(result.result).toMatchObject({ successCount: expected, totalRows: ROWS });
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
