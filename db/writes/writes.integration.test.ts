import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RawBusiness } from "../../ingest-cli/pipeline/normalize/business.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { getSiteTotals, listFeaturedBusinesses, listTopCategories, listTopCities, listTopCountries } from "../queries/home.ts";
import { listSlugOptions, slugSuffix } from "../rules/slug.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../testing/test-database.ts";
import { ensureAdminUser, upsertAdminUser, verifyPassword } from "./admin-users.ts";
import { refreshAfterBulkChange, refreshAggregates, refreshPlannerStatistics } from "./aggregates.ts";
import { deleteTestBusinesses } from "./businesses.ts";
import type { DatabaseHandle } from "../client.ts";

/** The import writer, without the count refresh: these tests refresh (and analyze) when they say so. */
const write = (handle: DatabaseHandle, rows: RawBusiness[], isTest = false) => importFixtureRows(handle, rows, { isTest, refreshAggregates: false });

const rows: RawBusiness[] = [
  { name: "Alpha Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "p-1", rating: 4.8, reviews: 900, verified: true },
  { name: "Beta Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "p-2", rating: 4.1, reviews: 12 },
  { name: "Gamma Dentist", category: "Dentist", city: "Munich", country_code: "DE", place_id: "p-3", rating: 3.9, reviews: 40 },
  { name: "Delta Café", category: "Coffee shop", city: "Zürich", country_code: "CH", place_id: "p-4", rating: 4.5, reviews: 300 },
  { name: "Epsilon Bar", category: "Bar", city: "Paris", country_code: "FR", place_id: "p-5", rating: null, reviews: 0 },
];

describe(`write path on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("inserts, then counts an identical re-import as unchanged without rewriting", async () => {
    const first = await write(handle, rows);
    expect(first).toMatchObject({ inserted: 5, updated: 0, unchanged: 0 });
    const before = await handle.query<{ updated_at: string }>("select updated_at::text from businesses where place_id = 'p-1'");
    const again = await write(handle, rows);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    const after = await handle.query<{ updated_at: string }>("select updated_at::text from businesses where place_id = 'p-1'");
    expect(after[0]?.updated_at).toBe(before[0]?.updated_at);
  });

  it("updates a changed row in place and keeps its slug", async () => {
    const [original] = await handle.query<{ slug: string }>("select slug from businesses where place_id = 'p-2'");
    const changed = await write(handle, [{ ...rows[1], phone: "+49 30 1234567", name: "Beta Bakery Neu" }]);
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    const [row] = await handle.query<{ slug: string; phone: string; name: string }>(
      "select slug, phone, name from businesses where place_id = 'p-2'",
    );
    expect(row).toEqual({ slug: original?.slug, phone: "+49 30 1234567", name: "Beta Bakery Neu" });
  });

  it("gives a different business with the same name and city a suffixed unique slug", async () => {
    await write(handle, [{ name: "Alpha Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "p-1-branch" }]);
    const slugs = await handle.query<{ slug: string }>("select slug from businesses where name = 'Alpha Bakery' order by id");
    expect(slugs[0]?.slug).toBe("alpha-bakery-berlin");
    expect(slugs[1]?.slug).toMatch(/^alpha-bakery-berlin-[a-z0-9]{6}$/);
  });

  it("refreshes the aggregate tables the home page reads", async () => {
    await refreshAggregates(handle);
    const totals = await getSiteTotals(handle);
    expect(totals).toEqual({ businesses: 6, countries: 3, cities: 4, categories: 4 });
    const categories = await listTopCategories(handle);
    expect(categories[0]).toEqual({ category: "Bakery", category_slug: "bakery", count: 3 });
    const cities = await listTopCities(handle);
    expect(cities[0]).toMatchObject({ city: "Berlin", city_slug: "berlin", country_code: "DE", count: 3 });
    const countries = await listTopCountries(handle);
    expect(countries[0]).toMatchObject({ country: "Germany", country_code: "DE", country_slug: "germany", business_count: 4 });
    const featured = await listFeaturedBusinesses(handle, 12);
    expect(featured[0]?.name).toBe("Alpha Bakery");
    expect(featured).toHaveLength(6);
  });

  it("analyzes the businesses after a bulk change, and not after a small one", async () => {
    const tuples = async () =>
      Number((await handle.query<{ n: number }>("select reltuples::float8 as n from pg_class where oid = 'businesses'::regclass"))[0]?.n);
    expect(await refreshPlannerStatistics(handle, 0)).toBe(false);
    // Never analyzed in this database (reltuples -1): the first bulk change analyzes, whatever its size.
    expect(await tuples()).toBeLessThan(0);
    expect(await refreshPlannerStatistics(handle, 6)).toBe(true);
    expect(await tuples()).toBe(6);
    // Below 50 rows plus a tenth of the table: autovacuum's own rule, left to it.
    expect(await refreshPlannerStatistics(handle, 40)).toBe(false);
    expect(await refreshPlannerStatistics(handle, 51)).toBe(true);
  });

  it("hides unapproved businesses from the counts", async () => {
    await handle.query("update businesses set is_approved = false where place_id = 'p-5'");
    await refreshAggregates(handle);
    expect((await getSiteTotals(handle)).countries).toBe(2);
  });

  it("deletes only test data", async () => {
    await write(handle, [{ name: "Demo Place", city: "Rome", country_code: "IT", place_id: "demo-1" }], true);
    expect((await deleteTestBusinesses(handle, "test")).count).toBe(1);
    const [count] = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
    expect(count?.n).toBe(6);
  });

  it("stores admins with scrypt hashes and ensures the env admin idempotently", async () => {
    const created = await upsertAdminUser(handle, "Admin", "correct horse battery");
    expect(created.created).toBe(true);
    const [row] = await handle.query<{ password_hash: string }>("select password_hash from admin_users where id = $1", [created.id]);
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", row!.password_hash)).toBe(true);
    expect(await verifyPassword("wrong", row!.password_hash)).toBe(false);
    expect(await ensureAdminUser(handle, "admin", "correct horse battery")).toBe("unchanged");
    expect(await ensureAdminUser(handle, "admin", "a brand new password")).toBe("updated");
    expect(await ensureAdminUser(handle, "second", "another long password")).toBe("created");
  });

  // A blocker holds an exact slug through its name and no city: "Eta Kiosk Oslo <suffix>" slugifies to the suffixed
  // form "…-oslo-<suffix>" (a city column would be resolved to the municipality, suffix and all).
  const blocker = (name: string, placeId: string, slug: string) => ({
    name: `${name} Oslo ${slug.slice(slug.lastIndexOf("-") + 1)}`,
    category: "Kiosk",
    country_code: "NO",
    place_id: placeId,
  });

  it("skips a suffixed form another business already holds, as the collision policy lists it", async () => {
    const options = listSlugOptions("eta-kiosk-oslo", "pid:p-eta");
    expect(options[1]).toBe(`eta-kiosk-oslo-${slugSuffix("pid:p-eta")}`);
    await write(handle, [{ name: "Eta Kiosk", category: "Kiosk", city: "Oslo", country_code: "NO", place_id: "p-eta-block-0" }]);
    await write(handle, [blocker("Eta Kiosk", "p-eta-block-1", options[1] as string)]);
    expect(
      (await handle.query<{ slug: string }>("select slug from businesses where place_id like 'p-eta-block-%' order by place_id")).map((r) => r.slug),
    ).toEqual(options.slice(0, 2));
    await write(handle, [{ name: "Eta Kiosk", category: "Kiosk", city: "Oslo", country_code: "NO", place_id: "p-eta" }]);
    const [row] = await handle.query<{ slug: string }>("select slug from businesses where place_id = 'p-eta'");
    expect(row?.slug).toBe(options[2]);
  });

  it("stops at the writer's three slug options when all are taken: the batch fails, no slug is invented", async () => {
    const options = listSlugOptions("zeta-kiosk-oslo", "pid:p-zeta");
    // Other businesses already hold the base slug and both suffixed forms the writer tries.
    await write(handle, [{ name: "Zeta Kiosk", category: "Kiosk", city: "Oslo", country_code: "NO", place_id: "p-block-0" }]);
    for (const [i, slug] of options.slice(1, 3).entries()) await write(handle, [blocker("Zeta Kiosk", `p-block-${i + 1}`, slug)]);
    await expect(
      write(handle, [{ name: "Zeta Kiosk", category: "Kiosk", city: "Oslo", country_code: "NO", place_id: "p-zeta" }]),
    ).rejects.toMatchObject({
      code: "IMPORT_FAILED",
    });
    const [row] = await handle.query<{ count: number }>("select count(*)::int as count from businesses where place_id = 'p-zeta'");
    expect(row?.count).toBe(0);
  });
});

describe(`GIN pending entries on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("merges the GIN indexes' pending entries after a bulk change, so searches do not scan them", async () => {
    const more: RawBusiness[] = Array.from({ length: 40 }, (_, i) => ({
      name: `Pending Kiosk ${i}`,
      category: "Kiosk",
      city: "Hamburg",
      country_code: "DE",
      place_id: `pending-${i}`,
      description: `newsagent tobacco lottery magazines ${i}`,
    }));
    const pendingPages = async () => {
      const rows = await handle.query<{ pages: number }>(
        `select coalesce(sum(gin_clean_pending_list(c.oid)), 0)::int as pages
           from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
          where i.indrelid = 'businesses'::regclass and am.amname = 'gin'`,
      );
      return rows[0]?.pages;
    };
    await pendingPages();
    await write(handle, more);
    await refreshAfterBulkChange(handle, more.length);
    // Nothing left to merge: the refresh merged what the import added (it would be 1 or more pages otherwise).
    expect(await pendingPages()).toBe(0);
    await write(
      handle,
      more.map((row, i) => ({ ...row, place_id: `pending-again-${i}`, name: `Pending Stall ${i}` })),
    );
    expect(await pendingPages()).toBeGreaterThan(0);
  });
});
