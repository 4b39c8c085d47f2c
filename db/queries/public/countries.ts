// country_counts / city_counts / country_category_counts → the country list, one country (by ISO code or name
// slug), its top cities and a page of its categories. Aggregate tables only.
import type { DatabaseHandle } from "../../client.ts";

export interface CountryCountRow {
  country: string;
  country_code: string;
  country_slug: string;
  business_count: number;
  city_count: number;
  category_count: number;
}

const COUNTRY_COLUMNS = "country, country_code, country_slug, business_count, city_count, category_count";

/** Countries, most businesses first. */
export async function listCountryCounts(handle: DatabaseHandle, limit?: number): Promise<CountryCountRow[]> {
  return handle.query<CountryCountRow>(
    `select ${COUNTRY_COLUMNS} from country_counts order by business_count desc nulls last, country_code ${limit === undefined ? "" : "limit $1"}`,
    limit === undefined ? [] : [limit],
  );
}

/** One country by its upper-case ISO code. */
export async function findCountryByCode(handle: DatabaseHandle, code: string): Promise<CountryCountRow | null> {
  const [row] = await handle.query<CountryCountRow>(`select ${COUNTRY_COLUMNS} from country_counts where country_code = $1`, [code]);
  return row ?? null;
}

/** One country by its name slug ("united-kingdom"). */
export async function findCountryBySlug(handle: DatabaseHandle, slug: string): Promise<CountryCountRow | null> {
  const [row] = await handle.query<CountryCountRow>(
    `select ${COUNTRY_COLUMNS} from country_counts where country_slug = $1 order by business_count desc nulls last limit 1`,
    [slug],
  );
  return row ?? null;
}

export interface CountryCityRow {
  city: string;
  city_slug: string;
  count: number;
}

export async function listCountryTopCities(handle: DatabaseHandle, code: string, limit: number): Promise<CountryCityRow[]> {
  return handle.query<CountryCityRow>(
    `select city, city_slug, business_count as count from city_counts
      where country_code = $1 order by business_count desc nulls last, city_slug limit $2`,
    [code, limit],
  );
}

export interface CountryCategoryRow {
  category: string;
  slug: string;
  count: number;
}

/** A page of a country's categories, most businesses first (a country has at most a few hundred). */
export async function listCountryCategories(handle: DatabaseHandle, code: string, offset: number, limit: number): Promise<CountryCategoryRow[]> {
  return handle.query<CountryCategoryRow>(
    `select coalesce(c.category, cc.category_slug) as category, cc.category_slug as slug, cc.business_count as count
       from country_category_counts cc
       left join category_counts c on c.category_slug = cc.category_slug
      where cc.country_code = $1
      order by cc.business_count desc nulls last, cc.category_slug
      limit $2 offset $3`,
    [code, limit, offset],
  );
}
