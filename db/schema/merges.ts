// Dedupe merges and the identities they retire: every merged row's identity → its survivor, and the record an undo
// restores from (the merged row in full, the survivor's filled fields, the conflicting values kept, not dropped).
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

/** Survivor fields a merge filled: field (the schema's camelCase name) → the survivor's value before and after. */
export type MergeFilledFields = Record<string, { before: unknown; after: unknown }>;

/** Fields where both rows had different non-empty values: the survivor kept its own, the merged one is kept here. */
export type MergeConflicts = Record<string, { survivor: unknown; merged: unknown }>;

export const businessMerges = pgTable(
  "business_merges",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the record outlives a later delete of the survivor (an undo then says so). */
    survivorId: bigint("survivor_id", { mode: "number" }).notNull(),
    mergedId: bigint("merged_id", { mode: "number" }).notNull(),
    /** place_id, name_address, name_nearby, or forced (an operator's explicit merge). */
    reason: text("reason").notNull(),
    /** The merged row as it was stored (snake_case columns, search_vector left out): an undo inserts it back. */
    mergedRow: jsonb("merged_row").$type<Record<string, unknown>>().notNull(),
    filled: jsonb("filled").$type<MergeFilledFields>().notNull(),
    conflicts: jsonb("conflicts").$type<MergeConflicts>().notNull(),
    /** Old slugs and aliases that pointed at the merged row and were moved to the survivor (moved back by an undo). */
    movedRedirects: jsonb("moved_redirects").$type<string[]>().notNull(),
    movedAliases: jsonb("moved_aliases").$type<string[]>().notNull(),
    actor: text("actor").notNull(),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("business_merges_survivor_idx").on(t.survivorId)],
);

/** A retired identity key (and its place id) → the business that now holds it; imports resolve through it. */
export const businessAliases = pgTable(
  "business_aliases",
  {
    identityKey: text("identity_key").primaryKey(),
    placeId: text("place_id"),
    businessId: bigint("business_id", { mode: "number" })
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    mergeId: bigint("merge_id", { mode: "number" }).references(() => businessMerges.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("business_aliases_business_idx").on(t.businessId), index("business_aliases_merge_idx").on(t.mergeId)],
);

export type BusinessMerge = typeof businessMerges.$inferSelect;
