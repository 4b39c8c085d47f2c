import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { createSearchEngine } from "../../search/index.ts";
import { PostgresSearchEngine } from "../../search/postgres.ts";
import { loader as searchLoader } from "~/routes/api.search";
import { loader as suggestLoader } from "~/routes/api.suggest";
import { loader as searchPageLoader } from "~/routes/search";
import { searchBusinesses, searchForPage, suggestSearches } from "./search.server.ts";

describe(`search API models on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await importFixtureRows(handle, [
      { name: "Bäckerei Müller", category: "Bakery", city: "Berlin", country_code: "DE", place_id: "s-1", rating: 4.7, reviews: 120 },
      { name: "Corner Bakery", category: "Bakery", city: "London", country_code: "GB", place_id: "s-2", rating: 4.1, reviews: 30 },
      { name: "Trattoria Roma", category: "Italian restaurant", city: "Berlin", country_code: "DE", place_id: "s-3", rating: 4.4, reviews: 80 },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("searches with facets and a location, accent-insensitively", async () => {
    const engine = createSearchEngine({ handle });
    const outcome = await searchBusinesses(new URLSearchParams({ q: "backerei", location: "Berlin" }), engine);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.hits.map((h) => h.name)).toEqual(["Bäckerei Müller"]);
    expect(outcome.result.engine).toBe("postgres");
    const all = await searchBusinesses(new URLSearchParams({ q: "bakery" }), engine);
    expect(all.ok && all.result.facets.country.map((f) => [f.value, f.count])).toEqual(
      expect.arrayContaining([
        ["DE", 1],
        ["GB", 1],
      ]),
    );
  });

  it("suggests by prefix and rejects bad parameters with readable problems", async () => {
    const engine = createSearchEngine({ handle });
    const suggestions = await suggestSearches(new URLSearchParams({ q: "Bak" }), engine);
    expect(suggestions.ok && suggestions.suggestions.some((s) => s.label === "Bakery")).toBe(true);
    const bad = await searchBusinesses(new URLSearchParams({ q: "x", page: "0" }), engine);
    expect(bad).toEqual({ ok: false, problems: [expect.stringContaining("page")] });
  });

  it("searches without facets (facets=false) instead of failing on an unused facet-limit parameter", async () => {
    const engine = createSearchEngine({ handle });
    const outcome = await searchBusinesses(new URLSearchParams({ q: "bakery", facets: "false" }), engine);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.hits.map((h) => h.name).sort()).toEqual(["Bäckerei Müller", "Corner Bakery"]);
    expect(outcome.result.facets).toEqual({ category: [], country: [], city: [] });
    const sampled = await new PostgresSearchEngine({ handle, matchSampleSize: 1 }).search({
      q: "bakery",
      page: 1,
      perPage: 20,
      sort: "relevance",
      facets: false,
    });
    expect(sampled.hits).toHaveLength(2);
  });

  it("suggests only the kinds asked for, counts in the right number, and rejects unknown kinds", async () => {
    const engine = createSearchEngine({ handle });
    const places = await suggestSearches(new URLSearchParams({ q: "Ber", kinds: "city,country" }), engine);
    expect(places.ok && places.suggestions.map((s) => [s.kind, s.label])).toEqual([["city", "Berlin"]]);
    const all = await suggestSearches(new URLSearchParams({ q: "Italian" }), engine);
    expect(all.ok && all.suggestions).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "category", label: "Italian restaurant", detail: "1 business" })]),
    );
    const onlyBusinesses = await suggestSearches(new URLSearchParams({ q: "Cor", kinds: "business" }), engine);
    expect(onlyBusinesses.ok && onlyBusinesses.suggestions.map((s) => s.kind)).toEqual(["business"]);
    expect(await suggestSearches(new URLSearchParams({ q: "Ber", kinds: "city,planet" }), engine)).toEqual({
      ok: false,
      problems: [expect.stringContaining("kinds")],
    });
  });

  it("answers 400 JSON from the routes for bad parameters", async () => {
    const search = await searchLoader({ request: new Request("http://x/api/search?q=pizza&page=abc"), params: {}, context: {} }).catch(
      (r: Response) => r,
    );
    expect((search as Response).status).toBe(400);
    expect(await (search as Response).json()).toMatchObject({ error: { code: "INVALID_SEARCH" } });
    const suggest = await suggestLoader({ request: new Request("http://x/api/suggest?q="), params: {}, context: {} }).catch((r: Response) => r);
    expect((suggest as Response).status).toBe(400);
  });

  it("answers the search page with facets always on and canonical params for its links", async () => {
    const engine = createSearchEngine({ handle });
    const params = new URLSearchParams({
      q: " bakery ",
      country: "de",
      open_now: "no",
      verified: "",
      min_rating: "0",
      sort: "relevance",
      page: "1",
      facets: "false",
    });
    const outcome = await searchForPage(params, engine);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.params).toEqual({ q: "bakery", country: "DE" });
    expect(outcome.result.hits.map((h) => h.name)).toEqual(["Bäckerei Müller"]);
    expect(outcome.result.facets.category).toEqual([{ value: "bakery", label: "Bakery", count: 1 }]);
    const near = await searchForPage(
      new URLSearchParams({ q: "bakery", lat: "52.52", lng: "13.4", sort: "distance", open_now: "1", page: "2" }),
      engine,
    );
    expect(near.ok && near.params).toEqual({ q: "bakery", lat: "52.52", lng: "13.4", sort: "distance", open_now: "1", page: "2" });
  });

  it("answers the /search route's bad params with an uncached 400 naming every bad param", async () => {
    const bad = await searchPageLoader({ request: new Request("http://x/search?q=bakery&page=0&country=Germany"), params: {}, context: {} }).catch(
      (r: Response) => r,
    );
    expect((bad as Response).status).toBe(400);
    expect((bad as Response).headers.get("Cache-Control")).toBe("no-store");
    const body = await (bad as Response).json();
    expect(body.error.code).toBe("INVALID_SEARCH");
    expect(body.error.problems).toEqual(expect.arrayContaining([expect.stringContaining("country"), expect.stringContaining("page")]));
  });
});
