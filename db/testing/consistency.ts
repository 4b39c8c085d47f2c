// Fault and refresh tests → what "consistent" means after crashes and races: the count tables equal a live recount of listed (approved, operational)
// businesses, a fingerprint of the stored businesses to compare with an uninterrupted run, and a snapshot of every
// table a count refresh writes (to compare a partial refresh with a full one).
import type { DatabaseHandle } from "../client.ts";

/** Rows that differ between the count tables and a live recount of listed (approved, operational) businesses (0 when consistent). */
const AGGREGATE_DRIFT = `
  select (select count(*) from (select category_slug, count(*)::int as n from businesses
            where is_approved and status = 'operational' and category_slug is not null and category_slug <> '' group by 1) live
          full join category_counts c using (category_slug) where live.n is distinct from c.business_count)
       + (select count(*) from (select country_code, count(*)::int as n from businesses
            where is_approved and status = 'operational' and country_code is not null group by 1) live
          full join country_counts c using (country_code) where live.n is distinct from c.business_count)
       + (select count(*) from (select country_code, city_slug, count(*)::int as n from businesses
            where is_approved and status = 'operational' and country_code is not null and city_slug is not null and city_slug <> '' group by 1, 2) live
          full join city_counts c using (country_code, city_slug) where live.n is distinct from c.business_count)
       + (select count(*) from site_totals t where t.key = 'businesses'
            and t.value <> (select count(*) from businesses where is_approved and status = 'operational'))
       + (select case when exists (select 1 from site_totals) then 0 else 1 end) as drift`;

export async function countAggregateDrift(handle: Pick<DatabaseHandle, "query">): Promise<number> {
  const [row] = await handle.query<{ drift: number }>(AGGREGATE_DRIFT);
  return Number(row?.drift);
}

export interface BusinessFingerprint {
  n: number;
  places: number;
  identities: number;
  digest: string;
}

/** Count, distinct place ids and identities, and a digest of identity + content (+ slug when asked) in identity order. */
export async function fingerprintBusinesses(
  handle: Pick<DatabaseHandle, "query">,
  options: { withSlugs?: boolean } = {},
): Promise<BusinessFingerprint> {
  const slug = options.withSlugs ? ` || '|' || slug` : "";
  const [row] = await handle.query<BusinessFingerprint>(
    `select count(*)::int as n, count(distinct place_id)::int as places, count(distinct identity_key)::int as identities,
            md5(coalesce(string_agg(identity_key || '|' || content_hash${slug}, ',' order by identity_key), '')) as digest
       from businesses`,
  );
  if (!row) throw new Error("fingerprint query returned no row");
  return row;
}

/** Every derived table a count refresh writes, in a fixed order (float averages rounded: their sum order may differ). */
const COUNT_TABLE_SNAPSHOT: Record<string, string> = {
  category_counts: "select category_slug, category, first_letter, business_count, country_count, last_modified::text from category_counts order by 1",
  country_counts:
    "select country_code, country, country_slug, business_count, city_count, category_count, last_modified::text from country_counts order by 1",
  city_counts: `select country_code, city_slug, city, first_letter, business_count, category_count, round(latitude::numeric, 9)::text as latitude,
                       round(longitude::numeric, 9)::text as longitude, last_modified::text from city_counts order by 1, 2`,
  country_category_counts: "select country_code, category_slug, business_count from country_category_counts order by 1, 2",
  city_category_counts:
    "select country_code, city_slug, category_slug, business_count, last_modified::text from city_category_counts order by 1, 2, 3",
  page_anchors: "select scope, scope_key, position, rank_score::text, business_id::float8 as business_id from page_anchors order by 1, 2, 3",
  district_slugs: "select country_code, district_slug, city_slug, business_count from district_slugs order by 1, 2",
  site_totals: "select key, value::float8 as value from site_totals order by 1",
  name_words: "select word, spelling, business_count from name_words order by 1",
  search_top_ranked: "select id::float8 as id from search_top_ranked order by rank_score desc nulls last, id desc",
  search_top_rated: "select id::float8 as id from search_top_rated order by 1",
  search_top_reviewed: "select id::float8 as id from search_top_reviewed order by 1",
};

/** The rows of every table a count refresh writes: equal after two refreshes when both counted the same businesses. */
export async function snapshotCountTables(handle: Pick<DatabaseHandle, "query">): Promise<Record<string, Array<Record<string, unknown>>>> {
  const tables: Record<string, Array<Record<string, unknown>>> = {};
  for (const [name, query] of Object.entries(COUNT_TABLE_SNAPSHOT)) tables[name] = await handle.query<Record<string, unknown>>(query);
  return tables;
}
