// Demo data never passes for real: seeded demo businesses are never "Verified", and the first real import hides them
// from every public list, count and search, says so and audits it (once); through the spawned CLI and the real server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../../app/testing/directory-server.ts";
import { createCliDatabaseEnv, queryCliDatabase, runDirectory, type CliEnv } from "../testing/run-cli.ts";

const DEMO_ROWS = 40;
const HEADER = "name,category,street,city,country_code,full_address,phone,place_id,rating,reviews,verified";
const REAL_FILE = [
  HEADER,
  'Zwirbel Backstube,Bakery,Hauptstrasse 3,Basel,CH,"Hauptstrasse 3, 4051 Basel, Switzerland",+41 61 111 22 33,real-1,4.5,20,true',
  'Quendel Apotheke,Pharmacy,Marktgasse 9,Bern,CH,"Marktgasse 9, 3011 Bern, Switzerland",+41 31 222 33 44,real-2,4.1,8,false',
].join("\n");
const LATER_FILE = [HEADER, 'Yarrow Books,Book store,Rue du Rhône 2,Geneva,CH,"Rue du Rhône 2, 1204 Geneva, Switzerland",,real-3,4.0,5,false'].join(
  "\n",
);

interface ListBody {
  businesses: Array<{ name: string; slug: string; verified: boolean }>;
  total?: number;
  totalItems?: number;
}

describe(`demo businesses next to real data on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  let dataDir: string;
  let server: DirectoryServer | undefined;

  /** The real server on this test's database; PGlite allows one process per data dir, so it stops between CLI runs. */
  async function startServer(): Promise<DirectoryServer> {
    return startDirectoryServer(dataDir, env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {});
  }

  async function readJson<T>(url: string): Promise<{ status: number; body: T }> {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as T };
  }

  beforeAll(async () => {
    await ensureBuilt();
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-demo-hidden-"));
    dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "directory-demo-hidden-server-"));
    const seeded = await runDirectory(["seed", "--rows", String(DEMO_ROWS)], { env });
    expect(seeded.code, seeded.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await server?.kill("SIGTERM");
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
    if (!env?.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("never shows a demo business as Verified, on its page, in lists or in the verified search filter", async () => {
    server = await startServer();
    try {
      const list = await readJson<ListBody>(`${server.url}/api/businesses?page=1`);
      expect(list.status).toBe(200);
      expect(list.body.businesses.length).toBe(20);
      expect(list.body.businesses.filter((b) => b.verified)).toEqual([]);
      for (const business of list.body.businesses.slice(0, 10)) {
        const detail = await readJson<{ verified: boolean }>(`${server.url}/api/businesses/${business.slug}`);
        expect(detail.body.verified, business.name).toBe(false);
        const html = await (await fetch(`${server.url}/business/${business.slug}`)).text();
        expect(html, business.name).not.toMatch(/>\s*Verified\s*</);
      }
      const verifiedOnly = await readJson<{ hits: unknown[]; total: number }>(`${server.url}/api/search?verified=1`);
      expect(verifiedOnly.body.total).toBe(0);
    } finally {
      await server.kill("SIGTERM");
      server = undefined;
    }
  }, 180_000);

  it("hides the demo businesses once the first real file is imported, says so and audits it only then", async () => {
    const real = path.join(dir, "real.csv");
    fs.writeFileSync(real, REAL_FILE);
    const dry = await runDirectory(["validate", real], { env, timeoutMs: 120_000 });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).not.toContain("demo listings hidden");
    const first = await runDirectory(["import", real], { env, timeoutMs: 120_000 });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${DEMO_ROWS} demo listings hidden from the public site (this import brought real ones)`);
    const audits = await queryCliDatabase<{ actor: string; row_count: number; file: string }>(
      env,
      "select actor, row_count, details->>'file' as file from audit_log where action = 'demo-data.hide'",
    );
    expect(audits).toEqual([{ actor: expect.stringMatching(/^cli:[^@]+@.+$/), row_count: DEMO_ROWS, file: "real.csv" }]);
    const later = path.join(dir, "later.csv");
    fs.writeFileSync(later, LATER_FILE);
    const second = await runDirectory(["import", later, "--json"], { env, timeoutMs: 120_000 });
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject([{ hiddenDemoBusinesses: 0 }]);
    expect(await queryCliDatabase(env, "select id from audit_log where action = 'demo-data.hide'")).toHaveLength(1);

    server = await startServer();
    try {
      const list = await readJson<ListBody>(`${server.url}/api/businesses?page=1`);
      expect(list.body.businesses.map((b) => b.name).sort()).toEqual(["Quendel Apotheke", "Yarrow Books", "Zwirbel Backstube"]);
      // The real business keeps its badge: only demo data loses it.
      expect(list.body.businesses.find((b) => b.name === "Zwirbel Backstube")?.verified).toBe(true);
      const search = await readJson<{ hits: Array<{ name: string }>; total: number }>(`${server.url}/api/search?q=`);
      expect(search.body.total).toBe(3);
      const homeHtml = await (await fetch(`${server.url}/`)).text();
      const featured = [...new Set([...homeHtml.matchAll(/href="\/business\/([^"]+)"/g)].map((m) => m[1]))];
      expect(featured).toHaveLength(3);
      const sitemap = await (await fetch(`${server.url}/sitemaps/businesses/page-1.xml`)).text();
      expect(sitemap.match(/<loc>[^<]*\/business\//g)).toHaveLength(3);
      // The counts follow the visible set: three businesses in three Swiss cities, no demo country left.
      const home = await readJson<{ totals: { businesses: number }; topCountries: Array<{ businessCount: number }>; topCities: unknown[] }>(
        `${server.url}/api/homepage-data`,
      );
      expect(home.body.totals.businesses).toBe(3);
      expect(home.body.topCountries.map((c) => c.businessCount)).toEqual([3]);
      expect(home.body.topCities).toHaveLength(3);
    } finally {
      await server.kill("SIGTERM");
      server = undefined;
    }
    // The demo rows are still there for delete-test-data to remove.
    const deleted = await runDirectory(["delete-test-data", "--yes", "--json"], { env });
    expect(JSON.parse(deleted.stdout)).toMatchObject({ success: true, deletedCount: DEMO_ROWS });
  }, 300_000);
});
