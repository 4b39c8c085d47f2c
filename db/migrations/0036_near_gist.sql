-- A search near a point read its box through businesses_geo_idx (latitude, longitude): a btree reads a latitude band
-- around the whole world and tests the longitude on every entry of it, then fetched each row of the box for its
-- distance. At 5M businesses the sample and the nearest ring of a big city read 3–5k table rows (filter near a city,
-- sort by distance: 52 ms p95; with a word, 138 ms). This GiST index finds the points inside the box itself.
-- NOTE: INCLUDE (hand written: drizzle's index builder has no INCLUDE) carries every column a near search's sample
-- and nearest ring read (db/queries/search-statement.ts), and the filters a visitor adds to it, so without a word or
-- "open now" those reads are index-only. Partial on the listed condition, as the rank indexes. IF NOT EXISTS: a large
-- database can have it built beforehand with CREATE INDEX CONCURRENTLY (same name and definition), and this is then a
-- no-op. Bulk imports drop and rebuild it with the other secondary indexes (db/writes/deferred-indexes.ts).
CREATE INDEX IF NOT EXISTS "businesses_near_idx" ON "businesses" USING gist (point("longitude", "latitude")) INCLUDE ("id","category_slug","country_code","city_slug","rank_score","rating","reviews","latitude","longitude","verified","is_test") WHERE "businesses"."is_approved" and "businesses"."status" = 'operational';
