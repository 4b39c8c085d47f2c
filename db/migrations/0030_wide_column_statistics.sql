-- ANALYZE of businesses skips the wide columns no query filters or joins on (jsonb bodies, links, addresses shown
-- as they are, the import memo): their statistics were never read, and gathering them over the 30,000-row sample
-- cost 0.85 s of every 1.9 s ANALYZE at 280k businesses, which a bulk import waits for. Filtered columns keep the
-- default target. NOTE: `is not null` on them (the dedupe report) is estimated with the planner's defaults.
ALTER TABLE "businesses"
  ALTER COLUMN "about" SET STATISTICS 0,
  ALTER COLUMN "working_hours" SET STATISTICS 0,
  ALTER COLUMN "description" SET STATISTICS 0,
  ALTER COLUMN "photos" SET STATISTICS 0,
  ALTER COLUMN "special_hours" SET STATISTICS 0,
  ALTER COLUMN "full_address" SET STATISTICS 0,
  ALTER COLUMN "street" SET STATISTICS 0,
  ALTER COLUMN "reviews_link" SET STATISTICS 0,
  ALTER COLUMN "photo" SET STATISTICS 0,
  ALTER COLUMN "logo" SET STATISTICS 0,
  ALTER COLUMN "located_in" SET STATISTICS 0,
  ALTER COLUMN "url" SET STATISTICS 0,
  ALTER COLUMN "reservation_link" SET STATISTICS 0,
  ALTER COLUMN "menu_link" SET STATISTICS 0,
  ALTER COLUMN "order_link" SET STATISTICS 0,
  ALTER COLUMN "import_row_facts" SET STATISTICS 0,
  ALTER COLUMN "kept_fields" SET STATISTICS 0;
