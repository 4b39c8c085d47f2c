import { describe, expect, it } from "vitest";
import type { SearchQuery } from "./engine.ts";
import { RecordingSearchEngine } from "./testing/recording-engine.ts";
import { CachedSearchEngine } from "./result-cache.ts";

class CountingEngine extends RecordingSearchEngine {
  searches = 0;
  suggests = 0;
  failNext = false;
  override async search(query: SearchQuery) {
    this.searches++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error("database went away");
    }
    return { ...(await super.search(query)), total: this.searches };
  }
  override async suggest() {
    this.suggests++;
    return [];
  }
}

const query = (q: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({ q, sort: "relevance", page: 1, perPage: 20, ...extra });

describe("search result cache", () => {
  it("answers a repeated search from the cache until it expires", async () => {
    let now = 0;
    const inner = new CountingEngine();
    const engine = new CachedSearchEngine(inner, { ttlMs: 1000, now: () => now });
    expect((await engine.search(query("bakery"))).total).toBe(1);
    expect((await engine.search(query("bakery"))).total).toBe(1);
    expect((await engine.search(query("bakery", { page: 2 }))).total).toBe(2);
    now = 1001;
    expect((await engine.search(query("bakery"))).total).toBe(3);
    expect(inner.searches).toBe(3);
    expect(engine.name).toBe("meilisearch");
  });

  it("shares one in-flight call between identical concurrent searches", async () => {
    const inner = new CountingEngine();
    const engine = new CachedSearchEngine(inner);
    const answers = await Promise.all([engine.search(query("cafe")), engine.search(query("cafe")), engine.search(query("cafe"))]);
    expect(answers.map((a) => a.total)).toEqual([1, 1, 1]);
    expect(inner.searches).toBe(1);
  });

  it("never caches open-now searches or failures, and forgets everything after a write", async () => {
    const inner = new CountingEngine();
    const engine = new CachedSearchEngine(inner);
    await engine.search(query("bar", { openNow: true }));
    await engine.search(query("bar", { openNow: true }));
    expect(inner.searches).toBe(2);
    inner.failNext = true;
    await expect(engine.search(query("pub"))).rejects.toThrow("database went away");
    expect((await engine.search(query("pub"))).total).toBe(4);
    await engine.suggest("pu");
    await engine.suggest("pu");
    expect(inner.suggests).toBe(1);
    await engine.removeBusinesses([7]);
    expect(inner.removed).toEqual([[7]]);
    expect(engine.size).toBe(0);
    await engine.search(query("pub"));
    expect(inner.searches).toBe(5);
  });

  it("keeps at most maxEntries answers, dropping the least recently used", async () => {
    const inner = new CountingEngine();
    const engine = new CachedSearchEngine(inner, { maxEntries: 2 });
    await engine.search(query("a"));
    await engine.search(query("b"));
    await engine.search(query("a"));
    await engine.search(query("c"));
    expect(engine.size).toBe(2);
    await engine.search(query("a"));
    expect(inner.searches).toBe(3);
    await engine.search(query("b"));
    expect(inner.searches).toBe(4);
  });
});
