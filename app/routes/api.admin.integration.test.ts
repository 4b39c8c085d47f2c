import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { flushPageVisits, recordPageVisit } from "~/models/page-visits.server";
import { getAdSlots, getPublicSiteCode } from "~/models/site-code.server";
import { action as adCodesAction, loader as adCodesLoader } from "~/routes/api.admin.advertisement-codes";
import { action as clearCacheAction } from "~/routes/api.admin.clear-cache";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin.messages";
import { loader as auditLoader } from "~/routes/admin.audit";
import { action as loginAction } from "~/routes/api.admin.login";
import { action as siteSettingsAction, loader as siteSettingsLoader } from "~/routes/api.admin.site-settings";
import { loader as statsLoader } from "~/routes/api.admin.stats";
import { loader as uploadReportsLoader } from "~/routes/api.admin.upload-reports";
import { callRoute, expectRefused, sessionCookieOf, TEST_ORIGIN, type RouteHandler } from "~/testing/admin-calls";

const ORIGIN = TEST_ORIGIN;
const PASSWORD = "a long test password";

type Handler = RouteHandler;
const call = callRoute;

describe(`admin API calls on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let handle: DatabaseHandle;
  let cookie = "";
  let csrf = "";

  beforeAll(async () => {
    database = await useFreshProcessDatabase("admin-api");
    handle = database.handle;
    await upsertAdminUser(handle, "admin", PASSWORD);
    const login = await call(loginAction as Handler, "/api/admin/login", { method: "POST", json: { username: "admin", password: PASSWORD } });
    expect(login.status).toBe(200);
    cookie = sessionCookieOf(login);
    const page = await call(
      (async ({ request }: LoaderFunctionArgs) => {
        const { requireAdminApi } = await import("~/models/admin-auth.server");
        const context = await requireAdminApi(request);
        return new Response(context.csrfToken);
      }) as Handler,
      "/api/admin/stats",
      { cookie },
    );
    csrf = await page.text();
  });
  afterAll(async () => {
    await database?.release();
  });

  const guarded: Array<[string, Handler, string, unknown?]> = [
    ["GET /api/admin/stats", statsLoader as Handler, "GET"],
    ["GET /api/admin/upload-reports", uploadReportsLoader as Handler, "GET"],
    ["GET /api/admin/advertisement-codes", adCodesLoader as Handler, "GET"],
    ["POST /api/admin/advertisement-codes", adCodesAction as Handler, "POST", { ad1: "x" }],
    ["POST /api/admin/site-settings", siteSettingsAction as Handler, "POST", { head_tags: "x" }],
    ["POST /api/admin/clear-cache", clearCacheAction as Handler, "POST"],
  ];

  for (const [name, handler, method, body] of guarded) {
    it(`${name} is refused without a session (401)`, async () => {
      await expectRefused(await call(handler, "/api/admin/x", { method, json: body }), 401, "ADMIN_SESSION_REQUIRED");
    });
    if (method === "POST") {
      it(`${name} is refused from a foreign origin and without the CSRF token (403)`, async () => {
        await expectRefused(
          await call(handler, "/api/admin/x", { method, json: body, cookie, csrf, origin: "https://evil.example" }),
          403,
          "FOREIGN_ORIGIN",
        );
        await expectRefused(await call(handler, "/api/admin/x", { method, json: body, cookie }), 403, "CSRF_TOKEN_INVALID");
      });
    }
  }

  it("saves site settings, serves them publicly, and the public cache sees the change at once", async () => {
    expect((await getPublicSiteCode()).head_tags).toBe("");
    const settings = {
      head_tags: '<meta name="google-site-verification" content="abc">',
      footer_tags: "<script>1</script>",
      analytics_code: "",
      facebook_pixel: "<noscript>px</noscript>",
    };
    const saved = await call(siteSettingsAction as Handler, "/api/admin/site-settings", { method: "POST", cookie, csrf, json: settings });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ success: true, settings });
    const publicAnswer = await call(siteSettingsLoader as Handler, "/api/admin/site-settings");
    expect(await publicAnswer.json()).toEqual(settings);
    expect(await getPublicSiteCode()).toEqual(settings);
    const [audit] = await handle.query<{ action: string; details: { changed: string[] } }>(
      "select action, details from audit_log order by id desc limit 1",
    );
    expect(audit).toEqual({ action: "site-settings.save", details: { changed: ["head_tags", "footer_tags", "facebook_pixel"] } });
  });

  it("saves the four ad slots and refuses a slot above 50 KB with AD_CODE_TOO_LARGE", async () => {
    const codes = { ad1: "<div>one</div>", ad2: "", ad3: "<ins>three</ins>", ad4: "ü".repeat(25_600) };
    const saved = await call(adCodesAction as Handler, "/api/admin/advertisement-codes", { method: "POST", cookie, csrf, json: codes });
    expect(saved.status).toBe(200);
    expect(await getAdSlots()).toEqual(codes);
    // 25,601 two-byte characters: under 50 K characters but over 50 KB.
    const tooLarge = await call(adCodesAction as Handler, "/api/admin/advertisement-codes", {
      method: "POST",
      cookie,
      csrf,
      json: { ...codes, ad4: "ü".repeat(25_601) },
    });
    await expectRefused(tooLarge, 400, "AD_CODE_TOO_LARGE");
    const stored = await call(adCodesLoader as Handler, "/api/admin/advertisement-codes", { cookie });
    expect(await stored.json()).toEqual(codes);
  });

  it("answers stats and upload reports in the spec's shapes", async () => {
    await handle.query(
      `insert into import_runs (origin, file_name, file_size_bytes, file_sha256, status, report) values
       ('admin', 'old.xlsx', 10, 'a', 'succeeded', $1::jsonb), ('cli', 'running.csv', 10, 'b', 'running', null), ('admin', 'new.csv', 10, 'c', 'failed', $2::jsonb)`,
      [
        JSON.stringify({
          dashboard: {
            success: true,
            timestamp: "2030-01-01T00:00:00.000Z",
            summary: { fileName: "old.xlsx", fileSizeMB: 0.01, processingTimeSeconds: 1, totalRecords: 5 },
            results: { updated: 5, skipped: 0, updateRate: 100, skipRate: 0 },
            duplicateAnalysis: {
              excelDuplicateCount: 0,
              databaseDuplicateCount: 0,
              newPlaceIdCount: 5,
              uniquePlaceIds: 5,
              totalDuplicateRecords: 0,
              duplicateRate: 0,
            },
          },
        }),
        JSON.stringify({
          dashboard: { success: false, summary: { fileName: "new.csv", fileSizeMB: 0.01, processingTimeSeconds: 0, totalRecords: 0 } },
        }),
      ],
    );
    const reports = (await (await call(uploadReportsLoader as Handler, "/api/admin/upload-reports?limit=3", { cookie })).json()) as Array<
      Record<string, unknown>
    >;
    expect(reports.map((r) => (r.summary as { fileName: string }).fileName)).toEqual(["new.csv", "old.xlsx"]);
    expect(reports[0]).toMatchObject({ success: false, timestamp: null, results: { updated: 0, skipped: 0, updateRate: 0, skipRate: 0 } });
    expect(Object.keys(reports[1]!).sort()).toEqual(["duplicateAnalysis", "results", "runId", "status", "success", "summary", "timestamp"]);
    const stats = await call(statsLoader as Handler, "/api/admin/stats", { cookie });
    expect(stats.headers.get("Cache-Control")).toBe("no-store");
    expect(await stats.json()).toMatchObject({
      totalBusinesses: 0,
      totalCategories: 0,
      categories: [],
      placeGaps: { missingCountry: 0, missingCity: 0, missingCoordinates: 0 },
    });
  });

  it("clears caches and records it", async () => {
    const response = await call(clearCacheAction as Handler, "/api/admin/clear-cache", { method: "POST", cookie, csrf });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    const [audit] = await handle.query<{ action: string; actor: string }>("select action, actor from audit_log order by id desc limit 1");
    expect(audit).toEqual({ action: "cache.clear", actor: "admin" });
  });

  it("lists contact messages newest first, marks them read and deletes them through CSRF-checked page actions", async () => {
    await handle.query(
      `insert into contact_messages (name, email, subject, message) values ('Ada', 'ada@example.com', 'First subject', 'First message body'),
       ('Bo', 'bo@example.com', 'Second subject', 'Second message body')`,
    );
    const pageAction = async (form: Record<string, string>, origin = ORIGIN): Promise<Response> => {
      const request = new Request(`${ORIGIN}/admin/messages`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: origin, "x-directory-client-ip": "203.0.113.5" },
        body: new URLSearchParams(form),
      });
      try {
        return await messagesAction({ request, params: {}, context: {} });
      } catch (error) {
        if (error instanceof Response) return error;
        throw error;
      }
    };
    const list = async (query = "") =>
      (
        (await (await call(messagesLoader as Handler, `/admin/messages${query}`, { cookie })).json()) as {
          messages: Array<{ id: number; name: string; readAt: string | null }>;
        }
      ).messages;
    const [newest, oldest] = await list();
    expect([newest?.name, oldest?.name]).toEqual(["Bo", "Ada"]);
    await expectRefused(await pageAction({ intent: "read", id: String(newest!.id) }), 403, "CSRF_TOKEN_INVALID");
    await expectRefused(await pageAction({ intent: "read", id: String(newest!.id), _csrf: csrf }, "https://evil.example"), 403, "FOREIGN_ORIGIN");
    expect((await pageAction({ intent: "read", id: String(newest!.id), _csrf: csrf })).status).toBe(200);
    expect((await list("?unread=1")).map((m) => m.name)).toEqual(["Ada"]);
    expect((await pageAction({ intent: "delete", id: String(oldest!.id), _csrf: csrf })).status).toBe(200);
    expect((await list()).map((m) => m.name)).toEqual(["Bo"]);
    const audit = (await (await call(auditLoader as Handler, "/admin/audit?action=message.", { cookie })).json()) as {
      events: Array<{ action: string; target: string }>;
    };
    expect(audit.events.map((e) => e.action)).toEqual(["message.delete", "message.read"]);
  });

  it("counts public page views and distinct visitors per day, skipping bots and prefetches", async () => {
    const at = new Date("2030-05-05T10:00:00Z");
    const visit = (ip: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120", extra: Record<string, string> = {}) =>
      recordPageVisit(new Request("http://x/", { headers: { "x-directory-client-ip": ip, "User-Agent": userAgent, ...extra } }), at);
    visit("1.1.1.1");
    visit("1.1.1.1");
    visit("2.2.2.2");
    visit("3.3.3.3", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    visit("4.4.4.4", undefined, { "Sec-Purpose": "prefetch" });
    await flushPageVisits();
    visit("1.1.1.1");
    await flushPageVisits();
    const rows = await handle.query<{ page_views: number; visitors: number }>(
      "select page_views::int as page_views, visitors from daily_visits where day = '2030-05-05'",
    );
    expect(rows).toEqual([{ page_views: 4, visitors: 2 }]);
  });
});
