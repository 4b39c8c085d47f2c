import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { BIG_LIST_SIZE, seedPublicFixtures } from "../../ingest-cli/testing/public-fixtures.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { loader as businessLoader } from "~/routes/api.businesses.$slug";
import { loader as businessesLoader } from "~/routes/api.businesses._index";
import { loader as categoriesLoader } from "~/routes/api.categories._index";
import { loader as categoryLoader } from "~/routes/api.categories.$slug";
import { loader as cityLoader } from "~/routes/api.cities.$countryCode.$citySlug";
import { loader as citiesLoader } from "~/routes/api.cities._index";
import { loader as countriesLoader } from "~/routes/api.countries._index";
import { loader as countryLoader } from "~/routes/api.countries.$slug";
import { loader as featuredLoader } from "~/routes/api.featured-businesses";
import { loader as homepageLoader } from "~/routes/api.homepage-data";

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;

const TWO_HOURS = "public, max-age=7200, stale-while-revalidate=3600";
const THIRTY_MINUTES = "public, max-age=1800, stale-while-revalidate=900";
const TEN_MINUTES = "public, max-age=600, stale-while-revalidate=300";

/** Calls a loader as Remix would; a thrown Response (400, 404, 301) is the answer too. */
async function call(loader: Loader, url: string, params: Record<string, string> = {}): Promise<Response> {
  try {
    return await loader({ request: new Request(`http://x${url}`), params, context: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const json = await body<{ error: { code: string; message: string } }>(response);
  expect(json.error.code).toBe(code);
  expect(json.error.message.length).toBeGreaterThan(0);
  return json.error;
}

interface ListItem {
  id: number;
  name: string;
  slug: string;
}

describe(`public JSON API on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;

  beforeAll(async () => {
    // The routes read the process-wide handle from the environment: point it at a fresh database.
    database = await useFreshProcessDatabase("api");
    handle = database.handle;
    await seedPublicFixtures(handle);
  });
  afterAll(async () => {
    await database?.release();
  });

  it("GET /api/homepage-data: the three top-12 panels with slugs and codes, fresh for 2 hours", async () => {
    const response = await call(homepageLoader, "/api/homepage-data");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(TWO_HOURS);
    const data = await body<{
      popularSearches: Array<{ category: string; count: number; slug: string }>;
      topCountries: Array<{ country: string; businessCount: number; countryCode: string; slug: string }>;
      topCities: Array<{ city: string; count: number; countryCode: string; slug: string }>;
    }>(response);
    expect(data.popularSearches[0]).toEqual({ category: "Restaurant", count: BIG_LIST_SIZE, slug: "restaurant" });
    expect(data.topCountries[0]).toEqual({ country: "Germany", businessCount: BIG_LIST_SIZE + 2, countryCode: "DE", slug: "germany" });
    expect(data.topCities[0]).toEqual({ city: "Berlin", count: BIG_LIST_SIZE + 1, countryCode: "DE", slug: "berlin" });
    expect(data.topCities.find((c) => c.city === "Zürich")).toEqual({ city: "Zürich", count: 1, countryCode: "CH", slug: "zurich" });
    expect(data.popularSearches.map((c) => c.slug)).not.toContain("hidden");
    expect(data.topCountries.map((c) => c.countryCode)).not.toContain("NO");
    expect(data.popularSearches.length).toBeLessThanOrEqual(12);
  });

  it("GET /api/featured-businesses: 12 cards with the spec's fields, operational and approved only, fresh for 30 minutes", async () => {
    const response = await call(featuredLoader, "/api/featured-businesses");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(THIRTY_MINUTES);
    const cards = await body<Array<Record<string, unknown>>>(response);
    expect(cards).toHaveLength(12);
    expect(Object.keys(cards[0] ?? {}).sort()).toEqual(
      ["id", "slug", "name", "image_url", "rating", "review_count", "type", "full_address", "phone"].sort(),
    );
    expect(cards[0]).toMatchObject({
      name: "Alpha Bakery",
      slug: "alpha-bakery-berlin",
      image_url: "https://example.com/alpha.jpg",
      review_count: 900,
    });
    expect(cards.map((c) => c.name)).not.toContain("Closed Diner");
    expect(cards.map((c) => c.name)).not.toContain("Hidden Place");
  });

  it("GET /api/businesses?page=n: 20 per page, totalPages capped at 100, edges and bad pages", async () => {
    // The 9 small fixtures less the unapproved and the closed one.
    const total = BIG_LIST_SIZE + 7;
    const first = await call(businessesLoader, "/api/businesses");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe(TEN_MINUTES);
    const page1 = await body<{
      businesses: ListItem[];
      currentPage: number;
      totalPages: number;
      totalCount: number;
      hasNextPage: boolean;
      hasPrevPage: boolean;
    }>(first);
    expect(page1).toMatchObject({ currentPage: 1, totalPages: 100, totalCount: total, hasNextPage: true, hasPrevPage: false });
    expect(page1.businesses).toHaveLength(20);
    for (const field of ["id", "name", "slug", "category", "city", "country", "rating", "reviews", "phone"])
      expect(page1.businesses[0]).toHaveProperty(field);
    expect(page1.businesses[0]).toMatchObject({ name: "Alpha Bakery", category: "Bakery", city: "Berlin", country: "Germany" });
    expect(page1.businesses.map((b) => b.name)).not.toContain("Hidden Place");
    expect(page1.businesses.map((b) => b.name)).not.toContain("Closed Diner");

    const page2 = await body<{ businesses: ListItem[] }>(await call(businessesLoader, "/api/businesses?page=2"));
    expect(page2.businesses.map((b) => b.id)).not.toContain(page1.businesses[0]?.id);

    const last = await body<{ businesses: ListItem[]; currentPage: number; hasNextPage: boolean; hasPrevPage: boolean }>(
      await call(businessesLoader, "/api/businesses?page=100"),
    );
    expect(last).toMatchObject({ currentPage: 100, hasNextPage: false, hasPrevPage: true });
    expect(last.businesses).toHaveLength(20);

    for (const bad of ["101", "0", "-1", "abc", "1.5", ""]) {
      await expectError(await call(businessesLoader, `/api/businesses?page=${bad}`), 400, "INVALID_PAGE");
    }
  });

  it("GET /api/businesses/{slug}: the spec's detail entity, fresh for 10 minutes", async () => {
    const response = await call(businessLoader, "/api/businesses/alpha-bakery-berlin", { slug: "alpha-bakery-berlin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(TEN_MINUTES);
    const detail = await body(response);
    expect(detail).toMatchObject({
      name: "Alpha Bakery",
      type: "Bakery",
      category: "Bakery",
      slug: "alpha-bakery-berlin",
      fullAddress: "Hauptstraße 1, 10115 Berlin, Germany",
      countryCode: "DE",
      rating: 4.8,
      reviews: 900,
      photo: "https://example.com/alpha.jpg",
      phone: "+49 30 111",
      placeId: "alpha",
      verified: true,
      latitude: "52.52",
      longitude: "13.405",
      adCodes: { ad1: "", ad2: "", ad3: "", ad4: "" },
      city: "Berlin",
      citySlug: "berlin",
      country: "Germany",
      categorySlug: "bakery",
      status: "operational",
      timeZone: "Europe/Berlin",
      url: "https://alpha.example",
    });
    expect(JSON.parse(detail.about as string)).toEqual({ "Service options": { Takeout: true, Delivery: false } });
    expect(JSON.parse(detail.workingHours as string)).toEqual({
      Monday: "9:00 AM – 5:00 PM",
      Tuesday: "11:30 AM – 2:30 PM, 5:30 PM – 11:00 PM",
      // A day the source did not list is closed (the same rule as the Open/Closed badge).
      Wednesday: "Closed",
      Thursday: "Closed",
      Friday: "Closed",
      Saturday: "Open 24 hours",
      Sunday: "Closed",
    });

    const beta = await body(await call(businessLoader, "/api/businesses/beta-bakery-munich", { slug: "beta-bakery-munich" }));
    expect(beta).toMatchObject({ about: "Fresh bread every morning.", workingHours: null, latitude: null, longitude: null, verified: false });
  });

  it("GET /api/businesses/{slug}: 301 for an old slug, the suffix retry, 404 and 400", async () => {
    const moved = await call(businessLoader, "/api/businesses/alpha-bakery-old", { slug: "alpha-bakery-old" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/api/businesses/alpha-bakery-berlin");

    const retried = await call(businessLoader, "/api/businesses/alpha-bakery-berlin-zz9zz9", { slug: "alpha-bakery-berlin-zz9zz9" });
    expect(retried.status).toBe(200);
    expect((await body(retried)).slug).toBe("alpha-bakery-berlin");

    for (const slug of ["no-such-business", "no-such-business-abc123", "hidden-place-oslo", "hidden-place-old"]) {
      const error = await expectError(await call(businessLoader, `/api/businesses/${slug}`, { slug }), 404, "NOT_FOUND");
      expect(error.message).toBe("Business not found");
    }
    await expectError(await call(businessLoader, "/api/businesses/has%20space", { slug: "has space" }), 400, "INVALID_SLUG");
    await expectError(await call(businessLoader, "/api/businesses/", {}), 400, "INVALID_SLUG");

    await handle.query("insert into ad_codes (id, ad1, ad4) values (1, '<div>top</div>', '<div>four</div>')");
    const withAds = await body(await call(businessLoader, "/api/businesses/alpha-bakery-berlin", { slug: "alpha-bakery-berlin" }));
    expect(withAds.adCodes).toEqual({ ad1: "<div>top</div>", ad2: "", ad3: "", ad4: "<div>four</div>" });
  });

  it("GET /api/categories(?letter=L): [{category, count}] with slugs, letter filters, fresh for 2 hours", async () => {
    const response = await call(categoriesLoader, "/api/categories");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(TWO_HOURS);
    const all = await body<Array<{ category: string; count: number; slug: string }>>(response);
    expect(all[0]).toEqual({ category: "Restaurant", count: BIG_LIST_SIZE, slug: "restaurant" });
    expect(all.map((c) => c.slug)).not.toContain("hidden");

    expect(await body(await call(categoriesLoader, "/api/categories?letter=b"))).toEqual([{ category: "Bakery", count: 3, slug: "bakery" }]);
    expect(await body(await call(categoriesLoader, "/api/categories?letter=%23"))).toEqual([
      { category: "3D printing", count: 1, slug: "3d-printing" },
    ]);
    expect(await body(await call(categoriesLoader, "/api/categories?letter=E"))).toEqual([{ category: "Ébéniste", count: 1, slug: "ebeniste" }]);
    for (const bad of ["ab", "1", "%C3%89"]) await expectError(await call(categoriesLoader, `/api/categories?letter=${bad}`), 400, "INVALID_LETTER");
  });

  it("GET /api/categories/{slug}?page=n&limit=12: counts, a page of businesses, top countries", async () => {
    const response = await call(categoryLoader, "/api/categories/bakery", { slug: "bakery" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(TEN_MINUTES);
    const bakery = await body<{ businessCount: number; countryCount: number; businesses: ListItem[]; topCountries: unknown[] }>(response);
    expect(bakery).toMatchObject({
      category: "Bakery",
      slug: "bakery",
      businessCount: 3,
      countryCount: 2,
      currentPage: 1,
      totalPages: 1,
      hasNextPage: false,
    });
    expect(bakery.businesses.map((b) => b.name)).toEqual(["Alpha Bakery", "Beta Bakery", "Eta Bakery"]);
    expect(bakery.topCountries).toEqual([
      { country: "Germany", count: 2, countryCode: "DE", slug: "germany" },
      { country: "United Kingdom", count: 1, countryCode: "GB", slug: "united-kingdom" },
    ]);

    // A deep page crossing the first anchor (rows 996–1007) equals the same slice of the full order.
    const order = (
      await handle.query<{ id: number }>(
        "select id::int as id from businesses where is_approved and category_slug = 'restaurant' order by rank_score desc nulls last, id desc nulls last",
      )
    ).map((row) => row.id);
    const deep = await body<{ businesses: ListItem[]; currentPage: number; hasPrevPage: boolean }>(
      await call(categoryLoader, "/api/categories/restaurant?page=84&limit=12", { slug: "restaurant" }),
    );
    expect(deep.businesses.map((b) => b.id)).toEqual(order.slice(996, 1008));
    expect(deep).toMatchObject({ currentPage: 84, hasPrevPage: true });

    const lastPage = Math.ceil(BIG_LIST_SIZE / 12);
    const last = await body<{ businesses: ListItem[]; totalPages: number; hasNextPage: boolean }>(
      await call(categoryLoader, `/api/categories/restaurant?page=${lastPage}&limit=12`, { slug: "restaurant" }),
    );
    expect(last).toMatchObject({ totalPages: lastPage, hasNextPage: false });
    expect(last.businesses.map((b) => b.id)).toEqual(order.slice((lastPage - 1) * 12));
    const past = await body<{ businesses: ListItem[] }>(
      await call(categoryLoader, `/api/categories/restaurant?page=${lastPage + 1}`, { slug: "restaurant" }),
    );
    expect(past.businesses).toEqual([]);

    const byName = await body(await call(categoryLoader, "/api/categories/Coffee%20shop", { slug: "Coffee shop" }));
    expect(byName).toMatchObject({ category: "Coffee shop", slug: "coffee-shop", businessCount: 1 });
    const wide = await body<{ businesses: ListItem[] }>(await call(categoryLoader, "/api/categories/restaurant?limit=50", { slug: "restaurant" }));
    expect(wide.businesses).toHaveLength(50);

    await expectError(await call(categoryLoader, "/api/categories/restaurant?limit=51", { slug: "restaurant" }), 400, "INVALID_LIMIT");
    await expectError(await call(categoryLoader, "/api/categories/restaurant?limit=0", { slug: "restaurant" }), 400, "INVALID_LIMIT");
    await expectError(await call(categoryLoader, "/api/categories/restaurant?page=0", { slug: "restaurant" }), 400, "INVALID_PAGE");
    await expectError(await call(categoryLoader, "/api/categories/restaurant?page=two", { slug: "restaurant" }), 400, "INVALID_PAGE");
    await expectError(await call(categoryLoader, "/api/categories/!!!", { slug: "!!!" }), 400, "INVALID_SLUG");
    expect((await expectError(await call(categoryLoader, "/api/categories/plumber", { slug: "plumber" }), 404, "NOT_FOUND")).message).toBe(
      "Category not found",
    );
    await expectError(await call(categoryLoader, "/api/categories/hidden", { slug: "hidden" }), 404, "NOT_FOUND");
  });

  it("GET /api/countries: [{country, businessCount, cityCount, categoryCount}] with code and slug, fresh for 2 hours", async () => {
    const response = await call(countriesLoader, "/api/countries");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(TWO_HOURS);
    const countries = await body<Array<Record<string, unknown>>>(response);
    expect(countries[0]).toEqual({
      country: "Germany",
      businessCount: BIG_LIST_SIZE + 2,
      cityCount: 2,
      categoryCount: 2,
      countryCode: "DE",
      slug: "germany",
    });
    expect(countries.find((c) => c.countryCode === "GB")).toEqual({
      country: "United Kingdom",
      businessCount: 2,
      cityCount: 1,
      categoryCount: 2,
      countryCode: "GB",
      slug: "united-kingdom",
    });
    expect(countries.map((c) => c.countryCode)).not.toContain("NO");
  });

  it("GET /api/countries/{slug}: by ISO code or name slug, top cities, paged categories, 404", async () => {
    for (const slug of ["de", "DE", "germany", "Germany", "deutschland"]) {
      const response = await call(countryLoader, `/api/countries/${slug}`, { slug });
      expect(response.status, slug).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe(TEN_MINUTES);
      expect(await body(response)).toEqual({
        country: "Germany",
        countryCode: "DE",
        slug: "germany",
        businessCount: BIG_LIST_SIZE + 2,
        cityCount: 2,
        categoryCount: 2,
        topCities: [
          { city: "Berlin", count: BIG_LIST_SIZE + 1, slug: "berlin", countryCode: "DE" },
          { city: "Munich", count: 1, slug: "munich", countryCode: "DE" },
        ],
        hasMoreCities: false,
        topCategories: [
          { category: "Restaurant", count: BIG_LIST_SIZE, slug: "restaurant" },
          { category: "Bakery", count: 2, slug: "bakery" },
        ],
        categoriesPage: { currentPage: 1, totalPages: 1, totalCount: 2, hasNextPage: false, hasPrevPage: false },
      });
    }
    for (const slug of ["united-kingdom", "gb", "uk"]) {
      expect((await body(await call(countryLoader, `/api/countries/${slug}`, { slug }))).countryCode, slug).toBe("GB");
    }
    const page2 = await body<{ topCategories: unknown[] }>(await call(countryLoader, "/api/countries/de?page=2", { slug: "de" }));
    expect(page2.topCategories).toEqual([]);
    for (const slug of ["atlantis", "no", "zz"]) {
      expect((await expectError(await call(countryLoader, `/api/countries/${slug}`, { slug }), 404, "NOT_FOUND")).message).toBe("Country not found");
    }
    await expectError(await call(countryLoader, "/api/countries/de?page=x", { slug: "de" }), 400, "INVALID_PAGE");
    await expectError(await call(countryLoader, "/api/countries/%20", { slug: " " }), 400, "INVALID_SLUG");
  });

  it("GET /api/cities(?letter=L): [{city, countryCode, businessCount, categoryCount}] with slugs, fresh for 2 hours", async () => {
    const response = await call(citiesLoader, "/api/cities");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(TWO_HOURS);
    const cities = await body<Array<Record<string, unknown>>>(response);
    expect(cities[0]).toEqual({ city: "Berlin", countryCode: "DE", businessCount: BIG_LIST_SIZE + 1, categoryCount: 2, slug: "berlin" });
    expect(cities.map((c) => c.city)).not.toContain("Oslo");
    expect(await body(await call(citiesLoader, "/api/cities?letter=z"))).toEqual([
      { city: "Zürich", countryCode: "CH", businessCount: 1, categoryCount: 1, slug: "zurich" },
    ]);
    expect(await body(await call(citiesLoader, "/api/cities?letter=%23"))).toEqual([]);
    await expectError(await call(citiesLoader, "/api/cities?letter=zz"), 400, "INVALID_LETTER");
  });

  it("GET /api/cities pages its list: page and limit (≤ 1,000), X-Total-Count, a rel=next Link, 400 for bad values", async () => {
    const all = await body<Array<{ slug: string; countryCode: string }>>(await call(citiesLoader, "/api/cities"));
    const first = await call(citiesLoader, "/api/cities?limit=2");
    expect(first.headers.get("X-Total-Count")).toBe(String(all.length));
    expect(first.headers.get("Link")).toBe('</api/cities?page=2&limit=2>; rel="next"');
    expect(await body(first)).toEqual(all.slice(0, 2));
    const lastPage = Math.ceil(all.length / 2);
    const last = await call(citiesLoader, `/api/cities?page=${lastPage}&limit=2`);
    expect(await body(last)).toEqual(all.slice((lastPage - 1) * 2));
    expect(last.headers.get("Link")).toBeNull();
    expect(await body(await call(citiesLoader, `/api/cities?page=${lastPage + 1}&limit=2`))).toEqual([]);
    const whole = await call(citiesLoader, "/api/cities?limit=1000");
    expect(whole.headers.get("Link")).toBeNull();
    expect(await body(whole)).toEqual(all);
    const letter = await call(citiesLoader, "/api/cities?letter=b&limit=1");
    expect(letter.headers.get("X-Total-Count")).toBe("1");
    expect(letter.headers.get("Link")).toBeNull();
    expect(await body(letter)).toEqual([expect.objectContaining({ city: "Berlin" })]);
    await expectError(await call(citiesLoader, "/api/cities?page=0"), 400, "INVALID_PAGE");
    await expectError(await call(citiesLoader, "/api/cities?page=x"), 400, "INVALID_PAGE");
    await expectError(await call(citiesLoader, "/api/cities?limit=1001"), 400, "INVALID_LIMIT");
    await expectError(await call(citiesLoader, "/api/cities?limit=0"), 400, "INVALID_LIMIT");
  });

  it("GET /api/cities/{countryCode}/{citySlug}?page=n&limit=12: counts, businesses, top categories", async () => {
    const response = await call(cityLoader, "/api/cities/de/berlin", { countryCode: "de", citySlug: "berlin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(TEN_MINUTES);
    const berlin = await body<{ businesses: ListItem[]; topCategories: unknown[] }>(response);
    expect(berlin).toMatchObject({
      city: "Berlin",
      country: "Germany",
      countryCode: "DE",
      businessCount: BIG_LIST_SIZE + 1,
      categoryCount: 2,
      currentPage: 1,
      totalPages: Math.ceil((BIG_LIST_SIZE + 1) / 12),
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(berlin.businesses).toHaveLength(12);
    expect(berlin.businesses[0]?.name).toBe("Alpha Bakery");
    expect(berlin.topCategories).toEqual([
      { category: "Restaurant", count: BIG_LIST_SIZE, slug: "restaurant" },
      { category: "Bakery", count: 1, slug: "bakery" },
    ]);

    const order = (
      await handle.query<{ id: number }>(
        "select id::int as id from businesses where is_approved and country_code = 'DE' and city_slug = 'berlin' order by rank_score desc nulls last, id desc nulls last",
      )
    ).map((row) => row.id);
    const deep = await body<{ businesses: ListItem[] }>(
      await call(cityLoader, "/api/cities/DE/berlin?page=167", { countryCode: "DE", citySlug: "berlin" }),
    );
    expect(deep.businesses.map((b) => b.id)).toEqual(order.slice(166 * 12, 167 * 12));

    const zurich = await body(await call(cityLoader, "/api/cities/ch/Z%C3%BCrich", { countryCode: "ch", citySlug: "Zürich" }));
    expect(zurich).toMatchObject({ city: "Zürich", slug: "zurich", country: "Switzerland", businessCount: 1, totalPages: 1 });
    const past = await body<{ businesses: ListItem[] }>(
      await call(cityLoader, "/api/cities/ch/zurich?page=2", { countryCode: "ch", citySlug: "zurich" }),
    );
    expect(past.businesses).toEqual([]);

    expect(
      (await expectError(await call(cityLoader, "/api/cities/de/zurich", { countryCode: "de", citySlug: "zurich" }), 404, "NOT_FOUND")).message,
    ).toBe("City not found");
    await expectError(await call(cityLoader, "/api/cities/no/oslo", { countryCode: "no", citySlug: "oslo" }), 404, "NOT_FOUND");
    await expectError(await call(cityLoader, "/api/cities/deu/berlin", { countryCode: "deu", citySlug: "berlin" }), 400, "INVALID_COUNTRY_CODE");
    await expectError(await call(cityLoader, "/api/cities/de/---", { countryCode: "de", citySlug: "---" }), 400, "INVALID_SLUG");
    await expectError(await call(cityLoader, "/api/cities/de/berlin?limit=100", { countryCode: "de", citySlug: "berlin" }), 400, "INVALID_LIMIT");
  });
});
