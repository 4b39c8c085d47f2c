// Search facet counts against the filters they link to: every count the /search page shows is exactly what its
// link returns, or — when the match set was sampled, and marked so — never more (issue 17: "Switzerland 21.5k").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../../db/testing/test-database.ts";
import type { RawBusiness } from "../../ingest-cli/pipeline/normalize/business.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { PostgresSearchEngine } from "../../search/postgres.ts";
import { buildSearchHref, type SearchParamChanges } from "~/utils/search-params";
import { searchForPage, type FacetValue, type SearchResult } from "./search.server.ts";

/** Matches counted exactly per search: "pizzeria" (105 matches) is sampled, each filter it links to is not. */
const SAMPLE_SIZE = 40;
const OTHER_CITIES = [
  ["Milano", "IT"],
  ["Napoli", "IT"],
  ["Roma", "IT"],
  ["Berlin", "DE"],
  ["Paris", "FR"],
  ["London", "GB"],
  ["Wien", "AT"],
] as const;

// Zürich's 35 pizzerias are imported first, so a sample read in table order is nearly all Swiss: scaled to the
// estimated total it showed Switzerland about 90 where the country filter returns 35.
const FIXTURES: RawBusiness[] = [
  ...Array.from({ length: 35 }, (_, i) => ({
    name: `Pizzeria Zürich ${i + 1}`,
    category: "Pizza restaurant",
    city: "Zürich",
    country_code: "CH",
    place_id: `fc-ch-${i + 1}`,
    rating: 4.2,
    reviews: 5 + i,
  })),
  ...OTHER_CITIES.flatMap(([city, country_code]) =>
    Array.from({ length: 10 }, (_, i) => ({
      name: `Pizzeria ${city} ${i + 1}`,
      category: i % 2 === 0 ? "Italian restaurant" : "Pizza takeaway",
      city,
      country_code,
      place_id: `fc-${city.toLowerCase()}-${i + 1}`,
      rating: 4,
      reviews: 3 + i,
    })),
  ),
  ...["Berlin", "London", "London"].map((city, i) => ({
    name: `Bakery ${city} ${i + 1}`,
    category: "Bakery",
    city,
    country_code: city === "Berlin" ? "DE" : "GB",
    place_id: `fc-bakery-${i + 1}`,
  })),
];

/** Broad and narrow searches, with and without a filter already applied. */
const QUERIES: Array<Record<string, string>> = [
  { q: "pizzeria" },
  { q: "restaurant" },
  { q: "pizzeria", country: "IT" },
  { q: "bakery" },
  { q: "pizza", category: "pizza-takeaway" },
];

/** The filter each facet link applies, as the page's filter panel builds it (search-facets.tsx). */
function facetLinks(result: SearchResult, params: Record<string, string>): Array<{ kind: string; facet: FacetValue; changes: SearchParamChanges }> {
  return [
    ...result.facets.category.map((facet) => ({ kind: "category", facet, changes: { category: facet.value } })),
    ...result.facets.country.map((facet) => ({ kind: "country", facet, changes: { country: facet.value, city: null } })),
    ...result.facets.city.map((facet) => ({ kind: "city", facet, changes: { city: facet.value, country: facet.countryCode ?? params.country } })),
  ];
}

describe(`search facet counts against the filters they link to on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let engine: PostgresSearchEngine;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await importFixtureRows(handle, FIXTURES);
    await handle.query("analyze businesses");
    engine = new PostgresSearchEngine({ handle, matchSampleSize: SAMPLE_SIZE });
  });
  afterAll(async () => {
    await handle?.close();
  });

  const search = async (query: Record<string, string>) => {
    const outcome = await searchForPage(new URLSearchParams(query), engine);
    if (!outcome.ok) throw new Error(outcome.problems.join("; "));
    return outcome;
  };

  for (const query of QUERIES) {
    it(`shows no facet count above its filter's total for ${JSON.stringify(query)}`, async () => {
      const { result, params } = await search(query);
      const links = facetLinks(result, params);
      expect(links.length).toBeGreaterThan(0);
      const compared = await Promise.all(
        links.map(async ({ kind, facet, changes }) => {
          const href = buildSearchHref(params, changes);
          const filtered = await search(Object.fromEntries(new URL(href, "http://x").searchParams));
          // The fixture keeps every filtered set under the sample size: its total is a true count.
          expect(filtered.result.totalApproximate ?? false, href).toBe(false);
          return { kind, value: facet.value, shown: facet.count, total: filtered.result.total };
        }),
      );
      for (const row of compared) {
        if (result.facetsApproximate) expect(row.shown, JSON.stringify(row)).toBeLessThanOrEqual(row.total);
        else expect(row.shown, JSON.stringify(row)).toBe(row.total);
        expect(row.shown, JSON.stringify(row)).toBeGreaterThan(0);
      }
    });
  }

  it("marks the counts of a sampled match set approximate, and those of a small one exact", async () => {
    expect((await search({ q: "pizzeria" })).result).toMatchObject({ totalApproximate: true, facetsApproximate: true });
    expect((await search({ q: "bakery" })).result).toMatchObject({ totalApproximate: false, facetsApproximate: false });
  });
});
