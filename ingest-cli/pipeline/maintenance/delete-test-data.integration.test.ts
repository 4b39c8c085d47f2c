import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import { refreshAggregates } from "../../../db/writes/aggregates.ts";
import { importFixtureRows } from "../../testing/import-fixture-rows.ts";
import { deleteTestData } from "./delete-test-data.ts";

describe(`delete-test-data on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await importFixtureRows(
      handle,
      [
        { name: "Real Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "real-1" },
        { name: "Real Bar", category: "Bar", city: "Rome", country_code: "IT", place_id: "real-2" },
      ],
      { refreshAggregates: false },
    );
    await importFixtureRows(
      handle,
      [
        { name: "Demo Dentist", category: "Dentist", city: "Paris", country_code: "FR", place_id: "demo-1" },
        { name: "Demo Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "demo-2" },
      ],
      { isTest: true, refreshAggregates: false },
    );
    await handle.query("insert into slug_redirects (old_slug, business_id) select 'old-' || slug, id from businesses");
    await refreshAggregates(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("deletes only test businesses, with their redirects, and refreshes the counts", async () => {
    const { sample, ...result } = await deleteTestData(handle);
    expect(result).toEqual({ success: true, deletedCount: 2, message: "Deleted 2 test businesses." });
    expect(sample.map((entry) => entry.name)).toEqual(["Demo Dentist", "Demo Bakery"]);
    expect(await handle.query("select place_id from businesses order by place_id")).toEqual([{ place_id: "real-1" }, { place_id: "real-2" }]);
    expect(await handle.query("select old_slug from slug_redirects order by old_slug")).toEqual([
      { old_slug: "old-real-bakery-berlin" },
      { old_slug: "old-real-bar-rome" },
    ]);
    expect(await handle.query("select category_slug from category_counts order by 1")).toEqual([
      { category_slug: "bakery" },
      { category_slug: "bar" },
    ]);
    expect(await handle.query("select actor, action, row_count from audit_log")).toEqual([
      { actor: expect.stringMatching(/^cli:[^@]+@.+$/), action: "test-data.delete", row_count: 2 },
    ]);
  });

  it("reports when there is nothing left to delete", async () => {
    expect(await deleteTestData(handle)).toEqual({ success: true, deletedCount: 0, message: "There was no test data to delete.", sample: [] });
  });
});
