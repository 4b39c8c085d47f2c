-- The same rule as migration 0024, in PL/pgSQL so the planner no longer inlines it: a SQL function's body is
-- copied into every query that names it and planned there, and this one's two JSON-path tests cost ~1 ms of planning
-- per occurrence. A search with "open now" names it once per arm of its sample (the full-text shards, migration
-- 0034), so planning grew to 22–29 ms of a 40 ms search at a million businesses. It is called only for the few
-- businesses with special days (the week's containment test on open_week answers the others), so a call per row
-- costs nothing the planning did not.
CREATE OR REPLACE FUNCTION directory_is_open_on(hours jsonb, special jsonb, tz text, at timestamptz) RETURNS boolean
  LANGUAGE plpgsql STABLE PARALLEL SAFE COST 30
  AS $body$
BEGIN
  RETURN CASE
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
    END;
END
$body$;
