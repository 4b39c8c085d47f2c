import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSlugSuffix } from "../../../db/rules/slug.ts";
import { findApprovedBusinessBySlug, findRedirectedSlug } from "../../../db/queries/public/business-detail.ts";
import { readSlugFixCheckpoint } from "../../../db/queries/slugs.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import { importFixtureRows } from "../../testing/import-fixture-rows.ts";
import type { RawBusiness } from "../normalize/business.ts";
import { fixSlugs } from "./fix-slugs.ts";

const ROWS: Array<RawBusiness & { legacySlug?: string }> = [
  { name: "Alpha Bakery", city: "Berlin", country_code: "DE", place_id: "p-alpha" },
  { name: "Joe's Pizza", city: "New York", country_code: "US", place_id: "p-joe", legacySlug: "joes-pizza-new-york-1699999999999" },
  { name: "Long Name Bistro", city: "Lyon", country_code: "FR", place_id: "p-long", legacySlug: `long-name-bistro-${"x".repeat(90)}` },
  { name: "Café Zürich", city: "Zürich", country_code: "CH", place_id: "p-cafe", legacySlug: "Café-Zürich-ZÜRICH" },
  { name: "Renamed Bakery", city: "Berlin", country_code: "DE", place_id: "p-renamed", legacySlug: "old-bakery-berlin" },
  { name: "Twin Shop", city: "Oslo", country_code: "NO", place_id: "p-twin-1", legacySlug: "twin-shop-oslo-1600000000000" },
  { name: "Twin Shop", city: "Oslo", country_code: "NO", place_id: "p-twin-2", legacySlug: "twin-shop-oslo-1600000000001" },
  // Each holds the other's canonical slug: the one handled later takes over the slug the first one gives up.
  { name: "Sun Cafe", city: "Rome", country_code: "IT", place_id: "p-sun", legacySlug: "moon-cafe-rome" },
  { name: "Moon Cafe", city: "Rome", country_code: "IT", place_id: "p-moon", legacySlug: "sun-cafe-rome" },
  { name: "Quiet Shop", city: "Lima", country_code: "PE", place_id: "p-quiet", legacySlug: withSlugSuffix("quiet-shop-lima", "pid:p-quiet") },
];

/** Businesses as an old import tool left them: the given legacy slugs, and a stale redirect. */
async function seedLegacyData(handle: TestDatabase): Promise<void> {
  await importFixtureRows(
    handle,
    ROWS.map(({ legacySlug: _legacy, ...raw }) => raw),
    { refreshAggregates: false },
  );
  const legacy = ROWS.filter((row) => row.legacySlug);
  // Sun and Moon swap slugs: park them first so the unique index never sees two holders of one slug.
  await handle.query("update businesses set slug = 'parked-' || id where place_id = any($1::text[])", [legacy.map((row) => row.place_id)]);
  for (const row of legacy) await handle.query("update businesses set slug = $1 where place_id = $2", [row.legacySlug, row.place_id]);
  // Alpha once used the slug that Renamed Bakery should now get: the business wins, the redirect goes.
  await handle.query(
    "insert into slug_redirects (old_slug, business_id) select 'renamed-bakery-berlin', id from businesses where place_id = 'p-alpha'",
  );
}

async function snapshot(handle: TestDatabase) {
  const slugs = await handle.query<{ place_id: string; slug: string }>("select place_id, slug from businesses order by id");
  const redirects = await handle.query<{ old_slug: string; place_id: string }>(
    "select r.old_slug, b.place_id from slug_redirects r join businesses b on b.id = r.business_id order by r.old_slug",
  );
  return { slugs, redirects };
}

describe(`fix-slugs on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let reference: TestDatabase;
  beforeAll(async () => {
    [handle, reference] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await seedLegacyData(handle);
    await seedLegacyData(reference);
  });
  afterAll(async () => {
    await Promise.all([handle?.close(), reference?.close()]);
  });

  it("gives every business its canonical slug in one uninterrupted run, recording the old slugs as redirects", async () => {
    const result = await fixSlugs(reference);
    expect(result).toMatchObject({ success: true, successCount: 8, checkpointEnabled: true, totalProcessed: 10, resumedAfterId: null });
    expect(result.message).toMatch(/Fixed 8 of 10/);
    const { slugs, redirects } = await snapshot(reference);
    expect(Object.fromEntries(slugs.map((row) => [row.place_id, row.slug]))).toEqual({
      "p-alpha": "alpha-bakery-berlin",
      "p-joe": "joe-s-pizza-new-york",
      "p-long": "long-name-bistro-lyon",
      "p-cafe": "cafe-zurich-zurich",
      "p-renamed": "renamed-bakery-berlin",
      "p-twin-1": "twin-shop-oslo",
      "p-twin-2": withSlugSuffix("twin-shop-oslo", "pid:p-twin-2"),
      "p-sun": withSlugSuffix("sun-cafe-rome", "pid:p-sun"),
      "p-moon": "moon-cafe-rome",
      "p-quiet": withSlugSuffix("quiet-shop-lima", "pid:p-quiet"),
    });
    expect(redirects).toEqual(
      [
        { old_slug: "joes-pizza-new-york-1699999999999", place_id: "p-joe" },
        { old_slug: `long-name-bistro-${"x".repeat(90)}`, place_id: "p-long" },
        { old_slug: "Café-Zürich-ZÜRICH", place_id: "p-cafe" },
        { old_slug: "old-bakery-berlin", place_id: "p-renamed" },
        { old_slug: "twin-shop-oslo-1600000000000", place_id: "p-twin-1" },
        { old_slug: "twin-shop-oslo-1600000000001", place_id: "p-twin-2" },
        // Links to /sun-cafe-rome reached Moon Cafe before, and still do; /moon-cafe-rome is Moon Cafe's own now.
        { old_slug: "sun-cafe-rome", place_id: "p-moon" },
      ].sort((a, b) => (a.old_slug < b.old_slug ? -1 : 1)),
    );
    expect(await readSlugFixCheckpoint(reference)).toBeNull();
  });

  it("resolves old and current slugs for the website's 301s", async () => {
    // The business page's own look-ups: the current slug first, then the redirect table.
    expect(await findApprovedBusinessBySlug(reference, "joes-pizza-new-york-1699999999999")).toBeNull();
    expect(await findRedirectedSlug(reference, "joes-pizza-new-york-1699999999999")).toBe("joe-s-pizza-new-york");
    expect(await findApprovedBusinessBySlug(reference, "joe-s-pizza-new-york")).toMatchObject({ place_id: "p-joe" });
    // Alpha's stale redirect went: the slug names Renamed Bakery itself.
    expect(await findApprovedBusinessBySlug(reference, "renamed-bakery-berlin")).toMatchObject({ place_id: "p-renamed" });
    expect(await findRedirectedSlug(reference, "renamed-bakery-berlin")).toBeNull();
    expect(await findApprovedBusinessBySlug(reference, "no-such-business")).toBeNull();
    expect(await findRedirectedSlug(reference, "no-such-business")).toBeNull();
    expect(await findRedirectedSlug(reference, "Café-Zürich-ZÜRICH")).toBe("cafe-zurich-zurich");
    expect(await findApprovedBusinessBySlug(reference, "cafe-zurich-zurich")).toMatchObject({ place_id: "p-cafe" });
  });

  it("changes nothing on a second run", async () => {
    const before = await snapshot(reference);
    const again = await fixSlugs(reference);
    expect(again).toMatchObject({ success: true, successCount: 0, totalProcessed: 10 });
    expect(await snapshot(reference)).toEqual(before);
  });

  it("resumes a killed run from its checkpoint and ends identical to the uninterrupted run", async () => {
    const controller = new AbortController();
    const killed = fixSlugs(handle, {
      batchSize: 3,
      signal: controller.signal,
      onProgress: (p) => p.processed > 0 && controller.abort(new Error("killed")),
    });
    await expect(killed).rejects.toThrow("killed");
    const checkpoint = await readSlugFixCheckpoint(handle);
    expect(checkpoint).toMatchObject({ processed: 3 });
    const [third] = await handle.query<{ id: number }>("select id::int as id from businesses order by id offset 2 limit 1");
    expect(checkpoint?.lastId).toBe(third?.id);
    // The first batch is committed: Joe's Pizza (second row) already has its new slug.
    expect((await handle.query<{ slug: string }>("select slug from businesses where place_id = 'p-joe'"))[0]?.slug).toBe("joe-s-pizza-new-york");

    const resumed = await fixSlugs(handle, { batchSize: 3 });
    expect(resumed).toMatchObject({ success: true, totalProcessed: 10, resumedAfterId: third?.id });
    expect(resumed.successCount).toBe(6);
    expect(await snapshot(handle)).toEqual(await snapshot(reference));
    expect(await readSlugFixCheckpoint(handle)).toBeNull();
  });

  it("starts over with resume: false", async () => {
    await handle.query("update businesses set slug = 'ALPHA' where place_id = 'p-alpha'");
    await handle.query("insert into job_checkpoints (job, cursor, processed) values ('fix-slugs', '{\"lastId\": 999999}', 5)");
    const skipped = await fixSlugs(handle);
    expect(skipped).toMatchObject({ successCount: 0, totalProcessed: 5 });
    const restarted = await fixSlugs(handle, { resume: false });
    expect(restarted).toMatchObject({ successCount: 1, totalProcessed: 10 });
    expect(await findRedirectedSlug(handle, "ALPHA")).toBe("alpha-bakery-berlin");
  });
});
