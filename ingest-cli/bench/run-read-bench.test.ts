import { describe, expect, it } from "vitest";
import { buildCityListPaths, buildFilterProbePaths, formatReadBenchTable, swapLetters, varyPage, type ReadFigure } from "./run-read-bench.ts";

describe("read bench: pure parts", () => {
  it("makes the issue's typo from a word by swapping two inner letters", () => {
    expect(swapLetters("restaurant")).toBe("restaruant");
    expect(swapLetters("bakery")).toBe("bakrey");
    expect(swapLetters("spa")).toBe("spa");
  });

  it("reads the city list as clients do: page 1, two letters and the middle page of 1,000", () => {
    expect(buildCityListPaths(80_495)).toEqual(["/api/cities", "/api/cities?letter=B", "/api/cities?letter=S", "/api/cities?page=41"]);
    expect(buildCityListPaths(12)).toContain("/api/cities?page=1");
  });

  it("measures every filter and sort alone, with text and combined, each pool without a repeated URL", () => {
    const values = {
      countries: ["DE", "CH"],
      cities: [{ countryCode: "CH", citySlug: "zurich", lat: 47.37, lng: 8.54 }],
      categories: ["restaurant", "hotel"],
    };
    const pools = buildFilterProbePaths(values, ["pizza", "hotel"], 105);
    const all = pools.flatMap((pool) => pool.paths.map((path) => new URL(path, "http://x").searchParams));
    for (const [param, value] of [
      ["sort", "rating"],
      ["sort", "reviews"],
      ["sort", "distance"],
      ["open_now", "1"],
      ["verified", "1"],
      ["min_rating", "4.5"],
      ["country", "DE"],
      ["city", "zurich"],
      ["category", "restaurant"],
    ] as const) {
      expect(all.some((params) => params.get(param) === value && !params.has("q"))).toBe(true);
      if (param !== "min_rating") expect(all.some((params) => params.get(param) === value && params.has("q"))).toBe(true);
    }
    expect(all.some((params) => params.has("country") && params.has("open_now") && params.has("min_rating"))).toBe(true);
    for (const pool of pools) expect(new Set(pool.paths).size).toBe(105);
    expect(pools.find((pool) => pool.name === "filter: near a city, sort by distance")?.paths[0]).toBe(
      "/api/search?lat=47.37&lng=8.54&sort=distance&page=1&per_page=10",
    );
    expect(varyPage(104)).toEqual({ page: "5", per_page: "30" });
  });

  it("prints one table row per figure with its ratio, target and verdict", () => {
    const figure = (over: Partial<ReadFigure>): ReadFigure => ({
      name: "search: one word",
      example: "/api/search?q=x",
      requests: 10,
      p50Ms: 12.5,
      p95Ms: 30,
      baseline: "b",
      baselineP95Ms: 10,
      ratio: 3,
      target: "≤ 5× and p95 ≤ 50 ms",
      ok: true,
      ...over,
    });
    const table = formatReadBenchTable([
      figure({}),
      figure({ name: "baseline", ratio: null, baselineP95Ms: null, target: "—" }),
      figure({ name: "slow", ok: false }),
    ]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe("| search: one word | 12.5 ms | 30 ms | 3× of 10 ms | ≤ 5× and p95 ≤ 50 ms | yes |  |");
    expect(lines[3]).toContain("| baseline | 12.5 ms | 30 ms | — | — | — |");
    expect(lines[4]).toContain("| NO |");
  });
});
