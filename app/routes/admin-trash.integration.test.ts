// The built server over HTTP: an admin's single delete and delete by filter survive a re-upload of the same file
// (the report says how many were suppressed), delete-all refuses without the typed count, and a restore from the
// trash puts the business back with its data, on its pages, in search and in the counts, open to updates again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { countAggregateDrift } from "../../db/testing/consistency.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ADMIN_PASSWORD = "admin-trash-test-password";
const HEADER = "name,category,full_address,city,country_code,phone,place_id";
const ROWS = [
  "Quokka Espresso Bar,Cafe,Torstr. 1,Berlin,DE,+49 30 5550101,trash-http-1",
  "Wombat Bakery North,Bakery,Torstr. 2,Berlin,DE,+49 30 5550102,trash-http-2",
  "Wombat Bakery South,Bakery,Torstr. 3,Berlin,DE,+49 30 5550103,trash-http-3",
  "Numbat Books,Bookshop,Torstr. 4,Berlin,DE,+49 30 5550104,",
];

interface UploadResult {
  success: boolean;
  message: string;
  successCount: number;
  suppressedCount: number;
}

describe(`admin delete, trash and restore over HTTP on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer;
  let cookie = "";
  let csrf = "";

  const admin = (path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? "GET",
      headers: {
        Cookie: cookie,
        Origin: server.url,
        "X-CSRF-Token": csrf,
        ...(init.json !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  async function upload(rows: string[]): Promise<UploadResult> {
    const form = new FormData();
    form.set("file", new File([`${HEADER}\n${rows.join("\n")}\n`], "trash-test.csv", { type: "text/csv" }));
    form.set("batchSize", "100");
    const response = await admin("/api/upload-excel-batch", { method: "POST", body: form });
    const result = (await response.json()) as UploadResult;
    expect(response.status, JSON.stringify(result)).toBe(200);
    return result;
  }
  const idOf = async (placeId: string) =>
    (await handle.query<{ id: number; slug: string }>("select id::int as id, slug from businesses where place_id = $1", [placeId]))[0];
  const searchHits = async (q: string) => {
    const response = await fetch(`${server.url}/api/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { hits: Array<{ name: string }> }).hits.map((hit) => hit.name);
  };

  beforeAll(async () => {
    database = await useFreshProcessDatabase("admin-trash");
    handle = database.handle;
    await upsertAdminUser(handle, "admin", ADMIN_PASSWORD);
    server = await startBuiltApp();
    ({ cookie, csrfToken: csrf } = await logInOverHttp(server.url, { username: "admin", password: ADMIN_PASSWORD }));
    const first = await upload(ROWS);
    expect(first.successCount).toBe(4);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("a single delete stays deleted through a re-upload: the report says 1 suppressed", async () => {
    const quokka = await idOf("trash-http-1");
    expect(await searchHits("Quokka")).toEqual(["Quokka Espresso Bar"]);
    const deleted = await admin(`/api/businesses/${quokka?.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await fetch(`${server.url}/api/businesses/${quokka?.slug}`)).status).toBe(404);
    expect(await searchHits("Quokka")).toEqual([]);

    const again = await upload(ROWS);
    expect(again.suppressedCount).toBe(1);
    expect(again.message).toContain("1 suppressed");
    expect(await idOf("trash-http-1")).toBeUndefined();
    expect(await countAggregateDrift(handle)).toBe(0);
  });

  it("delete by filter needs the matching count typed back, and stays deleted through a re-upload", async () => {
    const unconfirmed = await admin("/api/admin/businesses?filter=Wombat", { method: "DELETE" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({ code: "CONFIRMATION_REQUIRED" });
    const wrong = await admin("/api/admin/businesses?filter=Wombat&confirm=3", { method: "DELETE" });
    expect(wrong.status).toBe(409);
    const done = await admin("/api/admin/businesses?filter=Wombat&confirm=2", { method: "DELETE" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ success: true, deletedCount: 2 });
    expect(await handle.query("select name from businesses order by name")).toEqual([{ name: "Numbat Books" }]);

    const again = await upload(ROWS);
    expect(again.suppressedCount).toBe(3);
    expect(again.message).toContain("3 suppressed");
    expect(await handle.query("select count(*)::int as n from businesses")).toEqual([{ n: 1 }]);
  });

  it("delete-all is refused without the count typed back, and with a stale count", async () => {
    const refused = await admin("/api/admin/businesses", { method: "DELETE" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: "CONFIRMATION_REQUIRED" });
    const stale = await admin("/api/admin/businesses?confirm=4", { method: "DELETE" });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "CONFIRMATION_MISMATCH" });
    expect(await handle.query("select count(*)::int as n from businesses")).toEqual([{ n: 1 }]);
  });

  it("restore from the trash: the row is back with its data, on its page, in search and counts, and updatable again", async () => {
    const listed = await admin("/api/admin/trash");
    expect(listed.status).toBe(200);
    const trash = (await listed.json()) as { total: number; entries: Array<{ id: number; name: string; reason: string; deletedBy: string }> };
    expect(trash.total).toBe(3);
    const entry = trash.entries.find((item) => item.name === "Quokka Espresso Bar");
    expect(entry).toMatchObject({ reason: "delete", deletedBy: "admin" });

    const dry = await admin("/api/admin/trash", { method: "POST", json: { ids: [entry?.id], dryRun: true } });
    expect(await dry.json()).toMatchObject({ restored: 1, dryRun: true });
    expect(await idOf("trash-http-1")).toBeUndefined();

    const restored = await admin("/api/admin/trash", { method: "POST", json: { ids: [entry?.id] } });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ success: true, restored: 1, conflicts: [] });
    const quokka = await idOf("trash-http-1");
    const page = await fetch(`${server.url}/api/businesses/${quokka?.slug}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ name: "Quokka Espresso Bar" });
    expect(await handle.query("select phone from businesses where place_id = 'trash-http-1'")).toEqual([
      { phone: expect.stringContaining("5550101") },
    ]);
    expect(await searchHits("Quokka")).toEqual(["Quokka Espresso Bar"]);
    expect(await handle.query("select value::int as n from site_totals where key = 'businesses'")).toEqual([{ n: 2 }]);
    expect(await countAggregateDrift(handle)).toBe(0);
    expect(await handle.query("select action, row_count from audit_log where action = 'businesses.restore'")).toEqual([
      { action: "businesses.restore", row_count: 1 },
    ]);

    // The tombstone is lifted: a changed row updates it; the bakeries are still suppressed.
    const changed = await upload(ROWS.map((row) => row.replace("+49 30 5550101", "+49 30 5550199")));
    expect(changed.suppressedCount).toBe(2);
    expect(await handle.query("select phone from businesses where place_id = 'trash-http-1'")).toEqual([
      { phone: expect.stringContaining("5550199") },
    ]);

    const trashPage = await fetch(`${server.url}/admin/trash`, { headers: { Cookie: cookie } });
    expect(trashPage.status).toBe(200);
    expect(await trashPage.text()).toContain("Wombat Bakery North");
  });
});
