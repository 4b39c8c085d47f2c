CREATE SEQUENCE "public"."count_refreshes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "count_grain" (
	"country_code" text,
	"city_slug" text,
	"city" text,
	"district" text,
	"category_slug" text,
	"category" text,
	"n" integer NOT NULL,
	"last_modified" timestamp with time zone,
	"latitude_sum" double precision,
	"latitude_n" bigint NOT NULL,
	"longitude_sum" double precision,
	"longitude_n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "count_grain_place_idx" ON "count_grain" USING btree ("country_code","city_slug","category_slug");--> statement-breakpoint
CREATE INDEX "count_grain_category_idx" ON "count_grain" USING btree ("category_slug");