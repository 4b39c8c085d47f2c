import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import {
  BAD_COUNTS,
  BAD_WARNING_COUNT,
  badCsv,
  expectedBusinesses,
  goodCsv,
  readKeepTestBusinesses,
  type StoredBusiness,
} from "../testing/bad-reimport.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

// Each test spawns the CLI once or twice (≈10 s each on PGlite while other work runs): generous timeouts.
describe(`a bad re-import keeps the good stored values (directory import / validate), on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let good: string;
  let bad: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-keep-stored-"));
    good = path.join(dir, "good.csv");
    bad = path.join(dir, "bad.csv");
    fs.writeFileSync(good, goodCsv());
    fs.writeFileSync(bad, badCsv());
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function stored(): Promise<StoredBusiness[]> {
    // NOTE: PGlite allows one process per data dir, so the test opens it only while no child runs.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      return await readKeepTestBusinesses(handle);
    } finally {
      await handle.close();
    }
  }

  it("imports the good file", { timeout: 240_000 }, async () => {
    const run = await runDirectory(["import", good, "--json"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const [result] = JSON.parse(run.stdout);
    expect(result.counts).toMatchObject({ totalRows: 9, inserted: 9 });
    expect(result.warnings).toBe(0);
    expect(await stored()).toEqual(expectedBusinesses("good"));
  });

  it("validate names every warning's line, field and reason, with exact would-be counts", { timeout: 240_000 }, async () => {
    const run = await runDirectory(["validate", bad], { env, timeoutMs: 120_000 });
    // Exit 2: one row (G, over-long description) is rejected.
    expect(run.code, run.stderr).toBe(2);
    const out = run.stdout;
    expect(out).toContain("0 would be new, 2 would be updated, 6 unchanged, 0 suppressed, 0 skipped, 1 rejected");
    expect(out).toContain(
      `${BAD_WARNING_COUNT} warnings: 2 COORDINATES_INCOMPLETE latitude (lines 2, 6), 2 HOURS_UNREADABLE working_hours (lines 4, 9), ` +
        "1 OUT_OF_RANGE latitude (line 2), 1 OUT_OF_RANGE rating (line 3), 1 OUT_OF_RANGE reviews (line 10), 1 STATUS_UNKNOWN business_status (line 5)",
    );
    expect(out).toMatch(/line 2: latitude — OUT_OF_RANGE: latitude "999" is not a number from -90 to 90; ignored \(a stored value is kept\)/);
    expect(out).toMatch(/line 3: rating — OUT_OF_RANGE: rating "abc" is not a number/);
    expect(out).toMatch(/line 4: working_hours — HOURS_UNREADABLE: opening hours could not be read; ignored \(stored hours are kept\)/);
    expect(out).toMatch(/line 5: business_status — STATUS_UNKNOWN: "sort of open" is not one of/);
    expect(out).toMatch(/line 6: latitude — COORDINATES_INCOMPLETE: /);
    expect(out).toMatch(/line 10: reviews — OUT_OF_RANGE: reviews "-5"/);
    expect(out).toMatch(/line 8: description — description is 10001 characters; the limit is 10000/);
    expect(await stored()).toEqual(expectedBusinesses("good"));
  });

  it("import keeps every stored value a rejected cell would have blanked, and counts unchanged rows as unchanged", { timeout: 240_000 }, async () => {
    const run = await runDirectory(["import", bad, "--json"], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(2);
    expect(await stored()).toEqual(expectedBusinesses("bad"));
    const [result] = JSON.parse(run.stdout);
    expect(result.counts).toEqual(BAD_COUNTS);
    expect(result.warnings).toBe(BAD_WARNING_COUNT);
    expect(result.warningSample).toContainEqual(expect.objectContaining({ line: 3, field: "rating", code: "OUT_OF_RANGE" }));
  });

  it("the same bad file again is a counted no-op, and the good file restores exactly the two real changes", { timeout: 240_000 }, async () => {
    const again = await runDirectory(["import", bad, "--json"], { env, timeoutMs: 120_000 });
    expect(JSON.parse(again.stdout)[0].counts).toEqual({ ...BAD_COUNTS, updated: 0, unchanged: 8 });
    const restore = await runDirectory(["import", good, "--json"], { env, timeoutMs: 120_000 });
    expect(restore.code, restore.stderr).toBe(0);
    expect(JSON.parse(restore.stdout)[0].counts).toEqual({ totalRows: 9, inserted: 0, updated: 2, unchanged: 7, skipped: 0, rejected: 0, reused: 0 });
    expect(await stored()).toEqual(expectedBusinesses("good"));
  });
});
