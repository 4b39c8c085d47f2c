// One duplicate group → a single kept business, in one transaction: each other row is recorded in full (business_merges),
// its identities become aliases of the kept one, its slugs redirect to it, then it is deleted and the kept row takes
// the planner's values; and the undo of one such merge. Rows with different place ids merge only when forced.
import { and, eq, getTableColumns, inArray, ne, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { DirectoryError } from "../rules/directory-error.ts";
import {
  businessAliases,
  businesses,
  businessMerges,
  slugRedirects,
  type Business,
  type MergeConflicts,
  type MergeFilledFields,
  type NewBusiness,
} from "../schema/index.ts";
import { IMPORT_WRITE_LOCK } from "./import-batch.ts";

export type StoredBusiness = Omit<Business, "searchVector" | "openWeek">;

/** Column updates for the kept row; id, slug and timestamps are the writer's. */
export type BusinessPatch = Partial<Omit<NewBusiness, "id" | "slug" | "createdAt" | "updatedAt" | "searchVector" | "openWeek">>;

export interface MergeContext {
  /** True when another business (not of this group) already holds the identity key. */
  isIdentityTaken(identityKey: string): Promise<boolean>;
}

export interface MergePlan {
  patch: BusinessPatch;
  /** Fields where both rows had different non-empty values (the kept row keeps its own). */
  conflicts: MergeConflicts;
}

/** Decides the kept row's new values from it and one other row; runs inside the transaction. */
export type MergePlanner = (kept: StoredBusiness, other: StoredBusiness, context: MergeContext) => Promise<MergePlan>;

export interface MergedPair {
  mergeId: number;
  mergedId: number;
}

export interface MergedGroup {
  keptId: number;
  removedIds: number[];
  merges: MergedPair[];
}

export interface MergeOptions {
  /** Recorded on each merge: place_id, name_address, name_nearby, or forced. */
  reason: string;
  actor: string;
  /** Only an operator's explicit merge may join rows whose place ids differ. */
  allowDifferentPlaceIds?: boolean;
}

// Generated columns (the search vector, the stored open week) are never written back: PostgreSQL computes them.
const { searchVector: _searchVector, openWeek: _openWeek, ...STORED_COLUMNS } = getTableColumns(businesses);
const STORED_COLUMN_NAMES = Object.values(STORED_COLUMNS).map((column) => `"${column.name}"`);
/** Columns the hash and rank follow; they are restored as a whole, never compared field by field. */
const DERIVED_FIELDS = new Set(["contentHash", "rankScore"]);

/** Place ids compare as the duplicate finder folds them: case and whitespace ignored. */
export function foldPlaceId(placeId: string | null): string | null {
  const folded = placeId?.replace(/[\s\u00a0]+/g, "").toLowerCase() ?? "";
  return folded === "" ? null : folded;
}

/** JSON with sorted object keys, so values read back from jsonb compare equal to the ones recorded. */
function stableJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

/**
 * Merges `ids` into `keep`, one other row at a time in the order of `ids`. Returns null, changing nothing, when the
 * kept row is gone, no other row is left (already merged, or the data changed since the report), or two rows hold
 * different place ids and the merge is not forced.
 */
export async function mergeBusinessGroup(
  handle: DatabaseHandle,
  group: { keep: number; ids: number[] },
  plan: MergePlanner,
  options: MergeOptions,
): Promise<MergedGroup | null> {
  return handle.db.transaction(async (tx) => {
    // Imports key rows by identity and place id; holding their lock keeps one from reviving a row mid-merge.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_WRITE_LOCK})`);
    const ids = [...new Set([group.keep, ...group.ids])];
    const rows = await tx
      .select({ ...STORED_COLUMNS, whole: sql<Record<string, unknown>>`to_jsonb(${businesses}) - 'search_vector' - 'open_week'` })
      .from(businesses)
      .where(inArray(businesses.id, ids))
      .for("update");
    const found = rows.find((row) => row.id === group.keep);
    const order = new Map(ids.map((id, index) => [id, index]));
    const others = rows.filter((row) => row.id !== group.keep).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    if (!found || others.length === 0) return null;
    const placeIds = new Set(rows.map((row) => foldPlaceId(row.placeId)).filter((id) => id !== null));
    if (placeIds.size > 1 && !options.allowDifferentPlaceIds) return null;

    const { whole: _whole, ...keptStart } = found;
    let kept: StoredBusiness = keptStart;
    const merges: MergedPair[] = [];
    for (const { whole, ...other } of others) {
      const { patch, conflicts } = await plan(kept, other, {
        async isIdentityTaken(identityKey) {
          const taken = await tx
            .select({ id: businesses.id })
            .from(businesses)
            .where(and(eq(businesses.identityKey, identityKey), ne(businesses.id, kept.id), ne(businesses.id, other.id)))
            .limit(1);
          return taken.length > 0;
        },
      });
      const filled: MergeFilledFields = {};
      for (const [field, after] of Object.entries(patch)) {
        const before = kept[field as keyof StoredBusiness];
        if (!sameValue(before, after)) filled[field] = { before, after };
      }

      const movedRedirects = await tx
        .update(slugRedirects)
        .set({ businessId: kept.id })
        .where(eq(slugRedirects.businessId, other.id))
        .returning({ oldSlug: slugRedirects.oldSlug });
      const movedAliases = await tx
        .update(businessAliases)
        .set({ businessId: kept.id })
        .where(eq(businessAliases.businessId, other.id))
        .returning({ identityKey: businessAliases.identityKey });
      await tx.delete(businesses).where(eq(businesses.id, other.id));
      await tx
        .insert(slugRedirects)
        .values({ oldSlug: other.slug, businessId: kept.id })
        .onConflictDoUpdate({ target: slugRedirects.oldSlug, set: { businessId: sql`excluded.business_id` } });
      const [record] = await tx
        .insert(businessMerges)
        .values({
          survivorId: kept.id,
          mergedId: other.id,
          reason: options.reason,
          mergedRow: whole,
          filled,
          conflicts,
          movedRedirects: movedRedirects.map((row) => row.oldSlug),
          movedAliases: movedAliases.map((row) => row.identityKey),
          actor: options.actor,
        })
        .returning({ id: businessMerges.id });
      const mergeId = (record as { id: number }).id;

      // The merged row's identity, and the kept row's own when the merge changes it, now lead to the kept row.
      const aliases = [{ identityKey: other.identityKey, placeId: other.placeId }];
      if (patch.identityKey && patch.identityKey !== kept.identityKey) aliases.push({ identityKey: kept.identityKey, placeId: kept.placeId });
      const finalKey = patch.identityKey ?? kept.identityKey;
      const rowsToAlias = aliases.filter((alias) => alias.identityKey !== finalKey);
      if (rowsToAlias.length > 0) {
        await tx
          .insert(businessAliases)
          .values(rowsToAlias.map((alias) => ({ ...alias, businessId: kept.id, mergeId })))
          .onConflictDoUpdate({ target: businessAliases.identityKey, set: { businessId: kept.id, mergeId, placeId: sql`excluded.place_id` } });
      }
      // An alias must never shadow the identity a live row holds.
      await tx.delete(businessAliases).where(eq(businessAliases.identityKey, finalKey));
      await tx
        .update(businesses)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(businesses.id, kept.id));
      kept = { ...kept, ...(patch as Partial<StoredBusiness>) };
      merges.push({ mergeId, mergedId: other.id });
    }
    return { keptId: kept.id, removedIds: merges.map((merge) => merge.mergedId), merges };
  });
}

export interface UndoneMerge {
  mergeId: number;
  survivorId: number;
  restoredId: number;
  /** Survivor fields set back to their value before the merge. */
  reverted: string[];
  /** Survivor fields the merge filled that changed since: they keep today's value. */
  keptChanged: string[];
  restoredSlug: string;
}

/** The kept row's hash and rank for its current values (the importer's rules); runs inside the transaction. */
export type RehashBusiness = (business: StoredBusiness) => Pick<StoredBusiness, "contentHash" | "rankScore">;

/**
 * Undoes one merge: the merged row comes back (same id, its slugs, aliases and data), its aliases are removed, and each
 * survivor field the merge filled goes back to its old value unless it changed since.
 */
export async function undoBusinessMerge(handle: DatabaseHandle, mergeId: number, rehash: RehashBusiness): Promise<UndoneMerge> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_WRITE_LOCK})`);
    const [merge] = await tx.select().from(businessMerges).where(eq(businessMerges.id, mergeId)).for("update");
    if (!merge) throw new DirectoryError("MERGE_NOT_FOUND", `There is no merge #${mergeId}; the dedupe audit entries name each merge id.`);
    if (merge.undoneAt) throw new DirectoryError("MERGE_ALREADY_UNDONE", `Merge #${mergeId} was already undone at ${merge.undoneAt.toISOString()}.`);
    const [survivor] = await tx.select(STORED_COLUMNS).from(businesses).where(eq(businesses.id, merge.survivorId)).for("update");
    if (!survivor) {
      const [later] = await tx
        .select({ id: businessMerges.id })
        .from(businessMerges)
        .where(and(eq(businessMerges.mergedId, merge.survivorId), sql`${businessMerges.undoneAt} is null`))
        .limit(1);
      throw new DirectoryError(
        "MERGE_SURVIVOR_GONE",
        later
          ? `Business #${merge.survivorId} was itself merged away by merge #${later.id}; undo that one first.`
          : `Business #${merge.survivorId}, which merge #${mergeId} kept, has been deleted since; restore it first.`,
      );
    }

    const revert: Record<string, unknown> = {};
    const reverted: string[] = [];
    const keptChanged: string[] = [];
    for (const [field, { before, after }] of Object.entries(merge.filled)) {
      if (DERIVED_FIELDS.has(field)) continue;
      if (sameValue(survivor[field as keyof StoredBusiness], after)) {
        revert[field] = before;
        reverted.push(field);
      } else {
        keptChanged.push(field);
      }
    }
    const reverting = { ...survivor, ...(revert as Partial<StoredBusiness>) };
    const derived =
      keptChanged.length === 0
        ? Object.fromEntries([...DERIVED_FIELDS].filter((field) => field in merge.filled).map((field) => [field, merge.filled[field]?.before]))
        : rehash(reverting);
    await tx
      .update(businesses)
      .set({ ...(revert as BusinessPatch), ...derived, updatedAt: sql`now()` })
      .where(eq(businesses.id, survivor.id));
    await tx.delete(businessAliases).where(eq(businessAliases.mergeId, mergeId));

    const row = merge.mergedRow;
    const clash = await tx
      .select({ id: businesses.id, identityKey: businesses.identityKey, placeId: businesses.placeId })
      .from(businesses)
      .where(
        sql`${businesses.identityKey} = ${row.identity_key as string} or ${businesses.placeId} = ${(row.place_id as string | null) ?? null} or ${businesses.id} = ${merge.mergedId}`,
      )
      .limit(1);
    if (clash[0]) {
      throw new DirectoryError(
        "MERGE_IDENTITY_TAKEN",
        `Business #${clash[0].id} now holds the identity or place id of the merged row (#${merge.mergedId}); change or delete it, then undo again.`,
      );
    }
    const [slugTaken] = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, row.slug as string))
      .limit(1);
    const restoredSlug = slugTaken ? `${row.slug as string}-${merge.mergedId}` : (row.slug as string);
    await tx.delete(slugRedirects).where(inArray(slugRedirects.oldSlug, [row.slug as string, restoredSlug]));
    await tx.execute(
      sql`insert into businesses (${sql.raw(STORED_COLUMN_NAMES.join(", "))}) overriding system value
          select ${sql.raw(STORED_COLUMN_NAMES.map((name) => `r.${name}`).join(", "))}
            from jsonb_populate_record(null::businesses, ${JSON.stringify({ ...row, slug: restoredSlug })}::jsonb) as r`,
    );
    if (merge.movedRedirects.length > 0) {
      await tx
        .update(slugRedirects)
        .set({ businessId: merge.mergedId })
        .where(and(inArray(slugRedirects.oldSlug, merge.movedRedirects), eq(slugRedirects.businessId, survivor.id)));
    }
    if (merge.movedAliases.length > 0) {
      await tx
        .update(businessAliases)
        .set({ businessId: merge.mergedId })
        .where(and(inArray(businessAliases.identityKey, merge.movedAliases), eq(businessAliases.businessId, survivor.id)));
    }
    await tx
      .update(businessMerges)
      .set({ undoneAt: sql`now()` })
      .where(eq(businessMerges.id, mergeId));
    return { mergeId, survivorId: survivor.id, restoredId: merge.mergedId, reverted, keptChanged, restoredSlug };
  });
}
