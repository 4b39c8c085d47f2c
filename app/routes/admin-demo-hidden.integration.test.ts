// The built server over HTTP: an admin upload of real rows hides the public demo businesses (and only those: not other
// test data, not real rows from the demo generator), says so in its report, audits it under the admin's name, and
// does it once: a demo business the admin approves again afterwards stays public through the next upload.
import { describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { seedDemoData } from "../../ingest-cli/pipeline/demo-seed.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { useAdminOverHttp } from "~/testing/admin-over-http";

const ADMIN_PASSWORD = "admin-demo-hidden-password";
const DEMO_ROWS = 30;
const HEADER = "name,category,full_address,city,country_code,place_id";
const TEST_ROWS = [
  { name: "Probe Kiosk", category: "Kiosk", full_address: "Testweg 1, Leipzig", city: "Leipzig", country_code: "DE", place_id: "probe-1" },
  { name: "Probe Laden", category: "Shop", full_address: "Testweg 2, Leipzig", city: "Leipzig", country_code: "DE", place_id: "probe-2" },
];

interface BusinessState {
  id: number;
  approved: boolean;
  hidden: boolean;
}

describe(`an admin upload of real data hides the demo businesses once, over HTTP on ${testDriver()}`, () => {
  const app = useAdminOverHttp("admin-demo-hidden", {
    password: ADMIN_PASSWORD,
    // Real rows from the demo generator (source "demo", not test data), other test data, then the demo seed itself.
    seed: async (handle) => {
      await seedDemoData(handle, { rows: 5, seed: 9, isTest: false });
      await importFixtureRows(handle, TEST_ROWS, { isTest: true });
      await seedDemoData(handle, { rows: DEMO_ROWS });
    },
  });

  const states = (where: string) =>
    app.handle.query<BusinessState>(
      `select id::int as id, is_approved as approved, demo_hidden_at is not null as hidden from businesses where ${where} order by id`,
    );

  async function upload(name: string, rows: string[]): Promise<Record<string, unknown>> {
    return (await (await app.uploadCsv(name, `${HEADER}\n${rows.join("\n")}\n`)).json()) as Record<string, unknown>;
  }

  it("hides exactly the demo businesses, reports and audits it under the admin, and never again once re-approved", async () => {
    const demo = await states("is_test and source = 'demo'");
    expect(demo).toHaveLength(DEMO_ROWS);
    expect(demo.every((row) => row.approved)).toBe(true);

    const first = await upload("real.csv", ["Echte Bäckerei,Bakery,Hauptweg 1,Leipzig,DE,real-1"]);
    expect(first.hiddenDemoBusinesses).toBe(DEMO_ROWS);
    expect(await states("is_test and source = 'demo'")).toEqual(demo.map((row) => ({ ...row, approved: false, hidden: true })));
    // Other test data, the generator's real rows and the uploaded row stay public.
    const others = await states("not (is_test and source = 'demo')");
    expect(others).toHaveLength(5 + TEST_ROWS.length + 1);
    expect(others.every((row) => row.approved && !row.hidden)).toBe(true);

    const audits = await app.handle.query<{ actor: string; user_id: number | null; row_count: number; details: string }>(
      "select actor, user_id::int as user_id, row_count, details::text as details from audit_log where action = 'demo-data.hide'",
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: "admin", row_count: DEMO_ROWS });
    expect(audits[0]!.user_id).not.toBeNull();
    const details = JSON.parse(audits[0]!.details) as { runId: number; file: string; sample: Array<{ id: number }> };
    expect(details).toMatchObject({ runId: first.runId, file: "real.csv" });
    expect(details.sample.map((row) => row.id)).toEqual(demo.slice(0, 20).map((row) => row.id));

    // The admin wants one demo business back: it stays public through the next real upload.
    const kept = demo[0]!.id;
    const toggled = await app.admin(`/api/admin/businesses/${kept}/toggle-approval`, { method: "POST" });
    expect(toggled.status, await toggled.clone().text()).toBe(200);
    const second = await upload("more.csv", ["Echte Apotheke,Pharmacy,Hauptweg 2,Leipzig,DE,real-2"]);
    expect(second.hiddenDemoBusinesses).toBe(0);
    expect((await states(`id = ${kept}`))[0]).toMatchObject({ approved: true });
    expect(await app.handle.query("select id from audit_log where action = 'demo-data.hide'")).toHaveLength(1);
    const page = await fetch(`${app.server.url}/api/businesses?page=1`);
    const names = ((await page.json()) as { businesses: Array<{ name: string }> }).businesses.map((b) => b.name);
    expect(names).toContain("Echte Apotheke");
  });
});
