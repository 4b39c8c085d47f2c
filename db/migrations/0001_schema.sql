CREATE TABLE "businesses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "businesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"category" text,
	"category_slug" text,
	"type" text,
	"full_address" text,
	"street" text,
	"city" text,
	"city_slug" text,
	"postal_code" text,
	"state" text,
	"country" text,
	"country_code" text,
	"phone" text,
	"latitude" double precision,
	"longitude" double precision,
	"rating" double precision,
	"reviews" integer DEFAULT 0 NOT NULL,
	"reviews_link" text,
	"photo" text,
	"logo" text,
	"located_in" text,
	"working_hours" jsonb,
	"verified" boolean DEFAULT false NOT NULL,
	"about" jsonb,
	"description" text,
	"place_id" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'operational' NOT NULL,
	"time_zone" text,
	"source" text,
	"identity_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"rank_score" double precision DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', directory_unaccent(coalesce("name", ''))), 'A') ||
        setweight(to_tsvector('simple', directory_unaccent(coalesce("category", '') || ' ' || coalesce("type", ''))), 'B') ||
        setweight(to_tsvector('simple', directory_unaccent(coalesce("city", '') || ' ' || coalesce("full_address", '') || ' ' || coalesce("country", ''))), 'C') ||
        setweight(to_tsvector('simple', directory_unaccent(coalesce("description", ''))), 'D')) STORED
);
--> statement-breakpoint
CREATE TABLE "slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_counts" (
	"category_slug" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"first_letter" text NOT NULL,
	"business_count" integer NOT NULL,
	"country_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city_category_counts" (
	"country_code" text NOT NULL,
	"city_slug" text NOT NULL,
	"category_slug" text NOT NULL,
	"business_count" integer NOT NULL,
	CONSTRAINT "city_category_counts_country_code_city_slug_category_slug_pk" PRIMARY KEY("country_code","city_slug","category_slug")
);
--> statement-breakpoint
CREATE TABLE "city_counts" (
	"country_code" text NOT NULL,
	"city_slug" text NOT NULL,
	"city" text NOT NULL,
	"first_letter" text NOT NULL,
	"business_count" integer NOT NULL,
	"category_count" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "city_counts_country_code_city_slug_pk" PRIMARY KEY("country_code","city_slug")
);
--> statement-breakpoint
CREATE TABLE "country_category_counts" (
	"country_code" text NOT NULL,
	"category_slug" text NOT NULL,
	"business_count" integer NOT NULL,
	CONSTRAINT "country_category_counts_country_code_category_slug_pk" PRIMARY KEY("country_code","category_slug")
);
--> statement-breakpoint
CREATE TABLE "country_counts" (
	"country_code" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"country_slug" text NOT NULL,
	"business_count" integer NOT NULL,
	"city_count" integer NOT NULL,
	"category_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_totals" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"row_count" integer,
	"details" jsonb,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_codes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ad1" text DEFAULT '' NOT NULL,
	"ad2" text DEFAULT '' NOT NULL,
	"ad3" text DEFAULT '' NOT NULL,
	"ad4" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_codes_single_row" CHECK ("ad_codes"."id" = 1),
	CONSTRAINT "ad_codes_size" CHECK (octet_length("ad_codes"."ad1") <= 51200 and octet_length("ad_codes"."ad2") <= 51200 and octet_length("ad_codes"."ad3") <= 51200 and octet_length("ad_codes"."ad4") <= 51200)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip_hash" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daily_visits" (
	"day" date PRIMARY KEY NOT NULL,
	"page_views" bigint DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"head_tags" text DEFAULT '' NOT NULL,
	"footer_tags" text DEFAULT '' NOT NULL,
	"analytics_code" text DEFAULT '' NOT NULL,
	"facebook_pixel" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "import_row_issues" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_row_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"line_number" integer NOT NULL,
	"severity" text NOT NULL,
	"code" text NOT NULL,
	"field" text,
	"reason" text NOT NULL,
	"raw" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"origin" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size_bytes" bigint NOT NULL,
	"file_sha256" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" bigint,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"committed_through_row" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"inserted_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD CONSTRAINT "slug_redirects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row_issues" ADD CONSTRAINT "import_row_issues_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_slug_key" ON "businesses" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_place_id_key" ON "businesses" USING btree ("place_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_identity_key_key" ON "businesses" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "businesses_rank_idx" ON "businesses" USING btree ("rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved";--> statement-breakpoint
CREATE INDEX "businesses_category_rank_idx" ON "businesses" USING btree ("category_slug","rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved";--> statement-breakpoint
CREATE INDEX "businesses_country_rank_idx" ON "businesses" USING btree ("country_code","rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved";--> statement-breakpoint
CREATE INDEX "businesses_city_rank_idx" ON "businesses" USING btree ("country_code","city_slug","rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_approved";--> statement-breakpoint
CREATE INDEX "businesses_created_at_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "businesses_is_test_idx" ON "businesses" USING btree ("id") WHERE "businesses"."is_test";--> statement-breakpoint
CREATE INDEX "businesses_search_idx" ON "businesses" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "businesses_name_trgm_idx" ON "businesses" USING gin (directory_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_geo_idx" ON "businesses" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "slug_redirects_business_idx" ON "slug_redirects" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "category_counts_count_idx" ON "category_counts" USING btree ("business_count" DESC NULLS LAST,"category_slug");--> statement-breakpoint
CREATE INDEX "category_counts_letter_idx" ON "category_counts" USING btree ("first_letter","business_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "city_category_counts_city_idx" ON "city_category_counts" USING btree ("country_code","city_slug","business_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "city_counts_count_idx" ON "city_counts" USING btree ("business_count" DESC NULLS LAST,"country_code","city_slug");--> statement-breakpoint
CREATE INDEX "city_counts_letter_idx" ON "city_counts" USING btree ("first_letter","business_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "city_counts_country_idx" ON "city_counts" USING btree ("country_code","business_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "country_category_counts_category_idx" ON "country_category_counts" USING btree ("category_slug","business_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "country_category_counts_country_idx" ON "country_category_counts" USING btree ("country_code","business_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "country_counts_count_idx" ON "country_counts" USING btree ("business_count" DESC NULLS LAST,"country_code");--> statement-breakpoint
CREATE INDEX "country_counts_slug_idx" ON "country_counts" USING btree ("country_slug");--> statement-breakpoint
CREATE INDEX "admin_sessions_user_idx" ON "admin_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_username_key" ON "admin_users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree (lower("username"),"at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_ip_idx" ON "contact_messages" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "import_row_issues_run_idx" ON "import_row_issues" USING btree ("run_id","line_number");--> statement-breakpoint
CREATE INDEX "import_runs_created_idx" ON "import_runs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_runs_status_idx" ON "import_runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "import_runs_sha_idx" ON "import_runs" USING btree ("file_sha256");