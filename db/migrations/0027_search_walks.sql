CREATE TABLE "search_top_rated" (
	"id" bigint PRIMARY KEY NOT NULL,
	"category_slug" text,
	"country_code" text,
	"city_slug" text,
	"rank_score" double precision NOT NULL,
	"rating" double precision,
	"reviews" integer NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'operational' NOT NULL,
	"working_hours" jsonb,
	"special_hours" jsonb,
	"time_zone" text,
	"open_week" "int4multirange",
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "search_top_reviewed" (
	"id" bigint PRIMARY KEY NOT NULL,
	"category_slug" text,
	"country_code" text,
	"city_slug" text,
	"rank_score" double precision NOT NULL,
	"rating" double precision,
	"reviews" integer NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'operational' NOT NULL,
	"working_hours" jsonb,
	"special_hours" jsonb,
	"time_zone" text,
	"open_week" "int4multirange",
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "status" text DEFAULT 'operational' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "working_hours" jsonb;--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "special_hours" jsonb;--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "open_week" "int4multirange";--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "search_top_ranked" ADD COLUMN "longitude" double precision;--> statement-breakpoint
-- Filled now for existing databases; every later count refresh rebuilds all three (db/writes/aggregates.ts). 2000 =
-- RANK_WALK; the orders are the rank, rating and reviews sorts, read through their partial indexes (milliseconds).
DELETE FROM "search_top_ranked";
--> statement-breakpoint
INSERT INTO "search_top_ranked"
SELECT id, category_slug, country_code, city_slug, rank_score, rating, reviews, search_vector, verified, is_test, status,
       working_hours, special_hours, time_zone, open_week, latitude, longitude
  FROM businesses WHERE is_approved AND status = 'operational'
 ORDER BY rank_score DESC NULLS LAST, id DESC NULLS LAST LIMIT 2000;
--> statement-breakpoint
INSERT INTO "search_top_rated"
SELECT id, category_slug, country_code, city_slug, rank_score, rating, reviews, search_vector, verified, is_test, status,
       working_hours, special_hours, time_zone, open_week, latitude, longitude
  FROM businesses WHERE is_approved AND status = 'operational'
 ORDER BY rating DESC NULLS LAST, reviews DESC NULLS LAST, rank_score DESC NULLS LAST, id DESC NULLS LAST LIMIT 2000;
--> statement-breakpoint
INSERT INTO "search_top_reviewed"
SELECT id, category_slug, country_code, city_slug, rank_score, rating, reviews, search_vector, verified, is_test, status,
       working_hours, special_hours, time_zone, open_week, latitude, longitude
  FROM businesses WHERE is_approved AND status = 'operational'
 ORDER BY reviews DESC NULLS LAST, rating DESC NULLS LAST, rank_score DESC NULLS LAST, id DESC NULLS LAST LIMIT 2000;
