CREATE TABLE "business_aliases" (
	"identity_key" text PRIMARY KEY NOT NULL,
	"place_id" text,
	"business_id" bigint NOT NULL,
	"merge_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_merges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"survivor_id" bigint NOT NULL,
	"merged_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"merged_row" jsonb NOT NULL,
	"filled" jsonb NOT NULL,
	"conflicts" jsonb NOT NULL,
	"moved_redirects" jsonb NOT NULL,
	"moved_aliases" jsonb NOT NULL,
	"actor" text NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "business_aliases" ADD CONSTRAINT "business_aliases_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_aliases" ADD CONSTRAINT "business_aliases_merge_id_business_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."business_merges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_aliases_business_idx" ON "business_aliases" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "business_aliases_merge_idx" ON "business_aliases" USING btree ("merge_id");--> statement-breakpoint
CREATE INDEX "business_merges_survivor_idx" ON "business_merges" USING btree ("survivor_id");