CREATE TABLE "business_suggestions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"name" text,
	"full_address" text,
	"phone" text,
	"website" text,
	"hours" text,
	"closure" text,
	"note" text,
	"email" text,
	"ip_hash" text,
	"user_agent" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"applied" jsonb,
	CONSTRAINT "business_suggestions_size" CHECK (octet_length(coalesce("business_suggestions"."note", '')) <= 8000 and octet_length(coalesce("business_suggestions"."hours", '')) <= 4000)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "kept_fields" text[];--> statement-breakpoint
ALTER TABLE "business_suggestions" ADD CONSTRAINT "business_suggestions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_suggestions_pending_idx" ON "business_suggestions" USING btree ("id" DESC NULLS LAST) WHERE "business_suggestions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_suggestions_business_idx" ON "business_suggestions" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "business_suggestions_ip_idx" ON "business_suggestions" USING btree ("ip_hash","created_at");