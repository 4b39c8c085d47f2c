-- Fast filters and sorts. directory_week_ranges(hours): the canonical week {"monday":[["09:00","17:00"]], …} → its
-- open minutes on the business's own clock as one int4multirange (Monday 00:00 = 0 … Sunday 23:59 = 10079), by the
-- rule of directory_is_open (migration 0004): a range with close <= open runs into the next day (Sunday's into
-- Monday), "24:00" closes at midnight, malformed ranges never open, NULL without any weekday key. Stored in
-- businesses.open_week, so open now is one containment test per row (directory_week_minute) instead of two jsonpath
-- walks with regexes. NOTE: IMMUTABLE because a generated column needs it; it reads nothing but its argument.
-- PL/pgSQL with index loops (no set-returning sub-selects): an SQL body with jsonb_array_elements cost ~25× more per
-- row, which every import pays.
CREATE OR REPLACE FUNCTION directory_week_ranges(hours jsonb) RETURNS int4multirange
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $body$
DECLARE
  days CONSTANT text[] := ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  week int4multirange := '{}';
  ranges jsonb;
  pair jsonb;
  base integer;
  o integer;
  c integer;
BEGIN
  IF hours IS NULL OR jsonb_typeof(hours) <> 'object' OR NOT (hours ?| days) THEN
    RETURN NULL;
  END IF;
  FOR d IN 0..6 LOOP
    ranges := hours -> days[d + 1];
    CONTINUE WHEN jsonb_typeof(ranges) IS DISTINCT FROM 'array';
    base := d * 1440;
    FOR i IN 0..jsonb_array_length(ranges) - 1 LOOP
      pair := ranges -> i;
      CONTINUE WHEN jsonb_typeof(pair) <> 'array' OR jsonb_array_length(pair) <> 2
        OR jsonb_typeof(pair -> 0) <> 'string' OR jsonb_typeof(pair -> 1) <> 'string'
        OR NOT (pair ->> 0 ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$') OR NOT (pair ->> 1 ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$');
      o := substr(pair ->> 0, 1, 2)::integer * 60 + substr(pair ->> 0, 4, 2)::integer;
      c := substr(pair ->> 1, 1, 2)::integer * 60 + substr(pair ->> 1, 4, 2)::integer;
      IF c > o THEN
        IF o < 1440 THEN
          week := week + int4multirange(int4range(base + o, base + least(c, 1440)));
        END IF;
      ELSE
        IF o < 1440 THEN
          week := week + int4multirange(int4range(base + o, base + 1440));
        END IF;
        IF c > 0 THEN
          week := week + int4multirange(int4range((base + 1440) % 10080, (base + 1440) % 10080 + least(c, 1440)));
        END IF;
      END IF;
    END LOOP;
  END LOOP;
  RETURN week;
END
$body$;
--> statement-breakpoint
-- directory_week_minute(tz, at): the minute of the week at `at` on the clock of `tz` (an unknown zone reads as UTC),
-- the same local time directory_is_open reads. One expression, so the planner inlines it, converting the instant once:
-- the local clock's minutes since 1970-01-01 00:00, a Thursday (minute 4320 of its week), in float8 arithmetic
-- (extract() is numeric: the form with date_trunc cost 2.5× as much per row).
CREATE OR REPLACE FUNCTION directory_week_minute(tz text, at timestamptz) RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $body$
  SELECT ((floor(date_part('epoch', at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC'))) / 60)::bigint % 10080 + 10080 + 4320) % 10080)::integer
$body$;
--> statement-breakpoint
-- directory_is_open_on(hours, special, tz, at): directory_is_open with dated special hours ({"2026-12-25": []}): a
-- local date listed in `special` replaces its weekday's ranges, for today and for yesterday's run past midnight
-- (db/rules/opening-hours.ts isOpenAt, the same rule). NULL without weekly hours, as directory_is_open.
CREATE OR REPLACE FUNCTION directory_is_open_on(hours jsonb, special jsonb, tz text, at timestamptz) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE COST 30
  AS $body$
  SELECT CASE
    WHEN hours IS NULL OR jsonb_typeof(hours) <> 'object'
      OR NOT (hours ?| ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']) THEN NULL
    ELSE coalesce(jsonb_path_exists(
        CASE WHEN jsonb_typeof(special -> to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'YYYY-MM-DD')) = 'array'
          THEN special -> to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'YYYY-MM-DD')
          ELSE hours -> to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'fmday') END,
        'strict $[*] ? (@.type() == "array" && @.size() == 2 && @[0] <= $m && ($m < @[1] || @[1] <= @[0])
           && @[0] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$" && @[1] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$")',
        jsonb_build_object('m', to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'HH24:MI')),
        true), false)
      OR coalesce(jsonb_path_exists(
        CASE WHEN jsonb_typeof(special -> to_char((at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC'))) - interval '1 day', 'YYYY-MM-DD')) = 'array'
          THEN special -> to_char((at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC'))) - interval '1 day', 'YYYY-MM-DD')
          ELSE hours -> to_char((at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC'))) - interval '1 day', 'fmday') END,
        'strict $[*] ? (@.type() == "array" && @.size() == 2 && @[1] <= @[0] && $m < @[1]
           && @[0] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$" && @[1] like_regex "^([01][0-9]|2[0-4]):[0-5][0-9]$")',
        jsonb_build_object('m', to_char(at AT TIME ZONE directory_time_zone(coalesce(tz, 'UTC')), 'HH24:MI')),
        true), false)
  END
$body$;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "open_week" "int4multirange" GENERATED ALWAYS AS (directory_week_ranges("working_hours")) STORED;--> statement-breakpoint
-- The sorts by rating and by reviews walk these in order (db/queries/search-statement.ts SORTS). NOTE: INCLUDE (hand
-- written: drizzle's index builder has no INCLUDE) carries the list filters, so a walk that skips non-matching rows
-- (a category in a country: 17k rows passed for 20 at 1M) reads the index only, not one heap page per row passed.
CREATE INDEX "businesses_rating_sort_idx" ON "businesses" USING btree ("rating" DESC NULLS LAST,"reviews" DESC NULLS LAST,"rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("country_code","city_slug","category_slug","verified","is_test") WHERE "businesses"."is_approved" and "businesses"."status" = 'operational';--> statement-breakpoint
CREATE INDEX "businesses_reviews_sort_idx" ON "businesses" USING btree ("reviews" DESC NULLS LAST,"rating" DESC NULLS LAST,"rank_score" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("country_code","city_slug","category_slug","verified","is_test") WHERE "businesses"."is_approved" and "businesses"."status" = 'operational';