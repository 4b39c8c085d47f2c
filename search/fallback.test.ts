import { describe, expect, it } from "vitest";
import type { SearchEngine, SearchQuery, SearchResult } from "./engine.ts";
import { describeError, FallbackSearchEngine } from "./index.ts";

// The wrapper's own rules (log once, probe every 30 s, recover) with stand-in engines for the two sides; the
// real unreachable-server path is covered by fallback.integration.test.ts.

const QUERY: SearchQuery = { q: "bakery", sort: "relevance", page: 1, perPage: 20 };

function makeResult(engine: "postgres" | "meilisearch"): SearchResult {
  return {
    hits: [],
    total: engine === "postgres" ? 1 : 2,
    page: 1,
    perPage: 20,
    facets: { category: [], country: [], city: [] },
    didYouMean: null,
    engine,
    degraded: false,
    tookMs: 1,
  };
}

function makeEngines() {
  const state = { up: false, primaryCalls: 0 };
  const primary = {
    name: "meilisearch",
    async search() {
      state.primaryCalls++;
      if (!state.up)
        throw new Error("Request to http://127.0.0.1:7700/indexes/businesses/search has failed", {
          cause: new Error("connect ECONNREFUSED 127.0.0.1:7700"),
        });
      return makeResult("meilisearch");
    },
  } as unknown as SearchEngine;
  const fallback = { name: "postgres", search: async () => makeResult("postgres") } as unknown as SearchEngine;
  return { state, primary, fallback };
}

describe("FallbackSearchEngine", () => {
  it("answers from the fallback while down, logs once, probes every 30 s and says when it is back", async () => {
    const { state, primary, fallback } = makeEngines();
    const logs: string[] = [];
    let clock = 1_000_000;
    const engine = new FallbackSearchEngine(primary, fallback, {
      logger: { warn: (m) => logs.push(`warn ${m}`), info: (m) => logs.push(`info ${m}`) },
      now: () => clock,
    });

    expect(await engine.search(QUERY)).toMatchObject({ engine: "postgres", degraded: true });
    expect(await engine.search(QUERY)).toMatchObject({ engine: "postgres", degraded: true });
    expect(state.primaryCalls).toBe(1);
    clock += 29_000;
    await engine.search(QUERY);
    expect(state.primaryCalls).toBe(1);
    clock += 2_000;
    await engine.search(QUERY);
    expect(state.primaryCalls).toBe(2);
    expect(logs).toEqual([
      "warn search: Meilisearch unreachable (Request to http://127.0.0.1:7700/indexes/businesses/search has failed: connect ECONNREFUSED 127.0.0.1:7700); answering from PostgreSQL",
    ]);

    state.up = true;
    expect(await engine.search(QUERY)).toMatchObject({ engine: "postgres", degraded: true });
    clock += 30_000;
    expect(await engine.search(QUERY)).toMatchObject({ engine: "meilisearch", degraded: false });
    expect(await engine.search(QUERY)).toMatchObject({ engine: "meilisearch", degraded: false });
    expect(logs.at(-1)).toBe("info search: Meilisearch is back");
    expect(engine.degraded).toBe(false);

    state.up = false;
    await engine.search(QUERY);
    expect(logs.filter((line) => line.startsWith("warn"))).toHaveLength(2);
  });

  it("describes an error with its causes", () => {
    const error = new Error("outer", { cause: new Error("middle", { cause: new Error("inner") }) });
    expect(describeError(error)).toBe("outer: middle: inner");
    expect(describeError("plain")).toBe("plain");
  });
});
