// Admin edits of single businesses and the delete-all action → the row change plus its counts, in one transaction:
// a single approve/delete adjusts only the aggregates of that business's lists, delete-all rebuilds them. Deletes go
// to the trash and leave tombstones (trash.ts), so a re-import does not bring the business back.
import { eq, sql, type SQL } from "drizzle-orm";
import { DirectoryError } from "../rules/directory-error.ts";
import type { DatabaseHandle } from "../client.ts";
import { businesses } from "../schema/index.ts";
import { adjustAggregatesForBusiness, refreshAggregates } from "./aggregates.ts";
import { trashBusinessesCounted, trashBusinessRows, type TrashedSample } from "./trash.ts";

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
  status: businesses.status,
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

/** Moves one business to the trash (its slug redirects go with it); null when no such business. */
export async function deleteBusinessById(handle: DatabaseHandle, id: number, deletedBy: string): Promise<ChangedBusiness | null> {
  return handle.db.transaction(async (tx) => {
    const [row] = await trashBusinessRows(tx, sql`b.id = ${id}`, { reason: "delete", deletedBy });
    if (!row) return null;
    if (row.isApproved) await adjustAggregatesForBusiness(tx, row, -1);
    return { id: row.id, name: row.name, slug: row.slug, isApproved: row.isApproved };
  });
}

/** Moves every business to the trash and rebuilds the (now empty) counts; returns how many, the deletion batch, a sample. */
export async function deleteAllBusinesses(
  handle: DatabaseHandle,
  deletedBy: string,
): Promise<{ count: number; batchId: string; sample: TrashedSample[] }> {
  const result = await handle.db.transaction((tx) => trashBusinessesCounted(tx, sql`true`, { reason: "delete-all", deletedBy }));
  await refreshAggregates(handle);
  return result;
}

export interface BusinessFilter {
  /** Part of the name (the admin list's search). */
  search?: string;
  categorySlug?: string;
}

/** The admin list's filter as a condition on `businesses b` (the same expressions as its indexed list query). */
export function matchBusinessFilter(filter: BusinessFilter): SQL {
  const clauses: SQL[] = [];
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    clauses.push(sql`directory_unaccent(lower(b.name)) like directory_unaccent(lower(${pattern}))`);
  }
  if (filter.categorySlug) clauses.push(sql`b.category_slug = ${filter.categorySlug}`);
  if (clauses.length === 0)
    throw new DirectoryError("FILTER_REQUIRED", "Give a name search or a category to delete by filter; deleting everything is delete-all.");
  return sql.join(clauses, sql` and `);
}

export async function countBusinessesMatching(handle: DatabaseHandle, filter: BusinessFilter): Promise<number> {
  const result = (await handle.db.execute(sql`select count(*)::int as n from businesses b where ${matchBusinessFilter(filter)}`)) as unknown as
    Array<{ n: number }> | { rows: Array<{ n: number }> };
  return Number((Array.isArray(result) ? result : result.rows)[0]?.n ?? 0);
}

/** Moves the businesses matching the filter to the trash (one deletion batch) and rebuilds the counts; returns their ids. */
export async function deleteBusinessesMatching(handle: DatabaseHandle, filter: BusinessFilter, deletedBy: string): Promise<number[]> {
  const where = matchBusinessFilter(filter);
  const rows = await handle.db.transaction((tx) => trashBusinessRows(tx, where, { reason: "delete-filter", deletedBy }));
  if (rows.length > 0) await refreshAggregates(handle);
  return rows.map((row) => row.id);
}
