// Every 1,000th (rank_score, id) of each long public business list, so page N seeks instead of scanning N × size rows.
import { bigint, doublePrecision, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

export const PAGE_ANCHOR_SCOPES = ["category", "city", "city-category"] as const;
export type PageAnchorScope = (typeof PAGE_ANCHOR_SCOPES)[number];

/**
 * A list's row at 0-based `position` (a multiple of the anchor step) in the order (rank_score desc, id desc)
 * over approved businesses, as of the last refresh. `scope_key` is the category slug, "CC/city-slug", or
 * "CC/city-slug/category-slug".
 */
export const pageAnchors = pgTable(
  "page_anchors",
  {
    scope: text("scope", { enum: PAGE_ANCHOR_SCOPES }).notNull(),
    scopeKey: text("scope_key").notNull(),
    position: integer("position").notNull(),
    rankScore: doublePrecision("rank_score").notNull(),
    businessId: bigint("business_id", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeKey, t.position] })],
);
