import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

describe(`directory migrate / seed / stats / admin on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it("prints help listing the commands", async () => {
    const run = await runDirectory(["--help"], { env });
    expect(run.code).toBe(0);
    for (const command of ["migrate", "seed", "stats", "admin", "generate", "start"]) expect(run.stdout).toContain(command);
  });

  it("migrates an empty database and reports it as JSON", async () => {
    const run = await runDirectory(["migrate", "--json"], { env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    expect(JSON.parse(run.stdout)).toMatchObject({ driver: testDriver(), migrations: journal.entries.length });
  });

  it("seeds demo data as test data, once", async () => {
    const run = await runDirectory(["seed", "--rows", "40", "--json"], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ inserted: 40, rejected: 0 });
    const again = await runDirectory(["seed"], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("DATABASE_NOT_EMPTY");
  });

  it("reports stats", async () => {
    const run = await runDirectory(["stats", "--json"], { env });
    expect(run.code).toBe(0);
    const stats = JSON.parse(run.stdout);
    expect(stats).toMatchObject({ businesses: 40, approved: 40, testData: 40, importRuns: 0, adminUsers: 0 });
    expect(stats.categories).toBeGreaterThan(3);
    expect(stats.countries).toBeGreaterThan(1);
  });

  it("counts the listings that cannot be placed (no country, no city, no coordinates)", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "place-gaps-")), "gaps.csv");
    fs.writeFileSync(file, ["name,category", "Nameless Corner Shop,Shop", "Another Unplaced Stall,Shop"].join("\n") + "\n");
    const imported = await runDirectory(["import", file, "--json"], { env });
    expect(imported.code).toBe(0);
    const run = await runDirectory(["stats", "--json"], { env });
    expect(JSON.parse(run.stdout)).toMatchObject({ businesses: 42, missingCountry: 2, missingCity: 2, missingCoordinates: 2 });
    const text = await runDirectory(["stats"], { env });
    expect(text.stdout).toContain("Without a country: 2  Without a city: 2  Without coordinates: 2");
  });

  it("creates an admin from stdin and refuses weak passwords and unknown users", async () => {
    const weak = await runDirectory(["admin", "create", "ops", "--password-stdin"], { env, input: "short\n" });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("WEAK_PASSWORD");
    const created = await runDirectory(["admin", "create", "ops", "--password-stdin", "--json"], { env, input: "a long enough password\n" });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ username: "ops", created: true });
    const missing = await runDirectory(["admin", "password", "nobody", "--password-stdin"], { env, input: "a long enough password\n" });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("ADMIN_NOT_FOUND");
    const changed = await runDirectory(["admin", "password", "OPS", "--password-stdin"], { env, input: "another long password\n" });
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain("sessions were signed out");
  });

  it("stops with a message naming a bad environment variable", async () => {
    // NOTE: the CLI's data commands validate the database layer's variables (db/env.ts); PORT and the other server
    // variables are the app's (app/models/env.server.ts), checked when the server starts.
    const run = await runDirectory(["stats"], { env: { ...env, DATABASE_URL: "mysql://nope", MEILI_URL: "ftp://nope" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("DATABASE_URL: must be a URL starting with postgres:// or postgresql://");
    expect(run.stderr).toContain("MEILI_URL:");
  });

  it("rejects bad options with INVALID_OPTION and the usage exit code", async () => {
    const run = await runDirectory(["seed", "--rows", "-5"], { env });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain("INVALID_OPTION");
  });
});
