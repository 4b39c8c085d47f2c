// stats, export, sitemap and validate on a database that is not there, empty or behind on migrations: each is
// refused with a code naming the fix (`directory migrate`), and none of them creates or migrates anything.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv, type CliRun } from "../testing/run-cli.ts";

function expectRefused(run: CliRun, code: string): void {
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toMatch(new RegExp(`^error ${code}: .+ — .+`));
}

/** The four read-only commands, each with an output path that must not appear. */
function readOnlyRuns(dir: string): Array<{ args: string[]; output?: string }> {
  const csv = path.join(dir, "one.csv");
  fs.writeFileSync(csv, "name,city,country_code\nCafe Uno,Paris,FR\n");
  return [
    { args: ["stats"] },
    { args: ["export", "--out", path.join(dir, "export.csv")], output: path.join(dir, "export.csv") },
    { args: ["sitemap", "--out", path.join(dir, "sitemaps"), "--base-url", "https://www.example.com"], output: path.join(dir, "sitemaps") },
    { args: ["validate", csv] },
  ];
}

/** NOTE: opened without migrating (queryCliDatabase's handle would migrate the database it looks at). */
async function hasMigrationsTable(env: CliEnv): Promise<boolean> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR, migrate: false });
  try {
    const [row] = await handle.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
    return row?.present ?? false;
  } finally {
    await handle.close();
  }
}

describe(`read-only commands on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-read-only-"));
    // An empty database: the migrated one with its schema dropped.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR, migrate: false });
    try {
      await handle.query("drop schema drizzle cascade");
      await handle.query("drop schema public cascade");
      await handle.query("create schema public");
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a DATA_DIR that does not exist and does not create it", async () => {
    const missing = path.join(dir, "mistyped-data-dir");
    for (const { args, output } of readOnlyRuns(dir)) {
      const run = await runDirectory(args, { env: { DATABASE_URL: undefined, DATA_DIR: missing, MEILI_URL: undefined } });
      expectRefused(run, "DATA_DIR_NOT_FOUND");
      expect(run.stderr).toContain("directory migrate");
      expect(fs.existsSync(missing), args[0]).toBe(false);
      if (output) expect(fs.existsSync(output), args[0]).toBe(false);
    }
  });

  it("refuses an empty database and migrates nothing", async () => {
    for (const { args, output } of readOnlyRuns(dir)) {
      const run = await runDirectory(args, { env });
      expectRefused(run, "DATABASE_NOT_MIGRATED");
      expect(run.stderr).toContain("`directory migrate`");
      if (output) expect(fs.existsSync(output), args[0]).toBe(false);
    }
    expect(await hasMigrationsTable(env)).toBe(false);
  });

  it("reads a migrated database, and refuses one behind on migrations naming `directory migrate`", async () => {
    expect((await runDirectory(["migrate"], { env })).code).toBe(0);
    const stats = await runDirectory(["stats", "--json"], { env });
    expect(stats.code, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ businesses: 0 });
    await queryCliDatabase(
      env,
      "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
    );
    for (const { args } of readOnlyRuns(dir)) {
      const run = await runDirectory(args, { env });
      expectRefused(run, "DATABASE_OUTDATED");
      expect(run.stderr).toContain("run `directory migrate`");
    }
  });
});
