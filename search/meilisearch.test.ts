import type { Task } from "meilisearch";
import { describe, expect, it } from "vitest";
import {
  assertTaskSucceeded,
  buildMeiliFilter,
  diffSortedIds,
  buildMeiliSort,
  escapeFilterValue,
  isStaleBuildIndex,
  mapFacetValues,
  mapFacetDistribution,
} from "./meilisearch.ts";

describe("Meilisearch filter building", () => {
  it("quotes and escapes every string value", () => {
    expect(escapeFilterValue("bakery")).toBe('"bakery"');
    expect(escapeFilterValue('x" OR verified = true OR "')).toBe('"x\\" OR verified = true OR \\""');
    expect(escapeFilterValue("back\\slash")).toBe('"back\\\\slash"');
  });

  it("turns each filter into one ANDed expression", () => {
    expect(
      buildMeiliFilter({
        categorySlug: "bakery",
        countryCode: "DE",
        citySlug: "berlin",
        verified: true,
        minRating: 4.5,
        near: { lat: 52.52, lng: 13.405, radiusKm: 2.5 },
        bbox: { minLng: 13.3, minLat: 52.5, maxLng: 13.5, maxLat: 52.55 },
      }),
    ).toEqual([
      'category_slug = "bakery"',
      'country_code = "DE"',
      'city_slug = "berlin"',
      "verified = true",
      "rating >= 4.5",
      "_geoRadius(52.52, 13.405, 2500)",
      "_geoBoundingBox([52.55, 13.5], [52.5, 13.3])",
    ]);
  });

  it("ORs the cities a location named and narrows open-now to businesses with hours", () => {
    expect(
      buildMeiliFilter({
        cities: [
          { countryCode: "DE", citySlug: "berlin" },
          { countryCode: "US", citySlug: 'ber"lin' },
        ],
        openAt: new Date(),
      }),
    ).toEqual([
      '(country_code = "DE" AND city_slug = "berlin") OR (country_code = "US" AND city_slug = "ber\\"lin")',
      "has_hours = true",
      'status = "operational"',
    ]);
    expect(buildMeiliFilter({})).toEqual([]);
  });

  it("refuses numbers that would break the expression", () => {
    expect(() => buildMeiliFilter({ minRating: Number.NaN })).toThrow(expect.objectContaining({ code: "INVALID_FILTER" }));
    expect(() => buildMeiliFilter({ near: { lat: Number.POSITIVE_INFINITY, lng: 0, radiusKm: 1 } })).toThrow(
      expect.objectContaining({ code: "INVALID_FILTER" }),
    );
  });

  it("maps sorts, relevance leaving order to the ranking rules", () => {
    expect(buildMeiliSort("relevance")).toBeUndefined();
    expect(buildMeiliSort("rating")).toEqual(["rating:desc", "reviews:desc", "rank_score:desc"]);
    expect(buildMeiliSort("reviews")).toEqual(["reviews:desc", "rating:desc", "rank_score:desc"]);
    expect(buildMeiliSort("distance", { lat: 1.5, lng: -2, radiusKm: 5 })).toEqual(["_geoPoint(1.5, -2):asc", "rank_score:desc"]);
    expect(buildMeiliSort("distance")).toBeUndefined();
  });
});

describe("Meilisearch result mapping", () => {
  it("splits slug|name facet values, merges name variants and sorts by count", () => {
    expect(mapFacetValues({ "bakery|Bakery": 5, "coffee-shop|Coffee shop": 7, "coffee-shop|Coffee Shop": 2, "a|b|c": 1 }, "category")).toEqual([
      { value: "coffee-shop", name: "Coffee shop", count: 9 },
      { value: "bakery", name: "Bakery", count: 5 },
      { value: "a", name: "b|c", count: 1 },
    ]);
  });

  it("keeps a city's country; countries stay codes", () => {
    expect(mapFacetValues({ "DE|berlin|Berlin": 3, "US|berlin|Berlin": 1, broken: 9 }, "city")).toEqual([
      { value: "berlin", name: "Berlin", count: 3, countryCode: "DE" },
      { value: "berlin", name: "Berlin", count: 1, countryCode: "US" },
    ]);
    expect(mapFacetValues({ FR: 1, DE: 4 }, "country")).toEqual([
      { value: "DE", count: 4 },
      { value: "FR", count: 1 },
    ]);
  });

  it("caps each facet at 20 values and tolerates a missing distribution", () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`c${i}|C${i}`, i + 1]));
    expect(mapFacetValues(many, "category")).toHaveLength(20);
    expect(mapFacetDistribution(undefined)).toEqual({ category: [], country: [], city: [] });
    expect(mapFacetDistribution({ country_code: { CH: 2 } })).toEqual({ category: [], country: [{ value: "CH", count: 2 }], city: [] });
  });

  it("turns a failed task into an error saying what Meilisearch said", () => {
    const failed = {
      status: "failed",
      error: { message: "Index `x` not found.", code: "index_not_found", type: "invalid_request", link: "" },
    } as unknown as Task;
    expect(() => assertTaskSucceeded(failed, "adding documents")).toThrow(
      expect.objectContaining({ code: "MEILI_TASK_FAILED", message: "adding documents ended failed: Index `x` not found." }),
    );
    const ok = { status: "succeeded", error: null } as unknown as Task;
    expect(assertTaskSucceeded(ok, "x")).toBe(ok);
  });

  it("recognises temporary indexes left by an interrupted rebuild", () => {
    const now = Date.parse("2025-01-01T12:00:00Z");
    expect(isStaleBuildIndex(`businesses_${now - 2 * 3600_000}`, "businesses", now)).toBe(true);
    expect(isStaleBuildIndex(`businesses_${now - 60_000}`, "businesses", now)).toBe(false);
    expect(isStaleBuildIndex("businesses", "businesses", now)).toBe(false);
    expect(isStaleBuildIndex(`other_${now - 2 * 3600_000}`, "businesses", now)).toBe(false);
  });
});

describe("ids whose membership changed during a rebuild", () => {
  it("names the ids scanned but gone and the ids present but never scanned, across pages", () => {
    const scanned = [1, 2, 4, 6, 9];
    const first = diffSortedIds(scanned, [1, 3, 4]);
    expect(first).toEqual({ changed: [2, 3], next: 3 });
    const second = diffSortedIds(scanned, [7, 9, 12], first.next);
    expect(second).toEqual({ changed: [6, 7, 12], next: 5 });
    expect(diffSortedIds([5, 8], [])).toEqual({ changed: [], next: 0 });
  });
});
