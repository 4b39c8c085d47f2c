import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { importFixtureRows } from "../testing/import-fixture-rows.ts";
import { createCliDatabaseEnv } from "../testing/run-cli.ts";
import { register } from "./maintenance.ts";
import { CliError } from "./shared.ts";
import { runRegisteredCommand } from "../testing/run-in-process.ts";

function run(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return runRegisteredCommand(register, [...args]);
}

async function runError(args: string[]): Promise<CliError> {
  const error = await run(args).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

async function query<T extends object>(text: string): Promise<T[]> {
  try {
    return await (await getDatabase()).query<T>(text);
  } finally {
    await closeDatabase();
  }
}

describe(`directory fix-slugs / dedupe / delete-test-data on ${testDriver()}`, () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const created = await createCliDatabaseEnv();
    cleanup = created.cleanup;
    for (const key of ["DATA_DIR", "DATABASE_URL"] as const) {
      const value = created.env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    try {
      const handle = await getDatabase();
      await importFixtureRows(
        handle,
        [
          { name: "Alpha Cafe", category: "Cafe", city: "Berlin", country_code: "DE", place_id: "ChIJalpha", phone: "+49 30 1" },
          { name: "Alpha Cafe", category: "Cafe", city: "Berlin", country_code: "DE", place_id: "chijALPHA" },
          { name: "Joe's Pizza", category: "Pizza", city: "New York", country_code: "US", place_id: "p-joe" },
        ],
        { refreshAggregates: false },
      );
      await importFixtureRows(handle, [{ name: "Demo Dentist", category: "Dentist", city: "Paris", country_code: "FR", place_id: "demo-1" }], {
        isTest: true,
        refreshAggregates: false,
      });
      await handle.query("update businesses set slug = 'joes-pizza-new-york-1699999999999' where place_id = 'p-joe'");
    } finally {
      await closeDatabase();
    }
  });
  afterAll(async () => {
    await closeDatabase();
    await cleanup?.();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it("fix-slugs prints the spec's result as JSON and reports progress on stderr", async () => {
    const { stdout, stderr } = await run(["fix-slugs", "--batch-size", "2", "--json"]);
    expect(JSON.parse(stdout)).toMatchObject({ success: true, successCount: 1, checkpointEnabled: true, totalProcessed: 4 });
    expect(stderr).toContain("fix-slugs");
    const again = await run(["fix-slugs", "--restart"]);
    expect(again.stdout).toBe("All 4 business slugs were already canonical.\n");
    expect(await query("select old_slug from slug_redirects")).toEqual([{ old_slug: "joes-pizza-new-york-1699999999999" }]);
  });

  it("fix-slugs and dedupe reject bad options", async () => {
    expect((await runError(["fix-slugs", "--batch-size", "0"])).message).toMatch(/--batch-size \(got "0"\): must be a whole number from 1 to 5000/);
    expect((await runError(["dedupe", "--limit", "many"])).code).toBe("INVALID_OPTION");
  });

  it("dedupe reports without changing anything, then merges with --apply", async () => {
    const report = await run(["dedupe"]);
    expect(report.stdout).toContain("Found 1 duplicate groups (1 businesses to remove)");
    expect(report.stdout).toMatch(/\[place_id\] keep #\d+ "Alpha Cafe" \(alpha-cafe-berlin, Berlin\) ← #\d+ "Alpha Cafe"/);
    expect(report.stdout).toContain("run again with --apply");
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 4 }]);

    const json = JSON.parse((await run(["dedupe", "--json", "--limit", "0"])).stdout);
    expect(json).toMatchObject({
      applied: false,
      groups: 1,
      duplicates: 1,
      byReason: { place_id: { groups: 1, duplicates: 1 } },
      sample: [],
      merge: null,
    });

    const applied = JSON.parse((await run(["dedupe", "--apply", "--json"])).stdout);
    expect(applied).toMatchObject({ applied: true, groups: 1, duplicates: 1, merge: { merged: 1, removed: 1, skipped: 0 } });
    expect(await query("select count(*)::int as n from businesses")).toEqual([{ n: 3 }]);
    expect((await run(["dedupe"])).stdout).toBe("No duplicate businesses found.\n");
  });

  it("delete-test-data needs --yes outside a terminal, then deletes only test data", async () => {
    const refused = await runError(["delete-test-data"]);
    expect(refused.code).toBe("CONFIRMATION_REQUIRED");
    expect(refused.message).toContain("--yes");
    const { stdout } = await run(["delete-test-data", "--yes", "--json"]);
    expect(JSON.parse(stdout)).toEqual({ success: true, deletedCount: 1, message: "Deleted 1 test businesses." });
    expect(await query("select count(*)::int as n from businesses where not is_test")).toEqual([{ n: 2 }]);
  });
});
