-- Every full count refresh deletes and re-inserts the city list. Inserted one by one into a GIN index without a
-- pending list, 80,000 cities took 5 s at 1M businesses; with fastupdate the inserts gather in the pending list and
-- refreshAggregates merges it in bulk at its end (gin_clean_pending_list, 1.5 s in all), so look-ups still never
-- scan a pending list (the reason 0005 turned it off).
ALTER INDEX "city_counts_name_trgm_idx" SET (fastupdate = on);
--> statement-breakpoint
SELECT gin_clean_pending_list('city_counts_name_trgm_idx'::regclass);
