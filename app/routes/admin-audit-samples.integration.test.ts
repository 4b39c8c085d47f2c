// The built server over HTTP: each bulk admin action's audit entry names a bounded sample of what it touched (an
// upload: the first inserted and rewritten ids; fix-slugs: id, slug before and after; test-data and delete-all: id,
// slug, name), at most 20 however many rows it changed, beside its count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ADMIN_PASSWORD = "admin-audit-samples-password";
const HEADER = "name,category,full_address,city,country_code,place_id";
const ROW_COUNT = 25;

/** Made-up businesses; `suffix` renames every one, so a second upload rewrites them all. */
const buildRows = (suffix: string) =>
  Array.from({ length: ROW_COUNT }, (_, i) => `Sample Shop ${i + 1}${suffix},Shop,Hauptweg ${i + 1},Leipzig,DE,audit-sample-${i + 1}`);

interface AuditRow {
  action: string;
  row_count: number;
  details: Record<string, unknown>;
}

describe(`bulk admin actions audit a sample of what they touched, over HTTP on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer;
  let cookie = "";
  let csrf = "";

  const admin = (path: string, init: { method?: string; body?: FormData } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? "GET",
      headers: { Cookie: cookie, Origin: server.url, "X-CSRF-Token": csrf },
      body: init.body,
    });
  const lastAudit = async (action: string): Promise<AuditRow> => {
    const [row] = await handle.query<{ action: string; row_count: number; details: string }>(
      "select action, row_count, details::text as details from audit_log where action = $1 order by id desc limit 1",
      [action],
    );
    expect(row, `an audit entry ${action}`).toBeDefined();
    return { action: row!.action, row_count: row!.row_count, details: JSON.parse(row!.details) as Record<string, unknown> };
  };
  const idsInOrder = async () => (await handle.query<{ id: number }>("select id::int as id from businesses order by id")).map((r) => r.id);

  async function upload(suffix: string): Promise<void> {
    const form = new FormData();
    form.set("file", new File([`${HEADER}\n${buildRows(suffix).join("\n")}\n`], "audit-samples.csv", { type: "text/csv" }));
    form.set("batchSize", "100");
    const response = await admin("/api/upload-excel-batch", { method: "POST", body: form });
    expect(response.status, await response.clone().text()).toBe(200);
    await response.arrayBuffer();
  }

  beforeAll(async () => {
    database = await useFreshProcessDatabase("admin-audit-samples");
    handle = database.handle;
    await upsertAdminUser(handle, "admin", ADMIN_PASSWORD);
    server = await startBuiltApp();
    ({ cookie, csrfToken: csrf } = await logInOverHttp(server.url, { username: "admin", password: ADMIN_PASSWORD }));
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("an upload names the first 20 businesses it inserted, a re-upload the first 20 it rewrote", async () => {
    await upload("");
    const ids = await idsInOrder();
    expect(ids).toHaveLength(ROW_COUNT);
    const first = await lastAudit("upload.import");
    expect(first.row_count).toBe(ROW_COUNT);
    expect(first.details.sample).toEqual({ insertedIds: ids.slice(0, 20), updatedIds: [] });

    await upload(" Renamed");
    const second = await lastAudit("upload.import");
    expect(second.row_count).toBe(ROW_COUNT);
    expect(second.details.sample).toEqual({ insertedIds: [], updatedIds: ids.slice(0, 20) });
  });

  it("fix-slugs names the first 20 slugs it changed, before and after", async () => {
    await handle.query("update businesses set slug = 'stale-' || id");
    const response = await admin("/api/admin/fix-slugs", { method: "POST" });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const entry = await lastAudit("slugs.fix");
    expect(entry.row_count).toBe(ROW_COUNT);
    const now = await handle.query<{ id: number; slug: string }>("select id::int as id, slug from businesses order by id limit 20");
    expect(entry.details.sample).toEqual(now.map((row) => ({ id: row.id, before: `stale-${row.id}`, after: row.slug })));
  });

  it("deleting test data and deleting everything name the first 20 businesses deleted (id, slug, name)", async () => {
    await handle.query("update businesses set is_test = true where id in (select id from businesses order by id limit 22)");
    const testRows = await handle.query<{ id: number; slug: string; name: string }>(
      "select id::int as id, slug, name from businesses where is_test order by id limit 20",
    );
    const deleted = await admin("/api/admin/test-data", { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as Record<string, unknown>).sample).toBeUndefined();
    const testEntry = await lastAudit("test-data.delete");
    expect(testEntry.row_count).toBe(22);
    expect(testEntry.details.sample).toEqual(testRows);

    const rest = await handle.query<{ id: number; slug: string; name: string }>("select id::int as id, slug, name from businesses order by id");
    expect(rest).toHaveLength(ROW_COUNT - 22);
    const all = await admin(`/api/admin/businesses?confirm=${rest.length}`, { method: "DELETE" });
    expect(all.status, await all.clone().text()).toBe(200);
    expect(((await all.json()) as Record<string, unknown>).sample).toBeUndefined();
    const allEntry = await lastAudit("businesses.delete-all");
    expect(allEntry.row_count).toBe(rest.length);
    expect(allEntry.details.sample).toEqual(rest);
    expect(JSON.stringify(allEntry.details).length).toBeLessThan(4000);
  });
});
