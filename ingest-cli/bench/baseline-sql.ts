// The pure-SQL reference path the bench compares imports against: psql \copy of the generated CSV into a raw
// text staging table, then one INSERT … SELECT … ON CONFLICT into the same indexed businesses table.
import { GENERATED_COLUMNS } from "../pipeline/generate/index.ts";

const num = (column: string) => `case when ${column} ~ '^-?[0-9]+(\\.[0-9]+)?$' then ${column}::float8 end`;

/** A psql script (run with ON_ERROR_STOP) loading `csvPath` the plain-SQL way. */
export function buildBaselineImportScript(csvPath: string): string {
  const columns = GENERATED_COLUMNS.map((column) => `"${column}" text`).join(", ");
  const identity = `coalesce('pid:' || nullif(place_id, ''), 'na:' || lower(name) || '|' || lower(coalesce(full_address, '')))`;
  return `\\set ON_ERROR_STOP on
create temp table raw_import (${columns});
\\copy raw_import from '${csvPath.replace(/'/g, "''")}' with (format csv, header true)
insert into businesses (name, slug, identity_key, content_hash, category, category_slug, type, full_address, street, city, city_slug,
                        postal_code, country, country_code, phone, latitude, longitude, rating, reviews, reviews_link, photo, logo,
                        located_in, working_hours, verified, about, place_id, url, status, time_zone, rank_score)
select distinct on (${identity})
       trim(name),
       left(regexp_replace(lower(name || '-' || coalesce(city, '')), '[^a-z0-9]+', '-', 'g'), 70) || '-' || left(md5(${identity}), 8),
       ${identity}, md5(raw_import::text), coalesce(type, category), regexp_replace(lower(coalesce(type, category)), '[^a-z0-9]+', '-', 'g'),
       type, full_address, street, city, regexp_replace(lower(city), '[^a-z0-9]+', '-', 'g'), postal_code, country, upper(country_code), phone,
       ${num("latitude")}, ${num("longitude")}, ${num("rating")}, coalesce((${num("reviews")})::int, 0), reviews_link, photo, logo,
       located_in, case when left(working_hours, 1) = '{' then working_hours::jsonb end, coalesce(verified ilike 'true', false),
       case when left(about, 1) = '{' then about::jsonb end, nullif(place_id, ''), site,
       case business_status when 'CLOSED_TEMPORARILY' then 'closed_temporarily' when 'CLOSED_PERMANENTLY' then 'closed_permanently' else 'operational' end,
       time_zone, coalesce(${num("rating")}, 0) * ln(coalesce(${num("reviews")}, 0) + 1)
  from raw_import
 where name is not null and name <> 'name' and trim(name) <> ''
 order by ${identity}
on conflict (identity_key) do nothing;
`;
}
