// Where the slug-fix job stopped, and the work it has left. (A slug from a URL is resolved by the business page's
// own queries, queries/public/business-detail.ts.)
import { count, eq, gt } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { businesses, jobCheckpoints } from "../schema/index.ts";

export const FIX_SLUGS_JOB = "fix-slugs";

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
