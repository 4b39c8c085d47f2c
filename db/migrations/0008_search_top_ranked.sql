CREATE TABLE "search_top_ranked" (
	"id" bigint PRIMARY KEY NOT NULL,
	"category_slug" text,
	"country_code" text,
	"city_slug" text,
	"rank_score" double precision NOT NULL,
	"rating" double precision,
	"reviews" integer NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
-- Filled now for existing databases; every later count refresh rebuilds it (db/writes/aggregates.ts). 2000 = RANK_WALK.
INSERT INTO "search_top_ranked" ("id", "category_slug", "country_code", "city_slug", "rank_score", "rating", "reviews", "search_vector")
SELECT id, category_slug, country_code, city_slug, rank_score, rating, reviews, search_vector
  FROM businesses WHERE is_approved ORDER BY rank_score DESC NULLS LAST, id DESC NULLS LAST LIMIT 2000;
