import { describe, expect, it } from "vitest";
import { parseSearchQuery, SearchQuerySchema } from "./engine.ts";

const parse = (params: string) => parseSearchQuery(new URLSearchParams(params));

describe("SearchQuerySchema", () => {
  it("reads a full search URL into a SearchQuery", () => {
    const result = parse(
      "q=bakery&location=Berlin&category=bakery&country=de&city=berlin&open_now=1&verified=true&min_rating=4.5&lat=52.52&lng=13.4&radius_km=5&sort=distance&page=3&per_page=10",
    );
    expect(result).toEqual({
      ok: true,
      query: {
        q: "bakery",
        location: "Berlin",
        category: "bakery",
        countryCode: "DE",
        city: "berlin",
        openNow: true,
        verified: true,
        minRating: 4.5,
        near: { lat: 52.52, lng: 13.4, radiusKm: 5 },
        sort: "distance",
        page: 3,
        perPage: 10,
        facets: true,
      },
    });
  });

  it("fills defaults and treats blank params as absent", () => {
    expect(parse("q=%20pizza%20&location=&category=&page=&sort=")).toEqual({
      ok: true,
      query: { q: "pizza", sort: "relevance", page: 1, perPage: 20, facets: true },
    });
    expect(parse("")).toEqual({ ok: true, query: { q: "", sort: "relevance", page: 1, perPage: 20, facets: true } });
  });

  it("reads checkbox flags: false means no filter, a default radius applies", () => {
    expect(parse("open_now=false&verified=0&facets=off&lat=1&lng=2")).toEqual({
      ok: true,
      query: { q: "", sort: "relevance", page: 1, perPage: 20, facets: false, near: { lat: 1, lng: 2, radiusKm: 10 } },
    });
  });

  it("reads a map's visible box (bbox=west,south,east,north)", () => {
    expect(parse("bbox=8.5,47.35,8.58,47.4")).toMatchObject({
      ok: true,
      query: { bbox: { minLng: 8.5, minLat: 47.35, maxLng: 8.58, maxLat: 47.4 } },
    });
    expect(parse("bbox=-180,-90,180,90")).toMatchObject({ ok: true, query: { bbox: { minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 } } });
    expect(parse("bbox=")).toEqual({ ok: true, query: { q: "", sort: "relevance", page: 1, perPage: 20, facets: true } });
  });

  it.each([
    ["bbox=1,2,3", "bbox must be four numbers minLng,minLat,maxLng,maxLat (west,south,east,north), e.g. 8.50,47.35,8.58,47.40"],
    ["bbox=a,b,c,d", "bbox must be four numbers minLng,minLat,maxLng,maxLat (west,south,east,north), e.g. 8.50,47.35,8.58,47.40"],
    ["bbox=1,2,3,4,5", "bbox must be four numbers minLng,minLat,maxLng,maxLat (west,south,east,north), e.g. 8.50,47.35,8.58,47.40"],
    ["bbox=1e3,2,3,4", "bbox must be four numbers minLng,minLat,maxLng,maxLat (west,south,east,north), e.g. 8.50,47.35,8.58,47.40"],
    ["bbox=0,0,200,10", "bbox longitudes must be from -180 to 180 and latitudes from -90 to 90"],
    ["bbox=0,-91,10,10", "bbox longitudes must be from -180 to 180 and latitudes from -90 to 90"],
    ["bbox=10,0,0,10", "bbox must list the west and south edges first: minLng ≤ maxLng and minLat ≤ maxLat"],
    ["bbox=0,10,10,0", "bbox must list the west and south edges first: minLng ≤ maxLng and minLat ≤ maxLat"],
    ["page=0", "page must be a whole number from 1 to 100"],
    ["page=101", "page must be a whole number from 1 to 100"],
    ["page=2.5", "page must be a whole number from 1 to 100"],
    ["page=abc", "page must be a whole number from 1 to 100"],
    ["per_page=51", "per_page must be a whole number from 1 to 50"],
    ["per_page=0", "per_page must be a whole number from 1 to 50"],
    ["min_rating=6", "min_rating must be a number from 0 to 5"],
    ["lat=91&lng=0", "lat must be a number from -90 to 90"],
    ["lat=10", "lat and lng must be given together"],
    ["radius_km=5", "radius_km needs lat and lng"],
    ["lat=1&lng=2&radius_km=0", "radius_km must be a number from 0.1 to 500"],
    ["sort=price", "sort must be one of relevance, rating, reviews, distance"],
    ["sort=distance", "sort=distance needs lat and lng"],
    ["country=Germany", "country must be a two-letter ISO country code, e.g. DE"],
    ["category=Coffee%20Shop!", "category must be a slug of lower-case letters, digits and hyphens, e.g. coffee-shop"],
    ["city=new%20york", "city must be a slug of lower-case letters, digits and hyphens, e.g. berlin"],
    ["open_now=maybe", 'open_now must be true or false (or 1/0), got "maybe"'],
    [`q=${"x".repeat(201)}`, "q must be at most 200 characters"],
  ])("rejects %s with a message naming the param", (params, message) => {
    const result = parse(params);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContain(message);
  });

  it("reports every problem at once", () => {
    const result = parse("page=0&per_page=99&sort=nope");
    expect(result.ok ? [] : result.problems).toHaveLength(3);
  });

  it("accepts a plain record as well as URLSearchParams", () => {
    expect(SearchQuerySchema.parse({ q: "cafe", page: "2", verified: true })).toMatchObject({ q: "cafe", page: 2, verified: true });
  });
});
