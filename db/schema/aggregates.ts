// Precomputed counts behind every list page and home counter; rebuilt by the write path, never per request.
import { bigint, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, doublePrecision } from "drizzle-orm/pg-core";

export const categoryCounts = pgTable(
  "category_counts",
  {
    categorySlug: text("category_slug").primaryKey(),
    category: text("category").notNull(),
    firstLetter: text("first_letter").notNull(),
    businessCount: integer("business_count").notNull(),
    countryCount: integer("country_count").notNull(),
    /** Newest updated_at of the businesses counted (the sitemap's lastmod for the category page). */
    lastModified: timestamp("last_modified", { withTimezone: true }),
  },
  (t) => [
    index("category_counts_count_idx").on(t.businessCount.desc(), t.categorySlug),
    index("category_counts_letter_idx").on(t.firstLetter, t.businessCount.desc()),
  ],
);

export const countryCounts = pgTable(
  "country_counts",
  {
    countryCode: text("country_code").primaryKey(),
    country: text("country").notNull(),
    countrySlug: text("country_slug").notNull(),
    businessCount: integer("business_count").notNull(),
    cityCount: integer("city_count").notNull(),
    categoryCount: integer("category_count").notNull(),
    /** Newest updated_at of the businesses counted (the sitemap's lastmod for the country page). */
    lastModified: timestamp("last_modified", { withTimezone: true }),
  },
  (t) => [index("country_counts_count_idx").on(t.businessCount.desc(), t.countryCode), index("country_counts_slug_idx").on(t.countrySlug)],
);

export const cityCounts = pgTable(
  "city_counts",
  {
    countryCode: text("country_code").notNull(),
    citySlug: text("city_slug").notNull(),
    city: text("city").notNull(),
    firstLetter: text("first_letter").notNull(),
    businessCount: integer("business_count").notNull(),
    categoryCount: integer("category_count").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Newest updated_at of the businesses counted (the sitemap's lastmod for the city page). */
    lastModified: timestamp("last_modified", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.citySlug] }),
    index("city_counts_count_idx").on(t.businessCount.desc(), t.countryCode, t.citySlug),
    index("city_counts_letter_idx").on(t.firstLetter, t.businessCount.desc()),
    index("city_counts_country_idx").on(t.countryCode, t.businessCount.desc()),
  ],
);

/** Country detail "popular categories" and category detail "top countries". */
export const countryCategoryCounts = pgTable(
  "country_category_counts",
  {
    countryCode: text("country_code").notNull(),
    categorySlug: text("category_slug").notNull(),
    businessCount: integer("business_count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.categorySlug] }),
    index("country_category_counts_category_idx").on(t.categorySlug, t.businessCount.desc()),
    index("country_category_counts_country_idx").on(t.countryCode, t.businessCount.desc()),
  ],
);

/** City detail "top categories", category detail "top cities" and the city × category pages. */
export const cityCategoryCounts = pgTable(
  "city_category_counts",
  {
    countryCode: text("country_code").notNull(),
    citySlug: text("city_slug").notNull(),
    categorySlug: text("category_slug").notNull(),
    businessCount: integer("business_count").notNull(),
    /** Newest updated_at of the businesses counted (the sitemap's lastmod for the city × category page). */
    lastModified: timestamp("last_modified", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.citySlug, t.categorySlug] }),
    index("city_category_counts_city_idx").on(t.countryCode, t.citySlug, t.businessCount.desc()),
    index("city_category_counts_category_idx").on(t.categorySlug, t.businessCount.desc()),
  ],
);

/** Site-wide totals (businesses, countries, cities, categories) read by the home counters. */
export const siteTotals = pgTable("site_totals", {
  key: text("key").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Listed businesses grouped by every key and spelling the count tables use (db/writes/aggregates.ts): the full count
 * refresh fills it from one scan of businesses, a small import refreshes only the (country, city, category) groups it
 * touched and recounts its keys from here instead of from businesses. Empty: the next refresh is a full one.
 */
export const countGrain = pgTable(
  "count_grain",
  {
    countryCode: text("country_code"),
    citySlug: text("city_slug"),
    city: text("city"),
    district: text("district"),
    categorySlug: text("category_slug"),
    category: text("category"),
    n: integer("n").notNull(),
    lastModified: timestamp("last_modified", { withTimezone: true }),
    latitudeSum: doublePrecision("latitude_sum"),
    latitudeN: bigint("latitude_n", { mode: "number" }).notNull(),
    longitudeSum: doublePrecision("longitude_sum"),
    longitudeN: bigint("longitude_n", { mode: "number" }).notNull(),
  },
  (t) => [index("count_grain_place_idx").on(t.countryCode, t.citySlug, t.categorySlug), index("count_grain_category_idx").on(t.categorySlug)],
);

/**
 * Moved by every count refresh (full, a small import's, one business's) under its lock: a small import that saw it
 * move while it wrote refreshes in full, since that refresh may already have counted some of its rows.
 */
export const countRefreshes = pgSequence("count_refreshes");
