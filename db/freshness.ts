// Values read from the database → in-process caches (lru-cache) with one of two freshness rules: a fixed TTL, or the
// aggregates stamp (site_totals.refreshed_at, optionally capped by a maximum age); one load shared per key, failed
// loads never kept, named caches emptied together by the admin "Clear cache".
// NOTE: each process has its own caches; another process sees a change when its entry expires, the stamp moves, or
// an admin write bumps the cache generation every app host polls (app/server/shared-hosts.ts).
import { LRUCache } from "lru-cache";
import type { DatabaseHandle } from "./client.ts";
import { readAggregatesStamp } from "./queries/sitemap.ts";

/** Caches the admin "Clear cache" empties, by name. */
const named = new Map<string, () => void>();

/** Empties every named cache and returns their names. */
export function clearNamedCaches(): string[] {
  for (const clear of named.values()) clear();
  return [...named.keys()];
}

/**
 * lru-cache's clock from a test clock in ms.
 * NOTE: lru-cache treats a start time of 0 as "no TTL", so a test clock that starts at 0 is shifted by 1 ms.
 */
function toPerf(now: (() => number) | undefined): { perf?: { now: () => number } } {
  return now ? { perf: { now: () => now() + 1 } } : {};
}

export interface TtlCacheOptions {
  /** Registers the cache for the admin "Clear cache" under this name. */
  name?: string;
  ttlMs: number;
  /** Keys kept; the least recently used is dropped first. */
  max: number;
  /** Clock in ms (tests move it). */
  now?: () => number;
}

/** Answers kept for `ttlMs` from the start of their load; the answer (or the load under way) is shared by every caller. */
export class TtlCache<V> {
  readonly #entries: LRUCache<string, { value: Promise<V> }>;

  constructor(options: TtlCacheOptions) {
    // ttlResolution 0: every read asks the clock (tests move it between reads).
    this.#entries = new LRUCache({ max: options.max, ttl: options.ttlMs, ttlResolution: 0, ...toPerf(options.now) });
    if (options.name) named.set(options.name, () => this.clear());
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached (or in-flight) answer for `key`, else `load()`'s. */
  async read(key: string, load: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const found = this.#entries.get(key);
    if (found) return { value: await found.value, hit: true };
    return { value: await this.#start(key, load), hit: false };
  }

  /** As read, without waiting: the promise itself (the same one for every caller sharing it). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    return this.#entries.get(key)?.value ?? this.#start(key, load);
  }

  clear(): void {
    this.#entries.clear();
  }

  #start(key: string, load: () => Promise<V>): Promise<V> {
    const entry = { value: load() };
    this.#entries.set(key, entry);
    // A failed load is not remembered: the next caller tries again.
    entry.value.catch(() => {
      if (this.#entries.peek(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }
}

/** One value for `ttlMs` (the home page, the site settings), registered under `name` for the admin "Clear cache". */
export function createTtlValue<V>(name: string, ttlMs: number): { get(load: () => Promise<V>): Promise<V>; clear(): void } {
  const cache = new TtlCache<V>({ name, ttlMs, max: 1 });
  return { get: (load) => cache.get("value", load), clear: () => cache.clear() };
}

export interface StampedCacheOptions {
  /** Keys kept; the least recently used is dropped first (paged lists make a key space open-ended). */
  max: number;
  /** Rebuild after this long even if the stamp has not moved (edits that refresh no aggregates). */
  maxAgeMs?: number;
  /** Keep each database handle's answers apart (tests open several databases in one process). */
  perHandle?: boolean;
}

const handleIds = new WeakMap<DatabaseHandle, number>();
let nextHandleId = 0;

/**
 * Answers built from the aggregate tables, kept until the aggregates are next refreshed (the stamp moves).
 * NOTE: the stamp is read on every call (one indexed read of a few rows): imports run in other processes, so a timer
 * or an in-process signal would serve stale answers after them.
 */
export class StampedCache<V> {
  readonly #entries: LRUCache<string, { stamp: string; value: Promise<V> }>;
  readonly #perHandle: boolean;

  constructor(options: StampedCacheOptions) {
    this.#entries = new LRUCache({ max: options.max, ...(options.maxAgeMs ? { ttl: options.maxAgeMs } : {}) });
    this.#perHandle = options.perHandle ?? false;
  }

  /** The answer for `key` built at the current stamp (or the build under way), else `load(stamp)`'s. */
  async read(handle: DatabaseHandle, key: string, load: (stamp: string) => Promise<V>): Promise<V> {
    const stamp = await readAggregatesStamp(handle);
    const scoped = this.#scope(handle, key);
    const found = this.#entries.get(scoped);
    if (found?.stamp === stamp) return found.value;
    const entry = { stamp, value: load(stamp) };
    this.#entries.set(scoped, entry);
    entry.value.catch(() => {
      if (this.#entries.peek(scoped) === entry) this.#entries.delete(scoped);
    });
    return entry.value;
  }

  delete(handle: DatabaseHandle, key: string): void {
    this.#entries.delete(this.#scope(handle, key));
  }

  #scope(handle: DatabaseHandle, key: string): string {
    if (!this.#perHandle) return key;
    let id = handleIds.get(handle);
    if (id === undefined) handleIds.set(handle, (id = nextHandleId++));
    return `${id}\u0000${key}`;
  }
}

export interface RefreshingValueOptions<V> {
  /** Called on first use and, in the background, once the value is older than `ttlMs`. */
  load: () => Promise<V>;
  ttlMs: number;
  /** Clock in ms (tests move it). */
  now?: () => number;
}

/**
 * One value kept in memory and reloaded behind its readers once older than `ttlMs` (stale-while-revalidate): the
 * search vocabularies, which only steer how a query is matched, so a stale answer costs nothing but speed.
 * NOTE: not on lru-cache: its background fetch is aborted by delete() and then rejects the caller waiting for it,
 * while here a load begun before clear() still answers its caller (it is only not kept), and readers peek without
 * waiting.
 */
export class RefreshingValue<V> {
  readonly #load: () => Promise<V>;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #current: { value: V; loadedAt: number } | null = null;
  #loading: Promise<V> | null = null;
  #generation = 0;

  constructor(options: RefreshingValueOptions<V>) {
    this.#load = options.load;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  /** The value: the first call waits for the load; later ones answer from memory, stale or not. */
  async get(): Promise<V> {
    return this.#current ? (this.peek() as V) : this.#reload();
  }

  /** The value if loaded (undefined otherwise), never waiting; starts the one reload when it is missing or stale. */
  peek(): V | undefined {
    if (!this.#current || this.#now() - this.#current.loadedAt >= this.#ttlMs) void this.#reload().catch(() => undefined);
    return this.#current?.value;
  }

  /** The reload under way, if any (tests wait for it). */
  settled(): Promise<unknown> {
    return this.#loading ?? Promise.resolve();
  }

  /** Forgets the value: the next call loads it again. */
  clear(): void {
    this.#current = null;
    this.#generation += 1;
  }

  #reload(): Promise<V> {
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const loading = (async () => {
      try {
        const value = await this.#load();
        // NOTE: a load that started before clear() must not bring the forgotten value back.
        if (generation === this.#generation) this.#current = { value, loadedAt: this.#now() };
        return value;
      } finally {
        this.#loading = null;
      }
    })();
    this.#loading = loading;
    return loading;
  }
}
