import { describe, expect, it } from "vitest";
import { TRIGRAM_SIMILARITY_THRESHOLD } from "../db/client.ts";
import { computeNearCell, listNearCells, MAX_NEAR_CELLS } from "../db/rules/near-cells.ts";
import { buildSearchShardCondition, SEARCH_SHARDS } from "../db/rules/search-shards.ts";
import { computeBoundingBox, buildSearchStatement, FUZZY_NAME_SIMILARITY, NEAREST_RING_DIVISORS } from "../db/queries/search-statement.ts";
import type { SuggestionMatch } from "./engine.ts";
import { mixSuggestions, mapFacetRows, mapRowToSearchHit, mapSuggestionRow } from "./postgres.ts";
import { MIN_CORRECTION_SIMILARITY, MIN_NAME_SUGGESTION_SIMILARITY } from "./query-plan.ts";

describe("postgres engine: pure parts", () => {
  it("never asks for a trigram similarity below the connections' % threshold (the index would miss it)", () => {
    for (const similarity of [MIN_CORRECTION_SIMILARITY, MIN_NAME_SUGGESTION_SIMILARITY, FUZZY_NAME_SIMILARITY]) {
      expect(similarity).toBeGreaterThanOrEqual(Number(TRIGRAM_SIMILARITY_THRESHOLD));
    }
  });

  it("maps suggest rows to matches: counts for categories and countries, the city and country of a business", () => {
    const row = { label: "Bakery", slug: "bakery", countryCode: null, detail: null };
    expect(mapSuggestionRow({ ...row, kind: "category", count: "1234" as unknown as number })).toEqual({
      kind: "category",
      name: "Bakery",
      slug: "bakery",
      count: 1234,
    });
    expect(mapSuggestionRow({ kind: "business", label: "Bäckerei", slug: "baeckerei", countryCode: "DE", detail: "Berlin", count: 0 })).toEqual({
      kind: "business",
      name: "Bäckerei",
      slug: "baeckerei",
      countryCode: "DE",
      city: "Berlin",
    });
  });

  it("binds the facet limit only when facets are asked for: an unused parameter has no type (42P18)", () => {
    const plan = { text: null, filters: {}, sort: "relevance" as const, limit: 20, offset: 0, facetLimit: 7 };
    expect(buildSearchStatement({ ...plan, facets: true }).params).toContain(7);
    const without = buildSearchStatement({ ...plan, facets: false });
    expect(without.params).not.toContain(7);
    expect(without.text).not.toContain(`$${without.params.length + 1}`);
  });

  it("adds the typo look-ups to a search statement only when asked, gated on finding too little", () => {
    const plan = {
      text: { websearch: null, tsquery: "'restuarant':*", fuzzyName: null },
      filters: {},
      sort: "relevance" as const,
      limit: 20,
      offset: 0,
      facets: false,
    };
    expect(buildSearchStatement(plan).text).not.toContain("vocabulary_candidates");
    const statement = buildSearchStatement({ ...plan, vocabulary: { words: ["restuarant"], minSimilarity: 0.4, belowTotal: 5 } });
    expect(statement.text).toContain("vocabulary_candidates");
    expect(statement.text).toMatch(/case when \(select count\(\*\) from sample\) < \$\d+::int then json_build_object/);
    expect(statement.params).toEqual(expect.arrayContaining([["restuarant"], 0.4, 5]));
    // The estimate's count statement reads only the text and filter parameters.
    expect(statement.count.params).toEqual(["'restuarant':*"]);
  });

  it("keeps user text in bind parameters, never in the SQL", () => {
    const hostile = "x'); drop table businesses; --";
    const statement = buildSearchStatement({
      text: { websearch: hostile, tsquery: "'abc':*", fuzzyName: hostile },
      filters: {
        categorySlug: hostile,
        countryCode: "DE",
        cities: [{ countryCode: "DE", citySlug: hostile }],
        minRating: 4,
        openAt: new Date("2024-01-08T10:00:00Z"),
      },
      sort: "rating",
      limit: 20,
      offset: 40,
      facets: true,
    });
    expect(statement.text).not.toContain("drop table");
    expect(statement.params.filter((value) => value === hostile)).toHaveLength(4);
    expect(statement.params).toContain("2024-01-08T10:00:00.000Z");
    expect(statement.text).toContain("order by rating desc nulls last");
    expect(statement.text).toMatch(/b\.is_approved/);
  });

  it("orders external candidates by their rank and skips facets when not asked", () => {
    const statement = buildSearchStatement({
      text: null,
      filters: { candidateIds: [3, 1, 2] },
      sort: "relevance",
      limit: 10,
      offset: 0,
      facets: false,
    });
    expect(statement.text).toContain("with ordinality as candidate(id, position)");
    expect(statement.text).not.toContain("category_facets");
    expect(statement.params[0]).toEqual([3, 1, 2]);
  });

  it("samples big match sets, and estimates their size with the text and filter parameters only", () => {
    const statement = buildSearchStatement({
      text: { websearch: null, tsquery: "'bakery':*", fuzzyName: null },
      filters: { countryCode: "DE" },
      sort: "relevance",
      limit: 20,
      offset: 0,
      facets: true,
      sampleSize: 100,
    });
    expect(statement.sampleSize).toBe(100);
    expect(statement.params).toContain(101);
    expect(statement.count.params).toEqual(["'bakery':*", "DE"]);
    const placeholders = [...statement.count.text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(...placeholders)).toBe(statement.count.params.length);
    const candidates = buildSearchStatement({ text: null, filters: { candidateIds: [1] }, sort: "relevance", limit: 10, offset: 0, facets: false });
    expect(candidates.sampleSize).toBeNull();
  });

  it("reads a text sample shard by shard and tests open now once over the rows read, not in each shard's arm nor a re-read", () => {
    const plan = {
      text: { websearch: "restaurant", tsquery: null, fuzzyName: null },
      filters: { countryCode: "US", openAt: new Date("2026-11-27T12:00:00Z") },
      sort: "relevance" as const,
      limit: 20,
      offset: 0,
      facets: true,
    };
    const statement = buildSearchStatement(plan);
    const read = statement.text.slice(statement.text.indexOf("sample_read as"), statement.text.indexOf("shortfall as"));
    for (let shard = 0; shard < SEARCH_SHARDS.length; shard++) expect(read).toContain(buildSearchShardCondition("b.id", shard));
    // NOTE: the condition is planned wherever it is written (most of a search's time when each arm held it).
    expect(read.match(/directory_week_minute/g)).toHaveLength(1);
    expect(statement.deferredOpenNow).toBe(true);
    // The re-read of a sample with too few open rows is a second statement, built only when needed: planned inside
    // this one, its arms (each testing open now) cost every search with the filter ~5 ms. (The other: the rank walk.)
    expect(statement.text.match(/directory_week_minute/g)).toHaveLength(2);
    const again = buildSearchStatement({ ...plan, filters: { ...plan.filters } }, { reReadOpen: true });
    expect(again.deferredOpenNow).toBe(false);
    // Its arms (every shard, and the closed businesses named by the text) test it while reading, as does the rank walk.
    expect(again.text.match(/directory_week_minute/g)).toHaveLength(SEARCH_SHARDS.length + 2);
  });

  it("samples the box near a point sorted by distance without testing open now while reading: the rings test it for the page", () => {
    const plan = {
      text: null,
      filters: { near: { lat: -33.87, lng: 151.21, radiusKm: 25 }, openAt: new Date("2026-11-27T15:00:00Z") },
      sort: "distance" as const,
      limit: 20,
      offset: 0,
      facets: true,
    };
    const statement = buildSearchStatement(plan);
    expect(statement.deferredOpenNow).toBe(true);
    const read = statement.text.slice(statement.text.indexOf("sample_read as"), statement.text.indexOf("shortfall as"));
    // Tested once over the rows read (to mark them), never as a condition of the read.
    expect(read.match(/directory_week_minute/g)).toHaveLength(1);
    expect(read).toMatch(/\) as is_open from/);
    // Never short: the page comes from the rings, each testing open now while reading.
    expect(statement.text).toContain("select false as short");
    // Tested while reading by each ring and by the whole box (read only when the rings hold too few), and once above.
    for (const divisor of NEAREST_RING_DIVISORS) expect(statement.text).toContain(`ring_${divisor} as materialized`);
    expect(statement.text.match(/directory_week_minute/g)).toHaveLength(NEAREST_RING_DIVISORS.length + 2);
    // Sorted otherwise, the page comes from the sample: open now is tested while reading it, as before.
    expect(buildSearchStatement({ ...plan, sort: "rating" }).deferredOpenNow).toBe(false);
  });

  it("reads closed businesses named by the text through their name index alone: the place and the text tested on their rows", () => {
    for (const [filters, place] of [
      [{ near: { lat: -33.87, lng: 151.17, radiusKm: 10 } }, /\(point\(b\.longitude, b\.latitude\) <@ box\([^\n]*\) is true/],
      [{ bbox: { minLng: 151.1, minLat: -33.9, maxLng: 151.3, maxLat: -33.8 } }, /\(b\.latitude between [^)]*\) is true/],
    ] as const) {
      const statement = buildSearchStatement({
        text: { websearch: "hair", tsquery: null, fuzzyName: null },
        filters,
        sort: "relevance",
        limit: 20,
        offset: 0,
        facets: false,
      });
      const sample = statement.text.slice(statement.text.indexOf("sample as"), statement.text.indexOf("sampled as"));
      const closed = sample.slice(sample.indexOf("b.status <> 'operational'"));
      // NOTE: at 5M the planner read a city's whole box (17k rows) or the word's whole posting list (245k) for a few
      // closed businesses: `(…) is true` is no index condition, so only businesses_closed_name_idx can serve the arm.
      expect(closed).toMatch(place);
      expect(closed).toMatch(/\(\(b\.search_vector @@ [^\n]*\)\) is true/);
      expect(closed).not.toMatch(/(^|and )(b\.latitude between|point\(b\.longitude, b\.latitude\) <@)/m);
    }
  });

  it("bounds a search circle by latitude/longitude, wrapping at the antimeridian and opening at the poles", () => {
    const berlin = computeBoundingBox(52.52, 13.405, 10);
    expect(berlin.minLat).toBeCloseTo(52.43, 2);
    expect(berlin.lngRanges).toHaveLength(1);
    expect(computeBoundingBox(0, 179.95, 20).lngRanges).toEqual([
      [expect.closeTo(179.77, 2), 180],
      [-180, expect.closeTo(-179.87, 2)],
    ]);
    expect(computeBoundingBox(89.9, 0, 50).lngRanges).toBeNull();
  });

  it("covers a circle's box with grid cells holding every point of it, or none when they are too many", () => {
    const inCells = (lat: number, lng: number, radiusKm: number) => {
      const box = computeBoundingBox(lat, lng, radiusKm);
      const cells = listNearCells(box.minLat, box.maxLat, box.lngRanges);
      if (!cells) return null;
      const ranges = box.lngRanges ?? [];
      // Points on a grid over the box, its corners and edges included.
      for (let i = 0; i <= 20; i++) {
        for (const [west, east] of ranges) {
          for (let j = 0; j <= 20; j++) {
            const pointLat = box.minLat + ((box.maxLat - box.minLat) * i) / 20;
            const pointLng = west + ((east - west) * j) / 20;
            expect({ pointLat, pointLng, in: cells.includes(computeNearCell(pointLat, pointLng)) }).toEqual({ pointLat, pointLng, in: true });
          }
        }
      }
      return cells;
    };
    // The default radius: a handful of cells.
    expect(inCells(-33.87, 151.21, 10)?.length).toBeLessThanOrEqual(4);
    expect(inCells(40.71, -74.0, 10)?.length).toBeLessThanOrEqual(4);
    // Across the antimeridian, the cells of both ends.
    const fiji = inCells(-17.0, 179.999, 5);
    expect(fiji).toContain(computeNearCell(-17.0, 179.99));
    expect(fiji).toContain(computeNearCell(-17.0, -179.99));
    // Around a pole (every longitude) and a wide radius: too many cells, the box is read as before.
    expect(inCells(89.99, -170, 20)).toBeNull();
    expect(inCells(48.2, 16.37, 200)).toBeNull();
    expect(MAX_NEAR_CELLS).toBeGreaterThanOrEqual(4);
    // Distinct cells either side of a cell border, and the globe's edges clamped.
    expect(computeNearCell(0.2499, 10)).not.toBe(computeNearCell(0.25, 10));
    expect(computeNearCell(95, 200)).toBe(computeNearCell(90, 180));
  });

  it("reads a word near a point through the grid cells and the full-text index, the box and distance on the rows", () => {
    const plan = {
      text: { websearch: "bakery", tsquery: null, fuzzyName: null },
      filters: { near: { lat: -33.87, lng: 151.21, radiusKm: 10 } },
      sort: "distance" as const,
      limit: 20,
      offset: 0,
      facets: false,
    };
    const statement = buildSearchStatement(plan);
    const sample = statement.text.slice(statement.text.indexOf("sample as"), statement.text.indexOf("sampled as"));
    const listed = sample.slice(0, sample.indexOf("b.status <> 'operational'"));
    expect(listed).toMatch(/directory_near_cell\(b\.latitude, b\.longitude\) = any\(\$\d+::int\[\]\)/);
    expect(listed).toMatch(/and \(b\.search_vector @@ [^\n]*\)\n/);
    expect(listed).toMatch(/\(point\(b\.longitude, b\.latitude\) <@ box\([^\n]*\) is true/);
    // The planned total reads the box as latitude and longitude bands, and the cells not at all.
    expect(statement.count.text).not.toContain("directory_near_cell");
    // Without the cell index (PGlite), or with a fuzzy name, as before: the box's points, the text on the rows.
    for (const before of [
      buildSearchStatement(plan, { nearCells: false }),
      buildSearchStatement({ ...plan, text: { ...plan.text, fuzzyName: "bakery" } }),
    ]) {
      expect(before.text).not.toContain("directory_near_cell");
      expect(before.text).toMatch(/and \(\(b\.search_vector @@ [\s\S]*?\) is true/);
    }
  });

  it("maps facet rows to codes, slugs, stored names and counts; cities with their country", () => {
    expect(
      mapFacetRows({
        category: [{ value: "bakery", label: "Bakery", count: "3" as unknown as number }],
        country: [{ value: "CH", label: "CH", count: 2 }],
        city: [{ value: "zurich", label: "Zürich", count: 2, countryCode: "CH" }],
      }),
    ).toEqual({
      category: [{ value: "bakery", name: "Bakery", count: 3 }],
      country: [{ value: "CH", count: 2 }],
      city: [{ value: "zurich", name: "Zürich", count: 2, countryCode: "CH" }],
    });
    expect(mapFacetRows(null)).toEqual({ category: [], country: [], city: [] });
  });

  it("rounds distances and only reports them for searches near a point", () => {
    const row = {
      id: 7,
      slug: "a",
      name: "A",
      category: null,
      type: null,
      city: null,
      countryCode: null,
      fullAddress: null,
      rating: 4,
      reviews: 2,
      phone: null,
      phoneE164: null,
      workingHours: null,
      specialHours: null,
      timeZone: null,
      street: null,
      district: null,
      photo: null,
      verified: false,
      latitude: 1,
      longitude: 2,
      distanceKm: 1.23456,
    };
    expect(mapRowToSearchHit(row, true).distanceKm).toBe(1.23);
    expect(mapRowToSearchHit(row, false)).not.toHaveProperty("distanceKm");
  });

  it("mixes suggestions: a few of each kind first, then fills with businesses, grouped by kind", () => {
    const of = (kind: SuggestionMatch["kind"], n: number): SuggestionMatch[] =>
      Array.from({ length: n }, (_, i) => ({ kind, name: `${kind}${i}`, slug: `${kind}-${i}` }));
    const mixed = mixSuggestions([...of("business", 10), ...of("city", 5), ...of("category", 1), ...of("country", 1)], 8);
    expect(mixed.map((s) => s.name)).toEqual(["category0", "country0", "city0", "city1", "city2", "business0", "business1", "business2"]);
    expect(mixSuggestions(of("business", 3), 8)).toHaveLength(3);
  });
});
