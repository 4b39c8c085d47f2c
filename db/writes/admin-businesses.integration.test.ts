import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPublicFixtures } from "../../ingest-cli/testing/public-fixtures.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../testing/test-database.ts";
import { deleteBusinessById, toggleBusinessApproval } from "./admin-businesses.ts";
import { refreshAggregates } from "./aggregates.ts";

const TABLES = [
  "select category_slug, category, first_letter, business_count, country_count, last_modified::text from category_counts order by 1",
  "select country_code, country, country_slug, business_count, city_count, category_count, last_modified::text from country_counts order by 1",
  "select country_code, city_slug, city, first_letter, business_count, category_count, round(latitude::numeric, 6) as lat, round(longitude::numeric, 6) as lng, last_modified::text from city_counts order by 1, 2",
  "select country_code, category_slug, business_count from country_category_counts order by 1, 2",
  "select country_code, city_slug, category_slug, business_count, last_modified::text from city_category_counts order by 1, 2, 3",
  "select key, value::int as value from site_totals order by key",
  "select scope, scope_key, position, business_id::int as id from page_anchors order by 1, 2, 3",
];

async function snapshot(handle: TestDatabase): Promise<unknown[]> {
  return Promise.all(TABLES.map((text) => handle.query(text)));
}

describe(`single-business admin writes on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    // Includes a list long enough to have page anchors, so a scoped anchor rebuild is exercised too.
    await seedPublicFixtures(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** The scoped adjustment must leave exactly what a full rebuild would compute. */
  async function expectSameAsFullRebuild() {
    const scoped = await snapshot(handle);
    await refreshAggregates(handle);
    expect(scoped).toEqual(await snapshot(handle));
  }

  it("approving and unapproving adjusts every count table, the totals and the anchors like a full rebuild", async () => {
    const ids = await handle.query<{ id: number }>("select id::int as id from businesses where is_approved order by rank_score desc, id limit 3");
    expect(await handle.query("select count(*)::int as n from page_anchors")).not.toEqual([{ n: 0 }]);
    for (const { id } of ids) {
      const off = await toggleBusinessApproval(handle, id);
      expect(off?.isApproved).toBe(false);
      await expectSameAsFullRebuild();
    }
    const hidden = await handle.query<{ id: number }>("select id::int as id from businesses where not is_approved order by id limit 1");
    const on = await toggleBusinessApproval(handle, hidden[0]?.id ?? 0);
    expect(on?.isApproved).toBe(true);
    await expectSameAsFullRebuild();
  });

  it("deleting an approved business and an unapproved one keeps the counts exact; a missing id gives null", async () => {
    const [approved] = await handle.query<{ id: number }>("select id::int as id from businesses where is_approved order by id limit 1");
    expect((await deleteBusinessById(handle, approved?.id ?? 0, "test"))?.id).toBe(approved?.id);
    await expectSameAsFullRebuild();
    const [unapproved] = await handle.query<{ id: number }>("select id::int as id from businesses where not is_approved order by id limit 1");
    expect((await deleteBusinessById(handle, unapproved?.id ?? 0, "test"))?.isApproved).toBe(false);
    await expectSameAsFullRebuild();
    expect(await deleteBusinessById(handle, 987_654_321, "test")).toBeNull();
    expect(await toggleBusinessApproval(handle, 987_654_321)).toBeNull();
  });
});
