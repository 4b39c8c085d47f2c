// Any SearchEngine → the same engine with a short-lived, size-bounded cache of search and suggest answers, and one
// shared in-flight call per identical request. The public search API already lets caches keep an answer for 60 s
// (Cache-Control), so an in-process copy for less than that shows nothing a visitor's own cache would not.
import type { SearchEngine, SearchQuery, SearchResult, SuggestionMatch, SuggestionKind } from "./engine.ts";

export const RESULT_CACHE_TTL_MS = 30_000;
export const RESULT_CACHE_MAX_ENTRIES = 1000;

export interface ResultCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Clock in ms (tests move it). */
  now?: () => number;
}

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

/** A Map in least-recently-used order: reads move an entry to the end, inserts evict from the front. */
export class ExpiringLru<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: Required<ResultCacheOptions>) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached (or in-flight) answer for `key`, else `load()`'s, shared by every caller until it expires. */
  async read(key: string, load: () => Promise<T>): Promise<{ value: T; hit: boolean }> {
    const now = this.#now();
    const found = this.#entries.get(key);
    if (found && found.expires > now) {
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return { value: await found.value, hit: true };
    }
    const value = load();
    this.#entries.delete(key);
    this.#entries.set(key, { expires: now + this.#ttlMs, value });
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    // A failed call is not remembered: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return { value: await value, hit: false };
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** Only plain queries are cached: "open now" depends on the minute it is asked. */
function cacheKeyOf(query: SearchQuery): string | null {
  if (query.openNow) return null;
  return JSON.stringify([query.q, query.location ?? null, query.category ?? null, query.countryCode ?? null, query.city ?? null,
    query.verified ?? null, query.minRating ?? null, query.near ?? null, query.sort, query.page, query.perPage, query.facets ?? true, query.now?.toISOString() ?? null]);
}

export class CachedSearchEngine implements SearchEngine {
  readonly #engine: SearchEngine;
  readonly #results: ExpiringLru<SearchResult>;
  readonly #suggestions: ExpiringLru<SuggestionMatch[]>;

  constructor(engine: SearchEngine, options: ResultCacheOptions = {}) {
    this.#engine = engine;
    const settings = { ttlMs: options.ttlMs ?? RESULT_CACHE_TTL_MS, maxEntries: options.maxEntries ?? RESULT_CACHE_MAX_ENTRIES, now: options.now ?? Date.now };
    this.#results = new ExpiringLru(settings);
    this.#suggestions = new ExpiringLru(settings);
  }

  get name(): SearchEngine["name"] {
    return this.#engine.name;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const key = cacheKeyOf(query);
    if (key === null) return this.#engine.search(query);
    const started = performance.now();
    const { value, hit } = await this.#results.read(key, () => this.#engine.search(query));
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
