// Short-lived in-process caches → one registry the admin "Clear cache" empties at once.
// NOTE: each app process has its own caches; another process picks up a change when its entry expires (TTL).
const registry = new Map<string, () => void>();

export interface TtlCache<T> {
  get(load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** One cached value for `ttlMs`, registered under `name`; concurrent misses share one load. */
export function createTtlCache<T>(name: string, ttlMs: number): TtlCache<T> {
  let entry: { value: Promise<T>; expiresAt: number } | undefined;
  const cache: TtlCache<T> = {
    get(load) {
      const now = Date.now();
      if (entry && entry.expiresAt > now) return entry.value;
      const value = load();
      entry = { value, expiresAt: now + ttlMs };
      // A failed load is not cached: the next caller tries again.
      value.catch(() => {
        if (entry?.value === value) entry = undefined;
      });
      return value;
    },
    clear() {
      entry = undefined;
    },
  };
  registry.set(name, () => cache.clear());
  return cache;
}

/** Empties every registered cache and returns their names. */
export function clearServerCaches(): string[] {
  for (const clear of registry.values()) clear();
  return [...registry.keys()];
}
