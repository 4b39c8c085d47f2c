// Businesses and their slug history: the source of truth every page, export and search index derives from.
import { sql } from "drizzle-orm";
import { bigint, boolean, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { WeekDay } from "../rules/opening-hours.ts";
import { buildSearchShardCondition, nameSearchShardIndex, SEARCH_SHARDS } from "../rules/search-shards.ts";

/** Canonical opening hours: weekday (monday…sunday) → list of [open, close] "HH:MM" pairs; [] = closed. */
export type WeekHours = Partial<Record<WeekDay, Array<[string, string]>>>;

/** Dated special or holiday hours: local date "YYYY-MM-DD" → that day's ranges ([] = closed), replacing the week's day. */
export type SpecialHours = Record<string, Array<[string, string]>>;

/** Canonical amenities: group ("Service options") → amenity ("Takeout") → available. */
export type Amenities = Record<string, Record<string, boolean>>;

export const BUSINESS_STATUSES = ["operational", "closed_temporarily", "closed_permanently"] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** A set of integer ranges ("{[540,1020),[1980,2460)}"), read as text. */
export const int4multirange = customType<{ data: string }>({ dataType: () => "int4multirange" });

export const businesses = pgTable(
  "businesses",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    category: text("category"),
    categorySlug: text("category_slug"),
    type: text("type"),
    fullAddress: text("full_address"),
    street: text("street"),
    city: text("city"),
    citySlug: text("city_slug"),
    /** The finer place inside the city ("Kreuzberg" of Berlin), shown beside it; never a city page of its own. */
    district: text("district"),
    /** GeoNames id of the city: every spelling of one place shares it (and one name and slug). */
    cityGeonameId: integer("city_geoname_id"),
    postalCode: text("postal_code"),
    state: text("state"),
    country: text("country"),
    countryCode: text("country_code"),
    /** Display form (national when the number belongs to the business's country); `phoneE164` is for tel: links and dedupe. */
    phone: text("phone"),
    phoneE164: text("phone_e164"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    rating: doublePrecision("rating"),
    reviews: integer("reviews").notNull().default(0),
    reviewsLink: text("reviews_link"),
    photo: text("photo"),
    logo: text("logo"),
    locatedIn: text("located_in"),
    workingHours: jsonb("working_hours").$type<WeekHours>(),
    specialHours: jsonb("special_hours").$type<SpecialHours>(),
    verified: boolean("verified").notNull().default(false),
    /** Amenity groups; plain-text descriptions go to `description`. */
    about: jsonb("about").$type<Amenities>(),
    description: text("description"),
    placeId: text("place_id"),
    url: text("url"),
    /** "$$", "₱₱", "€15–20" or hotel stars, as the source wrote it. */
    priceRange: text("price_range"),
    reservationLink: text("reservation_link"),
    menuLink: text("menu_link"),
    orderLink: text("order_link"),
    /** Further photo URLs after `photo` (http(s), deduplicated, at most 10); null when the source has none. */
    photos: jsonb("photos").$type<string[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),

    isApproved: boolean("is_approved").notNull().default(true),
    isTest: boolean("is_test").notNull().default(false),
    /** When a real import hid this demo business; it is hidden once only, so an admin's later re-approval sticks. */
    demoHiddenAt: timestamp("demo_hidden_at", { withTimezone: true }),
    status: text("status", { enum: BUSINESS_STATUSES }).notNull().default("operational"),
    timeZone: text("time_zone"),
    source: text("source"),
    /** place_id when present, else a normalised name+address key: re-imports never duplicate. */
    identityKey: text("identity_key").notNull(),
    /** Hash of the normalised record: a re-import with the same hash is counted "unchanged", not rewritten. */
    contentHash: text("content_hash").notNull(),
    /**
     * The import's memo of this business's source row (ingest-cli/pipeline/import/row-memo.ts): a hash of the raw
     * cells, the column mapping and the normalising code, and what normalising them gave (content hash, name, place
     * id, resolved fields, warnings). A re-import meeting the same hash reuses the facts instead of normalising again.
     */
    importRowHash: text("import_row_hash"),
    importRowFacts: text("import_row_facts"),
    /**
     * Columns an admin set by accepting a visitor's suggestion ("name", "full_address", "phone", "url",
     * "working_hours", "status"): a re-import keeps the stored value there (kept-values.ts). Null = none.
     */
    keptFields: text("kept_fields").array(),
    /** Popularity used for featured and list ordering (verified, rating × log(reviews), photo). */
    rankScore: doublePrecision("rank_score").notNull().default(0),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', directory_unaccent(coalesce("name", ''))), 'A') ||
        setweight(to_tsvector('simple', directory_unaccent(coalesce("category", '') || ' ' || coalesce("type", ''))), 'B') ||
        setweight(to_tsvector('simple', directory_unaccent(coalesce("city", '') || ' ' || coalesce("full_address", '') || ' ' || coalesce("country", ''))), 'C') ||
        setweight(to_tsvector('simple', directory_unaccent(coalesce("description", ''))), 'D')`,
    ),
    /**
     * The week's open minutes on the business's own clock (Monday 00:00 = 0 … 10079), from `working_hours` by the
     * open-now rule (directory_week_ranges, migration 0024): open now is one containment test per row instead of
     * reading the week's JSON. Null without opening hours.
     */
    openWeek: int4multirange("open_week").generatedAlwaysAs(sql`directory_week_ranges("working_hours")`),
  },
  (t) => [
    uniqueIndex("businesses_slug_key").on(t.slug),
    uniqueIndex("businesses_place_id_key").on(t.placeId),
    uniqueIndex("businesses_identity_key_key").on(t.identityKey),
    // Keyset pagination for every public list: (filter…, rank_score desc, id desc) over listed rows (approved and
    // operational: closed businesses keep their page but leave lists, counts and sitemaps).
    index("businesses_rank_idx")
      .on(t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    index("businesses_category_rank_idx")
      .on(t.categorySlug, t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    index("businesses_country_rank_idx")
      .on(t.countryCode, t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    index("businesses_city_rank_idx")
      .on(t.countryCode, t.citySlug, t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    // City × category pages (/cities/{cc}/{city}/{category}).
    index("businesses_city_category_rank_idx")
      .on(t.countryCode, t.citySlug, t.categorySlug, t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    // The search's sorts by rating and by reviews walk these in order and stop once a page is full (else a sort of
    // every listed business: 300 ms at 1M). Same ORDER BY as the statement (db/queries/search-statement.ts SORTS).
    // NOTE: migration 0024 builds both with INCLUDE (country_code, city_slug, category_slug, verified, is_test), which
    // drizzle cannot express: filtered walks stay index-only.
    index("businesses_rating_sort_idx")
      .on(t.rating.desc().nullsLast(), t.reviews.desc(), t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    index("businesses_reviews_sort_idx")
      .on(t.reviews.desc(), t.rating.desc().nullsLast(), t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    // A country's list by rating (with a category, city, verified or minimum rating) walks only that country's rows:
    // through the global index above, a rare category in a country passed most of the index for a page (986k rows
    // for 30 pharmacies in Mexico at 5M). NOTE: migration 0032 builds it with INCLUDE (city_slug, category_slug,
    // verified, is_test), which drizzle cannot express.
    index("businesses_country_rating_sort_idx")
      .on(t.countryCode, t.rating.desc().nullsLast(), t.reviews.desc(), t.rankScore.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
    // Admin list sorts and the export date ranges.
    index("businesses_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("businesses_name_idx").on(t.name, t.id),
    index("businesses_is_test_idx")
      .on(t.id)
      .where(sql`${t.isTest}`),
    // Full text, optionally narrowed to a country, city, category or grid cells around a point inside the index
    // (btree_gin; migrations 0005, 0031 and 0037, which keep the text-only businesses_search_idx instead where
    // btree_gin is not available, as on PGlite). The cell is db/rules/near-cells.ts's, a quarter of a degree.
    index("businesses_location_search_idx").using(
      "gin",
      t.countryCode,
      t.citySlug,
      t.categorySlug,
      sql`directory_near_cell(${t.latitude}, ${t.longitude})`,
      t.searchVector,
    ),
    // The same, in shards of the ids (db/rules/search-shards.ts): a search's sample reads the smallest shards first
    // and stops after its 1,001 matches, so a broad word no longer builds the bitmap of every match (migration 0034,
    // text-only where btree_gin is not available).
    ...SEARCH_SHARDS.map((_, shard) =>
      index(nameSearchShardIndex(shard))
        .using("gin", t.countryCode, t.citySlug, t.categorySlug, t.searchVector)
        .where(sql.raw(buildSearchShardCondition('"businesses"."id"', shard))),
    ),
    // Closed businesses leave the lists but a search that names one still finds it: their names alone, a few %.
    index("businesses_closed_name_idx")
      .using("gin", sql`to_tsvector('simple', directory_unaccent(coalesce(${t.name}, '')))`)
      .where(sql`${t.isApproved} and ${t.status} <> 'operational'`),
    index("businesses_name_trgm_idx").using("gin", sql`directory_unaccent(lower(${t.name})) gin_trgm_ops`),
    // Fallback identity "same name within ~50 m" looks up neighbours by coordinates.
    index("businesses_geo_idx").on(t.latitude, t.longitude),
    // A search near a point reads its box here: a box, where the index above reads a latitude band around the world.
    // NOTE: migration 0036 builds it with INCLUDE (the columns a near search's sample and nearest ring read), which
    // drizzle cannot express, so those reads need no table rows.
    index("businesses_near_idx")
      .using("gist", sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.isApproved} and ${t.status} = 'operational'`),
  ],
);

/** Old slugs keep working: a request for one answers 301 to the business's current slug. */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    businessId: bigint("business_id", { mode: "number" })
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("slug_redirects_business_idx").on(t.businessId)],
);

export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
