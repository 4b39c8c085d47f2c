// The built server over HTTP: each bulk admin action's audit entry names a bounded sample of what it touched (an
// upload: the first inserted and rewritten ids; fix-slugs: id, slug before and after; test-data and delete-all: id,
// slug, name), at most 20 however many rows it changed, beside its count.
import { describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { useAdminOverHttp } from "~/testing/admin-over-http";

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
  const app = useAdminOverHttp("admin-audit-samples", { password: ADMIN_PASSWORD });

  const lastAudit = async (action: string): Promise<AuditRow> => {
    const [row] = await app.handle.query<{ action: string; row_count: number; details: string }>(
      "select action, row_count, details::text as details from audit_log where action = $1 order by id desc limit 1",
      [action],
    );
    expect(row, `an audit entry ${action}`).toBeDefined();
    return { action: row!.action, row_count: row!.row_count, details: JSON.parse(row!.details) as Record<string, unknown> };
  };
  const idsInOrder = async () => (await app.handle.query<{ id: number }>("select id::int as id from businesses order by id")).map((r) => r.id);

  async function upload(suffix: string): Promise<void> {
    await (await app.uploadCsv("audit-samples.csv", `${HEADER}\n${buildRows(suffix).join("\n")}\n`)).arrayBuffer();
  }

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
    await app.handle.query("update businesses set slug = 'stale-' || id");
    const response = await app.admin("/api/admin/fix-slugs", { method: "POST" });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const entry = await lastAudit("slugs.fix");
    expect(entry.row_count).toBe(ROW_COUNT);
    const now = await app.handle.query<{ id: number; slug: string }>("select id::int as id, slug from businesses order by id limit 20");
    expect(entry.details.sample).toEqual(now.map((row) => ({ id: row.id, before: `stale-${row.id}`, after: row.slug })));
  });

  it("deleting test data and deleting everything name the first 20 businesses deleted (id, slug, name)", async () => {
    await app.handle.query("update businesses set is_test = true where id in (select id from businesses order by id limit 22)");
    const testRows = await app.handle.query<{ id: number; slug: string; name: string }>(
      "select id::int as id, slug, name from businesses where is_test order by id limit 20",
    );
    const deleted = await app.admin("/api/admin/test-data", { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as Record<string, unknown>).sample).toBeUndefined();
    const testEntry = await lastAudit("test-data.delete");
    expect(testEntry.row_count).toBe(22);
    expect(testEntry.details.sample).toEqual(testRows);

    const rest = await app.handle.query<{ id: number; slug: string; name: string }>("select id::int as id, slug, name from businesses order by id");
    expect(rest).toHaveLength(ROW_COUNT - 22);
    const all = await app.admin(`/api/admin/businesses?confirm=${rest.length}`, { method: "DELETE" });
    expect(all.status, await all.clone().text()).toBe(200);
    expect(((await all.json()) as Record<string, unknown>).sample).toBeUndefined();
    const allEntry = await lastAudit("businesses.delete-all");
    expect(allEntry.row_count).toBe(rest.length);
    expect(allEntry.details.sample).toEqual(rest);
    expect(JSON.stringify(allEntry.details).length).toBeLessThan(4000);
  });
});
