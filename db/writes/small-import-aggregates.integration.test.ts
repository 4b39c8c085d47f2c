// A small import into a directory that holds other businesses refreshes only the keys it touched: every count table,
// page anchor, district, site total, walk table and name word ends as a full refresh makes them, and the count rows of
// keys it did not touch are not rewritten.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { snapshotCountTables as snapshot } from "../testing/consistency.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../testing/test-database.ts";
import { refreshAggregates } from "./aggregates.ts";
import { PAGE_ANCHOR_STEP } from "./page-anchors.ts";

type Row = Record<string, unknown>;

/** The directory: a Berlin bakery list long enough for page anchors, and businesses elsewhere the import never touches. */
function directory(): Row[] {
  const rows: Row[] = [];
  const add = (i: number, row: Row) => rows.push({ place_id: `base-${i}`, reviews: 10 + (i % 97), rating: 3 + (i % 20) / 10, ...row });
  let i = 0;
  for (; i < PAGE_ANCHOR_STEP + 300; i++) add(i, { name: `Crumb Bakery ${i}`, category: "Bakery", city: "Berlin", country_code: "DE" });
  for (; i < PAGE_ANCHOR_STEP + 600; i++) add(i, { name: `Molar Dentist ${i}`, category: "Dentist", city: "Munich", country_code: "DE" });
  for (; i < PAGE_ANCHOR_STEP + 800; i++) add(i, { name: `Zinc Bar ${i}`, category: "Bar", city: "Paris", country_code: "FR" });
  for (; i < PAGE_ANCHOR_STEP + 900; i++) add(i, { name: `Bean Coffee ${i}`, category: "Coffee shop", city: "Zürich", country_code: "CH" });
  for (; i < PAGE_ANCHOR_STEP + 910; i++) add(i, { name: `Cusp Dentist ${i}`, category: "Dentist", city: "Augsburg", country_code: "DE" });
  return rows;
}

const HEADERS = ["place_id", "name", "category", "city", "country_code", "reviews", "rating"];

describe(`a small import's count refresh on ${testDriver()}`, { timeout: 180_000 }, () => {
  let handle: TestDatabase;
  let dir: string;
  const importCsv = (name: string, rows: Row[], options: Parameters<typeof importFile>[2] = {}) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, stringify([HEADERS, ...rows.map((row) => HEADERS.map((header) => String(row[header] ?? "")))]));
    return importFile(handle, file, { searchEngine: null, ...options });
  };
  beforeAll(async () => {
    handle = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-small-import-"));
    // The first import into an empty directory refreshes in full (there is no grain to sum from yet).
    await importFixtureRows(handle, directory(), { batchSize: 500 });
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("ends with every table a full refresh gives, a moved business leaving its old keys, untouched keys not rewritten", async () => {
    const rowVersion = async (table: string, where: string) =>
      (await handle.query<{ v: string }>(`select xmin::text as v from ${table} where ${where}`))[0]?.v;
    const untouched = {
      category: await rowVersion("category_counts", "category_slug = 'bar'"),
      city: await rowVersion("city_counts", "city_slug = 'paris'"),
      pair: await rowVersion("city_category_counts", "city_slug = 'zurich'"),
    };
    expect(untouched.category).toBeDefined();
    const berlinBakeries = async () =>
      (
        await handle.query<{ n: number }>(
          "select business_count as n from city_category_counts where city_slug = 'berlin' and category_slug = 'bakery'",
        )
      )[0]?.n;
    const before = await berlinBakeries();

    // Two import runs, one after the other: the second must not take the first's finished run for counts still owed.
    const moved = await importCsv("moved.csv", [
      // Moves from Berlin's bakeries to a new city and a new category, under a new name.
      { place_id: "base-7", name: "Petal Florist", category: "Florist", city: "Hamburg", country_code: "DE", reviews: 17, rating: 3.7 },
      // Renamed in place.
      { place_id: "base-8", name: "Crust Bakery 8", category: "Bakery", city: "Berlin", country_code: "DE", reviews: 18, rating: 3.8 },
    ]);
    expect(moved.counters).toMatchObject({ inserted: 0, updated: 2 });
    const added = await importCsv("added.csv", [
      // New at the top of Berlin's bakeries: every anchor of that list moves by one.
      { place_id: "new-1", name: "Summit Bakery", category: "Bakery", city: "Berlin", country_code: "DE", reviews: 90_000, rating: 4.9 },
      // New in a new country.
      { place_id: "new-2", name: "Fjord Bakery", category: "Bakery", city: "Oslo", country_code: "NO", reviews: 5, rating: 4 },
      // The newest of Augsburg's dentists, until it moves below.
      { place_id: "new-3", name: "Enamel Dentist", category: "Dentist", city: "Augsburg", country_code: "DE", reviews: 6, rating: 4 },
    ]);
    expect(added.counters).toMatchObject({ inserted: 3, updated: 0 });
    // Augsburg's dentists are newest no more once it leaves: their time is the older businesses' again.
    const left = await importCsv("left.csv", [
      { place_id: "new-3", name: "Enamel Dentist", category: "Dentist", city: "Munich", country_code: "DE", reviews: 6, rating: 4 },
    ]);
    expect(left.counters).toMatchObject({ inserted: 0, updated: 1 });

    const touched = await snapshot(handle);
    // The moved business left its old keys; the new ones appeared.
    expect(await berlinBakeries()).toBe(Number(before));
    expect(touched.category_counts?.find((row) => row.category_slug === "florist")).toMatchObject({ business_count: 1 });
    expect(touched.city_counts?.find((row) => row.city_slug === "oslo")).toMatchObject({ business_count: 1 });
    expect(touched.name_words?.find((row) => row.word === "crust")).toMatchObject({ business_count: 1 });
    expect(touched.page_anchors?.length).toBeGreaterThan(0);
    // Only the touched keys were recounted: the rows of the others are the very rows written before.
    expect(await rowVersion("category_counts", "category_slug = 'bar'")).toBe(untouched.category);
    expect(await rowVersion("city_counts", "city_slug = 'paris'")).toBe(untouched.city);
    expect(await rowVersion("city_category_counts", "city_slug = 'zurich'")).toBe(untouched.pair);

    await refreshAggregates(handle);
    expect(touched).toEqual(await snapshot(handle));
  });

  it("refreshes in full when another refresh ran while it wrote (that one may have counted its first rows)", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      place_id: `race-${i}`,
      name: `Race Bakery ${i}`,
      category: "Bakery",
      city: "Berlin",
      country_code: "DE",
      reviews: 3,
      rating: 4,
    }));
    let interleaved: Promise<void> | null = null;
    let interleavedDone = false;
    const outcome = await importCsv("race.csv", rows, {
      batchSize: 1,
      // After the first batch commits, a full refresh (an admin's bulk delete, another import) counts it.
      onProgress: () => {
        interleaved ??= refreshAggregates(handle).then(() => {
          interleavedDone = true;
        });
      },
    });
    const doneBeforeTheImportsOwn = interleavedDone;
    await interleaved;
    expect(outcome.counters.inserted).toBe(rows.length);
    expect(doneBeforeTheImportsOwn).toBe(true);
    const after = await snapshot(handle);
    await refreshAggregates(handle);
    expect(after).toEqual(await snapshot(handle));
  });
});
