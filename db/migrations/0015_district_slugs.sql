CREATE TABLE "district_slugs" (
	"country_code" text NOT NULL,
	"district_slug" text NOT NULL,
	"city_slug" text NOT NULL,
	"business_count" integer NOT NULL,
	CONSTRAINT "district_slugs_country_code_district_slug_pk" PRIMARY KEY("country_code","district_slug")
);
