-- Location-qualified search at a million businesses: "restaurant" in Germany built the bitmap of every business
-- matching the word (256k rows) to AND it with the country's 48k. One GIN index over (country_code, city_slug,
-- search_vector) (btree_gin) intersects the posting lists inside the index instead, and, because a GIN index
-- answers any subset of its columns, it also serves text-only searches: it replaces businesses_search_idx, so
-- writes maintain one full-text index, not two.
-- NOTE: only where btree_gin is available (PostgreSQL's contrib). PGlite runs without it (see db/client.ts): there
-- the single-column index stays and searches are answered as before, only slower with a location.
DO $migration$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX IF NOT EXISTS "businesses_location_search_idx" ON "businesses" USING gin ("country_code", "city_slug", "search_vector");
    DROP INDEX IF EXISTS "businesses_search_idx";
  END IF;
END
$migration$;
--> statement-breakpoint
-- Typo look-ups read city names by trigram. Every count refresh deletes and re-inserts the city list, and GIN's
-- pending list (fastupdate) then held up to 4 MB of unsorted entries that every look-up scanned (7–10 ms instead
-- of 0.5 ms) until the next vacuum: this small index is written only by refreshes, so it is updated in place.
ALTER INDEX "city_counts_name_trgm_idx" SET (fastupdate = off);
