import { describe, expect, it } from "vitest";
import {
  buildLoadMix,
  buildMixSchedule,
  createMixPicker,
  describeFailure,
  judgeRssStability,
  listProcessTree,
  readParentPid,
  readStatusBytes,
  summarizeLoad,
  type RssSample,
} from "./run-load-bench.ts";

describe("load bench: the request mix", () => {
  it("holds each kind exactly `weight` times per cycle, spread out rather than in runs", () => {
    const schedule = buildMixSchedule([
      { kind: "page", weight: 5 },
      { kind: "search", weight: 3 },
      { kind: "api", weight: 2 },
      { kind: "off", weight: 0 },
    ]);
    expect(schedule).toHaveLength(10);
    expect(schedule.filter((k) => k === "page")).toHaveLength(5);
    expect(schedule.filter((k) => k === "search")).toHaveLength(3);
    expect(schedule.filter((k) => k === "api")).toHaveLength(2);
    expect(schedule).not.toContain("off");
    const longestRun = schedule.reduce(
      (acc, kind, i) =>
        i > 0 && schedule[i - 1] === kind ? { run: acc.run + 1, max: Math.max(acc.max, acc.run + 1) } : { run: 1, max: Math.max(acc.max, 1) },
      { run: 0, max: 0 },
    );
    expect(longestRun.max).toBeLessThanOrEqual(2);
  });

  it("walks every path of a kind in turn, across cycles, and is the same for the same request number", () => {
    const pick = createMixPicker([
      { kind: "business", weight: 2, paths: ["/business/a", "/business/b", "/business/c"] },
      { kind: "home", weight: 1, paths: ["/"] },
      { kind: "empty", weight: 5, paths: [] },
    ]);
    const picks = Array.from({ length: 30 }, (_, i) => pick(i));
    const business = picks.filter((p) => p.kind === "business").map((p) => p.path);
    expect(business).toHaveLength(20);
    expect(business.slice(0, 6)).toEqual(["/business/a", "/business/b", "/business/c", "/business/a", "/business/b", "/business/c"]);
    expect(picks.filter((p) => p.kind === "home")).toHaveLength(10);
    expect(picks.some((p) => p.kind === "empty")).toBe(false);
    expect(pick(17)).toEqual(picks[17]);
  });

  it("refuses a mix with nothing to request", () => {
    expect(() => createMixPicker([{ kind: "page", weight: 1, paths: [] }])).toThrow(expect.objectContaining({ code: "BENCH_EMPTY_MIX" }));
  });

  it("mixes page views, searches and API calls over many slugs, with query texts encoded", () => {
    const mix = buildLoadMix({
      slugs: Array.from({ length: 300 }, (_, i) => `shop-${i}`),
      categories: ["restaurants"],
      cities: ["de/berlin", "fr/saint-etienne"],
      countries: ["de", "fr"],
      words: ["restaurant", "café"],
    });
    const kinds = mix.map((k) => k.kind);
    expect(kinds).toEqual(expect.arrayContaining(["page: home", "page: business", "page: search", "api: search", "api: suggest", "api: businesses"]));
    const pages = mix.filter((k) => k.kind.startsWith("page:")).reduce((sum, k) => sum + k.weight, 0);
    expect(pages).toBeGreaterThan(mix.reduce((sum, k) => sum + k.weight, 0) / 2);
    expect(mix.find((k) => k.kind === "page: business")?.paths).toHaveLength(300);
    const searches = mix.find((k) => k.kind === "api: search")?.paths ?? [];
    expect(searches).toContain("/api/search?q=caf%C3%A9");
    expect(searches).toContain("/api/search?q=restaurant+in+berlin");
    expect(mix.find((k) => k.kind === "page: category/city/country")?.paths).toEqual([
      "/categories/restaurants",
      "/cities/de/berlin",
      "/countries/de",
      "/cities/fr/saint-etienne",
      "/countries/fr",
    ]);
  });
});

describe("load bench: statistics and errors", () => {
  const ok = (kind: string, ms: number) => ({ kind, ms, failure: null });

  it("counts 2xx and 3xx as served, any other status or a socket error as a failure", () => {
    const answer = (status: number) => ({ status, body: Buffer.from("<h1>Server error</h1>\n"), headers: {} });
    expect(describeFailure({ path: "/", answer: answer(200), error: null })).toBeNull();
    expect(describeFailure({ path: "/old", answer: answer(301), error: null })).toBeNull();
    expect(describeFailure({ path: "/x", answer: answer(404), error: null })).toBe("/x: HTTP 404 <h1>Server error</h1>");
    expect(describeFailure({ path: "/y", answer: answer(500), error: null })).toMatch(/^\/y: HTTP 500/);
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(describeFailure({ path: "/z", answer: null, error: reset })).toBe("/z: ECONNRESET");
  });

  it("gives throughput and percentiles per kind and overall, and lists failures by kind", () => {
    const samples = [
      ...Array.from({ length: 100 }, (_, i) => ok("page", i + 1)),
      ...Array.from({ length: 50 }, () => ok("api", 2)),
      { kind: "api", ms: 900, failure: "/api/search?q=x: HTTP 500" },
      { kind: "api", ms: 5, failure: "/api/search?q=x: HTTP 500" },
    ];
    const summary = summarizeLoad(samples, 2000, ["page", "api", "unused"]);
    expect(summary.overall).toMatchObject({ kind: "overall", requests: 152, errors: 2, requestsPerSecond: 76 });
    const page = summary.kinds.find((k) => k.kind === "page");
    expect(page).toMatchObject({ requests: 100, errors: 0, requestsPerSecond: 50, p50Ms: 50, p95Ms: 95, p99Ms: 99 });
    // The failed request's 900 ms is not a served latency.
    expect(summary.kinds.find((k) => k.kind === "api")).toMatchObject({ requests: 52, errors: 2, p99Ms: 2 });
    expect(summary.kinds.find((k) => k.kind === "unused")?.requests).toBe(0);
    expect(summary.errors).toEqual({ total: 2, byKind: [{ kind: "api", count: 2, examples: ["/api/search?q=x: HTTP 500"] }] });
  });
});

describe("load bench: RSS", () => {
  const series = (seconds: number, rssAt: (t: number) => number): RssSample[] =>
    Array.from({ length: seconds / 5 + 1 }, (_, i) => ({ atSeconds: i * 5, rssBytes: rssAt(i * 5), processes: 1 }));

  it("calls a flat soak stable, even when the warm-up minute grew", () => {
    const verdict = judgeRssStability(
      series(600, (t) => (t < 60 ? 100e6 + t * 1e6 : 200e6 + (t % 10) * 1e5)),
      600,
    );
    expect(verdict.judged).toBe(true);
    expect(verdict.stable).toBe(true);
    expect(Math.abs(verdict.change ?? 1)).toBeLessThan(0.01);
    expect(verdict.verdict).toMatch(/^STABLE: last minute 19\d\.\d MB vs first minute after warm-up 19\d\.\d MB/);
  });

  it("calls a steady climb of more than 10 % not stable", () => {
    const verdict = judgeRssStability(
      series(600, (t) => 200e6 + t * 100e3),
      600,
    );
    expect(verdict.stable).toBe(false);
    expect(verdict.change).toBeGreaterThan(0.1);
    expect(verdict.verdict).toMatch(/^NOT STABLE/);
  });

  it("does not judge a run shorter than warm-up plus two minutes", () => {
    const verdict = judgeRssStability(
      series(120, () => 200e6),
      120,
    );
    expect(verdict).toMatchObject({ judged: false, stable: null });
    expect(verdict.verdict).toMatch(/--soak-minutes/);
  });

  it("reads VmRSS/VmHWM and parent pids from /proc text, and sums a whole process tree", () => {
    const status = "Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n";
    expect(readStatusBytes(status, "VmRSS")).toBe(100 * 2 ** 20);
    expect(readStatusBytes(status, "VmHWM")).toBe(200 * 2 ** 20);
    expect(readStatusBytes("Name:\tkthreadd\n", "VmRSS")).toBeNull();
    expect(readParentPid("4242 (node (worker) x) S 4200 4242 4200 0 -1")).toBe(4200);
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 10],
      [13, 12],
      [20, 1],
    ]);
    expect(listProcessTree(10, parents).sort()).toEqual([10, 11, 12, 13]);
    expect(listProcessTree(20, parents)).toEqual([20]);
  });
});
