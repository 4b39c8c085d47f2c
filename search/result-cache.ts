// Any SearchEngine → the same engine with a short-lived, size-bounded cache of search and suggest answers, and one
// shared in-flight call per identical request. The public search API already lets caches keep an answer for 60 s
// (Cache-Control), so an in-process copy for less than that shows nothing a visitor's own cache would not.
import { TtlCache } from "../db/freshness.ts";
import { observeSearchAnswer } from "../db/telemetry.ts";
import type { SearchEngine, SearchQuery, SearchResult, SuggestionMatch, SuggestionKind } from "./engine.ts";

export const RESULT_CACHE_TTL_MS = 30_000;
export const RESULT_CACHE_MAX_ENTRIES = 1000;

export interface ResultCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Clock in ms (tests move it). */
  now?: () => number;
}

/** Only plain queries are cached: "open now" depends on the minute it is asked. */
function cacheKeyOf(query: SearchQuery): string | null {
  if (query.openNow) return null;
  return JSON.stringify([
    query.q,
    query.location ?? null,
    query.category ?? null,
    query.countryCode ?? null,
    query.city ?? null,
    query.verified ?? null,
    query.minRating ?? null,
    query.near ?? null,
    query.bbox ?? null,
    query.sort,
    query.page,
    query.perPage,
    query.facets ?? true,
    query.now?.toISOString() ?? null,
  ]);
}

export class CachedSearchEngine implements SearchEngine {
  readonly #engine: SearchEngine;
  readonly #results: TtlCache<SearchResult>;
  readonly #suggestions: TtlCache<SuggestionMatch[]>;

  constructor(engine: SearchEngine, options: ResultCacheOptions = {}) {
    this.#engine = engine;
    const settings = {
      ttlMs: options.ttlMs ?? RESULT_CACHE_TTL_MS,
      max: options.maxEntries ?? RESULT_CACHE_MAX_ENTRIES,
      ...(options.now ? { now: options.now } : {}),
    };
    this.#results = new TtlCache(settings);
    this.#suggestions = new TtlCache(settings);
  }

  /** Forgets every kept answer (an admin change on any host: see app/server/shared-hosts.ts). */
  clear(): void {
    this.#results.clear();
    this.#suggestions.clear();
  }

  get name(): SearchEngine["name"] {
    return this.#engine.name;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const key = cacheKeyOf(query);
    if (key === null) {
      const result = await this.#engine.search(query);
      observeSearchAnswer(result, null);
      return result;
    }
    const started = performance.now();
    const { value, hit } = await this.#results.read(key, () => this.#engine.search(query));
    observeSearchAnswer(value, hit);
    return hit ? { ...value, tookMs: Math.round((performance.now() - started) * 10) / 10 } : value;
  }

  async suggest(prefix: string, limit?: number, kinds?: readonly SuggestionKind[]): Promise<SuggestionMatch[]> {
    const key = JSON.stringify([prefix, limit ?? null, kinds ?? null]);
    return (await this.#suggestions.read(key, () => this.#engine.suggest(prefix, limit, kinds))).value;
  }

  /** A write this process made is visible to its next search at once. */
  #forget(): void {
    this.#results.clear();
    this.#suggestions.clear();
  }

  async indexBusinesses(ids: number[]): Promise<void> {
    await this.#engine.indexBusinesses(ids);
    if (ids.length > 0) this.#forget();
  }

  async removeBusinesses(ids: number[]): Promise<void> {
    await this.#engine.removeBusinesses(ids);
    if (ids.length > 0) this.#forget();
  }

  async reindex(onProgress?: (done: number, total: number) => void): Promise<{ documents: number; seconds: number }> {
    const result = await this.#engine.reindex(onProgress);
    this.#forget();
    return result;
  }

  health(): Promise<{ ok: boolean; detail?: string }> {
    return this.#engine.health();
  }

  /** Entries held now (search + suggest), for tests and diagnostics. */
  get size(): number {
    return this.#results.size + this.#suggestions.size;
  }
}
