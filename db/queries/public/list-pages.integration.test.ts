import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCategoryListPage } from "../../../app/models/categories.server.ts";
import { getCityListPage } from "../../../app/models/cities.server.ts";
import { getCountryCityListPage, getCountryListPage } from "../../../app/models/countries.server.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../../testing/test-database.ts";
import { listCategoryCounts } from "./categories.ts";
import { listCityCounts } from "./cities.ts";
import { listCategoryPage, listCityPage, summarizeCategories, summarizeCities } from "./list-pages.ts";
import { BIG_LIST_SIZE, seedPublicFixtures } from "../../../ingest-cli/testing/public-fixtures.ts";

describe(`paged category and city lists on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedPublicFixtures(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("pages the category list in the same order as the full list", async () => {
    const all = await listCategoryCounts(handle);
    expect(all.length).toBeGreaterThan(3);
    expect(await listCategoryPage(handle, {}, 0, 2)).toEqual(all.slice(0, 2));
    expect(await listCategoryPage(handle, {}, 2, 2)).toEqual(all.slice(2, 4));
    expect(await listCategoryPage(handle, {}, all.length, 2)).toEqual([]);
    expect(await summarizeCategories(handle, {})).toEqual({ count: all.length, businesses: all.reduce((sum, c) => sum + c.count, 0) });
  });

  it("filters categories by letter and by free text (accent-folded slug or name), treating % and _ literally", async () => {
    expect((await listCategoryPage(handle, { letter: "B" }, 0, 12)).map((c) => c.category)).toEqual(["Bakery"]);
    expect((await listCategoryPage(handle, { searchText: "AKER", searchSlug: "aker" }, 0, 12)).map((c) => c.category)).toEqual(["Bakery"]);
    expect((await listCategoryPage(handle, { searchText: "ébén", searchSlug: "eben" }, 0, 12)).map((c) => c.category)).toEqual(["Ébéniste"]);
    expect((await listCategoryPage(handle, { searchText: "coffee sh", searchSlug: "coffee-sh" }, 0, 12)).map((c) => c.slug)).toEqual(["coffee-shop"]);
    expect(await listCategoryPage(handle, { searchText: "%" }, 0, 12)).toEqual([]);
    expect(await listCategoryPage(handle, { searchText: "_" }, 0, 12)).toEqual([]);
    expect(await summarizeCategories(handle, { letter: "B" })).toEqual({ count: 1, businesses: 3 });
    expect(await summarizeCategories(handle, { letter: "Q" })).toEqual({ count: 0, businesses: 0 });
  });

  it("pages and filters cities by letter, name, country code typed as the search, and country", async () => {
    const all = await listCityCounts(handle);
    expect(await listCityPage(handle, {}, 1, 3)).toEqual(all.slice(1, 4));
    expect((await listCityPage(handle, { letter: "Z" }, 0, 12)).map((c) => c.city)).toEqual(["Zürich"]);
    expect((await listCityPage(handle, { searchText: "zur", searchSlug: "zur" }, 0, 12)).map((c) => c.city)).toEqual(["Zürich"]);
    // "ch" is both a country code (Zürich, CH) and part of a name (Munich).
    expect((await listCityPage(handle, { searchText: "ch", searchSlug: "ch" }, 0, 12)).map((c) => c.city).sort()).toEqual(["Munich", "Zürich"]);
    expect((await listCityPage(handle, { countryCode: "DE" }, 0, 12)).map((c) => c.city)).toEqual(["Berlin", "Munich"]);
    expect(await summarizeCities(handle, { countryCode: "DE" })).toEqual({ count: 2, businesses: BIG_LIST_SIZE + 2 });
  });

  it("builds the category list page: stats over the filter, share denominators, 12 per page", async () => {
    const page = await getCategoryListPage({ page: 1 }, handle);
    expect(page.categories[0]).toEqual({ category: "Restaurant", count: BIG_LIST_SIZE, slug: "restaurant" });
    expect(page.pagination).toMatchObject({ currentPage: 1, totalPages: 1, hasNextPage: false });
    expect(page.siteBusinesses).toBe(BIG_LIST_SIZE + 7);
    const bakeries = await getCategoryListPage({ letter: "B", q: "bak", page: 1 }, handle);
    expect(bakeries.stats).toEqual({ categories: 1, businesses: 3, averagePerCategory: 3 });
    expect((await getCategoryListPage({ q: "nothing like this", page: 1 }, handle)).categories).toEqual([]);
  });

  it("builds the city list page from site totals when unfiltered and from the filter otherwise", async () => {
    const all = await getCityListPage({ page: 1 }, handle);
    expect(all.cities[0]).toMatchObject({ city: "Berlin", countryCode: "DE", slug: "berlin" });
    expect(all.stats.businesses).toBe(BIG_LIST_SIZE + 7);
    expect(all.stats.cities).toBe((await listCityCounts(handle)).length);
    const london = await getCityListPage({ q: "london", page: 1 }, handle);
    expect(london.stats).toEqual({ cities: 1, businesses: 2, averagePerCity: 2 });
    expect(london.pagination.totalPages).toBe(1);
  });

  it("finds cities by their country's name as well as its code, and lists the letters that start an entry", async () => {
    for (const q of ["United Kingdom", "united kingdom", "GB", "uk"]) {
      expect(
        (await getCityListPage({ q, page: 1 }, handle)).cities.map((c) => c.city),
        q,
      ).toEqual(["London"]);
    }
    expect((await getCityListPage({ q: "Germany", page: 1 }, handle)).cities.map((c) => c.city)).toEqual(["Berlin", "Munich"]);
    const cities = await getCityListPage({ page: 1 }, handle);
    expect(cities.usedLetters).toEqual(expect.arrayContaining(["B", "L", "M", "Z"]));
    expect(cities.usedLetters).not.toContain("Q");
    const categories = await getCategoryListPage({ page: 1 }, handle);
    expect(categories.usedLetters).toEqual(expect.arrayContaining(["B", "R"]));
    expect(categories.usedLetters).not.toContain("Q");
  });

  it("filters countries by name or ISO code and pages a country's cities", async () => {
    expect((await getCountryListPage({ q: "united", page: 1 }, handle)).countries.map((c) => c.countryCode).sort()).toEqual(["GB", "US"]);
    expect((await getCountryListPage({ q: "gb", page: 1 }, handle)).countries.map((c) => c.country)).toEqual(["United Kingdom"]);
    expect((await getCountryListPage({ q: "zurich-land", page: 1 }, handle)).countries).toEqual([]);
    const germany = await getCountryCityListPage({ slug: "de", page: 1 }, handle);
    expect(germany?.country).toMatchObject({ country: "Germany", slug: "germany", cityCount: 2 });
    expect(germany?.cities.map((c) => c.city)).toEqual(["Berlin", "Munich"]);
    expect(await getCountryCityListPage({ slug: "atlantis", page: 1 }, handle)).toBeNull();
  });
});
