CREATE TABLE "city_slug_redirects" (
	"country_code" text NOT NULL,
	"old_slug" text NOT NULL,
	"new_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "city_slug_redirects_country_code_old_slug_pk" PRIMARY KEY("country_code","old_slug")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "city_geoname_id" integer;--> statement-breakpoint
CREATE INDEX "city_slug_redirects_new_idx" ON "city_slug_redirects" USING btree ("country_code","new_slug");