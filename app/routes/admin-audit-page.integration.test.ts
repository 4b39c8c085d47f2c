// The built server over HTTP: the audit page names the business or file behind each entry (a deleted business too),
// lists each edited field before → after, and filters by action, actor and days, keeping the filters across pages.
import { describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { recordAuditEvent } from "../../db/writes/audit-log.ts";
import { deleteBusinessById } from "../../db/writes/admin-businesses.ts";
import { useAdminOverHttp } from "~/testing/admin-over-http";

const ADMIN_PASSWORD = "admin-audit-page-password";
const CSV = [
  "name,category,full_address,city,country_code,place_id",
  "Audit Bakery Lindenhof,Bakery,Hauptweg 1,Leipzig,DE,audit-page-1",
  "Audit Florist Gone,Florist,Hauptweg 2,Leipzig,DE,audit-page-2",
].join("\n");

describe(`the audit page over HTTP on ${testDriver()}`, () => {
  const app = useAdminOverHttp("admin-audit-page", { password: ADMIN_PASSWORD });

  const auditPage = async (query: string) => {
    const response = await app.admin(`/admin/audit${query}`);
    expect(response.status).toBe(200);
    // React's markers between adjacent texts are not part of what the admin reads.
    return (await response.text()).replace(/<!-- -->/g, "");
  };
  const idOf = async (placeId: string) =>
    (await app.handle.query<{ id: number }>("select id::int as id from businesses where place_id = $1", [placeId]))[0]?.id as number;

  it("names the businesses behind the entries, lists before → after, and filters by action, actor and days", async () => {
    await (await app.uploadCsv("audit-page.csv", `${CSV}\n`)).arrayBuffer();
    const kept = await idOf("audit-page-1");
    const gone = await idOf("audit-page-2");
    for (const id of [kept, gone]) {
      const response = await app.admin(`/api/admin/businesses/${id}/toggle-approval`, { method: "POST" });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    await deleteBusinessById(app.handle, gone, "admin");
    // An operator's command two days ago, and one on an older day.
    await recordAuditEvent(
      app.handle,
      { userId: null, actor: "cli:ops@host", ip: null },
      { action: "dedupe.merge", target: "businesses", rowCount: 7 },
    );
    await app.handle.query("update audit_log set at = now() - interval '2 days' where action = 'dedupe.merge'");
    await recordAuditEvent(
      app.handle,
      { userId: null, actor: "cli:ops@host", ip: null },
      { action: "export.csv", target: "export.csv", rowCount: 3 },
    );
    await app.handle.query("update audit_log set at = '2026-01-15T10:00:00Z' where action = 'export.csv'");

    const all = await auditPage("");
    // The listed business links to its page; the deleted one is named from the trash and marked.
    expect(all).toMatch(/<a[^>]*href="\/business\/[^"]+"[^>]*>Audit Bakery Lindenhof<\/a>/);
    expect(all).toMatch(/Audit Florist Gone<span[^>]*>\(silindi\)<\/span>/);
    // The upload names its file; each approval change reads before → after.
    expect(all).toContain("audit-page.csv");
    expect(all).toMatch(/isApproved<\/span>: <span[^>]*>true<\/span> → <span[^>]*>false<\/span>/);

    const byActor = await auditPage("?actor=CLI");
    expect(byActor).toContain("dedupe.merge");
    expect(byActor).toContain("export.csv");
    expect(byActor).not.toContain("business.unapprove");

    const byAction = await auditPage("?action=business.");
    expect(byAction).toContain("business.unapprove");
    expect(byAction).not.toContain("dedupe.merge");

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const lastWeek = await auditPage(`?actor=cli&from=${day(-7)}&to=${day(-1)}`);
    expect(lastWeek).toContain("dedupe.merge");
    expect(lastWeek).not.toContain("export.csv");
    // Days given the wrong way round are read the right way round; a day that does not exist is ignored.
    expect(await auditPage(`?actor=cli&from=${day(-1)}&to=${day(-7)}`)).toContain("dedupe.merge");
    expect(await auditPage("?actor=cli&from=2026-01-15&to=2026-01-15")).toContain("export.csv");
    expect(await auditPage("?actor=cli&from=2026-01-15&to=2026-01-15")).not.toContain("dedupe.merge");
    expect(await auditPage("?actor=cli&from=2026-02-31")).toContain("export.csv");
    // A LIKE character in a filter matches itself.
    expect(await auditPage("?actor=%25")).toContain("Bu filtrelere uyan işlem yok.");
  });

  it("keeps the filters on the next page", async () => {
    for (let i = 0; i < 55; i++) {
      await recordAuditEvent(app.handle, { userId: null, actor: "cli:pager@host", ip: null }, { action: "sitemap.write", target: `page-${i}` });
    }
    const first = await auditPage("?actor=cli%3Apager");
    const next = /href="\/admin\/audit\?([^"]*before=\d+[^"]*)"/.exec(first)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toBeDefined();
    expect(new URLSearchParams(next).get("actor")).toBe("cli:pager");
    const second = await auditPage(`?${next}`);
    expect((second.match(/sitemap\.write/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(second).not.toContain("audit-page.csv");
  });
});
