-- A word near a point read every business of the circle's box to test the word on the row (at 5M businesses, 16k
-- rows near Sydney, 100–150 ms for a word with a few hundred matches there). With a grid cell of a quarter of a degree
-- as a column of the full-text GIN index (btree_gin), beside the country, city and category, the box's cells and the
-- word are intersected inside the index, and only their common rows are read (db/queries/search-statement.ts).
-- NOTE: the cell rule is db/rules/near-cells.ts's (the same arithmetic in float8); the coordinates are clamped to the
-- globe so no stored value can overflow the integer. Not STRICT, so the planner inlines it into the index expression
-- and the query alike.
CREATE OR REPLACE FUNCTION directory_near_cell(latitude double precision, longitude double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT floor((least(greatest($1, -90), 90) + 90) * 4)::integer * 1441 + floor((least(greatest($2, -180), 180) + 180) * 4)::integer $$;
--> statement-breakpoint
-- NOTE: only where the index exists (btree_gin, migrations 0005 and 0031); PGlite keeps its text-only
-- businesses_search_idx. Bulk imports drop and rebuild it with the other secondary indexes (db/writes/deferred-indexes.ts).
DO $migration$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'businesses_location_search_idx') THEN
    DROP INDEX "businesses_location_search_idx";
    CREATE INDEX "businesses_location_search_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug",directory_near_cell("latitude", "longitude"),"search_vector");
  END IF;
END
$migration$;
