// Visible businesses → the count tables behind list pages and home counters, rebuilt in one transaction
// so readers never see a half-refreshed set.
import { sql } from "drizzle-orm";
import { countryName, countrySlug } from "../../app/utils/countries.ts";
import type { DatabaseHandle } from "../client.ts";
import { countryCounts } from "../schema/index.ts";
import { refreshPageAnchors } from "./page-anchors.ts";

const FIRST_LETTER = (column: string) =>
  `case when upper(left(directory_unaccent(${column}), 1)) between 'A' and 'Z' then upper(left(directory_unaccent(${column}), 1)) else '#' end`;

export async function refreshAggregates(handle: DatabaseHandle): Promise<void> {
  const statements = [
    "delete from category_counts",
    `insert into category_counts (category_slug, category, first_letter, business_count, country_count)
       select category_slug, mode() within group (order by category), ${FIRST_LETTER("mode() within group (order by category)")},
              count(*)::int, count(distinct country_code)::int
       from businesses where is_approved and category_slug is not null and category_slug <> ''
       group by category_slug`,
    "delete from city_counts",
    `insert into city_counts (country_code, city_slug, city, first_letter, business_count, category_count, latitude, longitude)
       select country_code, city_slug, mode() within group (order by city), ${FIRST_LETTER("mode() within group (order by city)")},
              count(*)::int, count(distinct category_slug)::int, avg(latitude), avg(longitude)
       from businesses where is_approved and country_code is not null and city_slug is not null and city_slug <> ''
       group by country_code, city_slug`,
    "delete from country_counts",
    `insert into country_counts (country_code, country, country_slug, business_count, city_count, category_count)
       select country_code, country_code, lower(country_code), count(*)::int, count(distinct city_slug)::int, count(distinct category_slug)::int
       from businesses where is_approved and country_code is not null
       group by country_code`,
    "delete from country_category_counts",
    `insert into country_category_counts (country_code, category_slug, business_count)
       select country_code, category_slug, count(*)::int from businesses
       where is_approved and country_code is not null and category_slug is not null and category_slug <> ''
       group by country_code, category_slug`,
    "delete from city_category_counts",
    `insert into city_category_counts (country_code, city_slug, category_slug, business_count)
       select country_code, city_slug, category_slug, count(*)::int from businesses
       where is_approved and country_code is not null and city_slug is not null and city_slug <> ''
         and category_slug is not null and category_slug <> ''
       group by country_code, city_slug, category_slug`,
    "delete from site_totals",
    `insert into site_totals (key, value)
       select 'businesses', count(*) from businesses where is_approved
       union all select 'countries', count(*) from country_counts
       union all select 'cities', count(*) from city_counts
       union all select 'categories', count(*) from category_counts`,
  ];
  await handle.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
    // Country names come from the one naming rule in app/utils, which SQL cannot call.
    const codes = await tx.select({ code: countryCounts.countryCode }).from(countryCounts);
    if (codes.length > 0) {
      const values = sql.join(
        codes.map(({ code }) => sql`(${code}, ${countryName(code)}, ${countrySlug(code)})`),
        sql`, `,
      );
      await tx.execute(
        sql`update country_counts as c set country = v.name, country_slug = v.slug from (values ${values}) as v(code, name, slug) where c.country_code = v.code`,
      );
    }
    // Deep-page anchors follow the same visible set: refreshed in the same transaction as the counts.
    await refreshPageAnchors({ db: tx as unknown as DatabaseHandle["db"] });
  });
}
