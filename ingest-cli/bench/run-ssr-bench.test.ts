import { describe, expect, it } from "vitest";
import {
  formatSsrBenchTable,
  listInitialScripts,
  listMisses,
  pickSaturatingLevel,
  summarizeLevel,
  type LoadLevel,
  type SsrFigure,
} from "./run-ssr-bench.ts";

const level = (concurrency: number, requestsPerSecond: number, p95Ms = 20, cacheHits = 0): LoadLevel => ({
  concurrency,
  requests: requestsPerSecond * 4,
  requestsPerSecond,
  p50Ms: 10,
  p95Ms,
  p99Ms: p95Ms + 5,
  cacheHits,
});

describe("SSR bench: pure parts", () => {
  it("picks the fewest connections that reach 90% of the best throughput", () => {
    expect(pickSaturatingLevel([level(2, 50), level(4, 95), level(8, 100), level(16, 98)]).concurrency).toBe(4);
    expect(pickSaturatingLevel([level(16, 100), level(2, 99)]).concurrency).toBe(2);
    expect(pickSaturatingLevel([level(2, 10), level(4, 20)], 1).concurrency).toBe(4);
    expect(() => pickSaturatingLevel([])).toThrow(expect.objectContaining({ code: "BENCH_NO_LEVELS" }));
  });

  it("summarizes a run's latencies into requests/s and percentiles", () => {
    const latencies = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(summarizeLevel(4, latencies, 2000, 150)).toEqual({
      concurrency: 4,
      requests: 200,
      requestsPerSecond: 100,
      p50Ms: 100,
      p95Ms: 190,
      p99Ms: 198,
      cacheHits: 150,
    });
    expect(summarizeLevel(1, [], 0).requestsPerSecond).toBe(0);
  });

  it("finds the scripts a page loads up front, once each, and not lazily imported chunks", () => {
    const html = `<link rel="modulepreload" href="/build/manifest-A.js"/><link rel="modulepreload" href="/build/entry.client-B.js"/>
      <link rel="stylesheet" href="/build/app.css"/><script src="/build/x.js" defer></script><script src="https://cdn.example/t.js"></script>
      <script type="module">import "/build/manifest-A.js"; import * as route0 from "/build/root-C.js";</script>`;
    expect(listInitialScripts(html).sort()).toEqual(["/build/entry.client-B.js", "/build/manifest-A.js", "/build/root-C.js", "/build/x.js"]);
  });

  it("names each missed target", () => {
    const base = { throughputShare: 0.02, saturated: level(4, 100, 30), initialJsGzipBytes: 100_000, cacheControl: "a", expectedCacheControl: "a" };
    expect(listMisses(base)).toEqual([]);
    expect(listMisses({ ...base, throughputShare: 0.005, saturated: level(4, 100, 80), initialJsGzipBytes: 200_000, cacheControl: "b" })).toEqual([
      "throughput",
      "p95",
      "initial JS",
      "Cache-Control",
    ]);
  });

  it("prints how the server ran and one row per figure with the saturating level, the share of the static file, the cache hits and the verdict", () => {
    const figure = (over: Partial<SsrFigure>): SsrFigure => ({
      name: "home",
      example: "/",
      paths: 1,
      levels: [level(2, 60), level(4, 80)],
      saturated: level(4, 80),
      throughputShare: 0.0125,
      initialJsGzipBytes: 102_400,
      cacheControl: "public, max-age=600",
      expectedCacheControl: "public, max-age=600",
      hitRatio: 0.987,
      misses: [],
      ...over,
    });
    const table = formatSsrBenchTable({
      server: { workers: 2, pageCache: true },
      figures: [
        figure({
          name: "static",
          throughputShare: null,
          hitRatio: null,
          initialJsGzipBytes: null,
          expectedCacheControl: null,
          levels: [level(2, 6400)],
          saturated: level(2, 6400),
        }),
        figure({}),
        figure({ name: "slow", misses: ["p95"] }),
      ],
      hashedAsset: { path: "/build/entry.client-X.js", cacheControl: "public, max-age=31536000, immutable", immutable: true },
    });
    const lines = table.split("\n");
    expect(lines[0]).toBe("Server: 2 worker process(es), page cache on.");
    expect(lines[4]).toBe("| static | 1 | 2 | 6400 | 10 ms | 20 ms | 25 ms | — | — | — | `public, max-age=600` | — | 2: 6400/s |");
    expect(lines[5]).toBe("| home | 1 | 4 | 80 | 10 ms | 20 ms | 25 ms | 1/80 | 99 % | 100.0 KB | `public, max-age=600` | yes | 2: 60/s, 4: 80/s |");
    expect(lines[6]).toContain("| NO (p95) |");
    expect(table).toContain("/build/entry.client-X.js: `public, max-age=31536000, immutable` (immutable)");
  });
});
