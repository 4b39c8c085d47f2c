import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  compareFacetCounts,
  describeFacetComparison,
  ENGINE_PROBES,
  findFallbackLines,
  formatEngineBenchTables,
  isEngineRunClean,
  isFacetCheckWrong,
  isFallbackAnswer,
  buildLocatedWordsPaths,
  orderEngines,
  listBenchEngines,
  resolveMeilisearchSource,
  type EngineBenchReport,
} from "./run-engine-bench.ts";

describe("engine bench: which Meilisearch", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "engine-bench-"));
  const binary = path.join(dir, "meilisearch");
  fs.writeFileSync(binary, "#!/bin/sh\n", { mode: 0o755 });

  it("starts MEILI_BIN first, else uses MEILI_URL with its key, else a meilisearch on PATH", () => {
    expect(resolveMeilisearchSource({ MEILI_BIN: binary, MEILI_URL: "http://127.0.0.1:7700" })).toEqual({
      kind: "binary",
      binary,
      indexingThreads: 1,
    });
    expect(resolveMeilisearchSource({ MEILI_URL: "http://127.0.0.1:7700/", MEILI_API_KEY: "k", PATH: dir })).toEqual({
      kind: "url",
      url: "http://127.0.0.1:7700",
      apiKey: "k",
    });
    expect(resolveMeilisearchSource({ PATH: dir, MEILI_MAX_INDEXING_THREADS: "2" })).toEqual({ kind: "binary", binary, indexingThreads: 2 });
  });

  it("says BENCH_ENGINE_UNAVAILABLE, and how to fix it, when there is none", () => {
    expect(() => resolveMeilisearchSource({ PATH: os.tmpdir() })).toThrow(expect.objectContaining({ code: "BENCH_ENGINE_UNAVAILABLE" }));
    expect(() => resolveMeilisearchSource({ PATH: os.tmpdir() })).toThrow(/MEILI_BIN.*MEILI_URL/);
    expect(() => resolveMeilisearchSource({ MEILI_BIN: path.join(dir, "absent") })).toThrow(
      expect.objectContaining({ code: "BENCH_ENGINE_UNAVAILABLE" }),
    );
  });

  it("runs both engines for `both`, and every query kind the issue names", () => {
    expect(listBenchEngines("both")).toEqual(["postgres", "meilisearch"]);
    expect(listBenchEngines("meilisearch")).toEqual(["meilisearch"]);
    const kinds = ENGINE_PROBES.map((p) => p.kind).join(" ");
    for (const kind of ["one word", "two words", "typo", "accented", "location-qualified", "filtered", "geo", "suggest"])
      expect(kinds).toContain(kind);
  });
});

describe("engine bench: the same requests to each engine", () => {
  it("asks a word with a city as visitors type it, each pair once", () => {
    const paths = buildLocatedWordsPaths(["bakery", "hotel"], ["Berlin", "São Paulo"], 10);
    expect(paths).toEqual([
      "/api/search?q=bakery+berlin",
      "/api/search?q=hotel+berlin",
      "/api/search?q=bakery+s%C3%A3o+paulo",
      "/api/search?q=hotel+s%C3%A3o+paulo",
    ]);
  });

  it("alternates which engine is asked first, round by round", () => {
    expect(orderEngines(["postgres", "meilisearch"], 0)).toEqual(["postgres", "meilisearch"]);
    expect(orderEngines(["postgres", "meilisearch"], 1)).toEqual(["meilisearch", "postgres"]);
  });
});

describe("engine bench: fallback detection", () => {
  it("counts an answer from the PostgreSQL fallback as not Meilisearch's", () => {
    expect(isFallbackAnswer({ engine: "meilisearch", degraded: false }, "meilisearch")).toBe(false);
    expect(isFallbackAnswer({ engine: "meilisearch", degraded: true }, "meilisearch")).toBe(true);
    expect(isFallbackAnswer({ engine: "postgres", degraded: false }, "meilisearch")).toBe(true);
    expect(isFallbackAnswer({ engine: "postgres", degraded: false }, "postgres")).toBe(false);
    // Suggest answers carry no engine: the server's log decides (findFallbackLines).
    expect(isFallbackAnswer({}, "meilisearch")).toBe(false);
    expect(findFallbackLines("ready\nsearch: Meilisearch unreachable (fetch failed); answering from PostgreSQL\nGET /api/search 200\n")).toEqual([
      "search: Meilisearch unreachable (fetch failed); answering from PostgreSQL",
    ]);
  });
});

describe("engine bench: facet counts against exact SQL counts", () => {
  const exact = new Map([
    ["bakery", 50],
    ["cafe", 30],
    ["hotel", 10],
  ]);

  it("is equal when every listed count is the exact one and nothing bigger was left out", () => {
    const same = compareFacetCounts(
      [
        { key: "bakery", count: 50 },
        { key: "cafe", count: 30 },
      ],
      exact,
      2,
    );
    expect(same).toEqual({ values: 2, differing: [] });
    expect(describeFacetComparison(same)).toBe("equal (2 values)");
  });

  it("names each difference: a wrong count, and a value missing from a list shorter than the limit", () => {
    const off = compareFacetCounts(
      [
        { key: "bakery", count: 48 },
        { key: "cafe", count: 30 },
      ],
      exact,
      20,
    );
    expect(off.differing).toEqual([
      { value: "bakery", engine: 48, exact: 50 },
      { value: "hotel", engine: null, exact: 10 },
    ]);
    expect(describeFacetComparison(off)).toBe(
      "DIFFERS: 1 of 2 counts wrong, 1 bigger values missing — bakery: 48 vs 50 (-2); hotel: missing, exact 10",
    );
    expect(isFacetCheckWrong({ approximate: false, comparison: off })).toBe(true);
    expect(compareFacetCounts([{ key: "hotel", count: 10 }], exact, 1).differing).toEqual([
      { value: "bakery", engine: null, exact: 50 },
      { value: "cafe", engine: null, exact: 30 },
    ]);
  });

  it("holds an engine that says its counts are estimated to lower bounds, not to the exact counts", () => {
    const sampled = compareFacetCounts([{ key: "bakery", count: 20 }], exact, 1);
    expect(describeFacetComparison(sampled, true)).toBe("estimated (sampled): 1 values, each ≤ exact, 1 below — bakery: 20 vs 50 (-30)");
    expect(isFacetCheckWrong({ approximate: true, comparison: sampled })).toBe(false);
    const above = compareFacetCounts([{ key: "bakery", count: 51 }], exact, 1);
    expect(describeFacetComparison(above, true)).toBe("DIFFERS: estimated, yet 1 of 1 counts above the exact one — bakery: 51 vs 50 (+1)");
    expect(isFacetCheckWrong({ approximate: true, comparison: above })).toBe(true);
  });
});

describe("engine bench: tables", () => {
  const report: EngineBenchReport = {
    rows: [
      {
        kind: "one word",
        example: "/api/search?q=bakery",
        engines: [
          { engine: "postgres", requests: 20, p50Ms: 12.5, p95Ms: 30, fellBack: 0 },
          { engine: "meilisearch", requests: 20, p50Ms: 4, p95Ms: 6.5, fellBack: 3 },
        ],
      },
    ],
    facets: [
      {
        query: "country=DE",
        path: "/api/search?country=DE",
        facet: "category",
        engine: "postgres",
        approximate: false,
        comparison: { values: 20, differing: [] },
      },
      {
        query: "country=DE",
        path: "/api/search?country=DE",
        facet: "category",
        engine: "meilisearch",
        approximate: false,
        comparison: { values: 20, differing: [{ value: "bakery", engine: 3, exact: 4 }] },
      },
    ],
    resources: [
      {
        engine: "postgres",
        version: "PostgreSQL 16.4",
        reindexSeconds: 0.5,
        documents: 5000,
        docsPerSecond: 2500,
        indexingNote: "the import",
        peakRssBytes: null,
        memoryNote: "database 20 MB",
        diskBytes: 10 * 2 ** 20,
        diskNote: "businesses + its indexes",
      },
      {
        engine: "meilisearch",
        version: "Meilisearch 1.48.2",
        reindexSeconds: 2,
        documents: 5000,
        docsPerSecond: 2500,
        indexingNote: "reindex",
        peakRssBytes: 300 * 2 ** 20,
        memoryNote: "",
        diskBytes: 3 * 2 ** 30,
        diskNote: "data dir",
      },
    ],
    fallbackLog: [],
  };

  it("prints latencies per engine, FELL BACK instead of a fallback's figure, facet verdicts and resources", () => {
    const text = formatEngineBenchTables(report);
    const lines = text.split("\n");
    expect(lines[0]).toBe("| search (HTTP, loopback) | postgres p50 | postgres p95 | meilisearch p50 | meilisearch p95 | example |");
    expect(lines[1]).toBe("|---|---|---|---|---|---|");
    expect(lines[2]).toBe("| one word | 12.5 ms | 30 ms | FELL BACK (3 of 20) | FELL BACK (3 of 20) | `/api/search?q=bakery` |");
    expect(text).toContain("| country=DE | category | equal (20 values) | DIFFERS: 1 of 20 counts wrong — bakery: 3 vs 4 (-1) |");
    expect(text).toContain("| memory | database 20 MB | peak RSS 300 MB |");
    expect(text).toContain("| disk | 10 MB (businesses + its indexes) | 3 GB (data dir) |");
    expect(text).toContain("| full reindex (`directory reindex`) | 0.5 s for 5,000 businesses | 2 s for 5,000 businesses |");
    expect(isEngineRunClean(report)).toEqual({ fellBack: true, facetsDiffer: true });
  });
});
