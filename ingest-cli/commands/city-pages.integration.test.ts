// `directory import` of a file that spells one city three ways and puts districts in the city column → one city
// page, the district on the business page ("Altstetten, Zürich"), and a re-import that moves an old city slug
// answers 301 from it. Real CLI, real server, on the test's driver.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../../app/testing/directory-server.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

// Made-up businesses; the city column holds three spellings of Zürich and two of its districts.
const ROWS: Array<[name: string, city: string, address: string, lat: string, lng: string]> = [
  ["Cafe Eins", "Zürich", "Bahnhofstrasse 1, 8001 Zürich, Switzerland", "47.3717", "8.5394"],
  ["Cafe Zwei", "Zuerich", "Limmatquai 2, 8001 Zuerich, Schweiz", "47.3712", "8.5430"],
  ["Cafe Drei", "8001 Zürich", "Rennweg 3, 8001 Zürich, Switzerland", "", ""],
  ["Cafe Vier", "Altstetten", "Badenerstrasse 4, 8048 Zürich, Switzerland", "47.3887", "8.4886"],
  ["Cafe Fünf", "Oerlikon", "Schaffhauserstrasse 5, 8050 Zürich, Switzerland", "", ""],
];

function buildCsv(): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = ["name,category,city,full_address,country_code,latitude,longitude,place_id"];
  ROWS.forEach(([name, city, address, lat, lng], i) =>
    lines.push([name, "Cafe", city, address, "CH", lat, lng, `test-city-pages-${i}`].map(quote).join(",")),
  );
  return `${lines.join("\n")}\n`;
}

describe(`one city, one page: spellings and districts of one place, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let file: string;
  let server: DirectoryServer | null = null;

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-city-pages-"));
    file = path.join(dir, "cafes.csv");
    fs.writeFileSync(file, buildCsv());
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function query<T extends object>(text: string): Promise<T[]> {
    // NOTE: PGlite allows one process per data dir: open it only while no child runs.
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      return await handle.query<T>(text);
    } finally {
      await handle.close();
    }
  }

  it("imports every spelling onto one city with one GeoNames id, and keeps the districts", { timeout: 120_000 }, async () => {
    const run = await runDirectory(["import", file, "--json"], { env, timeoutMs: 100_000 });
    expect(run.code, run.stderr).toBe(0);
    const rows = await query<{ name: string; city: string; city_slug: string; district: string | null; city_geoname_id: number | null }>(
      "select name, city, city_slug, district, city_geoname_id from businesses order by name",
    );
    expect(rows).toHaveLength(ROWS.length);
    expect(new Set(rows.map((r) => `${r.city}|${r.city_slug}|${r.city_geoname_id}`))).toEqual(new Set(["Zürich|zurich|2657896"]));
    expect(rows.find((r) => r.name === "Cafe Vier")?.district).toBe("Altstetten");
    expect(rows.find((r) => r.name === "Cafe Fünf")?.district).toBe("Oerlikon");
  });

  it("records old → new when a re-import moves businesses to another city slug", { timeout: 120_000 }, async () => {
    // The state today's rules stored: the district as its own city (and another content hash).
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    try {
      await handle.query(
        "update businesses set city = 'Altstetten', city_slug = 'altstetten', district = null, content_hash = 'old-rules' where name = 'Cafe Vier'",
      );
    } finally {
      await handle.close();
    }
    const run = await runDirectory(["import", file, "--json"], { env, timeoutMs: 100_000 });
    expect(run.code, run.stderr).toBe(0);
    const redirects = await query<{ country_code: string; old_slug: string; new_slug: string }>(
      "select country_code, old_slug, new_slug from city_slug_redirects",
    );
    expect(redirects).toEqual([{ country_code: "CH", old_slug: "altstetten", new_slug: "zurich" }]);
  });

  it("serves one city page with every business, the district on the business page, and 301 from the old slug", { timeout: 400_000 }, async () => {
    const [vier] = await query<{ slug: string }>("select slug from businesses where name = 'Cafe Vier'");
    await ensureBuilt();
    const serverDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "directory-city-pages-server-"));
    server = await startDirectoryServer(serverDir, env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {});
    const list = (await (await fetch(`${server.url}/api/cities?limit=100`)).json()) as Array<{
      slug: string;
      countryCode: string;
      businessCount: number;
    }>;
    expect(list.filter((c) => c.countryCode === "CH")).toEqual([expect.objectContaining({ slug: "zurich", businessCount: ROWS.length })]);

    const city = await fetch(`${server.url}/cities/ch/zurich`);
    expect(city.status).toBe(200);
    const cityHtml = await city.text();
    for (const [name] of ROWS) expect(cityHtml).toContain(name);

    const page = await fetch(`${server.url}/business/${vier?.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Altstetten, (?:<!-- -->)?<a [^>]*href="\/cities\/ch\/zurich"[^>]*>Zürich<\/a>/);

    const moved = await fetch(`${server.url}/cities/ch/altstetten`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/cities/ch/zurich");
    const unknown = await fetch(`${server.url}/cities/ch/nowhere-at-all`, { redirect: "manual" });
    expect(unknown.status).toBe(404);
  });
});
