// Old city slugs → the slug the same city has now, per country: a city page asked for by an old slug answers 301.
import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const citySlugRedirects = pgTable(
  "city_slug_redirects",
  {
    countryCode: text("country_code").notNull(),
    oldSlug: text("old_slug").notNull(),
    newSlug: text("new_slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.oldSlug] }), index("city_slug_redirects_new_idx").on(t.countryCode, t.newSlug)],
);
