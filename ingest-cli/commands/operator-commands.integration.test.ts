import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

// Every maintenance command as an operator runs it: a spawned `directory` process against a real database.
describe(`directory export / sitemap / fix-slugs / dedupe / reindex / delete-test-data on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-ops-"));
    const seeded = await runDirectory(["seed", "--rows", "120"], { env });
    expect(seeded.code).toBe(0);
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("exports the chosen fields as CSV with formula-safe cells", async () => {
    const out = path.join(dir, "export.csv");
    const run = await runDirectory(["export", "--out", out, "--fields", "name,phone,country_code,working_hours", "--json"], { env });
    expect(run.code).toBe(0);
    const rows = parse(fs.readFileSync(out, "utf8"), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(120);
    expect(Object.keys(rows[0] ?? {})).toEqual(["name", "phone", "country_code", "working_hours"]);
    // Phone numbers starting with + stay intact (not prefixed with an apostrophe).
    expect(rows.some((r) => r.phone?.startsWith("+"))).toBe(true);
    const bad = await runDirectory(["export", "--out", out, "--fields", "name,nonsense"], { env });
    // An unknown field is a usage error (exit 64).
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain("nonsense");
  });

  it("writes the sitemap files with 9,000 businesses per page", async () => {
    const out = path.join(dir, "sitemaps-out");
    const run = await runDirectory(["sitemap", "--out", out, "--base-url", "https://directory.example.com", "--json"], { env });
    expect(run.code).toBe(0);
    const index = fs.readFileSync(path.join(out, "sitemap.xml"), "utf8");
    for (const part of [
      "sitemaps/main.xml",
      "sitemaps/categories.xml",
      "sitemaps/countries.xml",
      "sitemaps/cities.xml",
      "sitemaps/businesses/page-1.xml",
    ]) {
      expect(index).toContain(`https://directory.example.com/${part}`);
    }
    const page = fs.readFileSync(path.join(out, "sitemaps", "businesses", "page-1.xml"), "utf8");
    // Every listed business (approved and operational): the seed's 120 less its closed ones.
    const [listed] = await queryCliDatabase<{ n: number }>(
      env,
      "select count(*)::int as n from businesses where is_approved and status = 'operational'",
    );
    expect(listed?.n).toBeGreaterThan(100);
    expect(listed?.n).toBeLessThan(120);
    expect(page.match(/<loc>https:\/\/directory\.example\.com\/business\//g)).toHaveLength(listed?.n ?? -1);
  });

  it("fixes slugs idempotently, reports duplicates, reindexes and deletes test data", async () => {
    const fix = await runDirectory(["fix-slugs", "--json"], { env });
    expect(fix.code).toBe(0);
    expect(JSON.parse(fix.stdout)).toMatchObject({ success: true, checkpointEnabled: true });
    const again = await runDirectory(["fix-slugs", "--json"], { env });
    expect(JSON.parse(again.stdout)).toMatchObject({ success: true, successCount: 0 });
    const dedupe = await runDirectory(["dedupe", "--json"], { env });
    expect(dedupe.code).toBe(0);
    expect(JSON.parse(dedupe.stdout)).toBeTypeOf("object");
    const reindex = await runDirectory(["reindex", "--json"], { env });
    expect(reindex.code).toBe(0);
    expect(JSON.parse(reindex.stdout)).toMatchObject({ engine: "postgres" });
    const refused = await runDirectory(["delete-test-data"], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("CONFIRMATION_REQUIRED");
    const deleted = await runDirectory(["delete-test-data", "--yes", "--json"], { env });
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toMatchObject({ success: true, deletedCount: 120 });
    const stats = await runDirectory(["stats", "--json"], { env });
    expect(JSON.parse(stats.stdout)).toMatchObject({ businesses: 0, categories: 0 });
  });
});
