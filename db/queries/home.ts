// Aggregate tables and the rank index → the home page's counters, panels and featured cards.
// NOTE: the indexes are "desc nulls last" (drizzle's .desc()); an ORDER BY must say "nulls last" to use them.
import type { DatabaseHandle } from "../client.ts";
import { listedCondition } from "./listed.ts";

export interface SiteTotals {
  businesses: number;
  countries: number;
  cities: number;
  categories: number;
}

export async function getSiteTotals(handle: DatabaseHandle): Promise<SiteTotals> {
  const rows = await handle.query<{ key: string; value: number }>("select key, value::float8 as value from site_totals");
  const totals: SiteTotals = { businesses: 0, countries: 0, cities: 0, categories: 0 };
  for (const row of rows) if (row.key in totals) totals[row.key as keyof SiteTotals] = Number(row.value);
  return totals;
}

export interface FeaturedBusinessRow {
  id: number;
  slug: string;
  name: string;
  image_url: string | null;
  rating: number | null;
  review_count: number;
  type: string | null;
  full_address: string | null;
  phone: string | null;
}

/** Featured: the highest rank scores (verified, rating × log(reviews), photo) among operational businesses. */
export async function listFeaturedBusinesses(handle: DatabaseHandle, limit = 12): Promise<FeaturedBusinessRow[]> {
  return handle.query<FeaturedBusinessRow>(
    // NOTE: order by the table's columns (b.id), not the id::int alias, or the rank index cannot serve the order.
    `select b.id::int as id, b.slug, b.name, b.photo as image_url, b.rating, b.reviews as review_count,
            coalesce(b.type, b.category) as type, b.full_address, b.phone
       from businesses b
      where ${listedCondition("b")}
      order by b.rank_score desc nulls last, b.id desc nulls last
      limit $1`,
    [limit],
  );
}

export async function listTopCategories(handle: DatabaseHandle, limit = 12) {
  return handle.query<{ category: string; category_slug: string; count: number }>(
    "select category, category_slug, business_count as count from category_counts order by business_count desc nulls last, category_slug limit $1",
    [limit],
  );
}

export async function listTopCities(handle: DatabaseHandle, limit = 12) {
  return handle.query<{ city: string; city_slug: string; country_code: string; count: number }>(
    "select city, city_slug, country_code, business_count as count from city_counts order by business_count desc nulls last, country_code, city_slug limit $1",
    [limit],
  );
}

export async function listTopCountries(handle: DatabaseHandle, limit = 12) {
  return handle.query<{ country: string; country_code: string; country_slug: string; business_count: number }>(
    "select country, country_code, country_slug, business_count from country_counts order by business_count desc nulls last, country_code limit $1",
    [limit],
  );
}
