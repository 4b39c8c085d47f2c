ALTER TABLE "category_counts" ADD COLUMN "last_modified" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "city_counts" ADD COLUMN "last_modified" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "country_counts" ADD COLUMN "last_modified" timestamp with time zone;--> statement-breakpoint
-- Existing counts get their lastmods now; every later count refresh keeps them (db/writes/aggregates.ts).
UPDATE "category_counts" AS c SET "last_modified" = b.newest
  FROM (SELECT category_slug, max(updated_at) AS newest FROM businesses WHERE is_approved GROUP BY category_slug) AS b
 WHERE b.category_slug = c.category_slug;--> statement-breakpoint
UPDATE "city_counts" AS c SET "last_modified" = b.newest
  FROM (SELECT country_code, city_slug, max(updated_at) AS newest FROM businesses WHERE is_approved GROUP BY country_code, city_slug) AS b
 WHERE b.country_code = c.country_code AND b.city_slug = c.city_slug;--> statement-breakpoint
UPDATE "country_counts" AS c SET "last_modified" = b.newest
  FROM (SELECT country_code, max(updated_at) AS newest FROM businesses WHERE is_approved GROUP BY country_code) AS b
 WHERE b.country_code = c.country_code;
