import { describe, expect, it } from "vitest";
import { HIT_ATTRIBUTES } from "./documents.ts";
import { BUSINESS_INDEX_SETTINGS, FACET_ATTRIBUTES, MAX_TOTAL_HITS } from "./settings.ts";

describe("Meilisearch index settings", () => {
  it("searches names before categories, places and descriptions", () => {
    expect(BUSINESS_INDEX_SETTINGS.searchableAttributes).toEqual(["name", "category", "type", "city", "country", "full_address", "description"]);
  });

  it("filters and sorts on every attribute the engine asks for", () => {
    const filterable = new Set(BUSINESS_INDEX_SETTINGS.filterableAttributes);
    for (const attribute of [
      "category_slug",
      "country_code",
      "city_slug",
      "verified",
      "rating",
      "_geo",
      "has_hours",
      "status",
      ...FACET_ATTRIBUTES,
    ]) {
      expect(filterable.has(attribute), attribute).toBe(true);
    }
    expect(BUSINESS_INDEX_SETTINGS.sortableAttributes).toEqual(["rating", "reviews", "rank_score", "_geo"]);
  });

  it("orders strictly by an explicit sort, by text relevance otherwise, popularity last", () => {
    expect(BUSINESS_INDEX_SETTINGS.rankingRules).toEqual(["sort", "words", "typo", "proximity", "attribute", "exactness", "rank_score:desc"]);
  });

  it("never applies typos to numbers, sorts facets by count and lets open-now fill 100 pages of 50", () => {
    expect(BUSINESS_INDEX_SETTINGS.typoTolerance).toMatchObject({ enabled: true, disableOnNumbers: true });
    expect(BUSINESS_INDEX_SETTINGS.faceting).toEqual({ maxValuesPerFacet: 500, sortFacetValuesBy: { "*": "count" } });
    expect(BUSINESS_INDEX_SETTINGS.pagination.maxTotalHits).toBe(MAX_TOTAL_HITS);
    expect(MAX_TOTAL_HITS).toBeGreaterThanOrEqual(100 * 50);
  });

  it("returns only attributes documents carry", () => {
    expect(HIT_ATTRIBUTES).not.toContain("description");
    expect(HIT_ATTRIBUTES).toContain("slug");
  });
});
