// Admin edits of single businesses and the delete-all action → the row change plus its counts, in one transaction:
// a single approve/delete adjusts only the aggregates of that business's lists, delete-all rebuilds them.
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { businesses } from "../schema/index.ts";
import { adjustAggregatesForBusiness, refreshAggregates } from "./aggregates.ts";

export interface ChangedBusiness {
  id: number;
  name: string;
  slug: string;
  isApproved: boolean;
}

const RETURNING = {
  id: businesses.id,
  name: businesses.name,
  slug: businesses.slug,
  isApproved: businesses.isApproved,
  categorySlug: businesses.categorySlug,
  countryCode: businesses.countryCode,
  citySlug: businesses.citySlug,
};

/** Flips is_approved; null when no such business. */
export async function toggleBusinessApproval(handle: DatabaseHandle, id: number): Promise<ChangedBusiness | null> {
  return handle.db.transaction(async (tx) => {
    const [row] = await tx
      .update(businesses)
      .set({ isApproved: sql`not ${businesses.isApproved}`, updatedAt: sql`now()` })
      .where(eq(businesses.id, id))
      .returning(RETURNING);
    if (!row) return null;
    await adjustAggregatesForBusiness(tx, row, row.isApproved ? 1 : -1);
    return { id: row.id, name: row.name, slug: row.slug, isApproved: row.isApproved };
  });
}

/** Deletes one business (its slug redirects cascade); null when no such business. */
export async function deleteBusinessById(handle: DatabaseHandle, id: number): Promise<ChangedBusiness | null> {
  return handle.db.transaction(async (tx) => {
    const [row] = await tx.delete(businesses).where(eq(businesses.id, id)).returning(RETURNING);
    if (!row) return null;
    if (row.isApproved) await adjustAggregatesForBusiness(tx, row, -1);
    return { id: row.id, name: row.name, slug: row.slug, isApproved: row.isApproved };
  });
}

/** Deletes every business and rebuilds the (now empty) counts; returns how many were deleted. */
export async function deleteAllBusinesses(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.query<{ n: number }>("with gone as (delete from businesses returning 1) select count(*)::int as n from gone");
  await refreshAggregates(handle);
  return rows[0]?.n ?? 0;
}
