-- A GIN index answers only with a bitmap of every match, so a broad word paid for its whole posting list before
-- the search read its first row: "salon" (68k matches at a million businesses) built a 68k-entry bitmap, 20 ms of
-- a 32 ms search, for a sample that keeps 1,001 matches. The same index in seven shards of the ids (1/64, 1/64,
-- 2/64 … 32/64; db/rules/search-shards.ts) lets the sample read the smallest shards first and stop: "salon" reads
-- the first shard's 1.1k entries (4 ms). businesses_location_search_idx stays for the reads that need every match
-- (a distance search's box, a deep page, the typo vocabulary's existence test).
-- NOTE: the four columns only where btree_gin is available, as in migrations 0005 and 0031; PGlite shards the
-- text alone, as its businesses_search_idx. IF NOT EXISTS: a large database can build them beforehand with CREATE
-- INDEX CONCURRENTLY (same names and definitions). Bulk imports drop and rebuild them with the other secondary
-- indexes (db/writes/deferred-indexes.ts).
DO $migration$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_0_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug","search_vector") WHERE ("businesses"."id" % 64) = 0;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_1_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug","search_vector") WHERE ("businesses"."id" % 64) = 1;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_2_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug","search_vector") WHERE ("businesses"."id" % 64) >= 2 and ("businesses"."id" % 64) <= 3;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_3_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug","search_vector") WHERE ("businesses"."id" % 64) >= 4 and ("businesses"."id" % 64) <= 7;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_4_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug","search_vector") WHERE ("businesses"."id" % 64) >= 8 and ("businesses"."id" % 64) <= 15;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_5_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug","search_vector") WHERE ("businesses"."id" % 64) >= 16 and ("businesses"."id" % 64) <= 31;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_6_idx" ON "businesses" USING gin ("country_code","city_slug","category_slug","search_vector") WHERE ("businesses"."id" % 64) >= 32 and ("businesses"."id" % 64) <= 63;
  ELSE
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_0_idx" ON "businesses" USING gin ("search_vector") WHERE ("businesses"."id" % 64) = 0;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_1_idx" ON "businesses" USING gin ("search_vector") WHERE ("businesses"."id" % 64) = 1;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_2_idx" ON "businesses" USING gin ("search_vector") WHERE ("businesses"."id" % 64) >= 2 and ("businesses"."id" % 64) <= 3;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_3_idx" ON "businesses" USING gin ("search_vector") WHERE ("businesses"."id" % 64) >= 4 and ("businesses"."id" % 64) <= 7;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_4_idx" ON "businesses" USING gin ("search_vector") WHERE ("businesses"."id" % 64) >= 8 and ("businesses"."id" % 64) <= 15;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_5_idx" ON "businesses" USING gin ("search_vector") WHERE ("businesses"."id" % 64) >= 16 and ("businesses"."id" % 64) <= 31;
    CREATE INDEX IF NOT EXISTS "businesses_search_shard_6_idx" ON "businesses" USING gin ("search_vector") WHERE ("businesses"."id" % 64) >= 32 and ("businesses"."id" % 64) <= 63;
  END IF;
END
$migration$;
--> statement-breakpoint
-- A shard's condition is an expression the planner has no statistics for (it took "(id % 64) >= 32" for 0.5 % of
-- the rows, not half): these give it the residues' frequencies, so a shard's matches are estimated right. NOTE: read
-- from the next ANALYZE: the VACUUM (ANALYZE) after migrations (db/migrate.ts) on a database holding data.
CREATE STATISTICS IF NOT EXISTS "businesses_search_shard_stats" ON (("id" % 64)) FROM "businesses";
