// `directory sitemap` (the real CLI, spawned) after `directory import` → sitemaps/city-categories/page-1.xml with the
// indexable city × category pairs only (≥ 5 listed businesses), listed in sitemap.xml; a re-run after the pair thins
// out removes the file. On the test's driver.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { toggleBusinessApproval } from "../../db/writes/admin-businesses.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const BASE = "https://www.example.com";
// Made-up businesses: five Italian restaurants in Zürich (indexable), two bakeries there and four Berlin bars (thin).
const ROWS: Array<[name: string, category: string, city: string, country: string]> = [
  ...Array.from({ length: 5 }, (_, i): [string, string, string, string] => [`Trattoria ${i + 1}`, "Italian restaurant", "Zürich", "CH"]),
  ["Beck Eins", "Bakery", "Zürich", "CH"],
  ["Beck Zwei", "Bakery", "Zürich", "CH"],
  ...Array.from({ length: 4 }, (_, i): [string, string, string, string] => [`Kneipe ${i + 1}`, "Bar", "Berlin", "DE"]),
];

function buildCsv(): string {
  const lines = ["name,category,city,country_code,place_id"];
  ROWS.forEach((fields, i) => lines.push([...fields, `test-pair-sitemap-${i}`].map((value) => `"${value}"`).join(",")));
  return `${lines.join("\n")}\n`;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe(`directory sitemap writes the city × category file, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-pair-sitemap-"));
    fs.writeFileSync(path.join(dir, "rows.csv"), buildCsv());
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("lists indexable pairs only, in their own file named by the index", { timeout: 180_000 }, async () => {
    const imported = await runDirectory(["import", path.join(dir, "rows.csv"), "--json"], { env, timeoutMs: 120_000 });
    expect(imported.code, imported.stderr).toBe(0);
    const out = path.join(dir, "public");
    const run = await runDirectory(["sitemap", "--out", out, "--base-url", BASE, "--json"], { env, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as { files: Array<{ path: string; urls: number }> };
    expect(summary.files.map((file) => [file.path, file.urls]).filter(([file]) => String(file).includes("city-categories"))).toEqual([
      ["/sitemaps/city-categories/page-1.xml", 1],
    ]);
    expect(locs(fs.readFileSync(path.join(out, "sitemaps/city-categories/page-1.xml"), "utf8"))).toEqual([
      `${BASE}/cities/ch/zurich/italian-restaurant`,
    ]);
    expect(locs(fs.readFileSync(path.join(out, "sitemap.xml"), "utf8"))).toContain(`${BASE}/sitemaps/city-categories/page-1.xml`);

    // One restaurant hidden: the pair thins out (4), the next run writes no pair file and removes the old one.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      const [{ id } = { id: 0 }] = await handle.query<{ id: number }>("select id::int as id from businesses where name = 'Trattoria 1'");
      await toggleBusinessApproval(handle, id);
    } finally {
      await handle.close();
    }
    const again = await runDirectory(["sitemap", "--out", out, "--base-url", BASE, "--json"], { env, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(fs.existsSync(path.join(out, "sitemaps/city-categories/page-1.xml"))).toBe(false);
    expect(fs.readFileSync(path.join(out, "sitemap.xml"), "utf8")).not.toContain("city-categories");
  });
});
