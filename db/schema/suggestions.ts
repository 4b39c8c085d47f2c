// Visitors' suggested edits of a business (new name, address, phone, website, hours, closed or moved) waiting for an
// admin's review; an accepted one is applied to the business, whose changed columns are then kept over re-imports.
import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { businesses } from "./businesses.ts";

export const SUGGESTION_CLOSURES = ["closed_permanently", "closed_temporarily", "moved"] as const;
export type SuggestionClosure = (typeof SUGGESTION_CLOSURES)[number];

export const SUGGESTION_STATUSES = ["pending", "accepted", "rejected"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const businessSuggestions = pgTable(
  "business_suggestions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: bigint("business_id", { mode: "number" })
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    /** Proposed values as the visitor (or the reviewing admin) wrote them; null = no change offered. */
    name: text("name"),
    fullAddress: text("full_address"),
    phone: text("phone"),
    website: text("website"),
    /** Free text ("Mon–Fri 9:00–18:00"); the admin rewrites it in the import's hours format before accepting. */
    hours: text("hours"),
    closure: text("closure", { enum: SUGGESTION_CLOSURES }),
    note: text("note"),
    email: text("email"),
    /** Salted hash of the sender's address (IPv6: its /64), for the rate limit; never the address itself. */
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    status: text("status", { enum: SUGGESTION_STATUSES }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
    /** What an accept changed: column → { before, after } (the audit entry holds the same). */
    applied: jsonb("applied").$type<Record<string, { before: unknown; after: unknown }>>(),
  },
  (t) => [
    index("business_suggestions_pending_idx")
      .on(t.id.desc())
      .where(sql`${t.status} = 'pending'`),
    index("business_suggestions_business_idx").on(t.businessId),
    index("business_suggestions_ip_idx").on(t.ipHash, t.createdAt),
    check("business_suggestions_size", sql`octet_length(coalesce(${t.note}, '')) <= 8000 and octet_length(coalesce(${t.hours}, '')) <= 4000`),
  ],
);
