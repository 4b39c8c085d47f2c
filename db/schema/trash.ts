// Deleted businesses and the identities an operator removed: the trash a restore reads back, and the tombstones that
// keep an import from bringing a deleted business back.
import { bigint, index, pgTable, text, timestamp, jsonb } from "drizzle-orm/pg-core";

/**
 * One deleted business as it was (its row as jsonb, its old slugs), with who deleted it, why, and the deletion batch
 * it belongs to (one per delete action: a single delete, a filter, test data, delete-all). Kept for the restore window.
 * NOTE: a table of its own rather than a `deleted_at` column: every public query and partial index of `businesses`
 * stays as it is, and a million-row delete-all leaves the hot table empty instead of full of hidden rows.
 */
export const deletedBusinesses = pgTable(
  "deleted_businesses",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The business's id, given back on restore (ids are never reused, so it is still free). */
    businessId: bigint("business_id", { mode: "number" }).notNull(),
    identityKey: text("identity_key").notNull(),
    placeId: text("place_id"),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    row: jsonb("row").$type<Record<string, unknown>>().notNull(),
    /** Its old slugs (slug_redirects), recreated on restore where still free. */
    redirects: text("redirects").array().notNull().default([]),
    batchId: text("batch_id").notNull(),
    reason: text("reason", { enum: ["delete", "delete-filter", "test-data", "delete-all"] }).notNull(),
    deletedBy: text("deleted_by").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("deleted_businesses_deleted_at_idx").on(t.deletedAt.desc(), t.id.desc()),
    index("deleted_businesses_batch_idx").on(t.batchId),
    index("deleted_businesses_business_idx").on(t.businessId),
  ],
);

/**
 * Identities (identity_key, and `pid:<place_id>`) an operator deleted: the import skips rows with one and counts
 * them "suppressed". Outlives the trash entry (purged after the restore window): a deletion stays a deletion.
 */
export const businessTombstones = pgTable(
  "business_tombstones",
  {
    identityKey: text("identity_key").primaryKey(),
    trashId: bigint("trash_id", { mode: "number" }).references(() => deletedBusinesses.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A restore and a purge find a trash entry's tombstones by it (the foreign key's set null too).
  (t) => [index("business_tombstones_trash_idx").on(t.trashId)],
);
