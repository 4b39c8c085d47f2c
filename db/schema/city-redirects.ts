// Old city slugs → the slug the same city has now, per country: a city page asked for by an old slug answers 301.
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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

/**
 * District slugs → the city page most of a country's businesses with that district sit on ("kreuzberg" → "berlin"),
 * rebuilt with the count tables: a district that never had a page of its own answers 301 by a key lookup, never a
 * scan of businesses per request.
 */
export const districtSlugs = pgTable(
  "district_slugs",
  {
    countryCode: text("country_code").notNull(),
    districtSlug: text("district_slug").notNull(),
    citySlug: text("city_slug").notNull(),
    businessCount: integer("business_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.districtSlug] })],
);
