// city_category_counts (with city, country and category names) → one city × category pair's counts and a
// category's top cities. Aggregate tables and key lookups only: never a GROUP BY over businesses per request.
import type { DatabaseHandle } from "../../client.ts";

export interface CityCategorySummaryRow {
  city: string;
  city_slug: string;
  country_code: string;
  country: string | null;
  country_slug: string | null;
  category: string | null;
  category_slug: string;
  business_count: number;
  /** All listed businesses of the city, and of the category worldwide (the pages one level up). */
  city_business_count: number;
  category_business_count: number | null;
}

/** One pair by upper-case country code, city slug and category slug; null when no listed business is in it. */
export async function findCityCategoryCount(
  handle: DatabaseHandle,
  countryCode: string,
  citySlug: string,
  categorySlug: string,
): Promise<CityCategorySummaryRow | null> {
  const [row] = await handle.query<CityCategorySummaryRow>(
    `select ci.city, ci.city_slug, ci.country_code, co.country, co.country_slug, c.category, cc.category_slug, cc.business_count,
            ci.business_count as city_business_count, c.business_count as category_business_count
       from city_category_counts cc
       join city_counts ci on ci.country_code = cc.country_code and ci.city_slug = cc.city_slug
       left join country_counts co on co.country_code = cc.country_code
       left join category_counts c on c.category_slug = cc.category_slug
      where cc.country_code = $1 and cc.city_slug = $2 and cc.category_slug = $3 and cc.business_count > 0`,
    [countryCode, citySlug, categorySlug],
  );
  return row ?? null;
}

export interface CategoryCityRow {
  city: string;
  city_slug: string;
  country_code: string;
  count: number;
}

/** The cities with the most listed businesses of one category (city_category_counts_category_idx). */
export async function listCategoryTopCities(handle: DatabaseHandle, categorySlug: string, limit: number): Promise<CategoryCityRow[]> {
  return handle.query<CategoryCityRow>(
    `select coalesce(ci.city, cc.city_slug) as city, cc.city_slug, cc.country_code, cc.business_count as count
       from city_category_counts cc
       left join city_counts ci on ci.country_code = cc.country_code and ci.city_slug = cc.city_slug
      where cc.category_slug = $1 and cc.business_count > 0
      order by cc.business_count desc nulls last, cc.country_code, cc.city_slug
      limit $2`,
    [categorySlug, limit],
  );
}
