import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { getImportRunReport, getImportHistory, streamRejectedRowsCsv } from "~/models/admin-reports.server";
import { requireAdminApi } from "~/models/admin-auth.server";
import { action as loginAction } from "~/routes/api.admin.login";
import { loader as listLoader, action as deleteAllAction } from "~/routes/api.admin.businesses";
import { action as toggleAction } from "~/routes/api.admin.businesses.$id.toggle-approval";
import { loader as categoriesLoader } from "~/routes/api.admin.categories";
import { loader as countryCodesLoader } from "~/routes/api.admin.country-codes";
import { loader as exportLoader } from "~/routes/api.admin.export-csv";
import { action as fixSlugsAction } from "~/routes/api.admin.fix-slugs";
import { action as testDataAction } from "~/routes/api.admin.test-data";
import { action as deleteBusinessAction, loader as businessLoader } from "~/routes/api.businesses.$slug";
import { action as panelExportAction } from "~/routes/api.export-csv";
import { action as uploadAction } from "~/routes/api.upload-excel";
import { action as batchUploadAction } from "~/routes/api.upload-excel-batch";

const ORIGIN = "http://admin.test";
const PASSWORD = "a long test password";

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<Response>;

interface Auth {
  cookie: string;
  csrf: string;
}

function makeRequest(
  pathname: string,
  init: { method?: string; auth?: Auth | null; origin?: string | null; csrf?: string | null; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.auth) headers.set("Cookie", init.auth.cookie);
  if (init.origin !== null) headers.set("Origin", init.origin ?? ORIGIN);
  const csrf = init.csrf === undefined ? init.auth?.csrf : init.csrf;
  if (csrf) headers.set("X-CSRF-Token", csrf);
  headers.set("x-directory-client-ip", "203.0.113.7");
  return new Request(`${ORIGIN}${pathname}`, { method: init.method ?? "GET", headers, body: init.body, duplex: "half" } as RequestInit);
}

/** Calls a loader or action as Remix would; a thrown Response is the answer too. */
async function call(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    return await handler({ request, params, context: {} } as LoaderFunctionArgs & ActionFunctionArgs);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function csvFile(name: string, text: string): File {
  return new File([text], name, { type: "text/csv" });
}

function uploadForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("file", file);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

function uploadTempDirs(): string[] {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("directory-upload-"));
}

const UPLOAD_CSV = [
  "name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code",
  'Upload Bakery,"Hauptstr. 1, 10115 Berlin",+49 30 1234567,Bakery,52.52,13.40,4.5,120,up-1,DE',
  'Upload Cafe,"Hauptstr. 2, 10115 Berlin",+49 30 7654321,Cafe,52.53,13.41,4.1,80,up-2,DE',
  'Upload Cafe,"Hauptstr. 2, 10115 Berlin",+49 30 7654321,Cafe,52.53,13.41,4.1,80,up-2,DE',
  ",Broken Row Street 1,,Bar,52.5,13.4,4.0,10,up-3,DE",
  "Seeded Bakery,Berlin,,Bakery,52.5,13.4,4.0,10,seed-1,DE",
].join("\n");

describe(`admin data API on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  let auth: Auth;

  const sharedTmp = process.env.TMPDIR;
  let privateTmp = "";
  beforeAll(async () => {
    // NOTE: uploads stream into os.tmpdir(); a folder of this file's own keeps the temp-dir counts below free of the
    // uploads other test files run at the same time.
    privateTmp = fs.mkdtempSync(path.join(os.tmpdir(), "directory-admin-data-tmp-"));
    process.env.TMPDIR = privateTmp;
    // The routes read the process-wide handle from the environment: point it at a fresh database.
    database = await useFreshProcessDatabase("admin-data");
    delete process.env.MEILI_URL;
    handle = database.handle;
    await upsertAdminUser(handle, "admin", PASSWORD);
    await importFixtureRows(
      handle,
      [
        { name: "Seeded Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "seed-1", rating: 4.8, reviews: 300 },
        { name: "Zeta Bar", category: "Bar", city: "Berlin", country_code: "DE", place_id: "seed-2", rating: 3.9, reviews: 12 },
        { name: "Alpha Dentist", category: "Dentist", city: "Paris", country_code: "FR", place_id: "seed-3", rating: 4.2, reviews: 40 },
      ],
      { refreshAggregates: false },
    );
    await importFixtureRows(
      handle,
      [
        { name: "Demo Florist", category: "Florist", city: "Rome", country_code: "IT", place_id: "demo-1" },
        { name: "Demo Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "demo-2" },
      ],
      { isTest: true },
    );
    const login = await call(
      loginAction as Handler,
      makeRequest("/api/admin/login", {
        method: "POST",
        body: JSON.stringify({ username: "admin", password: PASSWORD }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const context = await requireAdminApi(makeRequest("/api/admin/businesses", { auth: { cookie, csrf: "" } }));
    auth = { cookie, csrf: context.csrfToken };
  });
  afterAll(async () => {
    await database?.release();
    if (privateTmp) fs.rmSync(privateTmp, { recursive: true, force: true });
    if (sharedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = sharedTmp;
  });

  async function idOf(placeId: string): Promise<number> {
    const [row] = await handle.query<{ id: number }>("select id::int as id from businesses where place_id = $1", [placeId]);
    if (!row) throw new Error(`no business ${placeId}`);
    return row.id;
  }

  it("refuses every admin call without a session (401), from a foreign origin or without the CSRF header (403)", async () => {
    const calls: Array<[Handler, string, string, Record<string, string>?]> = [
      [listLoader as Handler, "GET", "/api/admin/businesses"],
      [categoriesLoader as Handler, "GET", "/api/admin/categories"],
      [countryCodesLoader as Handler, "GET", "/api/admin/country-codes"],
      [exportLoader as Handler, "GET", "/api/admin/export-csv?fields=name"],
      [deleteAllAction as Handler, "DELETE", "/api/admin/businesses"],
      [toggleAction as Handler, "POST", "/api/admin/businesses/1/toggle-approval", { id: "1" }],
      [deleteBusinessAction as Handler, "DELETE", "/api/businesses/1", { slug: "1" }],
      [testDataAction as Handler, "DELETE", "/api/admin/test-data"],
      [fixSlugsAction as Handler, "POST", "/api/admin/fix-slugs"],
      [panelExportAction as Handler, "POST", "/api/export-csv"],
      [uploadAction as Handler, "POST", "/api/upload-excel"],
      [batchUploadAction as Handler, "POST", "/api/upload-excel-batch"],
    ];
    for (const [handler, method, pathname, params] of calls) {
      const anonymous = await call(handler, makeRequest(pathname, { method }), params);
      expect(anonymous.status, `${method} ${pathname} without a session`).toBe(401);
      expect(await body(anonymous)).toMatchObject({ success: false, code: "ADMIN_SESSION_REQUIRED" });
      if (method === "GET") continue;
      const foreign = await call(handler, makeRequest(pathname, { method, auth, origin: "http://evil.test" }), params);
      expect(foreign.status, `${method} ${pathname} from a foreign origin`).toBe(403);
      const tokenless = await call(handler, makeRequest(pathname, { method, auth, csrf: null }), params);
      expect(tokenless.status, `${method} ${pathname} without X-CSRF-Token`).toBe(403);
    }
    // Nothing was deleted by the refused calls.
    expect(await handle.query("select count(*)::int as n from businesses")).toEqual([{ n: 5 }]);
  });

  it("GET /api/admin/businesses: 20 per page with total, real approved count, name search, category filter and sorts", async () => {
    const all = await body<{
      businesses: Array<{ name: string; isApproved: boolean; reviewCount: number; address: string | null }>;
      total: number;
      approved: number;
      allBusinesses: number;
      categoryCount: number;
      pagination: { page: number; limit: number; totalPages: number; total: number };
    }>(await call(listLoader as Handler, makeRequest("/api/admin/businesses?page=1&limit=20&sortBy=name&sortOrder=asc", { auth })));
    expect(all.total).toBe(5);
    expect(all.approved).toBe(5);
    expect(all.categoryCount).toBe(4);
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, outOfRange: false, nextCursor: null, prevCursor: null });
    expect(all.businesses.map((b) => b.name)).toEqual(["Alpha Dentist", "Demo Bakery", "Demo Florist", "Seeded Bakery", "Zeta Bar"]);
    expect(all.businesses[0]).toMatchObject({ isApproved: true, reviewCount: 40 });

    const byReviews = await body<{ businesses: Array<{ name: string }> }>(
      await call(listLoader as Handler, makeRequest("/api/admin/businesses?sortBy=reviewCount&sortOrder=desc", { auth })),
    );
    expect(byReviews.businesses[0]?.name).toBe("Seeded Bakery");

    const searched = await body<{ businesses: Array<{ name: string }>; total: number }>(
      await call(listLoader as Handler, makeRequest("/api/admin/businesses?filter=BAKE", { auth })),
    );
    expect(searched.businesses.map((b) => b.name).sort()).toEqual(["Demo Bakery", "Seeded Bakery"]);
    expect(searched.total).toBe(2);

    const category = await body<{ businesses: Array<{ name: string }> }>(
      await call(listLoader as Handler, makeRequest("/api/admin/businesses?category=Dentist", { auth })),
    );
    expect(category.businesses.map((b) => b.name)).toEqual(["Alpha Dentist"]);

    const bad = await call(listLoader as Handler, makeRequest("/api/admin/businesses?sortBy=price", { auth }));
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ success: false, code: "INVALID_LIST_QUERY" });
  });

  it("GET /api/admin/categories and /api/admin/country-codes: names by size, codes alphabetically", async () => {
    expect(await body(await call(categoriesLoader as Handler, makeRequest("/api/admin/categories", { auth })))).toEqual([
      "Bakery",
      "Bar",
      "Dentist",
      "Florist",
    ]);
    expect(await body(await call(countryCodesLoader as Handler, makeRequest("/api/admin/country-codes", { auth })))).toEqual(["DE", "FR", "IT"]);
  });

  it("toggle-approval hides a business from the counts at once (scoped refresh) and writes an audit row", async () => {
    const id = await idOf("seed-3");
    const response = await call(toggleAction as Handler, makeRequest(`/api/admin/businesses/${id}/toggle-approval`, { method: "POST", auth }), {
      id: String(id),
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ success: true, message: "Business approval status updated.", business: { id, isApproved: false } });
    expect(await handle.query("select category_slug from category_counts order by 1")).toEqual([
      { category_slug: "bakery" },
      { category_slug: "bar" },
      { category_slug: "florist" },
    ]);
    expect(await handle.query("select country_code from country_counts order by 1")).toEqual([{ country_code: "DE" }, { country_code: "IT" }]);
    expect(await handle.query("select key, value::int as value from site_totals where key in ('businesses', 'countries') order by key")).toEqual([
      { key: "businesses", value: 4 },
      { key: "countries", value: 2 },
    ]);
    const list = await body<{ approved: number }>(await call(listLoader as Handler, makeRequest("/api/admin/businesses", { auth })));
    expect(list.approved).toBe(4);

    await call(toggleAction as Handler, makeRequest(`/api/admin/businesses/${id}/toggle-approval`, { method: "POST", auth }), { id: String(id) });
    expect(await handle.query("select country_code, country, business_count from country_counts where country_code = 'FR'")).toEqual([
      { country_code: "FR", country: "France", business_count: 1 },
    ]);
    expect(await handle.query("select actor, action, target, row_count from audit_log where action like 'business.%' order by id")).toEqual([
      { actor: "admin", action: "business.unapprove", target: `business:${id}`, row_count: 1 },
      { actor: "admin", action: "business.approve", target: `business:${id}`, row_count: 1 },
    ]);
    // Each entry carries what changed, before → after.
    expect(await handle.query("select details -> 'changes' as changes from audit_log where action like 'business.%' order by id")).toEqual([
      { changes: { isApproved: { before: true, after: false } } },
      { changes: { isApproved: { before: false, after: true } } },
    ]);

    const missing = await call(toggleAction as Handler, makeRequest("/api/admin/businesses/999999/toggle-approval", { method: "POST", auth }), {
      id: "999999",
    });
    expect(missing.status).toBe(404);
    expect((await body<{ message: string }>(missing)).message).toContain("İşletme bulunamadı");
  });

  it("DELETE /api/businesses/{id} deletes one business and its counts; GET of the same route stays public", async () => {
    const id = await idOf("seed-2");
    const slug = (await handle.query<{ slug: string }>("select slug from businesses where id = $1", [id]))[0]?.slug ?? "";
    expect((await call(businessLoader as Handler, makeRequest(`/api/businesses/${slug}`, { origin: null }), { slug })).status).toBe(200);
    const response = await call(deleteBusinessAction as Handler, makeRequest(`/api/businesses/${id}`, { method: "DELETE", auth }), {
      slug: String(id),
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ success: true, business: { id, name: "Zeta Bar" } });
    expect(await handle.query("select category_slug from category_counts where category_slug = 'bar'")).toEqual([]);
    const [audit] = await handle.query<{ changes: unknown }>(
      "select details -> 'changes' as changes from audit_log where action = 'business.delete' and target = $1",
      [`business:${id}`],
    );
    expect(audit?.changes).toEqual({ business: { before: { name: "Zeta Bar", slug, isApproved: true }, after: null } });
    expect((await call(businessLoader as Handler, makeRequest(`/api/businesses/${slug}`, { origin: null }), { slug })).status).toBe(404);
    expect(
      (await call(deleteBusinessAction as Handler, makeRequest(`/api/businesses/${id}`, { method: "DELETE", auth }), { slug: String(id) })).status,
    ).toBe(404);
  });

  it("POST /api/upload-excel-batch: a CSV through the shared pipeline → the batch result with column extraction and duplicate analysis", async () => {
    const before = uploadTempDirs().length;
    const response = await call(
      batchUploadAction as Handler,
      makeRequest("/api/upload-excel-batch", {
        method: "POST",
        auth,
        body: uploadForm(csvFile("../../etc/Upload Test.csv", UPLOAD_CSV), { batchSize: "100", fileIndex: "0", totalFiles: "1" }),
      }),
    );
    expect(response.status).toBe(200);
    const result = await body<
      Record<string, unknown> & {
        columnExtraction: { extractedCount: number; successful: string[]; missing: string[] };
        duplicateAnalysis: Record<string, unknown>;
      }
    >(response);
    expect(result).toMatchObject({
      success: true,
      totalRows: 5,
      successCount: 3,
      errorCount: 1,
      skippedCount: 1,
      fileName: "Upload Test.csv",
      batchSize: 100,
      fileIndex: 0,
      totalFiles: 1,
    });
    expect(result.columnExtraction.extractedCount).toBeGreaterThanOrEqual(10);
    expect(result.columnExtraction.successful).toContain("place_id");
    expect(result.duplicateAnalysis).toMatchObject({
      totalRecords: 5,
      recordsWithPlaceId: 4,
      databaseDuplicateCount: 1,
      newPlaceIdCount: 2,
      excelDuplicateCount: 1,
    });
    expect((result.errors as string[])[0]).toMatch(/^Line 5: name/);
    expect(await handle.query("select name from businesses where place_id in ('up-1', 'up-2') order by 1")).toEqual([
      { name: "Upload Bakery" },
      { name: "Upload Cafe" },
    ]);
    expect(uploadTempDirs().length).toBe(before);
    const [audit] = await handle.query<{ action: string; target: string; row_count: number }>(
      "select action, target, row_count from audit_log where action = 'upload.import'",
    );
    // Two new businesses and the seeded one the file changed.
    expect(audit).toEqual({ action: "upload.import", target: "Upload Test.csv", row_count: 3 });
  });

  it("POST /api/upload-excel: an .xlsx made with exceljs → the single-file result; NDJSON progress lines when asked", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(["name", "address", "category", "latitude", "longitude", "rating", "reviewCount", "place_id", "country_code"]);
    for (let i = 0; i < 250; i++) sheet.addRow([`Sheet Shop ${i}`, `Rue ${i}, 75001 Paris`, "Shop", 48.85, 2.35 + i / 10_000, 4, i, `xl-${i}`, "FR"]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = new File([buffer], "shops.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });

    const response = await call(
      uploadAction as Handler,
      makeRequest("/api/upload-excel", { method: "POST", auth, body: uploadForm(file), headers: { Accept: "application/x-ndjson" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/x-ndjson");
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; committedRows?: number; status?: number; result?: Record<string, unknown> });
    expect(lines[0]).toMatchObject({ type: "received", fileName: "shops.xlsx" });
    const progress = lines.filter((line) => line.type === "progress");
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)?.committedRows).toBe(250);
    const last = lines.at(-1);
    expect(last).toMatchObject({
      type: "result",
      status: 200,
      result: { success: true, totalRows: 250, successCount: 250, errorCount: 0, skippedCount: 0 },
    });
    expect(Object.keys(last?.result ?? {})).toEqual(
      expect.arrayContaining(["success", "message", "totalRows", "successCount", "errorCount", "skippedCount", "skippedBusinesses", "errors"]),
    );

    const wrongType = await call(
      uploadAction as Handler,
      makeRequest("/api/upload-excel", { method: "POST", auth, body: uploadForm(csvFile("list.csv", UPLOAD_CSV)) }),
    );
    expect(wrongType.status).toBe(415);
    expect(await body(wrongType)).toMatchObject({
      success: false,
      code: "INVALID_FILE_TYPE",
      message: "Invalid File Type: Please select an Excel file (.xlsx or .xls)",
    });
  });

  it("refuses a file over 150 MB while it streams in (413 JSON), keeping nothing on disk", async () => {
    const before = uploadTempDirs().length;
    const boundary = "----directory-test-boundary";
    const encoder = new TextEncoder();
    const total = 150 * 1024 * 1024 + 1;
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    let sent = 0;
    let head = true;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (head) {
          head = false;
          controller.enqueue(
            encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`),
          );
        } else if (sent < total) {
          const size = Math.min(chunk.length, total - sent);
          sent += size;
          controller.enqueue(size === chunk.length ? chunk : chunk.slice(0, size));
        } else {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const response = await call(
      batchUploadAction as Handler,
      makeRequest("/api/upload-excel-batch", {
        method: "POST",
        auth,
        body: stream,
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expect(response.status).toBe(413);
    expect(await body(response)).toMatchObject({
      success: false,
      code: "FILE_TOO_LARGE",
      message: expect.stringContaining("Dosya çok büyük: huge.csv - Maksimum dosya boyutu 150MB'dır"),
    });
    expect(uploadTempDirs().length).toBe(before);

    const declared = await call(
      batchUploadAction as Handler,
      makeRequest("/api/upload-excel-batch", {
        method: "POST",
        auth,
        body: "x",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(200 * 1024 * 1024) },
      }),
    );
    expect(declared.status).toBe(413);
  }, 120_000);

  it("the import history lists the uploads; a run's rejected rows download as CSV with the reason", async () => {
    const history = await getImportHistory();
    const run = history.runs.find((entry) => entry.fileName === "Upload Test.csv");
    expect(run).toMatchObject({ origin: "admin", status: "succeeded", totalRows: 5, rejected: 1, createdBy: "admin" });
    const report = await getImportRunReport(run?.id ?? 0);
    expect(report.counts).toMatchObject({ rejected: 1, skipped: 1 });
    expect((report.run.report as { batch: { duplicateAnalysis: unknown } }).batch.duplicateAnalysis).toBeTruthy();
    const context = await requireAdminApi(makeRequest("/admin/reports", { auth }));
    const csv = await (await streamRejectedRowsCsv(context, run?.id ?? 0)).text();
    const [header, row] = csv.trim().split("\r\n");
    expect(header).toBe("name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code,line,field,reason");
    expect(row).toContain("Broken Row Street 1");
    expect(row).toMatch(/,5,name,/);
  });

  it("GET /api/admin/export-csv streams the chosen fields with the spec's file name; POST /api/export-csv uses the panel's", async () => {
    const response = await call(
      exportLoader as Handler,
      makeRequest("/api/admin/export-csv?fields=name,phone,country_code&countryCode=DE&categories=bakery&dateRange=today", { auth }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="businesses_DE_1kategoriler_today_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("name,phone,country_code");
    expect(lines.slice(1).sort()).toEqual(["Demo Bakery,,DE", "Seeded Bakery,,DE", "Upload Bakery,+49 30 1234567,DE"]);

    const bad = await call(exportLoader as Handler, makeRequest("/api/admin/export-csv?fields=name,secret", { auth }));
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ success: false, code: "UNKNOWN_EXPORT_FIELD" });
    const unknownCategory = await call(exportLoader as Handler, makeRequest("/api/admin/export-csv?fields=name&categories=no-such-thing", { auth }));
    expect(unknownCategory.status).toBe(400);

    // check=1 answers whether the export would start, with the same 400s, and reads no rows nor audits anything.
    const checked = await call(
      exportLoader as Handler,
      makeRequest("/api/admin/export-csv?fields=name,phone&countryCode=DE&categories=bakery&check=1", { auth }),
    );
    expect(checked.status).toBe(204);
    expect(await checked.text()).toBe("");
    const checkedCategory = await call(
      exportLoader as Handler,
      makeRequest("/api/admin/export-csv?fields=name&categories=no-such-thing&check=1", { auth }),
    );
    expect(checkedCategory.status).toBe(400);
    expect(await body(checkedCategory)).toMatchObject({ success: false, code: "UNKNOWN_CATEGORY" });
    const checkedField = await call(exportLoader as Handler, makeRequest("/api/admin/export-csv?fields=name,secret&check=1", { auth }));
    expect(await body(checkedField)).toMatchObject({ success: false, code: "UNKNOWN_EXPORT_FIELD" });
    expect((await call(exportLoader as Handler, makeRequest("/api/admin/export-csv?fields=name&check=yes", { auth }))).status).toBe(400);

    const panel = await call(
      panelExportAction as Handler,
      makeRequest("/api/export-csv", {
        method: "POST",
        auth,
        body: JSON.stringify({ selectedFields: ["name", "placeId"], countryCode: "FR" }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(panel.status).toBe(200);
    expect(panel.headers.get("Content-Disposition")).toMatch(/^attachment; filename="businesses_export_\d{4}-\d{2}-\d{2}\.csv"$/);
    const panelLines = (await panel.text()).trim().split("\r\n");
    expect(panelLines[0]).toBe("name,placeId");
    expect(panelLines).toContain("Alpha Dentist,seed-3");
    // The audit row is written when the stream has ended, just after the last byte.
    await expect
      .poll(() => handle.query("select action, row_count from audit_log where action = 'businesses.export' order by id"), { timeout: 5000 })
      .toEqual([
        { action: "businesses.export", row_count: 3 },
        { action: "businesses.export", row_count: 251 },
      ]);
  });

  it("GET /api/admin/export-csv leaves out test data or unapproved businesses and adds a BOM on request; a bad option is a 400", async () => {
    const exportLines = async (query: string) => {
      const response = await call(
        exportLoader as Handler,
        makeRequest(`/api/admin/export-csv?fields=name&countryCode=DE&categories=bakery${query}`, { auth }),
      );
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      return {
        bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
        names: bytes
          .toString("utf8")
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n")
          .slice(1)
          .sort(),
      };
    };
    expect(await exportLines("")).toEqual({ bom: false, names: ["Demo Bakery", "Seeded Bakery", "Upload Bakery"] });
    expect(await exportLines("&includeTest=0")).toEqual({ bom: false, names: ["Seeded Bakery", "Upload Bakery"] });
    expect(await exportLines("&bom=1")).toEqual({ bom: true, names: ["Demo Bakery", "Seeded Bakery", "Upload Bakery"] });
    await handle.query("update businesses set is_approved = false where place_id = 'seed-1'");
    try {
      expect(await exportLines("&approvedOnly=1&includeTest=0")).toEqual({ bom: false, names: ["Upload Bakery"] });
      expect((await exportLines("&approvedOnly=0")).names).toContain("Seeded Bakery");
    } finally {
      await handle.query("update businesses set is_approved = true where place_id = 'seed-1'");
    }
    const bad = await call(exportLoader as Handler, makeRequest("/api/admin/export-csv?fields=name&bom=yes", { auth }));
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ success: false, code: "INVALID_EXPORT_REQUEST" });
    await expect
      .poll(
        () =>
          handle.query(
            "select details->>'approvedOnly' as approved_only, details->>'bom' as bom from audit_log where action = 'businesses.export' and details->>'approvedOnly' = 'true'",
          ),
        { timeout: 5000 },
      )
      .toEqual([{ approved_only: "true", bom: "false" }]);
  });

  it("DELETE /api/admin/test-data, POST /api/admin/fix-slugs and DELETE /api/admin/businesses answer with the spec's shapes", async () => {
    const testData = await call(testDataAction as Handler, makeRequest("/api/admin/test-data", { method: "DELETE", auth }));
    expect(await body(testData)).toEqual({ success: true, deletedCount: 2, message: "Deleted 2 test businesses." });
    expect(await handle.query("select actor, row_count from audit_log where action = 'test-data.delete'")).toEqual([
      { actor: "admin", row_count: 2 },
    ]);

    await handle.query("update businesses set slug = 'seeded-bakery-1700000000000' where place_id = 'seed-1'");
    const slugs = await body<Record<string, unknown>>(
      await call(fixSlugsAction as Handler, makeRequest("/api/admin/fix-slugs", { method: "POST", auth })),
    );
    expect(slugs).toMatchObject({ success: true, successCount: 1, checkpointEnabled: true, totalProcessed: expect.any(Number) });
    expect(Object.keys(slugs).sort()).toEqual(["checkpointEnabled", "message", "success", "successCount", "totalProcessed"]);

    // Delete-all needs the number of businesses typed back.
    const unconfirmed = await call(deleteAllAction as Handler, makeRequest("/api/admin/businesses", { method: "DELETE", auth }));
    expect(unconfirmed.status).toBe(400);
    expect(await body(unconfirmed)).toMatchObject({ success: false, code: "CONFIRMATION_REQUIRED" });
    const [{ n: remaining } = { n: -1 }] = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
    const all = await call(deleteAllAction as Handler, makeRequest(`/api/admin/businesses?confirm=${remaining}`, { method: "DELETE", auth }));
    expect(await body(all)).toMatchObject({ success: true, deletedCount: remaining, message: expect.stringContaining("Deleted all") });
    expect(await handle.query("select count(*)::int as n from businesses")).toEqual([{ n: 0 }]);
    expect(await handle.query("select value::int as value from site_totals where key = 'businesses'")).toEqual([{ value: 0 }]);
  });
});
