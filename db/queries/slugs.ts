// A slug from a URL → the business it names now (current slug first, then the redirect table), and where the
// slug-fix job stopped: a business's own slug always wins over a redirect with the same text.
import { count, eq, gt } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { businesses, jobCheckpoints, slugRedirects } from "../schema/index.ts";

export const FIX_SLUGS_JOB = "fix-slugs";

export interface SlugLookup {
  id: number;
  /** The business's current slug: the one to 301 to when `redirected`. */
  slug: string;
  redirected: boolean;
}

/** The business a slug names, or null; `redirected` is true when the slug is an old one. Exact match. */
export async function findBusinessIdBySlugOrRedirect(handle: DatabaseHandle, slug: string): Promise<SlugLookup | null> {
  const [current] = await handle.db.select({ id: businesses.id, slug: businesses.slug }).from(businesses).where(eq(businesses.slug, slug)).limit(1);
  if (current) return { ...current, redirected: false };
  const [old] = await handle.db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(slugRedirects)
    .innerJoin(businesses, eq(businesses.id, slugRedirects.businessId))
    .where(eq(slugRedirects.oldSlug, slug))
    .limit(1);
  return old ? { ...old, redirected: true } : null;
}

export interface SlugFixCheckpoint {
  /** Every business with an id up to this one has been handled by a committed batch. */
  lastId: number;
  /** Businesses handled so far across the interrupted runs. */
  processed: number;
  startedAt: Date;
}

export async function readSlugFixCheckpoint(handle: DatabaseHandle): Promise<SlugFixCheckpoint | null> {
  const [row] = await handle.db.select().from(jobCheckpoints).where(eq(jobCheckpoints.job, FIX_SLUGS_JOB));
  if (!row) return null;
  const lastId = Number(row.cursor.lastId);
  // NOTE: a cursor we cannot read means "start over", never "skip everything".
  if (!Number.isSafeInteger(lastId) || lastId < 0) return null;
  return { lastId, processed: row.processed, startedAt: row.startedAt };
}

/** How many businesses have an id above `afterId`: the work left for a (resumed) slug fix. */
export async function countBusinessesAfter(handle: DatabaseHandle, afterId: number): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(businesses).where(gt(businesses.id, afterId));
  return Number(row?.n ?? 0);
}
