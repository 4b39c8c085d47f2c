// Category and city list filters (first letter, free text, country) + offset → one page of the count tables and
// the filtered totals; pages are bounded by the caller (OFFSET stays inside the 100-page cap of the list pages).
import type { DatabaseHandle } from "../../client.ts";
import type { CategoryCountRow } from "./categories.ts";
import type { CityCountRow } from "./cities.ts";

export interface ListFilter {
  /** 'A'–'Z' or '#', matched against the stored first_letter. */
  letter?: string;
  /** Free text, already slugified by the caller ("Coffee Sh" → "coffee-sh"); matched inside the slug. */
  searchSlug?: string;
  /** Free text as typed, matched case-insensitively inside the display name (covers names with no slug form). */
  searchText?: string;
}

export interface CityListFilter extends ListFilter {
  /** Upper-case ISO code: only this country's cities. */
  countryCode?: string;
  /** Upper-case ISO code the free text names ("United Kingdom", "uk" → "GB"): its cities match the search too. */
  searchCountryCode?: string;
}

export interface ListTotals {
  count: number;
  businesses: number;
}

/** `%text%` for LIKE with the pattern characters escaped, so "50%" or "a_b" match literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * WHERE clause over a count table. Free text matches the slug (accent- and case-folded), the raw name, or — for
 * cities — a two-letter country code typed as the search (the spec filters cities by name or countryCode) or the
 * code of the country it names ("United Kingdom" → GB).
 */
function buildWhere(filter: CityListFilter, columns: { slug: string; name: string; code?: string }): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  if (filter.letter) {
    params.push(filter.letter);
    clauses.push(`first_letter = $${params.length}`);
  }
  if (filter.countryCode && columns.code) {
    params.push(filter.countryCode);
    clauses.push(`${columns.code} = $${params.length}`);
  }
  const text = filter.searchText?.trim();
  if (text) {
    const alternatives: string[] = [];
    params.push(containsPattern(text));
    alternatives.push(`${columns.name} ilike $${params.length}`);
    if (filter.searchSlug) {
      params.push(containsPattern(filter.searchSlug));
      alternatives.push(`${columns.slug} like $${params.length}`);
    }
    const codes = new Set<string>();
    if (/^[A-Za-z]{2}$/.test(text)) codes.add(text.toUpperCase());
    if (filter.searchCountryCode) codes.add(filter.searchCountryCode);
    for (const code of columns.code ? codes : []) {
      params.push(code);
      alternatives.push(`${columns.code} = $${params.length}`);
    }
    clauses.push(`(${alternatives.join(" or ")})`);
  }
  return { where: clauses.length ? `where ${clauses.join(" and ")}` : "", params };
}

const CATEGORY_COLUMNS = { slug: "category_slug", name: "category" };
const CITY_COLUMNS = { slug: "city_slug", name: "city", code: "country_code" };

/** A page of categories, most businesses first (the order of category_counts_count_idx). */
export async function listCategoryPage(handle: DatabaseHandle, filter: ListFilter, offset: number, limit: number): Promise<CategoryCountRow[]> {
  const { where, params } = buildWhere(filter, CATEGORY_COLUMNS);
  params.push(limit, offset);
  return handle.query<CategoryCountRow>(
    `select category, category_slug as slug, business_count as count from category_counts ${where}
      order by business_count desc nulls last, category_slug
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
}

/** How many categories match and how many businesses they hold. */
export async function summarizeCategories(handle: DatabaseHandle, filter: ListFilter): Promise<ListTotals> {
  const { where, params } = buildWhere(filter, CATEGORY_COLUMNS);
  const [row] = await handle.query<ListTotals>(
    `select count(*)::int as count, coalesce(sum(business_count), 0)::float8 as businesses from category_counts ${where}`,
    params,
  );
  return { count: Number(row?.count ?? 0), businesses: Number(row?.businesses ?? 0) };
}

/** A page of cities, most businesses first (the order of city_counts_count_idx, or of the letter/country index). */
export async function listCityPage(handle: DatabaseHandle, filter: CityListFilter, offset: number, limit: number): Promise<CityCountRow[]> {
  const { where, params } = buildWhere(filter, CITY_COLUMNS);
  params.push(limit, offset);
  return handle.query<CityCountRow>(
    `select city, city_slug, country_code, business_count, category_count from city_counts ${where}
      order by business_count desc nulls last, country_code, city_slug
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
}

/**
 * How many cities match and how many businesses they hold.
 * NOTE: with no filter at all the caller should use site_totals instead: this sums the whole city table.
 */
export async function summarizeCities(handle: DatabaseHandle, filter: CityListFilter): Promise<ListTotals> {
  const { where, params } = buildWhere(filter, CITY_COLUMNS);
  const [row] = await handle.query<ListTotals>(
    `select count(*)::int as count, coalesce(sum(business_count), 0)::float8 as businesses from city_counts ${where}`,
    params,
  );
  return { count: Number(row?.count ?? 0), businesses: Number(row?.businesses ?? 0) };
}

/** Every value first_letter can take: the letter bars' 'A'–'Z' and '#'. */
const FIRST_LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"];

/** The letters that start at least one name in a count table: one probe of its letter index per letter. */
async function listUsedLetters(handle: DatabaseHandle, table: "city_counts" | "category_counts"): Promise<string[]> {
  const rows = await handle.query<{ letter: string }>(
    `select letter from unnest($1::text[]) as letter where exists (select 1 from ${table} where first_letter = letter)`,
    [FIRST_LETTERS],
  );
  return rows.map((row) => row.letter);
}

export function listUsedCityLetters(handle: DatabaseHandle): Promise<string[]> {
  return listUsedLetters(handle, "city_counts");
}

export function listUsedCategoryLetters(handle: DatabaseHandle): Promise<string[]> {
  return listUsedLetters(handle, "category_counts");
}
