import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../../db/testing/test-database.ts";
import { refreshAggregates } from "../../../db/writes/aggregates.ts";
import { RecordingSearchEngine } from "../../../search/testing/recording-engine.ts";
import { importFixtureRows } from "../../testing/import-fixture-rows.ts";
import { findDuplicates, mergeDuplicates } from "./dedupe.ts";
import { deleteTestData } from "./delete-test-data.ts";
import { fixSlugs } from "./fix-slugs.ts";

const idsOf = async (handle: TestDatabase, where: string) =>
  (await handle.query<{ id: number }>(`select id::int as id from businesses where ${where} order by id`)).map((row) => Number(row.id));

describe(`maintenance keeps an external search engine current on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await importFixtureRows(
      handle,
      [
        { name: "Alpha Bakery", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "s-1" },
        { name: "Beta Bar", category: "Bar", city: "Rome", country_code: "IT", place_id: "s-2" },
        { name: "Hotel Sol", category: "Hotel", full_address: "Calle Mayor 3, 28013 Madrid, Spain", phone: "+34 91 444", rating: 4.1, reviews: 300 },
        { name: "Hotel Sol", place_id: "s-4", full_address: "Calle Mayor 3, 28013 Madrid, Spain" },
      ],
      { refreshAggregates: false, searchEngine: null },
    );
    await importFixtureRows(handle, [{ name: "Demo Dentist", category: "Dentist", city: "Paris", country_code: "FR", place_id: "s-5" }], {
      isTest: true,
      refreshAggregates: false,
      searchEngine: null,
    });
    await refreshAggregates(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("fix-slugs re-sends the batches whose slugs changed, and nothing when all are canonical", async () => {
    const [beta] = await idsOf(handle, "place_id = 's-2'");
    await handle.query("update businesses set slug = 'beta-bar-rome-1699999999999' where id = $1", [beta]);
    const engine = new RecordingSearchEngine();
    const result = await fixSlugs(handle, { batchSize: 2, searchEngine: engine });
    expect(result.successCount).toBe(1);
    expect(engine.allIndexed()).toContain(beta);
    // Only the batch holding the changed business: the other batches changed nothing.
    expect(engine.indexed).toHaveLength(1);

    const again = new RecordingSearchEngine();
    await fixSlugs(handle, { batchSize: 2, searchEngine: again });
    expect(again.indexed).toEqual([]);
  });

  it("dedupe --apply re-indexes the kept record and removes the merged ones", async () => {
    const hotels = await idsOf(handle, "name = 'Hotel Sol'");
    const groups = await findDuplicates(handle);
    expect(groups).toHaveLength(1);
    const engine = new RecordingSearchEngine();
    const result = await mergeDuplicates(handle, groups, { searchEngine: engine });
    expect(result.removed).toBe(1);
    const kept = groups[0]?.keep as number;
    expect(engine.allIndexed()).toEqual([kept]);
    expect(engine.allRemoved()).toEqual(hotels.filter((id) => id !== kept));
  });

  it("delete-test-data removes exactly the deleted test businesses from the index", async () => {
    const testIds = await idsOf(handle, "is_test");
    const engine = new RecordingSearchEngine();
    expect((await deleteTestData(handle, { searchEngine: engine })).deletedCount).toBe(1);
    expect(engine.allRemoved()).toEqual(testIds);
    expect(engine.indexed).toEqual([]);
  });
});
