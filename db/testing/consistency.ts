// Fault tests → what "consistent" means after crashes and races: the count tables equal a live recount of listed (approved, operational)
// businesses, and a fingerprint of the stored businesses to compare with an uninterrupted run.
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
