-- Open-now and search helpers: (hours jsonb, time zone, instant) → open?, plus the prefix/trigram indexes the
-- search engine's suggest, location and typo look-ups need at a million businesses.
--
-- directory_time_zone(tz): a zone name PostgreSQL knows, else 'UTC'. `AT TIME ZONE 'Bogus/Zone'` raises an
-- error, and one bad imported time_zone must never fail a whole search, so the known names are baked into
-- the function as a constant array when this migration runs (a hashed `= ANY` at execution, no table read,
-- and the function stays inlinable).
DO $migration$
BEGIN
  EXECUTE format(
    $fn$CREATE OR REPLACE FUNCTION directory_time_zone(tz text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $body$ SELECT CASE WHEN lower(tz) = ANY (%L::text[]) THEN tz ELSE 'UTC' END $body$$fn$,
    (SELECT array_agg(DISTINCT lower(name) ORDER BY lower(name)) FROM pg_timezone_names WHERE name !~ '^(posix|right)/')
  );
END
$migration$;
--> statement-breakpoint
-- directory_is_open(hours, tz, at): the canonical week {"monday":[["09:00","17:00"]], …} read in the business's
-- own time zone. [] = closed that day; a missing day = closed; ["18:00","02:00"] (close <= open) runs past
-- midnight into the next day; "24:00" closes at midnight; a malformed range never opens. NULL when there are
-- no hours at all (not an object, or no weekday key), so "open now" filters use `IS TRUE`.
-- Zero-padded "HH:MM" strings compare correctly as text, so ranges are tested with plain jsonpath comparisons;
-- the format check runs last (only on a range that would open) because regexes are the costly part.
-- NOTE: app/utils/opening-hours.ts holds the same rule for pages; search/opening-hours.integration.test.ts
-- asserts both agree. Written as one SQL expression (no FROM, no sub-select) so the planner inlines it, and it
-- reads today's and yesterday's entries by key (to_char 'fmday' is always English): walking the whole week
-- with keyvalue() cost five times as much per row.
CREATE OR REPLACE FUNCTION directory_is_open(hours jsonb, tz text, at timestamptz) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE COST 20
  AS $body$
  SELECT CASE
    WHEN hours IS NULL OR jsonb_typeof(hours) <> 'object'
      OR NOT (hours ?| ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']) THEN NULL
    ELSE coalesce(jsonb_path_exists(
        hours -> to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'fmday'),
        'strict $[*] ? (@.type() == "array" && @.size() == 2 && @[0] <= $m && ($m < @[1] || @[1] <= @[0])
           && @[0] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$" && @[1] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$")',
        jsonb_build_object('m', to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'HH24:MI')),
        true), false)
      OR coalesce(jsonb_path_exists(
        hours -> to_char((at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC'))) - interval '1 day', 'fmday'),
        'strict $[*] ? (@.type() == "array" && @.size() == 2 && @[1] <= @[0] && $m < @[1]
           && @[0] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$" && @[1] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$")',
        jsonb_build_object('m', to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'HH24:MI')),
        true), false)
  END
$body$;
--> statement-breakpoint
-- Suggest: business names by prefix (LIMIT over an index range, never a scan of all names).
-- NOTE: deliberately not partial (WHERE is_approved): the planner would AND a full scan of a partial index into
-- every search just to test is_approved.
CREATE INDEX IF NOT EXISTS "businesses_name_prefix_idx" ON "businesses" (directory_unaccent(lower("name")) text_pattern_ops);
--> statement-breakpoint
-- Suggest and location look-ups on the aggregate tables (tens of thousands of cities at 1M businesses).
CREATE INDEX IF NOT EXISTS "city_counts_name_prefix_idx" ON "city_counts" (directory_unaccent(lower("city")) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "city_counts_slug_idx" ON "city_counts" ("city_slug");
--> statement-breakpoint
-- Typo tolerance: "zuirch" → a city word, by trigram.
CREATE INDEX IF NOT EXISTS "city_counts_name_trgm_idx" ON "city_counts" USING gin (directory_unaccent(lower("city")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "category_counts_name_prefix_idx" ON "category_counts" (directory_unaccent(lower("category")) text_pattern_ops);
