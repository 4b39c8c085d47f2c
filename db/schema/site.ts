// Admin-edited site code, ad slots, and visitor contact messages.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, date } from "drizzle-orm/pg-core";

/** One row (id = 1): the site-wide code snippets injected on public pages. */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    headTags: text("head_tags").notNull().default(""),
    footerTags: text("footer_tags").notNull().default(""),
    analyticsCode: text("analytics_code").notNull().default(""),
    facebookPixel: text("facebook_pixel").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

/** One row (id = 1): the four business-page ad slots, each capped at 50 KB. */
export const adCodes = pgTable(
  "ad_codes",
  {
    id: integer("id").primaryKey().default(1),
    ad1: text("ad1").notNull().default(""),
    ad2: text("ad2").notNull().default(""),
    ad3: text("ad3").notNull().default(""),
    ad4: text("ad4").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ad_codes_single_row", sql`${t.id} = 1`),
    check(
      "ad_codes_size",
      sql`octet_length(${t.ad1}) <= 51200 and octet_length(${t.ad2}) <= 51200 and octet_length(${t.ad3}) <= 51200 and octet_length(${t.ad4}) <= 51200`,
    ),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Salted hash, not the address: enough for rate limiting, useless to a thief. */
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc()), index("contact_messages_ip_idx").on(t.ipHash, t.createdAt)],
);

/** Daily public page views and distinct visitors for the admin dashboard. */
export const dailyVisits = pgTable("daily_visits", {
  day: date("day").primaryKey(),
  pageViews: bigint("page_views", { mode: "number" }).notNull().default(0),
  visitors: integer("visitors").notNull().default(0),
});
