import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const SITE_URL = "http://directory.test";
const PASSWORD = "site-url-origin-password";

/** A POST with a Host header of our choosing (fetch never lets a caller set Host). */
function post(base: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname, port, path, method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe(`same-origin checks with SITE_URL set (${testDriver()})`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer;
  let previous: string | undefined;

  beforeAll(async () => {
    // NOTE: before anything reads the environment (it is parsed once per module copy: the test's and the bundle's).
    previous = process.env.SITE_URL;
    process.env.SITE_URL = SITE_URL;
    database = await useFreshProcessDatabase("site-url-origin");
    await upsertAdminUser(database.handle, "admin", PASSWORD);
    server = await startBuiltApp();
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
    if (previous === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = previous;
  });

  const json = JSON.stringify({ username: "admin", password: PASSWORD });
  const form = new URLSearchParams({ username: "admin", password: PASSWORD }).toString();

  it("refuses a login whose forged Host matches its forged Origin", async () => {
    for (const host of ["evil.test", "127.0.0.1"]) {
      const api = await post(server.url, "/api/admin/login", { Host: host, Origin: `http://${host}`, "Content-Type": "application/json" }, json);
      expect(api.status, host).toBe(403);
      expect(JSON.parse(api.body)).toMatchObject({ code: "FOREIGN_ORIGIN" });
      const page = await post(
        server.url,
        "/admin/login",
        { Host: host, Origin: `http://${host}`, "Content-Type": "application/x-www-form-urlencoded" },
        form,
      );
      expect(page.status, host).toBe(403);
    }
    const contact = await post(
      server.url,
      "/contact",
      { Host: "evil.test", Origin: "http://evil.test", "Content-Type": "application/x-www-form-urlencoded" },
      "name=x",
    );
    expect(contact.status).toBe(403);
  });

  it("takes the login from SITE_URL's own origin", async () => {
    const api = await post(server.url, "/api/admin/login", { Host: "directory.test", Origin: SITE_URL, "Content-Type": "application/json" }, json);
    expect(api.status).toBe(200);
    const page = await post(
      server.url,
      "/admin/login",
      { Host: "directory.test", Origin: SITE_URL, "Content-Type": "application/x-www-form-urlencoded" },
      form,
    );
    expect(page.status).toBe(302);
  });
});
