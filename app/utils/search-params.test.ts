import { describe, expect, it } from "vitest";
import { buildClearFiltersHref, buildPageWindow, buildSearchHref, humanizeSlug, labelCityFacets, listFilterChips } from "./search-params";

describe("buildSearchHref", () => {
  it("changes one param and starts the results over on page 1", () => {
    expect(buildSearchHref({ q: "pizza", page: "3", sort: "rating" }, { category: "pizza-restaurant" })).toBe(
      "/search?q=pizza&sort=rating&category=pizza-restaurant",
    );
  });

  it("keeps an explicit page change and drops removed or blank params", () => {
    expect(buildSearchHref({ q: "pizza", country: "DE", city: "berlin" }, { page: "2", city: null, country: "" })).toBe("/search?q=pizza&page=2");
  });

  it("encodes text and answers the bare path when nothing is left", () => {
    expect(buildSearchHref({ q: "café & bar" })).toBe("/search?q=caf%C3%A9+%26+bar");
    expect(buildSearchHref({ q: "x" }, { q: null })).toBe("/search");
  });
});

describe("listFilterChips", () => {
  const params = {
    q: "pizza",
    location: "Berlin",
    category: "pizza-restaurant",
    country: "DE",
    city: "berlin",
    open_now: "1",
    verified: "1",
    min_rating: "4",
    page: "2",
  };

  it("lists every active filter with a readable label, each removing only itself (country takes its city along)", () => {
    const chips = listFilterChips(params, { category: "Pizza restaurant" });
    expect(chips.map((chip) => [chip.label, chip.href])).toEqual([
      ["In Berlin", "/search?q=pizza&category=pizza-restaurant&country=DE&city=berlin&open_now=1&verified=1&min_rating=4"],
      ["Pizza restaurant", "/search?q=pizza&location=Berlin&country=DE&city=berlin&open_now=1&verified=1&min_rating=4"],
      ["Germany", "/search?q=pizza&location=Berlin&category=pizza-restaurant&open_now=1&verified=1&min_rating=4"],
      ["Berlin", "/search?q=pizza&location=Berlin&category=pizza-restaurant&country=DE&open_now=1&verified=1&min_rating=4"],
      ["Open now", "/search?q=pizza&location=Berlin&category=pizza-restaurant&country=DE&city=berlin&verified=1&min_rating=4"],
      ["Verified only", "/search?q=pizza&location=Berlin&category=pizza-restaurant&country=DE&city=berlin&open_now=1&min_rating=4"],
      ["Rated 4+", "/search?q=pizza&location=Berlin&category=pizza-restaurant&country=DE&city=berlin&open_now=1&verified=1"],
    ]);
  });

  it("removes a point together with its radius and the distance sort it enabled", () => {
    const [chip] = listFilterChips({ q: "cafe", lat: "52.5", lng: "13.4", radius_km: "25", sort: "distance" });
    expect(chip).toEqual({ key: "near", label: "Near your location", href: "/search?q=cafe" });
    expect(listFilterChips({ q: "cafe" })).toEqual([]);
  });

  it("clears all filters but keeps the text and a sort that needs no point", () => {
    expect(buildClearFiltersHref({ ...params, sort: "rating" })).toBe("/search?q=pizza&sort=rating");
    expect(buildClearFiltersHref({ q: "cafe", lat: "1", lng: "2", sort: "distance" })).toBe("/search?q=cafe");
  });

  it("labels a slug the facets no longer list", () => {
    expect(humanizeSlug("coffee-shop")).toBe("Coffee shop");
  });
});

describe("labelCityFacets", () => {
  it("adds the country only to cities whose name appears more than once", () => {
    const cities = [
      { value: "dublin", label: "Dublin", count: 3, countryCode: "IE" },
      { value: "dublin", label: "Dublin", count: 1, countryCode: "US" },
      { value: "cork", label: "Cork", count: 1, countryCode: "IE" },
    ];
    expect(labelCityFacets(cities).map((city) => city.label)).toEqual(["Dublin, Ireland", "Dublin, United States", "Cork"]);
  });
});

describe("buildPageWindow", () => {
  it("shows two pages either side plus the first and last, with gaps", () => {
    expect(buildPageWindow(10, 40)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 40]);
  });

  it("fills a one-page hole instead of showing a gap", () => {
    expect(buildPageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(buildPageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("has nothing to show for fewer than two pages", () => {
    expect(buildPageWindow(1, 1)).toEqual([1]);
    expect(buildPageWindow(1, 0)).toEqual([]);
  });
});
