import { describe, expect, it } from "vitest";
import { createEmptyFacets, type SearchResult as EngineResult } from "../../search/engine.ts";
import { labelSuggestion, toPublicResult } from "./search.server";

describe("search labels: the engine's codes and slugs → what pages and the API show", () => {
  it("labels suggestions with their page's URL and a detail line", () => {
    expect(labelSuggestion({ kind: "category", name: "Bakery", slug: "bakery", count: 1 })).toEqual({
      kind: "category",
      label: "Bakery",
      url: "/categories/bakery",
      detail: "1 business",
    });
    expect(labelSuggestion({ kind: "country", name: "Germany", slug: "germany", countryCode: "DE", count: 1234 })).toEqual({
      kind: "country",
      label: "Germany",
      url: "/countries/germany",
      detail: "1,234 businesses",
    });
    expect(labelSuggestion({ kind: "city", name: "Berlin", slug: "berlin", countryCode: "DE" })).toEqual({
      kind: "city",
      label: "Berlin",
      url: "/cities/de/berlin",
      detail: "Germany",
    });
    expect(labelSuggestion({ kind: "business", name: "Bäckerei", slug: "baeckerei", countryCode: "DE", city: "Berlin" })).toEqual({
      kind: "business",
      label: "Bäckerei",
      url: "/business/baeckerei",
      detail: "Berlin, Germany",
    });
    expect(labelSuggestion({ kind: "business", name: "Nowhere", slug: "nowhere" })).toEqual({
      kind: "business",
      label: "Nowhere",
      url: "/business/nowhere",
    });
  });

  it("labels facets: stored names for categories and cities, country names from the naming rule", () => {
    const result: EngineResult = {
      hits: [],
      total: 0,
      page: 1,
      perPage: 20,
      facets: {
        category: [{ value: "bakery", name: "Bakery", count: 3 }],
        country: [{ value: "CH", count: 2 }],
        city: [{ value: "zurich", name: "Zürich", count: 2, countryCode: "CH" }],
      },
      didYouMean: null,
      engine: "postgres",
      degraded: false,
      tookMs: 1,
    };
    expect(toPublicResult(result).facets).toEqual({
      category: [{ value: "bakery", label: "Bakery", count: 3 }],
      country: [{ value: "CH", label: "Switzerland", count: 2 }],
      city: [{ value: "zurich", label: "Zürich", count: 2, countryCode: "CH" }],
    });
    expect(toPublicResult({ ...result, facets: createEmptyFacets() }).facets).toEqual({ category: [], country: [], city: [] });
  });
});
