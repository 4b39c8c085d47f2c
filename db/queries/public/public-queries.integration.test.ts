import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../testing/test-database.ts";
import { PAGE_ANCHOR_STEP, refreshPageAnchors } from "../../writes/page-anchors.ts";
import { findApprovedBusinessBySlug, findRedirectedSlug, getAdCodes } from "./business-detail.ts";
import { listRankedBusinesses, type RankedList } from "./business-lists.ts";
import { findCategoryCount, listCategoryCounts, listCategoryTopCountries } from "./categories.ts";
import { findCityCount, listCityCounts, listCityTopCategories } from "./cities.ts";
import { findCountryByCode, findCountryBySlug, listCountryCategories, listCountryCounts, listCountryTopCities } from "./countries.ts";
import { listFeaturedBusinesses } from "../home.ts";
import { BIG_LIST_SIZE, seedPublicFixtures } from "../../../ingest-cli/testing/public-fixtures.ts";

const restaurants: RankedList = { scope: "category", categorySlug: "restaurant" };
const berlin: RankedList = { scope: "city", countryCode: "DE", citySlug: "berlin" };
const berlinRestaurants: RankedList = { scope: "city-category", countryCode: "DE", citySlug: "berlin", categorySlug: "restaurant" };

describe(`public read queries on ${testDriver()}`, () => {
  let handle: TestDatabase;
  /** The reference order, read without anchors: every id of a list in (rank_score desc, id desc). */
  const plainOrder = async (where: string) =>
    (
      await handle.query<{ id: number }>(
        `select id::int as id from businesses where is_approved and ${where} order by rank_score desc nulls last, id desc nulls last`,
      )
    ).map((row) => row.id);

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedPublicFixtures(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores every 1,000th row of the long category, city and city × category lists as an anchor, and none for short lists", async () => {
    const anchors = await handle.query<{ scope: string; scope_key: string; position: number; business_id: number }>(
      "select scope, scope_key, position, business_id::int as business_id from page_anchors order by scope, scope_key, position",
    );
    expect(anchors.map((a) => [a.scope, a.scope_key, a.position])).toEqual([
      ["category", "restaurant", 1000],
      ["category", "restaurant", 2000],
      ["city", "DE/berlin", 1000],
      ["city", "DE/berlin", 2000],
      ["city-category", "DE/berlin/restaurant", 1000],
      ["city-category", "DE/berlin/restaurant", 2000],
    ]);
    const order = await plainOrder("category_slug = 'restaurant'");
    expect(anchors[0]?.business_id).toBe(order[1000]);
    expect(anchors[1]?.business_id).toBe(order[2000]);
    expect(PAGE_ANCHOR_STEP).toBe(1000);
  });

  it("serves every page of a long list exactly as a plain OFFSET would, across anchor boundaries", async () => {
    for (const [list, where] of [
      [restaurants, "category_slug = 'restaurant'"],
      [berlin, "country_code = 'DE' and city_slug = 'berlin'"],
      [berlinRestaurants, "country_code = 'DE' and city_slug = 'berlin' and category_slug = 'restaurant'"],
    ] as const) {
      const order = await plainOrder(where);
      expect(order.length).toBeGreaterThan(BIG_LIST_SIZE - 1);
      for (const offset of [0, 12, 988, 996, 1000, 1001, 1500, 1999, 2000, 2004, order.length - 5, order.length, order.length + 1000]) {
        const page = await listRankedBusinesses(handle, list, offset, 12);
        expect(
          page.map((row) => row.id),
          `offset ${offset}`,
        ).toEqual(order.slice(offset, offset + 12));
      }
    }
  });

  it("lists the all-businesses order with the spec's list-item fields and no unapproved or closed business", async () => {
    const page = await listRankedBusinesses(handle, { scope: "all" }, 0, 20);
    expect(page).toHaveLength(20);
    // Closed Diner ranks highest but is closed: lists show operational businesses only.
    expect(page[0]).toMatchObject({ name: "Alpha Bakery", category: "Bakery", city: "Berlin", country: "Germany", reviews: 900 });
    expect(page.some((row) => row.name === "Hidden Place" || row.name === "Closed Diner")).toBe(false);
    expect(typeof page[0]?.id).toBe("number");
    expect(typeof page[0]?.rating).toBe("number");
  });

  it("features only approved operational businesses, highest rank first", async () => {
    const featured = await listFeaturedBusinesses(handle, 12);
    expect(featured).toHaveLength(12);
    expect(featured.map((f) => f.name)).not.toContain("Closed Diner");
    expect(featured.map((f) => f.name)).not.toContain("Hidden Place");
    expect(featured[0]).toMatchObject({ name: "Alpha Bakery", image_url: "https://example.com/alpha.jpg", review_count: 900, type: "Bakery" });
  });

  it("lists categories from the counts, filtered by first letter ('#' for digits, accents folded)", async () => {
    const all = await listCategoryCounts(handle);
    expect(all[0]).toEqual({ category: "Restaurant", slug: "restaurant", count: BIG_LIST_SIZE });
    expect(all.map((c) => c.slug)).not.toContain("hidden");
    expect(await listCategoryCounts(handle, "B")).toEqual([{ category: "Bakery", slug: "bakery", count: 3 }]);
    expect((await listCategoryCounts(handle, "#")).map((c) => c.category)).toEqual(["3D printing"]);
    expect((await listCategoryCounts(handle, "E")).map((c) => c.category)).toEqual(["Ébéniste"]);
    expect(await listCategoryCounts(handle, "Q")).toEqual([]);
    expect(await findCategoryCount(handle, "bakery")).toEqual({ category: "Bakery", slug: "bakery", business_count: 3, country_count: 2 });
    expect(await findCategoryCount(handle, "hidden")).toBeNull();
    expect(await listCategoryTopCountries(handle, "bakery", 15)).toEqual([
      { country: "Germany", country_code: "DE", country_slug: "germany", count: 2 },
      { country: "United Kingdom", country_code: "GB", country_slug: "united-kingdom", count: 1 },
    ]);
  });

  it("reads countries by code and by name slug, with top cities and paged categories", async () => {
    const countries = await listCountryCounts(handle);
    expect(countries[0]).toMatchObject({ country: "Germany", country_code: "DE", country_slug: "germany", city_count: 2, category_count: 2 });
    expect(countries.map((c) => c.country_code)).not.toContain("NO");
    expect((await findCountryByCode(handle, "GB"))?.country_slug).toBe("united-kingdom");
    expect((await findCountryBySlug(handle, "united-kingdom"))?.country_code).toBe("GB");
    expect(await findCountryBySlug(handle, "atlantis")).toBeNull();
    expect(await listCountryTopCities(handle, "DE", 20)).toEqual([
      { city: "Berlin", city_slug: "berlin", count: BIG_LIST_SIZE + 1 },
      { city: "Munich", city_slug: "munich", count: 1 },
    ]);
    expect(await listCountryCategories(handle, "DE", 0, 1)).toEqual([{ category: "Restaurant", slug: "restaurant", count: BIG_LIST_SIZE }]);
    expect(await listCountryCategories(handle, "DE", 1, 1)).toEqual([{ category: "Bakery", slug: "bakery", count: 2 }]);
    expect(await listCountryCategories(handle, "DE", 2, 1)).toEqual([]);
  });

  it("reads cities by first letter and by code + slug, with their top categories", async () => {
    const cities = await listCityCounts(handle);
    expect(cities[0]).toEqual({ city: "Berlin", city_slug: "berlin", country_code: "DE", business_count: BIG_LIST_SIZE + 1, category_count: 2 });
    expect((await listCityCounts(handle, "Z")).map((c) => [c.city, c.city_slug])).toEqual([["Zürich", "zurich"]]);
    expect((await listCityCounts(handle, "N")).map((c) => c.city_slug)).toEqual(["new-york"]);
    expect(await findCityCount(handle, "CH", "zurich")).toMatchObject({ city: "Zürich", country: "Switzerland", business_count: 1 });
    expect(await findCityCount(handle, "DE", "zurich")).toBeNull();
    expect(await listCityTopCategories(handle, "GB", "london", 15)).toEqual([
      { category: "Bakery", slug: "bakery", count: 1 },
      { category: "Dentist", slug: "dentist", count: 1 },
    ]);
  });

  it("finds approved businesses by exact slug and old slugs through the redirect table; ad slots default to empty", async () => {
    const alpha = await findApprovedBusinessBySlug(handle, "alpha-bakery-berlin");
    expect(alpha).toMatchObject({ name: "Alpha Bakery", country_code: "DE", latitude: 52.52, verified: true });
    expect(alpha?.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(JSON.parse(alpha?.about_json ?? "null")).toEqual({ "Service options": { Takeout: true, Delivery: false } });
    expect(await findApprovedBusinessBySlug(handle, "hidden-place-oslo")).toBeNull();
    expect(await findRedirectedSlug(handle, "alpha-bakery-old")).toBe("alpha-bakery-berlin");
    expect(await findRedirectedSlug(handle, "hidden-place-old")).toBeNull();
    expect(await getAdCodes(handle)).toEqual({ ad1: "", ad2: "", ad3: "", ad4: "" });
    await handle.query("insert into ad_codes (id, ad1, ad3) values (1, '<b>one</b>', '<i>three</i>')");
    expect(await getAdCodes(handle)).toEqual({ ad1: "<b>one</b>", ad2: "", ad3: "<i>three</i>", ad4: "" });
  });
  it("keeps deep pages exact when the anchor business itself is deleted before the next refresh", async () => {
    const [anchor] = await handle.query<{ business_id: number }>(
      "select business_id::int as business_id from page_anchors where scope = 'category' and position = 1000",
    );
    await handle.query("delete from businesses where id = $1", [anchor?.business_id]);
    const order = await plainOrder("category_slug = 'restaurant'");
    const page = await listRankedBusinesses(handle, restaurants, 1000, 12);
    expect(page.map((row) => row.id)).toEqual(order.slice(1000, 1012));
  });

  it("rebuilds the anchors inside a caller's transaction (as a savepoint)", async () => {
    const count = await handle.db.transaction((tx) => refreshPageAnchors({ db: tx }));
    expect(count).toBe(6);
    const order = await plainOrder("category_slug = 'restaurant'");
    const [anchor] = await handle.query<{ business_id: number }>(
      "select business_id::int as business_id from page_anchors where scope = 'category' and position = 1000",
    );
    expect(anchor?.business_id).toBe(order[1000]);
  });
});
