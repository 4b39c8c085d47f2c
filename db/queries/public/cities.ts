// city_counts / city_category_counts → the city list (optionally by first letter), one city's counts and its
// top categories; city_slug_redirects, aliases and district_slugs → where a
// city slug without a page leads. Aggregate tables and key lookups only.
import type { DatabaseHandle } from "../../client.ts";
import { buildLetterAndLimit } from "./letter-filter.ts";

export interface CityCountRow {
  city: string;
  city_slug: string;
  country_code: string;
  business_count: number;
  category_count: number;
}

/** Cities, most businesses first; `letter` is 'A'–'Z' or '#'; `offset` skips that many (a page of the list). */
export async function listCityCounts(handle: DatabaseHandle, letter?: string, limit?: number, offset?: number): Promise<CityCountRow[]> {
  const { params, filter, top } = buildLetterAndLimit(letter, limit, offset);
  return handle.query<CityCountRow>(
    `select city, city_slug, country_code, business_count, category_count from city_counts ${filter}
      order by business_count desc nulls last, country_code, city_slug ${top}`,
    params,
  );
}

/** How many cities the list (optionally one first letter) holds. */
export async function countCityCounts(handle: DatabaseHandle, letter?: string): Promise<number> {
  const { params, filter } = buildLetterAndLimit(letter);
  const [row] = await handle.query<{ n: number }>(`select count(*)::int as n from city_counts ${filter}`, params);
  return Number(row?.n ?? 0);
}

export interface CitySummaryRow extends CityCountRow {
  country: string | null;
  country_slug: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** One city by upper-case country code and city slug, with its country's display name. */
export async function findCityCount(handle: DatabaseHandle, countryCode: string, citySlug: string): Promise<CitySummaryRow | null> {
  const [row] = await handle.query<CitySummaryRow>(
    `select ci.city, ci.city_slug, ci.country_code, ci.business_count, ci.category_count, ci.latitude, ci.longitude,
            co.country, co.country_slug
       from city_counts ci
       left join country_counts co on co.country_code = ci.country_code
      where ci.country_code = $1 and ci.city_slug = $2`,
    [countryCode, citySlug],
  );
  return row ?? null;
}

export interface CityCategoryRow {
  category: string;
  slug: string;
  count: number;
}

export async function listCityTopCategories(
  handle: DatabaseHandle,
  countryCode: string,
  citySlug: string,
  limit: number,
): Promise<CityCategoryRow[]> {
  return handle.query<CityCategoryRow>(
    `select coalesce(c.category, cc.category_slug) as category, cc.category_slug as slug, cc.business_count as count
       from city_category_counts cc
       left join category_counts c on c.category_slug = cc.category_slug
      where cc.country_code = $1 and cc.city_slug = $2
      order by cc.business_count desc nulls last, cc.category_slug
      limit $3`,
    [countryCode, citySlug, limit],
  );
}

/**
 * Where a city slug of a country that has no page of its own leads, when the target has a page: an old slug
 * (city_slug_redirects) first, then `aliasSlug` (the slug of the name an alias stands for), then a district of that
 * country's businesses (district_slugs). Three primary-key probes in one round trip; else null.
 */
export async function findCityMoveTarget(
  handle: DatabaseHandle,
  countryCode: string,
  slug: string,
  aliasSlug: string | null,
): Promise<string | null> {
  const [row] = await handle.query<{ new_slug: string }>(
    `select m.new_slug from (
        select 1 as rank, r.new_slug from city_slug_redirects r where r.country_code = $1 and r.old_slug = $2
        union all select 2, $3::text where $3::text is not null
        union all select 3, d.city_slug from district_slugs d where d.country_code = $1 and d.district_slug = $2
      ) m
      join city_counts ci on ci.country_code = $1 and ci.city_slug = m.new_slug
     where m.new_slug <> $2
     order by m.rank limit 1`,
    [countryCode, slug, aliasSlug],
  );
  return row?.new_slug ?? null;
}
