// One behaviour suite for every SearchEngine: a fresh database seeded with a small, hand-made directory, the
// engine built on it, then what a visitor notices (matching, typos, accents, locations, filters, sorts,
// facets, pages, did-you-mean, suggest, approved-only). Run by postgres.integration.test.ts always and by
// meilisearch.integration.test.ts when MEILI_URL points at a real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import type { RawBusiness } from "../../ingest-cli/pipeline/normalize/business.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import type { SearchEngine, SearchQuery, SearchResult } from "../engine.ts";

const BAKERY_HOURS = {
  monday: "7AM-6PM",
  tuesday: "7AM-6PM",
  wednesday: "7AM-6PM",
  thursday: "7AM-6PM",
  friday: "7AM-6PM",
  saturday: "7AM-1PM",
  sunday: "Closed",
};
const OFFICE_HOURS = {
  monday: "9AM-5PM",
  tuesday: "9AM-5PM",
  wednesday: "9AM-5PM",
  thursday: "9AM-5PM",
  friday: "9AM-5PM",
  saturday: "Closed",
  sunday: "Closed",
};
const BAR_HOURS = {
  monday: "Closed",
  tuesday: "6PM-2AM",
  wednesday: "6PM-2AM",
  thursday: "6PM-2AM",
  friday: "6PM-3AM",
  saturday: "6PM-3AM",
  sunday: "Closed",
};
const ALWAYS = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [day, "Open 24 hours"]),
);

/** Monday 2024-01-08 10:00 UTC = 11:00 in Berlin: bakeries and offices open, bars closed. */
export const CONTRACT_NOW = new Date("2024-01-08T10:00:00Z");
const BERLIN = { lat: 52.52, lng: 13.405 };

function offsetFromBerlin(offsetKm: number): { latitude: number; longitude: number } {
  return { latitude: BERLIN.lat + offsetKm / 111.045, longitude: BERLIN.lng };
}

/** The contract directory: every row exists to make one behaviour observable. */
export const CONTRACT_ROWS: Array<RawBusiness & { approved?: boolean }> = [
  {
    place_id: "c-01",
    name: "Bäckerei Müller",
    category: "Bakery",
    city: "Berlin",
    country_code: "DE",
    rating: 4.7,
    reviews: 320,
    verified: true,
    ...offsetFromBerlin(0.5),
    working_hours: BAKERY_HOURS,
    time_zone: "Europe/Berlin",
    full_address: "Torstraße 1, 10119 Berlin, Germany",
    phone: "+49 30 1111",
  },
  {
    place_id: "c-02",
    name: "Berlin Bread Company",
    category: "Bakery",
    city: "Berlin",
    country_code: "DE",
    rating: 4.2,
    reviews: 45,
    ...offsetFromBerlin(2),
    working_hours: BAKERY_HOURS,
    time_zone: "Europe/Berlin",
  },
  {
    place_id: "c-03",
    name: "Kreuzberg Sourdough",
    category: "Bakery",
    city: "Berlin",
    country_code: "DE",
    rating: 3.8,
    reviews: 12,
    ...offsetFromBerlin(4),
    working_hours: OFFICE_HOURS,
    time_zone: "Europe/Berlin",
  },
  {
    place_id: "c-04",
    name: "Isar Brot",
    category: "Bakery",
    city: "München",
    country_code: "DE",
    rating: 4.4,
    reviews: 80,
    latitude: 48.137,
    longitude: 11.575,
    time_zone: "Europe/Berlin",
  },
  {
    place_id: "c-05",
    name: "Boulangerie du Marais",
    category: "Bakery",
    city: "Paris",
    country_code: "FR",
    rating: 4.9,
    reviews: 700,
    verified: true,
    latitude: 48.857,
    longitude: 2.352,
    working_hours: BAKERY_HOURS,
    time_zone: "Europe/Paris",
  },
  {
    place_id: "c-06",
    name: "Café Zürich",
    category: "Cafe",
    city: "Zürich",
    country_code: "CH",
    rating: 4.3,
    reviews: 150,
    latitude: 47.3769,
    longitude: 8.5417,
    time_zone: "Europe/Zurich",
  },
  {
    place_id: "c-07",
    name: "Zunfthaus Restaurant",
    category: "Restaurant",
    city: "Zürich",
    country_code: "CH",
    rating: 4.5,
    reviews: 210,
    latitude: 47.37,
    longitude: 8.54,
    time_zone: "Europe/Zurich",
  },
  {
    place_id: "c-08",
    name: "Trattoria Luigi",
    category: "Italian restaurant",
    city: "Berlin",
    country_code: "DE",
    rating: 4.1,
    reviews: 95,
    ...offsetFromBerlin(1),
    working_hours: OFFICE_HOURS,
    time_zone: "Europe/Berlin",
  },
  {
    place_id: "c-09",
    name: "Golden Dragon",
    category: "Chinese restaurant",
    city: "London",
    country_code: "GB",
    rating: 3.9,
    reviews: 60,
    latitude: 51.507,
    longitude: -0.1278,
    time_zone: "Europe/London",
  },
  {
    place_id: "c-10",
    name: "Pizza Napoli",
    category: "Pizza restaurant",
    city: "Berlin",
    country_code: "DE",
    rating: 4.0,
    reviews: 400,
    ...offsetFromBerlin(3),
    time_zone: "Europe/Berlin",
  },
  {
    place_id: "c-11",
    name: "Crème Brûlée Café",
    category: "Cafe",
    city: "Lyon",
    country_code: "FR",
    rating: 4.6,
    reviews: 88,
    latitude: 45.764,
    longitude: 4.8357,
    time_zone: "Europe/Paris",
  },
  {
    place_id: "c-12",
    name: "Cafe Creme",
    category: "Cafe",
    city: "Lyon",
    country_code: "FR",
    rating: 3.5,
    reviews: 9,
    latitude: 45.76,
    longitude: 4.83,
    time_zone: "Europe/Paris",
  },
  {
    place_id: "c-13",
    name: "Night Owl Bar",
    category: "Bar",
    city: "Berlin",
    country_code: "DE",
    rating: 4.4,
    reviews: 130,
    ...offsetFromBerlin(1.5),
    working_hours: BAR_HOURS,
    time_zone: "Europe/Berlin",
  },
  {
    place_id: "c-14",
    name: "Apotheke am Markt",
    category: "Pharmacy",
    city: "Berlin",
    country_code: "DE",
    rating: 4.0,
    reviews: 25,
    verified: true,
    ...offsetFromBerlin(0.2),
    working_hours: ALWAYS,
    time_zone: "Europe/Berlin",
  },
  {
    place_id: "c-15",
    name: "Hidden Secret Bakery",
    category: "Bakery",
    city: "Berlin",
    country_code: "DE",
    rating: 5,
    reviews: 999,
    verified: true,
    ...offsetFromBerlin(0.1),
    approved: false,
  },
  {
    place_id: "c-16",
    name: "Sydney Harbour Bakery",
    category: "Bakery",
    city: "Sydney",
    country_code: "AU",
    rating: 4.0,
    reviews: 50,
    latitude: -33.8688,
    longitude: 151.2093,
    working_hours: BAKERY_HOURS,
    time_zone: "Australia/Sydney",
  },
  // 24 coffee shops in Vienna: enough for three pages of ten.
  ...Array.from({ length: 24 }, (_, i) => ({
    place_id: `c-v${String(i + 1).padStart(2, "0")}`,
    name: `Wiener Kaffeehaus ${i + 1}`,
    category: "Coffee shop",
    city: "Wien",
    country_code: "AT",
    rating: 3 + (i % 20) / 10,
    reviews: 10 + i * 7,
    latitude: 48.2082 + i * 0.001,
    longitude: 16.3738,
    time_zone: "Europe/Vienna",
  })),
];

const APPROVED_COUNT = CONTRACT_ROWS.filter((row) => row.approved !== false).length;

/** Writes the contract directory through the import writer, hides the unapproved rows, refreshes the aggregate tables. */
export async function seedContractDirectory(handle: TestDatabase): Promise<void> {
  const rows = CONTRACT_ROWS.map(({ approved: _approved, ...raw }: RawBusiness & { approved?: boolean }) => raw);
  await importFixtureRows(handle, rows, { source: "search-contract", refreshAggregates: false });
  const hidden = CONTRACT_ROWS.filter((row) => row.approved === false).map((row) => row.place_id);
  await handle.query("update businesses set is_approved = false where place_id = any($1::text[])", [hidden]);
  await refreshAggregates(handle);
}

export type MakeEngine = (handle: TestDatabase) => SearchEngine | Promise<SearchEngine>;

export interface ContractOptions {
  /** Cleans up what the engine created outside the test database (e.g. a Meilisearch index). */
  dispose?: (engine: SearchEngine) => Promise<void>;
}

const listNames = (result: SearchResult) => result.hits.map((hit) => hit.name);

export function runSearchContract(label: string, makeEngine: MakeEngine, options: ContractOptions = {}): void {
  describe(`search contract: ${label} on ${testDriver()}`, () => {
    let handle: TestDatabase;
    let engine: SearchEngine;
    const search = (query: Partial<SearchQuery>) =>
      engine.search({ q: "", sort: "relevance", page: 1, perPage: 20, facets: true, now: CONTRACT_NOW, ...query });

    beforeAll(async () => {
      handle = await createTestDatabase();
      await seedContractDirectory(handle);
      engine = await makeEngine(handle);
      const rebuilt = await engine.reindex();
      expect(rebuilt.documents).toBe(APPROVED_COUNT);
    });
    afterAll(async () => {
      if (engine && options.dispose) await options.dispose(engine);
      await handle?.close();
    });

    it("finds businesses by one word in the category and ranks name matches first", async () => {
      const result = await search({ q: "bakery" });
      expect(result.total).toBe(6);
      expect(listNames(result)).toContain("Bäckerei Müller");
      expect(listNames(result)[0]).toBe("Sydney Harbour Bakery");
    });

    it("finds by two words, the last one still being typed", async () => {
      expect(listNames(await search({ q: "pizza napoli" }))).toEqual(["Pizza Napoli"]);
      expect(listNames(await search({ q: "trattoria lui" }))).toEqual(["Trattoria Luigi"]);
    });

    it("tolerates typos: 'restuarant' finds restaurants and offers the correction", async () => {
      const result = await search({ q: "restuarant" });
      expect(listNames(result)).toEqual(expect.arrayContaining(["Zunfthaus Restaurant", "Trattoria Luigi", "Golden Dragon", "Pizza Napoli"]));
      expect(result.didYouMean).toBe("restaurant");
    });

    it("ignores accents both ways", async () => {
      expect(listNames(await search({ q: "zurich" }))).toEqual(expect.arrayContaining(["Café Zürich", "Zunfthaus Restaurant"]));
      expect(listNames(await search({ q: "creme brulee" }))).toEqual(["Crème Brûlée Café"]);
      expect(listNames(await search({ q: "café crème" }))).toEqual(expect.arrayContaining(["Cafe Creme", "Crème Brûlée Café"]));
      expect(listNames(await search({ q: "backerei muller" }))).toEqual(["Bäckerei Müller"]);
    });

    it("narrows to a place named in the text or in the location field", async () => {
      const inText = await search({ q: "bakery berlin" });
      const asField = await search({ q: "bakery", location: "Berlin" });
      const expected = ["Bäckerei Müller", "Berlin Bread Company", "Kreuzberg Sourdough"].sort();
      expect(listNames(inText).sort()).toEqual(expected);
      expect(listNames(asField).sort()).toEqual(expected);
      expect(listNames(await search({ q: "bakery in berlin" })).sort()).toEqual(expected);
      expect(listNames(await search({ q: "bakery", location: "France" }))).toEqual(["Boulangerie du Marais"]);
      expect(listNames(await search({ q: "bakery", location: "munchen" }))).toEqual(["Isar Brot"]);
    });

    it("applies each filter", async () => {
      expect(listNames(await search({ q: "", category: "pharmacy" }))).toEqual(["Apotheke am Markt"]);
      expect((await search({ q: "bakery", countryCode: "FR" })).total).toBe(1);
      expect((await search({ q: "bakery", countryCode: "DE", city: "berlin" })).total).toBe(3);
      expect(listNames(await search({ q: "bakery", verified: true })).sort()).toEqual(["Boulangerie du Marais", "Bäckerei Müller"].sort());
      expect(listNames(await search({ q: "bakery", minRating: 4.5 })).sort()).toEqual(["Boulangerie du Marais", "Bäckerei Müller"].sort());
      const near = await search({ q: "", near: { lat: BERLIN.lat, lng: BERLIN.lng, radiusKm: 2.5 }, sort: "distance" });
      expect(listNames(near)).toEqual(["Apotheke am Markt", "Bäckerei Müller", "Trattoria Luigi", "Night Owl Bar", "Berlin Bread Company"]);
      expect(near.hits[0]?.distanceKm).toBeCloseTo(0.2, 1);
    });

    it("keeps only businesses inside a map's bounding box, combined with the text and other filters", async () => {
      // The first five Vienna coffee houses (48.2082 + i × 0.001) and nothing else.
      const box = { minLng: 16.37, minLat: 48.2077, maxLng: 16.38, maxLat: 48.2125 };
      const inBox = await search({ q: "", bbox: box, perPage: 50 });
      expect(listNames(inBox).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `Wiener Kaffeehaus ${n}`).sort());
      expect(inBox.total).toBe(5);
      for (const hit of inBox.hits) {
        expect(hit.latitude).toBeGreaterThanOrEqual(box.minLat);
        expect(hit.latitude).toBeLessThanOrEqual(box.maxLat);
        expect(hit.longitude).toBeGreaterThanOrEqual(box.minLng);
        expect(hit.longitude).toBeLessThanOrEqual(box.maxLng);
      }
      expect(inBox.facets.city).toEqual([expect.objectContaining({ value: "vienna", count: 5 })]);
      expect((await search({ q: "kaffeehaus", bbox: box, minRating: 3.2 })).total).toBe(3);
      expect((await search({ q: "bakery", bbox: box })).total).toBe(0);
      // Berlin's bakeries lie north of the centre (0.5, 2 and 4 km); the unapproved one at 0.1 km stays hidden.
      const berlin = { minLng: 13.3, minLat: 52.5, maxLng: 13.5, maxLat: 52.54 };
      expect(listNames(await search({ q: "bakery", bbox: berlin })).sort()).toEqual(["Berlin Bread Company", "Bäckerei Müller"].sort());
    });

    it("filters to businesses open now in their own time zone", async () => {
      const open = listNames(await search({ q: "", openNow: true, countryCode: "DE" }));
      expect(open.sort()).toEqual(["Apotheke am Markt", "Berlin Bread Company", "Bäckerei Müller", "Kreuzberg Sourdough", "Trattoria Luigi"].sort());
      // 10:00 UTC is 21:00 in Sydney: the bakery there is closed while Paris is open.
      expect(listNames(await search({ q: "bakery", openNow: true, countryCode: "AU" }))).toEqual([]);
      // Wednesday 00:59 in Berlin is inside Tuesday's 18:00–02:00; Tuesday 00:30 follows a closed Monday.
      expect(listNames(await search({ q: "bar", openNow: true, now: new Date("2024-01-09T23:59:00Z") }))).toEqual(["Night Owl Bar"]);
      expect(listNames(await search({ q: "bar", openNow: true, now: new Date("2024-01-08T23:30:00Z") }))).toEqual([]);
    });

    it("sorts by rating, reviews and distance", async () => {
      const byRating = await search({ q: "bakery", sort: "rating" });
      expect(byRating.hits.map((hit) => hit.rating)).toEqual([4.9, 4.7, 4.4, 4.2, 4.0, 3.8]);
      const byReviews = await search({ q: "bakery", sort: "reviews" });
      expect(byReviews.hits.map((hit) => hit.reviews)).toEqual([700, 320, 80, 50, 45, 12]);
      const byDistance = await search({ q: "bakery", near: { lat: BERLIN.lat, lng: BERLIN.lng, radiusKm: 300 }, sort: "distance" });
      expect(listNames(byDistance)).toEqual(["Bäckerei Müller", "Berlin Bread Company", "Kreuzberg Sourdough"]);
      const distances = byDistance.hits.map((hit) => hit.distanceKm ?? Number.NaN);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    });

    it("counts facets over the matched set, biggest first, with stored names (countries: codes only)", async () => {
      const result = await search({ q: "bakery" });
      expect(result.facetsApproximate ?? false).toBe(false);
      expect(result.totalApproximate ?? false).toBe(false);
      expect(result.facets.country).toEqual([
        { value: "DE", count: 4 },
        { value: "AU", count: 1 },
        { value: "FR", count: 1 },
      ]);
      expect(result.facets.category).toEqual([{ value: "bakery", name: "Bakery", count: 6 }]);
      expect(result.facets.city[0]).toEqual({ value: "berlin", name: "Berlin", count: 3, countryCode: "DE" });
      expect(result.facets.city.map((facet) => facet.count)).toEqual([3, 1, 1, 1]);
      const restaurants = await search({ q: "", countryCode: "DE", city: "berlin" });
      const counts = restaurants.facets.category.map((facet) => facet.count);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(restaurants.total);
    });

    it("pages through results without overlaps", async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => search({ q: "kaffeehaus", page, perPage: 10 })));
      expect(pages.map((page) => page.total)).toEqual([24, 24, 24]);
      expect(pages.map((page) => page.hits.length)).toEqual([10, 10, 4]);
      const ids = pages.flatMap((page) => page.hits.map((hit) => hit.id));
      expect(new Set(ids).size).toBe(24);
      expect(pages[1]?.page).toBe(2);
    });

    it("offers 'did you mean' only when results are few", async () => {
      expect((await search({ q: "bakery" })).didYouMean).toBeNull();
      expect((await search({ q: "bakry" })).didYouMean).toBe("bakery");
    });

    it("suggests categories, cities, countries and businesses by prefix", async () => {
      const bak = await engine.suggest("bak");
      expect(bak[0]).toMatchObject({ kind: "category", name: "Bakery", slug: "bakery", count: 6 });
      const ber = await engine.suggest("ber");
      expect(ber).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: "city", name: "Berlin", slug: "berlin", countryCode: "DE" }),
          expect.objectContaining({ kind: "business", name: "Berlin Bread Company", slug: expect.any(String) }),
        ]),
      );
      expect(await engine.suggest("germ")).toEqual([expect.objectContaining({ kind: "country", name: "Germany", slug: "germany" })]);
      expect((await engine.suggest("bäc")).map((s) => s.name)).toEqual(["Bäckerei Müller"]);
      expect((await engine.suggest("BACK")).map((s) => s.name)).toEqual(["Bäckerei Müller"]);
      expect(await engine.suggest("   ")).toEqual([]);
      expect((await engine.suggest("w", 3)).length).toBeLessThanOrEqual(3);
    });

    it("never shows businesses that are not approved", async () => {
      expect((await search({ q: "hidden secret" })).total).toBe(0);
      expect(await engine.suggest("hidden")).toEqual([]);
      const all = await search({ q: "", perPage: 50 });
      expect(all.total).toBe(APPROVED_COUNT);
      expect(listNames(all)).not.toContain("Hidden Secret Bakery");
    });

    it("answers an empty text with everything, most popular first, and reports itself", async () => {
      const result = await search({ q: "", perPage: 5 });
      expect(result.hits).toHaveLength(5);
      expect(result.engine).toBe(engine.name);
      expect(result.tookMs).toBeGreaterThanOrEqual(0);
      expect(await engine.health()).toMatchObject({ ok: true });
    });
  });
}
