// A database handle → the sitemap state (page boundaries, newest change per group), cached until the aggregates
// stamp changes or SITEMAP_CACHE_MS passes, one load shared by concurrent readers.
import type { DatabaseHandle } from "../../../db/client.ts";
import { listSitemapGroupLastmods, listSitemapPageBoundaries, readAggregatesStamp } from "../../../db/queries/sitemap.ts";
import type { SitemapState } from "./sections.ts";

/**
 * Cached per database handle so a crawler fetching page after page does not re-scan the table each time.
 * Invalidation rule: the state is rebuilt when site_totals.refreshed_at changes (refreshAggregates runs after every
 * write that adds, removes or (un)approves businesses) or after SITEMAP_CACHE_MS, whichever comes first; edits that
 * do not refresh the aggregates (a business's text) show up in lastmods within that time. The pages themselves are
 * always read live from their first id.
 */
export const SITEMAP_CACHE_MS = 10 * 60 * 1000;
const stateCache = new WeakMap<DatabaseHandle, { stamp: string; loadedAt: number; state: Promise<SitemapState> }>();

export async function getSitemapState(handle: DatabaseHandle): Promise<SitemapState> {
  const stamp = await readAggregatesStamp(handle);
  const cached = stateCache.get(handle);
  if (cached && cached.stamp === stamp && Date.now() - cached.loadedAt < SITEMAP_CACHE_MS) return cached.state;
  const state = (async () => ({ pages: await listSitemapPageBoundaries(handle), groups: await listSitemapGroupLastmods(handle) }))();
  stateCache.set(handle, { stamp, loadedAt: Date.now(), state });
  state.catch(() => stateCache.delete(handle));
  return state;
}

/** Forgets the cached boundaries (a write path may call it right after changing businesses). */
export function invalidateSitemapCache(handle: DatabaseHandle): void {
  stateCache.delete(handle);
}
