// The built server while its PostgreSQL stops and starts again → public pages answer a friendly 503, the JSON API
// a 503 `DATABASE_UNAVAILABLE` with Retry-After, nothing hangs, and the same server process answers normally again
// once the database is back (no restart).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivatePostgres, type PrivatePostgres } from "../../db/testing/private-postgres.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "../testing/directory-server.ts";

/** No answer may take longer than this while the database is down (a hung page is worse than a 503). */
const ANSWER_WITHIN_MS = 10_000;

interface Answer {
  status: number;
  retryAfter: string | null;
  type: string;
  body: string;
  ms: number;
}

// NOTE: PostgreSQL only: the outage is a server that stops; PGlite runs inside the app process.
describe.runIf(testDriver() === "postgres")("the site while its database is briefly unavailable", () => {
  let database: PrivatePostgres | null;
  let server: DirectoryServer | undefined;

  beforeAll(async () => {
    database = await startPrivatePostgres();
    if (!database) {
      if (process.env.CI) throw new Error("CI needs the PostgreSQL server binaries (initdb, pg_ctl) for the outage test");
      console.warn("Database outage test SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl) installed.");
      return;
    }
    await ensureBuilt();
    server = await startDirectoryServer(fs.mkdtempSync(path.join(os.tmpdir(), "directory-outage-")), { DATABASE_URL: database.url });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    database?.stop();
  });

  async function get(pathname: string): Promise<Answer> {
    const started = Date.now();
    const response = await fetch(`${server?.url}${pathname}`, { signal: AbortSignal.timeout(30_000), redirect: "manual" });
    const body = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      type: response.headers.get("content-type") ?? "",
      body,
      ms: Date.now() - started,
    };
  }

  // Never requested before the outage, so no in-process cache can answer them.
  const pages = ["/categories", "/countries", "/cities", "/search?q=outage-probe"];
  const api = ["/api/categories", "/api/countries", "/api/homepage-data", "/api/search?q=outage-probe", "/api/businesses/outage-probe-slug"];

  it("answers 503 during the outage and recovers by itself when the database is back", { timeout: 180_000 }, async () => {
    if (!database || !server) return;
    expect((await get("/healthz")).status).toBe(200);
    expect((await get("/readyz")).status).toBe(200);

    database.pause();
    try {
      // Alive (no restart would help), not ready (a load balancer sends visitors elsewhere).
      expect((await get("/healthz")).status).toBe(200);
      // NOTE: readiness answers are reused for a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const readiness = await get("/readyz");
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body)).toMatchObject({ status: "down", database: { ok: false } });
      for (const pathname of pages) {
        const answer = await get(pathname);
        expect(answer.status, pathname).toBe(503);
        expect(answer.type, pathname).toContain("text/html");
        // The root's "We'll be right back", or the browse screen's own load-failure text: both ask to try again.
        expect(answer.body, pathname).toMatch(/try again/i);
        expect(answer.body, pathname).not.toContain("Unexpected Server Error");
        expect(answer.retryAfter, pathname).toBe("30");
        expect(answer.ms, pathname).toBeLessThan(ANSWER_WITHIN_MS);
      }
      for (const pathname of api) {
        const answer = await get(pathname);
        expect(answer.status, pathname).toBe(503);
        expect(answer.retryAfter, pathname).toBe("30");
        expect(answer.type, pathname).toContain("application/json");
        expect(JSON.parse(answer.body), pathname).toMatchObject({ error: { code: "DATABASE_UNAVAILABLE" } });
        expect(answer.ms, pathname).toBeLessThan(ANSWER_WITHIN_MS);
      }
    } finally {
      database.start();
    }

    // The same server process, no restart: the next requests reconnect.
    // NOTE: readiness answers are reused for a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await get("/readyz")).status).toBe(200);
    for (const pathname of pages.slice(0, 3)) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.body, pathname).not.toContain("We&#x27;ll be right back");
    }
    const categories = await get("/api/categories");
    expect(categories.status).toBe(200);
    expect((JSON.parse(categories.body) as unknown[]).length).toBeGreaterThan(0);
    const search = await get("/api/search?q=outage-probe");
    expect(search.status).toBe(200);
    expect(JSON.parse(search.body)).toMatchObject({ hits: expect.any(Array) });
    expect((await get("/api/businesses/outage-probe-slug")).status).toBe(404);
  });
});
