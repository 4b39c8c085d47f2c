// The most popular approved businesses with the columns a broad search's rank walk reads, as of the last count refresh.
import { bigint, doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";
import { tsvector } from "./businesses.ts";

/**
 * The RANK_WALK most popular approved businesses (rank_score desc, id desc) with their facet keys and text vector: an
 * unfiltered broad search walks these few hundred contiguous rows instead of fetching as many heap rows by rank.
 */
export const searchTopRanked = pgTable("search_top_ranked", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  categorySlug: text("category_slug"),
  countryCode: text("country_code"),
  citySlug: text("city_slug"),
  rankScore: doublePrecision("rank_score").notNull(),
  rating: doublePrecision("rating"),
  reviews: integer("reviews").notNull(),
  searchVector: tsvector("search_vector").notNull(),
});
