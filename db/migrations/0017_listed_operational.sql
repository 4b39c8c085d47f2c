DROP INDEX "businesses_rank_idx";--> statement-breakpoint
DROP INDEX "businesses_category_rank_idx";--> statement-breakpoint
DROP INDEX "businesses_country_rank_idx";--> statement-breakpoint
DROP INDEX "businesses_city_rank_idx";--> statement-breakpoint
CREATE INDEX "businesses_closed_name_idx" ON "businesses" USING gin (to_tsvector('simple', directory_unaccent(coalesce("name", '')))) WHERE "businesses"."is_approved" and "businesses"."status" <> 'operational';--> statement-breakpoint
CREATE INDEX "businesses_rank_idx" ON "businesses" USING btree ("rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved" and "businesses"."status" = 'operational';--> statement-breakpoint
CREATE INDEX "businesses_category_rank_idx" ON "businesses" USING btree ("category_slug","rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved" and "businesses"."status" = 'operational';--> statement-breakpoint
CREATE INDEX "businesses_country_rank_idx" ON "businesses" USING btree ("country_code","rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved" and "businesses"."status" = 'operational';--> statement-breakpoint
CREATE INDEX "businesses_city_rank_idx" ON "businesses" USING btree ("country_code","city_slug","rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved" and "businesses"."status" = 'operational';--> statement-breakpoint
-- Counts stored before this migration include closed businesses: mark them older than every import, so the next
-- server start (or import) rebuilds them with the listed-only rule.
UPDATE "site_totals" SET "refreshed_at" = '1970-01-01T00:00:00Z';
