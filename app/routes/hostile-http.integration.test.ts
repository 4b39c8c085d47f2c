import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ROUTES_DIR = path.dirname(new URL(import.meta.url).pathname);
const ADMIN_PASSWORD = "hostile-http-password";
const SEARCH_PARAMS = ["location", "category", "country", "city", "sort", "per_page", "min_rating", "lat", "open_now", "facets", "bbox"];
const ADMIN_LIST_PARAMS = ["limit", "filter", "category", "sortBy", "sortOrder"];

type Kind = "document" | "api" | "other";
interface RouteCase {
  path: string;
  kind: Kind;
  /** Query params the route reads besides page and q (every other route is tried with those two). */
  params?: string[];
  /** Reads no query string: one request with every bad param at once is enough. */
  static?: true;
  /** The path segment that is a parameter: replaced by hostile slugs. */
  slug?: string;
  admin?: boolean;
}

/** Every file in app/routes (the test checks none is missing), with a working URL and what it reads. */
const ROUTES: Record<string, RouteCase> = {
  "_index.tsx": { static: true, path: "/", kind: "document" },
  "$.tsx": { static: true, path: "/no-such-page", kind: "document", slug: "no-such-page" },
  "businesses.tsx": { path: "/businesses", kind: "document" },
  "categories._index.tsx": { path: "/categories", kind: "document", params: ["view"] },
  "categories.$slug.tsx": { path: "/categories/bakery", kind: "document", params: ["view"], slug: "bakery" },
  "countries._index.tsx": { path: "/countries", kind: "document", params: ["view"] },
  "countries.$slug.tsx": { path: "/countries/united-kingdom", kind: "document", params: ["view"], slug: "united-kingdom" },
  "countries.$slug_.cities.tsx": { path: "/countries/united-kingdom/cities", kind: "document", params: ["letter"], slug: "united-kingdom" },
  "cities._index.tsx": { path: "/cities", kind: "document", params: ["letter", "view"] },
  "cities.$letter.tsx": { path: "/cities/L", kind: "document", slug: "L" },
  "cities.$countryCode.$citySlug.tsx": { path: "/cities/gb/london", kind: "document", params: ["view"], slug: "london" },
  "cities.$countryCode.$citySlug_.$categorySlug.tsx": { path: "/cities/gb/london/bakery", kind: "document", slug: "bakery" },
  "business.$slug.tsx": { static: true, path: "/business/alpha-bakery-london", kind: "document", slug: "alpha-bakery-london" },
  "business.$slug_.suggest.tsx": { static: true, path: "/business/alpha-bakery-london/suggest", kind: "document", slug: "alpha-bakery-london" },
  "search.tsx": { path: "/search", kind: "document", params: SEARCH_PARAMS },
  "contact.tsx": { static: true, path: "/contact", kind: "document" },
  "cookie-policy.tsx": { static: true, path: "/cookie-policy", kind: "document" },
  "legal-notice.tsx": { static: true, path: "/legal-notice", kind: "document" },
  "privacy-policy.tsx": { static: true, path: "/privacy-policy", kind: "document" },
  "terms-of-service.tsx": { static: true, path: "/terms-of-service", kind: "document" },
  "robots[.]txt.ts": { static: true, path: "/robots.txt", kind: "other" },
  "sitemap[.]xml.ts": { static: true, path: "/sitemap.xml", kind: "other" },
  "sitemaps.$file.ts": { static: true, path: "/sitemaps/main.xml", kind: "other", slug: "main.xml" },
  "sitemaps.businesses.$file.ts": { static: true, path: "/sitemaps/businesses/page-1.xml", kind: "other", slug: "page-1.xml" },
  "sitemaps.city-categories.$file.ts": { static: true, path: "/sitemaps/city-categories/page-1.xml", kind: "other", slug: "page-1.xml" },
  "assets.maplibre-gl.$version.$file.ts": {
    static: true,
    path: "/assets/maplibre-gl/6.17.0/maplibre-gl-worker.mjs",
    kind: "other",
    slug: "maplibre-gl-worker.mjs",
  },
  "api.$.ts": { static: true, path: "/api/no-such-endpoint", kind: "api", slug: "no-such-endpoint" },
  "api.businesses._index.ts": { path: "/api/businesses", kind: "api" },
  "api.businesses.$slug.ts": { static: true, path: "/api/businesses/alpha-bakery-london", kind: "api", slug: "alpha-bakery-london" },
  "api.categories._index.ts": { path: "/api/categories", kind: "api", params: ["letter"] },
  "api.categories.$slug.ts": { path: "/api/categories/bakery", kind: "api", params: ["limit"], slug: "bakery" },
  "api.countries._index.ts": { path: "/api/countries", kind: "api", params: ["letter"] },
  "api.countries.$slug.ts": { path: "/api/countries/united-kingdom", kind: "api", slug: "united-kingdom" },
  "api.cities._index.ts": { path: "/api/cities", kind: "api", params: ["letter"] },
  "api.cities.$countryCode.$citySlug.ts": { path: "/api/cities/gb/london", kind: "api", params: ["limit"], slug: "london" },
  "api.featured-businesses.ts": { static: true, path: "/api/featured-businesses", kind: "api" },
  "api.homepage-data.ts": { static: true, path: "/api/homepage-data", kind: "api" },
  "api.search.ts": { path: "/api/search", kind: "api", params: SEARCH_PARAMS },
  "api.suggest.ts": { path: "/api/suggest?q=al", kind: "api", params: ["limit", "kinds"] },
  "api.contact.ts": { static: true, path: "/api/contact", kind: "api" },
  "api.export-csv.ts": { static: true, path: "/api/export-csv", kind: "api", admin: true },
  "api.upload-excel.ts": { static: true, path: "/api/upload-excel", kind: "api", admin: true },
  "api.upload-excel-batch.ts": { static: true, path: "/api/upload-excel-batch", kind: "api", admin: true },
  "api.admin.advertisement-codes.ts": { static: true, path: "/api/admin/advertisement-codes", kind: "api", admin: true },
  "api.admin.businesses.ts": { path: "/api/admin/businesses", kind: "api", params: ADMIN_LIST_PARAMS, admin: true },
  "api.admin.businesses.$id.toggle-approval.ts": { static: true, path: "/api/admin/businesses/1/toggle-approval", kind: "api", admin: true },
  "api.admin.categories.ts": { path: "/api/admin/categories", kind: "api", admin: true },
  "api.admin.clear-cache.ts": { static: true, path: "/api/admin/clear-cache", kind: "api", admin: true },
  "api.admin.country-codes.ts": { static: true, path: "/api/admin/country-codes", kind: "api", admin: true },
  "api.admin.export-csv.ts": {
    path: "/api/admin/export-csv",
    kind: "api",
    params: ["fields", "countryCode", "categories", "dateRange", "startDate"],
    admin: true,
  },
  "api.admin.fix-slugs.ts": { static: true, path: "/api/admin/fix-slugs", kind: "api", admin: true },
  "api.admin.login.ts": { static: true, path: "/api/admin/login", kind: "api" },
  "api.admin.logout.ts": { static: true, path: "/api/admin/logout", kind: "api" },
  "api.admin.session.ts": { static: true, path: "/api/admin/session", kind: "api", admin: true },
  "api.admin.site-settings.ts": { static: true, path: "/api/admin/site-settings", kind: "api", admin: true },
  "api.admin.stats.ts": { static: true, path: "/api/admin/stats", kind: "api", admin: true },
  "api.admin.test-data.ts": { static: true, path: "/api/admin/test-data", kind: "api", admin: true },
  "api.admin.trash.ts": { path: "/api/admin/trash", kind: "api", params: ["beforeId", "batch"], admin: true },
  "api.admin.upload-reports.ts": { path: "/api/admin/upload-reports", kind: "api", params: ["limit"], admin: true },
  "admin.tsx": { static: true, path: "/admin", kind: "document", admin: true },
  "admin._index.tsx": { static: true, path: "/admin", kind: "document", admin: true },
  "admin-legacy.tsx": { static: true, path: "/admin-legacy", kind: "document", admin: true },
  "admin_.login.tsx": { path: "/admin/login", kind: "document", params: ["redirectTo"] },
  "admin.advertisements.tsx": { static: true, path: "/admin/advertisements", kind: "document", admin: true },
  "admin.audit.tsx": { path: "/admin/audit", kind: "document", params: ["before", "action"], admin: true },
  "admin.trash.tsx": { path: "/admin/trash", kind: "document", params: ["beforeId", "batch"], admin: true },
  "admin.businesses.tsx": { path: "/admin/businesses", kind: "document", params: ADMIN_LIST_PARAMS, admin: true },
  "admin.dashboard.tsx": { static: true, path: "/admin/dashboard", kind: "document", admin: true },
  "admin.suggestions.tsx": { path: "/admin/suggestions", kind: "document", params: ["after"], admin: true },
  "admin.messages.tsx": { path: "/admin/messages", kind: "document", params: ["before", "unread"], admin: true },
  "admin.reports._index.tsx": { path: "/admin/reports", kind: "document", params: ["before"], admin: true },
  "admin.reports.$runId.tsx": { static: true, path: "/admin/reports/1", kind: "document", slug: "1", admin: true },
  "admin.reports.$runId.rejected[.]csv.ts": { static: true, path: "/admin/reports/1/rejected.csv", kind: "other", admin: true },
  "admin.settings.tsx": { static: true, path: "/admin/settings", kind: "document", admin: true },
  "admin.upload.tsx": { static: true, path: "/admin/upload", kind: "document", admin: true },
  "admin.upload.template[.]csv.ts": { static: true, path: "/admin/upload/template.csv", kind: "other", admin: true },
};

/** Paths the HTTP server answers before Remix (app/server/observability.ts): no route file, the same sweep. */
const PROBES: RouteCase[] = [
  { static: true, path: "/healthz", kind: "other" },
  { static: true, path: "/readyz", kind: "other" },
  { static: true, path: "/metrics", kind: "other" },
];

/** Already percent-encoded: numbers out of range or not numbers for page, NUL, a broken escape, a huge string. */
const BAD_PAGES = ["-1", "abc", "1e9", "%00", "%E0%A4%A"];
const BAD_VALUES = ["a%00b", "%E0%A4%A", `%F0%9F%98%80${"x".repeat(3000)}`];
/** Repeated params, a broken escape as a name, array syntax, a huge name. */
const BAD_QUERIES = ["page=1&page=abc&page=2&q=a&q=a%00", "%E0%A4%A=1&page[]=1&q[x]=2", `${"k".repeat(2000)}=v&letter=%00`];
const EVERYTHING_AT_ONCE = `page=-1&letter=%00&limit=1e9&q=a%00b&%E0%A4%A=1&page=abc&x=${"y".repeat(3000)}`;
/** Slugs with dots, slashes, backslashes, NUL, broken escapes, Unicode, overlong UTF-8 and a very long one. */
const BAD_SLUGS = [
  "..",
  "a.b",
  "a%2Fb%5Cc",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "%00",
  "%E0%A4%A",
  "%C0%AE%FF",
  "%C4%B0stanbul%E6%97%A5%E6%9C%AC",
  "x".repeat(3000),
];

interface Answer {
  status: number;
  type: string;
  location: string | null;
  body: string;
  requestId: string;
}

/** A raw GET: the path goes on the wire exactly as written (fetch would normalise dots and escapes). */
function rawGet(base: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: target, method: "GET", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"] ?? ""),
          location: response.headers.location ?? null,
          body: Buffer.concat(chunks).toString("utf8"),
          requestId: String(response.headers["x-request-id"] ?? ""),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** One multipart body, byte for byte (file names may hold NUL, quotes, backslashes). */
function multipart(boundary: string, parts: Array<{ name: string; filename?: string; content: string | Buffer }>): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename === undefined ? "" : "Content-Type: text/csv\r\n"}\r\n`,
        "utf8",
      ),
    );
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, "utf8"));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe(`hostile HTTP against the built server on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  let tempDir: string;
  let uploadTmp: string;
  let previousTmp: string | undefined;
  let server: InProcessServer;
  let cookie = "";
  let csrf = "";

  const admin = () => ({ Cookie: cookie, Origin: server.url, "X-CSRF-Token": csrf });
  const upload = (endpoint: string, body: Buffer | string, contentType: string, extra: Record<string, string> = {}) =>
    fetch(`${server.url}${endpoint}`, {
      method: "POST",
      headers: { ...admin(), "Content-Type": contentType, ...extra },
      body: typeof body === "string" ? body : new Uint8Array(body),
      signal: AbortSignal.timeout(20_000),
    });
  const csv = (name: string) => `name,full_address,category,country_code\n${name},"1 High St, London, United Kingdom",Bakery,GB\n`;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-hostile-http-"));
    uploadTmp = path.join(tempDir, "tmp");
    fs.mkdirSync(uploadTmp);
    database = await useFreshProcessDatabase("hostile-http");
    handle = database.handle;
    const seed = path.join(tempDir, "seed.csv");
    fs.writeFileSync(seed, csv("Alpha Bakery"));
    expect((await importFile(handle, seed, { searchEngine: null })).counters.inserted).toBe(1);
    await upsertAdminUser(handle, "admin", ADMIN_PASSWORD);
    server = await startBuiltApp();
    ({ cookie, csrfToken: csrf } = await logInOverHttp(server.url, { username: "admin", password: ADMIN_PASSWORD }));
    // Upload temp files go to a folder of this test's own, so "nothing left behind" can be checked.
    previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = uploadTmp;
  });
  afterAll(async () => {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    await server?.close();
    await database?.release();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("covers every route file", () => {
    const files = fs.readdirSync(ROUTES_DIR).filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."));
    expect(files.filter((name) => !(name in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((name) => !files.includes(name))).toEqual([]);
  });

  it("answers malformed query params and slugs on every route with a 2xx/3xx or a 4xx that explains, never a 5xx", async () => {
    const requests: Array<{ route: RouteCase; target: string }> = [];
    for (const route of [...Object.values(ROUTES), ...PROBES]) {
      const join = route.path.includes("?") ? "&" : "?";
      if (route.static) requests.push({ route, target: `${route.path}${join}${EVERYTHING_AT_ONCE}` });
      else {
        for (const value of BAD_PAGES) requests.push({ route, target: `${route.path}${join}page=${value}` });
        for (const name of ["q", ...(route.params ?? [])])
          for (const value of BAD_VALUES) requests.push({ route, target: `${route.path}${join}${name}=${value}` });
        for (const query of BAD_QUERIES) requests.push({ route, target: `${route.path}${join}${query}` });
      }
      if (route.slug) for (const slug of BAD_SLUGS) requests.push({ route, target: route.path.replace(route.slug, slug) });
    }
    const failures: string[] = [];
    await inPool(requests, 8, async ({ route, target }) => {
      const answer = await rawGet(server.url, target, {
        Accept: route.kind === "document" ? "text/html" : "*/*",
        ...(route.admin ? { Cookie: cookie } : {}),
      });
      const where = `${answer.status} ${target.slice(0, 120)}`;
      if (answer.status >= 500 || answer.status < 200) failures.push(`${where}: ${answer.body.slice(0, 200)}`);
      else if (answer.location !== null && !/^\/(?!\/)/.test(answer.location) && !answer.location.startsWith(`${server.url}/`))
        failures.push(`${where}: redirects off-site to ${answer.location}`);
      else if (answer.status >= 400 && route.kind === "api") {
        const json = (() => {
          try {
            return JSON.stringify(JSON.parse(answer.body));
          } catch {
            return "";
          }
        })();
        if (!answer.type.startsWith("application/json") || !/"message":"[^"]+/.test(json))
          failures.push(`${where}: not a JSON error with a message (${answer.type}) ${answer.body.slice(0, 120)}`);
        else if (!json.includes(`"requestId":"${answer.requestId}"`))
          failures.push(`${where}: JSON error without its request id ${json.slice(0, 160)}`);
      } else if (answer.status >= 400 && route.kind === "document") {
        if (!answer.type.startsWith("text/html") || !answer.body.includes("<h1"))
          failures.push(`${where}: not a page (${answer.type}) ${answer.body.slice(0, 120)}`);
        else if (!answer.requestId || !answer.body.includes(answer.requestId)) failures.push(`${where}: error page without its request id`);
      }
    });
    expect(failures).toEqual([]);
    expect((await rawGet(server.url, "/healthz")).status).toBe(200);
  });

  it("keeps hostile upload file names out of the file system and shows a safe name", async () => {
    const names = [
      "../../etc/passwd.csv",
      "..\\..\\windows\\evil.csv",
      "a\u0000b.csv",
      `${"n".repeat(5000)}.csv`,
      "İstanbul \u202Egnp.csv",
      "<script>alert(1)<script>.csv",
    ];
    for (const [index, name] of names.entries()) {
      const body = multipart("HostileBoundary", [
        { name: "file", filename: name, content: csv(`Name Test ${index}`) },
        { name: "batchSize", content: "100" },
      ]);
      const response = await upload("/api/upload-excel-batch", body, "multipart/form-data; boundary=HostileBoundary");
      const result = (await response.json()) as { fileName: string; successCount: number };
      expect(response.status, name.slice(0, 40)).toBe(200);
      expect(result.successCount).toBe(1);
      expect(result.fileName).not.toMatch(/[/\\\p{Cc}"]/u);
      expect(result.fileName.length).toBeLessThanOrEqual(200);
      expect(result.fileName.endsWith(".csv")).toBe(true);
    }
    const stored = await handle.query<{ file_name: string }>("select file_name from import_runs where origin = 'admin'");
    expect(stored.map((run) => run.file_name)).toHaveLength(names.length);
    for (const run of stored) expect(run.file_name).not.toMatch(/[/\\\p{Cc}]/u);
    // Nothing was written next to or above the upload folder, and every upload's temp dir is gone.
    for (const target of ["etc/passwd.csv", "../etc/passwd.csv", "../../etc/passwd.csv", "windows/evil.csv", "evil.csv", "passwd.csv"]) {
      expect(fs.existsSync(path.resolve(uploadTmp, target)), target).toBe(false);
    }
    expect(fs.readdirSync(uploadTmp)).toEqual([]);
  });

  it("refuses malformed multipart bodies with a 4xx JSON code", async () => {
    const good = (boundary: string) => multipart(boundary, [{ name: "file", filename: "ok.csv", content: csv("Boundary Test") }]);
    const cases: Array<[string, () => Promise<Response>, number, string | null]> = [
      ["no boundary", () => upload("/api/upload-excel-batch", good("B1"), "multipart/form-data"), 400, "MULTIPART_BOUNDARY_MISSING"],
      ["quoted boundary", () => upload("/api/upload-excel-batch", good("Quoted=B2"), 'multipart/form-data; boundary="Quoted=B2"'), 200, null],
      [
        "upper-case type, charset after the boundary",
        () => upload("/api/upload-excel-batch", good("B3"), "Multipart/Form-Data; boundary=B3; charset=utf-8"),
        200,
        null,
      ],
      ["wrong content type", () => upload("/api/upload-excel-batch", csv("x"), "text/csv"), 400, "MULTIPART_REQUIRED"],
      [
        "missing file field",
        () => upload("/api/upload-excel-batch", multipart("B4", [{ name: "batchSize", content: "100" }]), "multipart/form-data; boundary=B4"),
        400,
        "FILE_REQUIRED",
      ],
      [
        "file part without a file name",
        () => upload("/api/upload-excel-batch", multipart("B5", [{ name: "file", content: csv("x") }]), "multipart/form-data; boundary=B5"),
        400,
        "FILE_REQUIRED",
      ],
      [
        "two files where one is expected",
        () =>
          upload(
            "/api/upload-excel-batch",
            multipart("B6", [
              { name: "file", filename: "a.csv", content: csv("Two A") },
              { name: "file", filename: "b.csv", content: csv("Two B") },
            ]),
            "multipart/form-data; boundary=B6",
          ),
        400,
        "ONE_FILE_PER_REQUEST",
      ],
      [
        "thousands of fields",
        () =>
          upload(
            "/api/upload-excel-batch",
            multipart(
              "B7",
              Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, content: "x" })),
            ),
            "multipart/form-data; boundary=B7",
          ),
        400,
        "TOO_MANY_FIELDS",
      ],
      [
        "truncated body",
        () => upload("/api/upload-excel-batch", good("B8").subarray(0, 120), "multipart/form-data; boundary=B8"),
        400,
        "MULTIPART_MALFORMED",
      ],
      [
        // NOTE: Remix's multipart parser splits the header on every ";" and "=", even inside quotes: refused, not crashed.
        "a semicolon in the quoted file name",
        () =>
          upload(
            "/api/upload-excel-batch",
            multipart("B13", [{ name: "file", filename: "Report; final.csv", content: csv("Semicolon") }]),
            "multipart/form-data; boundary=B13",
          ),
        400,
        "MULTIPART_MALFORMED",
      ],
      [
        "an equals sign in the quoted file name",
        () =>
          upload(
            "/api/upload-excel-batch",
            multipart("B14", [{ name: "file", filename: "<img src=x onerror=alert(1)>.csv", content: csv("Equals") }]),
            "multipart/form-data; boundary=B14",
          ),
        400,
        "MULTIPART_MALFORMED",
      ],
      [
        "a raw quote in the file name",
        () =>
          upload(
            "/api/upload-excel-batch",
            multipart("B12", [{ name: "file", filename: '"; rm -rf; ".csv', content: csv("Quote") }]),
            "multipart/form-data; boundary=B12",
          ),
        400,
        "MULTIPART_MALFORMED",
      ],
      [
        "body not matching its boundary",
        () => upload("/api/upload-excel-batch", good("Other"), "multipart/form-data; boundary=B9"),
        400,
        "FILE_REQUIRED",
      ],
      [
        "a .csv to the .xlsx-only endpoint",
        () => upload("/api/upload-excel", good("B10"), "multipart/form-data; boundary=B10"),
        415,
        "INVALID_FILE_TYPE",
      ],
      ["no body at all", () => upload("/api/upload-excel", "", "multipart/form-data; boundary=B11"), 400, "FILE_REQUIRED"],
    ];
    for (const [label, send, status, code] of cases) {
      const response = await send();
      const body = (await response.json()) as { code?: string; message?: string; success?: boolean };
      expect(response.status, label).toBe(status);
      if (code) {
        expect(body.code, label).toBe(code);
        expect(body.message, label).toBeTruthy();
      }
    }
    expect(fs.readdirSync(uploadTmp)).toEqual([]);
  });

  it("refuses an oversized upload early with 413, survives an aborted chunked one, and stays up", async () => {
    const { hostname, port } = new URL(server.url);
    const headers = { ...admin(), "Content-Type": "multipart/form-data; boundary=Big" };
    const opening = Buffer.from('--Big\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nname\r\n');
    // Declares 200 MB, sends 64 KB: the answer must come before the rest is sent.
    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { hostname, port, path: "/api/upload-excel-batch", method: "POST", headers: { ...headers, "Content-Length": String(200 * 1024 * 1024) } },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      request.on("error", reject);
      request.write(opening);
      request.write(Buffer.alloc(64 * 1024, 0x61));
    });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).code).toBe("FILE_TOO_LARGE");
    // Chunked, no length: 2 MB sent, then the client vanishes mid-file.
    await new Promise<void>((resolve) => {
      const request = http.request({
        hostname,
        port,
        path: "/api/upload-excel-batch",
        method: "POST",
        headers: { ...headers, "Transfer-Encoding": "chunked" },
      });
      request.on("error", () => resolve());
      request.write(opening);
      for (let i = 0; i < 32; i++) request.write(Buffer.alloc(64 * 1024, 0x62));
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 300);
    });
    expect((await rawGet(server.url, "/healthz")).status).toBe(200);
    expect((await rawGet(server.url, "/api/businesses")).status).toBe(200);
    // The half-received file's temp dir is removed once the server notices the abort.
    for (let waited = 0; waited < 5_000 && fs.readdirSync(uploadTmp).length > 0; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readdirSync(uploadTmp)).toEqual([]);
  });
});
