// The built server with MEILI_URL at a closed port → public pages, /search and /api/search keep answering from the
// PostgreSQL engine, and the admin dashboard and GET /api/admin/stats say that Meilisearch is unreachable.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { findFreePort } from "../../ingest-cli/bench/bench-http.ts";
import { logInOverHttp } from "../testing/admin-calls.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../testing/directory-server.ts";

const ADMIN = { username: "search-admin", password: "search-engine-password" };

describe(`the site while Meilisearch is configured but down, on ${testDriver()}`, () => {
  let server: DirectoryServer;
  let database: TestDatabase | undefined;
  let meiliUrl: string;

  beforeAll(async () => {
    await ensureBuilt();
    if (testDriver() === "postgres") database = await createTestDatabase();
    // A port nothing listens on: taken from the OS, then released.
    meiliUrl = `http://127.0.0.1:${await findFreePort()}`;
    server = await startDirectoryServer(fs.mkdtempSync(path.join(os.tmpdir(), "directory-meili-down-")), {
      MEILI_URL: meiliUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, { headers, signal: AbortSignal.timeout(30_000), redirect: "manual" });

  it("answers searches, suggestions and pages from PostgreSQL", async () => {
    // A word from a real seeded business name, so the search must find that business.
    const featured = (await (await get("/api/featured-businesses")).json()) as Array<{ name: string; slug: string }>;
    const business = featured.find((row) => /^[A-Za-z]{4,}/.test(row.name)) ?? featured[0];
    expect(business).toBeDefined();
    const word = (business?.name.match(/[A-Za-z]{4,}/) ?? [""])[0];

    const api = await get(`/api/search?q=${encodeURIComponent(word)}`);
    expect(api.status).toBe(200);
    const result = (await api.json()) as { hits: Array<{ slug: string }>; total: number };
    expect(result.total).toBeGreaterThan(0);
    expect(result.hits.map((hit) => hit.slug)).toContain(business?.slug);

    const page = await get(`/search?q=${encodeURIComponent(word)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/business/${business?.slug}`);

    const suggest = await get(`/api/suggest?q=${encodeURIComponent(word.slice(0, 3))}`);
    expect(suggest.status).toBe(200);

    for (const pathname of ["/", "/categories", `/business/${business?.slug}`]) expect((await get(pathname)).status, pathname).toBe(200);
  });

  it("shows the administrator that Meilisearch is unreachable and PostgreSQL answers", async () => {
    const { cookie } = await logInOverHttp(server.url, ADMIN);

    const stats = await get("/api/admin/stats", { Cookie: cookie });
    expect(stats.status).toBe(200);
    const body = (await stats.json()) as {
      totalBusinesses: number;
      searchEngine: { configured: boolean; active: string; healthy: boolean; lastError: string | null };
    };
    expect(body.totalBusinesses).toBeGreaterThan(0);
    expect(body.searchEngine).toMatchObject({ configured: true, active: "postgres", healthy: false });
    expect(body.searchEngine.lastError).toMatch(/unreachable|ECONNREFUSED|fetch failed/i);

    const dashboard = await get("/admin/dashboard", { Cookie: cookie });
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    // The admin's default language is Turkish.
    expect(html).toContain("Arama motoru");
    expect(html).toContain("Meilisearch erişilemiyor — PostgreSQL ile yanıtlanıyor");
    expect(html).toContain('data-search-engine="postgres"');
    // The place-gap card counts listings without a country, a city or coordinates (the demo rows have all three).
    expect(html).toContain("Konumlandırılamayan kayıtlar");
    expect(html).toContain("Her kaydın ülkesi, şehri ve koordinatı var.");
  });
});
