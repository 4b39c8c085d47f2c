// One duplicate group → a single kept business, in one transaction: the others' redirects and slugs point at it,
// the others are deleted, and the kept row takes the caller's merged values.
import { and, eq, getTableColumns, inArray, ne, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { businesses, slugRedirects, type Business, type NewBusiness } from "../schema/index.ts";
import { IMPORT_WRITE_LOCK } from "./import-batch.ts";

export type StoredBusiness = Omit<Business, "searchVector">;

/** Column updates for the kept row; id, slug and timestamps are the writer's. */
export type BusinessPatch = Partial<Omit<NewBusiness, "id" | "slug" | "createdAt" | "updatedAt" | "searchVector">>;

export interface MergeContext {
  /** True when another business (not of this group) already holds the identity key. */
  isIdentityTaken(identityKey: string): Promise<boolean>;
}

/** Decides the kept row's new values from it and the others (richest first); runs inside the transaction. */
export type MergePlanner = (kept: StoredBusiness, others: StoredBusiness[], context: MergeContext) => Promise<BusinessPatch>;

export interface MergedGroup {
  keptId: number;
  removedIds: number[];
}

const { searchVector: _searchVector, ...STORED_COLUMNS } = getTableColumns(businesses);

/**
 * Merges `ids` into `keep`. Others are taken in the order of `ids`. Returns null, changing nothing, when the
 * kept row is gone or no other row is left (the group was already merged, or the data changed since the report).
 */
export async function mergeBusinessGroup(
  handle: DatabaseHandle,
  group: { keep: number; ids: number[] },
  plan: MergePlanner,
): Promise<MergedGroup | null> {
  return handle.db.transaction(async (tx) => {
    // Imports key rows by identity and place id; holding their lock keeps one from reviving a row mid-merge.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_WRITE_LOCK})`);
    const ids = [...new Set([group.keep, ...group.ids])];
    const rows = await tx.select(STORED_COLUMNS).from(businesses).where(inArray(businesses.id, ids)).for("update");
    const kept = rows.find((row) => row.id === group.keep);
    const order = new Map(ids.map((id, index) => [id, index]));
    const others = rows.filter((row) => row.id !== group.keep).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    if (!kept || others.length === 0) return null;
    const removedIds = others.map((row) => row.id);

    await tx.update(slugRedirects).set({ businessId: kept.id }).where(inArray(slugRedirects.businessId, removedIds));
    await tx.delete(businesses).where(inArray(businesses.id, removedIds));
    await tx
      .insert(slugRedirects)
      .values(others.map((row) => ({ oldSlug: row.slug, businessId: kept.id })))
      .onConflictDoUpdate({ target: slugRedirects.oldSlug, set: { businessId: sql`excluded.business_id` } });

    const patch = await plan(kept, others, {
      async isIdentityTaken(identityKey) {
        const taken = await tx
          .select({ id: businesses.id })
          .from(businesses)
          .where(and(eq(businesses.identityKey, identityKey), ne(businesses.id, kept.id)))
          .limit(1);
        return taken.length > 0;
      },
    });
    await tx
      .update(businesses)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(businesses.id, kept.id));
    return { keptId: kept.id, removedIds };
  });
}
