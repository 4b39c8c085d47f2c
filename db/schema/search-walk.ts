// The best-known listed businesses by popularity, rating and reviews, with the columns a bounded search walk reads
// (text vector, facet keys and every filter's columns), as of the last count refresh.
import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { int4multirange, tsvector, type SpecialHours, type WeekHours } from "./businesses.ts";

/** The columns of businesses that a search's conditions read, under the same names (so the same SQL filters both). */
function walkColumns() {
  return {
    id: bigint("id", { mode: "number" }).primaryKey(),
    categorySlug: text("category_slug"),
    countryCode: text("country_code"),
    citySlug: text("city_slug"),
    rankScore: doublePrecision("rank_score").notNull(),
    rating: doublePrecision("rating"),
    reviews: integer("reviews").notNull(),
    searchVector: tsvector("search_vector").notNull(),
    verified: boolean("verified").notNull().default(false),
    isTest: boolean("is_test").notNull().default(false),
    status: text("status").notNull().default("operational"),
    workingHours: jsonb("working_hours").$type<WeekHours>(),
    specialHours: jsonb("special_hours").$type<SpecialHours>(),
    timeZone: text("time_zone"),
    openWeek: int4multirange("open_week"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
  };
}

/**
 * The RANK_WALK most popular listed businesses (rank_score desc, id desc) with their facet keys and text vector: an
 * unfiltered broad search walks these few hundred contiguous rows instead of fetching as many heap rows by rank.
 */
export const searchTopRanked = pgTable("search_top_ranked", walkColumns());

/** The RANK_WALK best-rated listed businesses (the rating sort's order): a search sorted by rating walks these. */
export const searchTopRated = pgTable("search_top_rated", walkColumns());

/** The RANK_WALK most reviewed listed businesses (the reviews sort's order): a search sorted by reviews walks these. */
export const searchTopReviewed = pgTable("search_top_reviewed", walkColumns());
