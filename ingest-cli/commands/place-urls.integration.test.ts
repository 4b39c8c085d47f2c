// Place URLs a visitor may type or an old link may hold → one 301 to the page meant: a district that never had a
// page ("kreuzberg" → Berlin), an alias ("wien" → Vienna), a city renamed twice (straight to the last name, no loop
// when renamed back), the JSON city API likewise (query kept), and business slugs renamed twice. Real CLI (import,
// fix-slugs), real server, on the test's driver.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../../app/testing/directory-server.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

type Row = [placeId: string, name: string, city: string, address: string, country: string, lat: string, lng: string];

// Made-up businesses. The chain rows change city at every stage: "Chain Cafe" Alphadorf → Betadorf → Gammadorf,
// "Loop Cafe" Deltadorf → Epsilondorf → Deltadorf (renamed back).
function stageRows(stage: 0 | 1 | 2): Row[] {
  const chain = ["Alphadorf", "Betadorf", "Gammadorf"][stage] as string;
  const loop = ["Deltadorf", "Epsilondorf", "Deltadorf"][stage] as string;
  return [
    ["urls-k1", "Kiez Kaffee", "Kreuzberg", "Oranienstraße 10, 10999 Berlin, Germany", "DE", "52.5003", "13.4190"],
    ["urls-k2", "Kiez Bäcker", "Kreuzberg", "Bergmannstraße 20, 10961 Berlin, Germany", "DE", "52.4890", "13.3950"],
    ["urls-b1", "Mitte Bar", "Berlin", "Torstraße 1, 10119 Berlin, Germany", "DE", "52.5290", "13.4010"],
    ["urls-m1", "Isar Brot", "München", "Marienplatz 1, 80331 München, Germany", "DE", "48.1372", "11.5755"],
    ["urls-w1", "Donau Cafe", "Wien", "Stephansplatz 1, 1010 Wien, Austria", "AT", "48.2085", "16.3721"],
    ["urls-c1", "Chain Cafe", chain, `Dorfweg 1, ${chain}, Germany`, "DE", "", ""],
    ["urls-l1", "Loop Cafe", loop, `Dorfweg 2, ${loop}, Germany`, "DE", "", ""],
  ];
}

function buildCsv(rows: Row[]): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = ["place_id,name,category,city,full_address,country_code,latitude,longitude"];
  for (const [placeId, name, city, address, country, lat, lng] of rows)
    lines.push([placeId, name, "Cafe", city, address, country, lat, lng].map(quote).join(","));
  return `${lines.join("\n")}\n`;
}

describe(`place URLs lead to the page meant, in one 301, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let server: DirectoryServer | null = null;
  const businessSlugs: Record<string, string[]> = {};

  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-place-urls-"));
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const query = <T extends object>(text: string) => queryCliDatabase<T>(env, text);

  it("imports three stages, renaming two cities twice, with fix-slugs after each", { timeout: 300_000 }, async () => {
    for (const stage of [0, 1, 2] as const) {
      const file = path.join(dir, `stage-${stage}.csv`);
      fs.writeFileSync(file, buildCsv(stageRows(stage)));
      const run = await runDirectory(["import", file, "--json"], { env, timeoutMs: 100_000 });
      expect(run.code, run.stderr).toBe(0);
      const fix = await runDirectory(["fix-slugs", "--json"], { env, timeoutMs: 60_000 });
      expect(fix.code, fix.stderr).toBe(0);
      for (const row of await query<{ place_id: string; slug: string }>("select place_id, slug from businesses where place_id like 'urls-%'")) {
        const seen = (businessSlugs[row.place_id] ??= []);
        if (seen[seen.length - 1] !== row.slug) seen.push(row.slug);
      }
    }
    const places = await query<{ place_id: string; city_slug: string; district: string | null }>(
      "select place_id, city_slug, case when place_id like 'urls-k%' then district end as district from businesses order by place_id",
    );
    expect(places).toEqual([
      { place_id: "urls-b1", city_slug: "berlin", district: null },
      { place_id: "urls-c1", city_slug: "gammadorf", district: null },
      { place_id: "urls-k1", city_slug: "berlin", district: "Kreuzberg" },
      { place_id: "urls-k2", city_slug: "berlin", district: "Kreuzberg" },
      { place_id: "urls-l1", city_slug: "deltadorf", district: null },
      { place_id: "urls-m1", city_slug: "munich", district: null },
      { place_id: "urls-w1", city_slug: "vienna", district: null },
    ]);
    expect(businessSlugs["urls-c1"]).toHaveLength(3);
    // Renamed back: the live slug keeps no redirect of its own (deltadorf → epsilondorf → deltadorf would be a loop).
    expect(await query("select old_slug, new_slug from city_slug_redirects where country_code = 'DE' order by old_slug")).toEqual([
      { old_slug: "alphadorf", new_slug: "gammadorf" },
      { old_slug: "betadorf", new_slug: "gammadorf" },
      { old_slug: "epsilondorf", new_slug: "deltadorf" },
    ]);
    // An old city slug as a re-import that moved a city would have recorded it (the page already answered 301 for it).
    await query("insert into city_slug_redirects (country_code, old_slug, new_slug) values ('DE', 'altes-dorf', 'berlin')");
    expect(businessSlugs["urls-l1"]).toHaveLength(3);
  });

  async function hop(url: string): Promise<{ status: number; location: string | null }> {
    if (!server) {
      await ensureBuilt();
      const serverDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "directory-place-urls-server-"));
      server = await startDirectoryServer(serverDir, env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {});
    }
    const response = await fetch(`${server.url}${url}`, { redirect: "manual" });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("location") };
  }
  const moved = (location: string) => ({ status: 301, location });

  it("leads a district and an alias that never had a page to their city", { timeout: 400_000 }, async () => {
    expect(await hop("/cities/de/kreuzberg")).toEqual(moved("/cities/de/berlin"));
    expect(await hop("/cities/de/kreuzberg?page=2")).toEqual(moved("/cities/de/berlin?page=2"));
    expect(await hop("/cities/at/wien")).toEqual(moved("/cities/at/vienna"));
    expect(await hop("/cities/de/muenchen")).toEqual(moved("/cities/de/munich"));
    expect(await hop("/cities/at/kreuzberg")).toEqual({ status: 404, location: null });
  });

  it("leads a city's oldest slug straight to its last, and renamed back, leads home without a loop", { timeout: 400_000 }, async () => {
    expect(await hop("/cities/de/alphadorf")).toEqual(moved("/cities/de/gammadorf"));
    expect(await hop("/cities/de/betadorf")).toEqual(moved("/cities/de/gammadorf"));
    expect(await hop("/cities/de/epsilondorf")).toEqual(moved("/cities/de/deltadorf"));
    expect((await hop("/cities/de/deltadorf")).status).toBe(200);
    expect((await hop("/cities/de/gammadorf")).status).toBe(200);
  });

  it("redirects the JSON city API where the page redirects, its query kept", { timeout: 400_000 }, async () => {
    expect(await hop("/api/cities/de/kreuzberg?page=1&limit=5")).toEqual(moved("/api/cities/de/berlin?page=1&limit=5"));
    expect(await hop("/api/cities/at/wien")).toEqual(moved("/api/cities/at/vienna"));
    expect(await hop("/api/cities/de/altes-dorf?limit=3")).toEqual(moved("/api/cities/de/berlin?limit=3"));
    expect(await hop("/api/cities/de/epsilondorf")).toEqual(moved("/api/cities/de/deltadorf"));
    expect((await hop("/api/cities/de/nowhere-at-all")).status).toBe(404);
    const berlin = await fetch(`${server?.url}/api/cities/de/berlin?page=1&limit=5`);
    expect(berlin.status).toBe(200);
    expect(((await berlin.json()) as { businessCount: number }).businessCount).toBe(3);
  });

  it("leads a business's oldest slug straight to its current one, and renamed back, answers at home", { timeout: 400_000 }, async () => {
    const [first, second, last] = businessSlugs["urls-c1"] as [string, string, string];
    expect(await hop(`/business/${first}`)).toEqual(moved(`/business/${last}`));
    expect(await hop(`/business/${second}`)).toEqual(moved(`/business/${last}`));
    const [home, away, back] = businessSlugs["urls-l1"] as [string, string, string];
    expect(back).toBe(home);
    expect((await hop(`/business/${home}`)).status).toBe(200);
    expect(await hop(`/business/${away}`)).toEqual(moved(`/business/${home}`));
  });
});
