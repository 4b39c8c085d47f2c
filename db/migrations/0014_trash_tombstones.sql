CREATE TABLE "business_tombstones" (
	"identity_key" text PRIMARY KEY NOT NULL,
	"trash_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_businesses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deleted_businesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"identity_key" text NOT NULL,
	"place_id" text,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"row" jsonb NOT NULL,
	"redirects" text[] DEFAULT '{}' NOT NULL,
	"batch_id" text NOT NULL,
	"reason" text NOT NULL,
	"deleted_by" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "suppressed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_tombstones" ADD CONSTRAINT "business_tombstones_trash_id_deleted_businesses_id_fk" FOREIGN KEY ("trash_id") REFERENCES "public"."deleted_businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_tombstones_trash_idx" ON "business_tombstones" USING btree ("trash_id");--> statement-breakpoint
CREATE INDEX "deleted_businesses_deleted_at_idx" ON "deleted_businesses" USING btree ("deleted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deleted_businesses_batch_idx" ON "deleted_businesses" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "deleted_businesses_business_idx" ON "deleted_businesses" USING btree ("business_id");