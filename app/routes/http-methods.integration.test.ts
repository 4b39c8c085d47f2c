import http from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const PASSWORD = "http-methods-password";
/** Resource routes with an action and (before this fix) no loader. */
const ACTION_ONLY = [
  "/api/upload-excel",
  "/api/upload-excel-batch",
  "/api/export-csv",
  "/api/admin/fix-slugs",
  "/api/admin/businesses/1/toggle-approval",
];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Any method, any headers (Host included), over a raw connection: fetch refuses TRACE and a forged Host. */
function send(base: string, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        path: target,
        method,
        headers: { ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }), ...headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function codeOf(answer: Answer): string | undefined {
  const parsed = JSON.parse(answer.body) as { code?: string; error?: { code?: string } };
  return parsed.error?.code ?? parsed.code;
}

describe(`methods, origins and caching on the built server (${testDriver()})`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer;
  let cookie = "";
  let csrf = "";
  let errors: MockInstance<typeof console.error>;

  beforeAll(async () => {
    database = await useFreshProcessDatabase("http-methods");
    await upsertAdminUser(database.handle, "admin", PASSWORD);
    server = await startBuiltApp();
    ({ cookie, csrfToken: csrf } = await logInOverHttp(server.url, { username: "admin", password: PASSWORD }));
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });
  // Refusals are one warning line each; a stack (console.error) means a request reached code that crashed.
  beforeEach(() => {
    errors = vi.spyOn(console, "error");
  });
  afterEach(() => {
    const logged = errors.mock.calls.map((call) => String(call[0]).split("\n")[0]);
    errors.mockRestore();
    expect(logged).toEqual([]);
  });

  it("answers TRACE, OPTIONS and other methods no route takes with 405 and Allow, never a 500", async () => {
    const cases: Array<[string, string]> = [];
    for (const method of ["TRACE", "OPTIONS", "PROPFIND"])
      for (const path of ["/", "/contact", "/admin", "/admin/login", "/api/contact", "/api/businesses", ...ACTION_ONLY]) cases.push([method, path]);
    for (const method of ["PUT", "PATCH", "DELETE"])
      for (const path of ["/", "/contact", "/admin/login", "/admin/messages"]) cases.push([method, path]);
    for (const method of ["PUT", "PATCH"]) for (const path of ["/api/contact", "/api/admin/businesses"]) cases.push([method, path]);
    for (const [method, path] of cases) {
      const answer = await send(server.url, method, path, { Cookie: cookie });
      const label = `${method} ${path}`;
      expect(answer.status, label).toBe(405);
      expect(answer.headers.allow, label).toMatch(/^GET, HEAD, POST/);
      expect(answer.headers["cache-control"], label).toBe("no-store");
      if (path.startsWith("/api/")) expect(codeOf(answer), label).toBe("METHOD_NOT_ALLOWED");
      else expect(answer.body, label).toContain("<h1>Method not allowed</h1>");
    }
  });

  it("answers GET and HEAD on action-only routes, and a POST to a page without an action, with 405", async () => {
    for (const path of ACTION_ONLY) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await send(server.url, method, path, { Cookie: cookie });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("POST");
        if (method === "GET") expect(codeOf(answer), path).toBe("METHOD_NOT_ALLOWED");
      }
    }
    const post = await send(server.url, "POST", "/businesses", { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" }, "a=b");
    expect(post.status).toBe(405);
  });

  it("refuses page forms posted from another origin with 403 (Remix aborted them with a bare 500)", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const foreign: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
      { Origin: server.url, "X-Forwarded-Host": "evil.example" },
    ];
    for (const path of ["/contact", "/admin/login", "/admin/messages", "/businesses", "/"]) {
      for (const headers of foreign) {
        const answer = await send(server.url, "POST", path, { ...form, ...headers, Cookie: cookie }, "name=x&_csrf=y");
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(answer.body).toContain("<h1>Forbidden</h1>");
      }
      const viaData = await send(server.url, "POST", `${path}?_data=root`, { ...form, Origin: "https://evil.example" }, "a=b");
      expect(codeOf(viaData), path).toBe("FOREIGN_ORIGIN");
    }
    // Our own page still sends.
    const own = await send(
      server.url,
      "POST",
      "/contact",
      { ...form, Origin: server.url },
      new URLSearchParams({
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "Opening hours",
        message: "Please check the opening hours.",
      }).toString(),
    );
    expect(own.status).toBe(200);
  });

  it("answers a page action's body that is not a form with 415 or 400, not a 500", async () => {
    for (const path of ["/contact", "/admin/login", "/admin/messages"]) {
      for (const [type, body, status] of [
        ["application/json", '{"name":"x"}', 415],
        ["text/plain", "name=x", 415],
        [undefined, "", 415],
        ["multipart/form-data; boundary=B", "not multipart at all", 400],
      ] as const) {
        const answer = await send(server.url, "POST", path, { Origin: server.url, Cookie: cookie, ...(type ? { "Content-Type": type } : {}) }, body);
        expect(answer.status, `${path} ${type}`).toBe(status);
      }
    }
  });

  it("sends the admin back to /admin when redirectTo cannot go in a Location header (non-Latin-1)", async () => {
    const target = "/admin/\u65e5\u672c?q=\u0130stanbul";
    const login = await send(
      server.url,
      "POST",
      "/admin/login",
      { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ username: "admin", password: PASSWORD, redirectTo: target }).toString(),
    );
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/admin");
    // Already logged in: the login page's loader redirects at once.
    const again = await send(server.url, "GET", `/admin/login?redirectTo=${encodeURIComponent(target)}`, { Cookie: cookie });
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe("/admin");
    // A %-encoded path (what the app itself builds) still comes back.
    const encoded = await send(server.url, "GET", `/admin/login?redirectTo=${encodeURIComponent("/admin/businesses?filter=%C4%B0stanbul")}`, {
      Cookie: cookie,
    });
    expect(encoded.headers.location).toBe("/admin/businesses?filter=%C4%B0stanbul");
  });

  it("marks every admin answer (pages, their ?_data, admin APIs, errors) Cache-Control: no-store", async () => {
    const withSession = [
      "/admin",
      "/admin/dashboard",
      "/admin/businesses",
      "/admin/messages",
      "/admin/settings",
      "/admin/advertisements",
      "/admin/upload",
      "/admin/reports",
      "/admin/audit",
      "/admin/trash",
      "/admin/no-such-page",
      "/admin/login",
      "/admin?_data=root",
      "/admin?_data=routes%2Fadmin",
      "/admin/dashboard?_data=routes%2Fadmin.dashboard",
      "/admin/upload/template.csv",
      "/api/admin/stats",
      "/api/admin/businesses",
      "/api/admin/categories",
      "/api/admin/country-codes",
      "/api/admin/site-settings",
      "/api/admin/advertisement-codes",
      "/api/admin/upload-reports",
      "/api/admin/trash",
      "/api/admin/no-such-call",
      "/api/export-csv",
    ];
    const failures: string[] = [];
    for (const path of withSession) {
      const answer = await send(server.url, "GET", path, { Cookie: cookie, Accept: "text/html" });
      if (answer.headers["cache-control"] !== "no-store") failures.push(`${answer.status} ${path}: ${answer.headers["cache-control"]}`);
    }
    for (const path of ["/admin", "/admin/login", "/admin/businesses", "/admin-legacy", "/api/admin/stats"]) {
      const answer = await send(server.url, "GET", path, { Accept: "text/html" });
      if (answer.headers["cache-control"] !== "no-store") failures.push(`anonymous ${answer.status} ${path}: ${answer.headers["cache-control"]}`);
    }
    const post = await send(
      server.url,
      "POST",
      "/admin/messages",
      { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ intent: "read", id: "1", _csrf: csrf }).toString(),
    );
    if (post.headers["cache-control"] !== "no-store") failures.push(`POST ${post.status} /admin/messages: ${post.headers["cache-control"]}`);
    expect(failures).toEqual([]);
  });
});
