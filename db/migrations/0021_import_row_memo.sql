ALTER TABLE "businesses" ADD COLUMN "import_row_hash" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "import_row_facts" text;