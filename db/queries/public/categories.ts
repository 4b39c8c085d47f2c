// category_counts / country_category_counts → the category list (optionally by first letter), one category's
// counts and its top countries. Reads only the aggregate tables: never a GROUP BY over businesses per request.
import type { DatabaseHandle } from "../../client.ts";
import { buildLetterAndLimit } from "./letter-filter.ts";

export interface CategoryCountRow {
  category: string;
  slug: string;
  count: number;
}

/** Categories, most businesses first; `letter` is 'A'–'Z' or '#' (names not starting with a Latin letter). */
export async function listCategoryCounts(handle: DatabaseHandle, letter?: string, limit?: number): Promise<CategoryCountRow[]> {
  const { params, filter, top } = buildLetterAndLimit(letter, limit);
  return handle.query<CategoryCountRow>(
    `select category, category_slug as slug, business_count as count from category_counts ${filter}
      order by business_count desc nulls last, category_slug ${top}`,
    params,
  );
}

export interface CategorySummaryRow {
  category: string;
  slug: string;
  business_count: number;
  country_count: number;
}

export async function findCategoryCount(handle: DatabaseHandle, slug: string): Promise<CategorySummaryRow | null> {
  const [row] = await handle.query<CategorySummaryRow>(
    "select category, category_slug as slug, business_count, country_count from category_counts where category_slug = $1",
    [slug],
  );
  return row ?? null;
}

export interface CategoryCountryRow {
  country: string;
  country_code: string;
  country_slug: string;
  count: number;
}

/** The countries with the most businesses of one category (names and slugs from country_counts). */
export async function listCategoryTopCountries(handle: DatabaseHandle, slug: string, limit: number): Promise<CategoryCountryRow[]> {
  return handle.query<CategoryCountryRow>(
    `select coalesce(c.country, cc.country_code) as country, cc.country_code, coalesce(c.country_slug, lower(cc.country_code)) as country_slug,
            cc.business_count as count
       from country_category_counts cc
       left join country_counts c on c.country_code = cc.country_code
      where cc.category_slug = $1
      order by cc.business_count desc nulls last, cc.country_code
      limit $2`,
    [slug, limit],
  );
}
