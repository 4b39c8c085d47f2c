// A database handle → the sitemap state (page boundaries, newest change per group, city × category pages), cached until the aggregates
// stamp changes or SITEMAP_CACHE_MS passes, one load shared by concurrent readers.
import type { DatabaseHandle } from "../../../db/client.ts";
import { StampedCache } from "../../../db/freshness.ts";
import { listSitemapGroupLastmods, listSitemapPageBoundaries } from "../../../db/queries/sitemap.ts";
import { listCityCategorySitemapPages } from "./city-categories.ts";
import type { SitemapState } from "./sections.ts";

/**
 * Cached per database handle so a crawler fetching page after page does not re-scan the table each time.
 * Invalidation rule: the state is rebuilt when site_totals.refreshed_at changes (refreshAggregates runs after every
 * write that adds, removes or (un)approves businesses) or after SITEMAP_CACHE_MS, whichever comes first; edits that
 * do not refresh the aggregates (a business's text) show up in lastmods within that time. The pages themselves are
 * always read live from their first id.
 */
const SITEMAP_CACHE_MS = 10 * 60 * 1000;
const stateCache = new StampedCache<SitemapState>({ max: 16, maxAgeMs: SITEMAP_CACHE_MS, perHandle: true });

export async function getSitemapState(handle: DatabaseHandle): Promise<SitemapState> {
  return stateCache.read(handle, "state", async () => ({
    pages: await listSitemapPageBoundaries(handle),
    groups: await listSitemapGroupLastmods(handle),
    cityCategoryPages: await listCityCategorySitemapPages(handle),
  }));
}
