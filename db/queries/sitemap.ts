// Listed businesses (approved, operational) and the aggregate tables → what the sitemaps list: business pages by id keyset (COPY text,
// never OFFSET), page boundaries in one pass, the category/country/city and city × category entries and their newest
// updated_at.
import type { DatabaseHandle } from "../client.ts";
import { streamCopy } from "./export.ts";
import { listedCondition } from "./listed.ts";

/** The spec's 9,000 businesses per sitemap file. */
export const SITEMAP_PAGE_SIZE = 9000;

const UTC_SECONDS = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/**
 * COPY (text format) for the approved businesses after `afterId`, in id order: id, slug, updated_at as a UTC
 * timestamp without time zone ("YYYY-MM-DD HH:MM:SS[.ffffff]", DateStyle ISO), tab-separated, one line per business.
 * NOTE: the reader turns that into the sitemap's "YYYY-MM-DDTHH:MM:SSZ" itself: to_char here cost a third of the
 * statement's time at 1M businesses.
 */
function buildBusinessesCopy(afterId: number, limit: number | null, target: "stdout" | "blob"): string {
  if (!Number.isSafeInteger(afterId) || (limit !== null && (!Number.isSafeInteger(limit) || limit < 1))) {
    throw new Error("sitemap bounds must be whole numbers");
  }
  // NOTE: order by the qualified b.id so the primary-key index can serve it (a bare "id" may bind to an output column).
  const query = `select b.id, b.slug, b.updated_at at time zone 'UTC'
    from businesses b where ${listedCondition("b")} and b.id > ${afterId} order by b.id${limit === null ? "" : ` limit ${limit}`}`;
  return `copy (${query}) to ${target === "stdout" ? "stdout" : "'/dev/blob'"} with (format text, encoding 'UTF8')`;
}

/** Rows PGlite hands over per COPY: it returns a whole blob, so the walk goes in windows to keep memory flat. */
const PGLITE_WINDOW_ROWS = SITEMAP_PAGE_SIZE;

/** The id at the start of the last line of COPY text output (PGlite's windows continue after it). */
function lastLineId(bytes: Uint8Array): number {
  let start = bytes.length - 1;
  while (start > 0 && bytes[start - 1] !== 0x0a) start--;
  let id = 0;
  for (let i = start; i < bytes.length && bytes[i] !== 0x09; i++) id = id * 10 + ((bytes[i] as number) - 0x30);
  return id;
}

/**
 * COPY text of approved businesses after `afterId` (at most `limit`, or all), in id order. The server streams one
 * statement (one snapshot); PGlite reads windows of 9,000 so a web request can run between them.
 */
export async function* streamSitemapBusinesses(handle: DatabaseHandle, afterId = 0, limit: number | null = null): AsyncGenerator<Uint8Array> {
  if (handle.driver === "postgres") {
    if (!handle.sql) throw new Error("postgres handle without a client");
    yield* streamCopy(handle.sql, buildBusinessesCopy(afterId, limit, "stdout"));
    return;
  }
  const client = handle.pglite;
  if (!client) throw new Error("pglite handle without a client");
  let after = afterId;
  let left = limit ?? Number.POSITIVE_INFINITY;
  while (left > 0) {
    const window = Math.min(left, PGLITE_WINDOW_ROWS);
    const result = await client.query(buildBusinessesCopy(after, window, "blob"));
    // NOTE: PGlite leaves `blob` unset when COPY wrote no rows.
    if (!result.blob || result.blob.size === 0) return;
    const bytes = new Uint8Array(await result.blob.arrayBuffer());
    yield bytes;
    const rows = result.affectedRows ?? 0;
    if (rows < window) return;
    left -= rows;
    after = lastLineId(bytes.subarray(0, bytes.length - 1));
  }
}

export interface SitemapPageBoundary {
  /** 1-based page number. */
  page: number;
  /** The page starts at the first approved business with an id above this. */
  afterId: number;
  urls: number;
  /** Newest updated_at on the page, UTC "YYYY-MM-DDTHH:MM:SSZ". */
  lastmod: string;
}

/** Every page's start, size and newest change in one ordered pass (no OFFSET walks). */
export async function listSitemapPageBoundaries(handle: DatabaseHandle): Promise<SitemapPageBoundary[]> {
  const rows = await handle.query<{ page: number; first_id: number; urls: number; lastmod: string }>(
    `select page::int as page, min(id)::float8 as first_id, count(*)::int as urls,
            to_char(max(updated_at) at time zone 'UTC', ${UTC_SECONDS}) as lastmod
       from (select b.id, b.updated_at, (row_number() over (order by b.id) - 1) / ${SITEMAP_PAGE_SIZE} + 1 as page
               from businesses b where ${listedCondition("b")}) numbered
      group by page order by page`,
  );
  return rows.map((row) => ({ page: Number(row.page), afterId: Number(row.first_id) - 1, urls: Number(row.urls), lastmod: row.lastmod }));
}

export interface SitemapGroupLastmods {
  /** category_slug → newest updated_at of its approved businesses. */
  categories: Map<string, string>;
  /** country_code → newest. */
  countries: Map<string, string>;
  /** country_code → city_slug → newest (nested: no key strings built per row). */
  cities: Map<string, Map<string, string>>;
}

/**
 * Newest updated_at per category, country and city of approved businesses, as the count refresh stored it
 * (`last_modified`): three small tables instead of two grouped scans of every business at each sitemap build.
 */
export async function listSitemapGroupLastmods(handle: DatabaseHandle): Promise<SitemapGroupLastmods> {
  const lastmods: SitemapGroupLastmods = { categories: new Map(), countries: new Map(), cities: new Map() };
  const stamp = `to_char(last_modified at time zone 'UTC', ${UTC_SECONDS})`;
  const categories = await handle.query<{ key: string; lastmod: string }>(
    `select category_slug as key, ${stamp} as lastmod from category_counts where last_modified is not null`,
  );
  for (const row of categories) lastmods.categories.set(row.key, row.lastmod);
  const countries = await handle.query<{ key: string; lastmod: string }>(
    `select country_code as key, ${stamp} as lastmod from country_counts where last_modified is not null`,
  );
  for (const row of countries) lastmods.countries.set(row.key, row.lastmod);
  const cities = await handle.query<{ country_code: string; city_slug: string; lastmod: string }>(
    `select country_code, city_slug, ${stamp} as lastmod from city_counts where last_modified is not null`,
  );
  for (const row of cities) {
    let inCountry = lastmods.cities.get(row.country_code);
    if (!inCountry) lastmods.cities.set(row.country_code, (inCountry = new Map()));
    inCountry.set(row.city_slug, row.lastmod);
  }
  return lastmods;
}

export interface SitemapCategoryEntry {
  slug: string;
}
export interface SitemapCountryEntry {
  countryCode: string;
  slug: string;
}
export interface SitemapCityEntry {
  countryCode: string;
  citySlug: string;
}

export async function listSitemapCategories(handle: DatabaseHandle): Promise<SitemapCategoryEntry[]> {
  return handle.query<SitemapCategoryEntry>("select category_slug as slug from category_counts order by category_slug");
}

export async function listSitemapCountries(handle: DatabaseHandle): Promise<SitemapCountryEntry[]> {
  return handle.query<SitemapCountryEntry>(
    `select country_code as "countryCode", country_slug as slug from country_counts order by country_slug, country_code`,
  );
}

export async function listSitemapCities(handle: DatabaseHandle): Promise<SitemapCityEntry[]> {
  return handle.query<SitemapCityEntry>(
    `select country_code as "countryCode", city_slug as "citySlug" from city_counts order by country_code, city_slug`,
  );
}

/**
 * When the visible set last changed: refreshAggregates rewrites site_totals after every write that can add,
 * remove or (un)approve businesses, so cached page boundaries are stale once this moves.
 */
export async function readAggregatesStamp(handle: DatabaseHandle): Promise<string> {
  const rows = await handle.query<{ stamp: string | null }>("select max(refreshed_at)::text as stamp from site_totals");
  return rows[0]?.stamp ?? "";
}

export interface SitemapCityCategoryKey {
  countryCode: string;
  citySlug: string;
  categorySlug: string;
}

export interface SitemapCityCategoryPage {
  /** 1-based page number. */
  page: number;
  /** The page's first pair (in country, city, category order). */
  first: SitemapCityCategoryKey;
  urls: number;
  /** Newest updated_at of the page's pairs, UTC "YYYY-MM-DDTHH:MM:SSZ"; null before the counts carried one. */
  lastmod: string | null;
}

/**
 * The city × category sitemap pages: pairs with at least `minListed` listed businesses, `pageSize` per page, in
 * primary-key order; each page's first pair, size and newest change, in one pass over the count table.
 */
export async function listSitemapCityCategoryPages(
  handle: DatabaseHandle,
  minListed: number,
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<SitemapCityCategoryPage[]> {
  const rows = await handle.query<{
    page: number;
    country_code: string;
    city_slug: string;
    category_slug: string;
    urls: number;
    lastmod: string | null;
  }>(
    `select (n / $2::int + 1)::int as page, count(*)::int as urls,
            to_char(max(last_modified) at time zone 'UTC', ${UTC_SECONDS}) as lastmod,
            min(case when n % $2::int = 0 then country_code end) as country_code,
            min(case when n % $2::int = 0 then city_slug end) as city_slug,
            min(case when n % $2::int = 0 then category_slug end) as category_slug
       from (select country_code, city_slug, category_slug, last_modified,
                    row_number() over (order by country_code, city_slug, category_slug) - 1 as n
               from city_category_counts where business_count >= $1::int) numbered
      group by 1 order by 1`,
    [minListed, pageSize],
  );
  return rows.map((row) => ({
    page: Number(row.page),
    first: { countryCode: row.country_code, citySlug: row.city_slug, categorySlug: row.category_slug },
    urls: Number(row.urls),
    lastmod: row.lastmod,
  }));
}

export interface SitemapCityCategoryEntry extends SitemapCityCategoryKey {
  lastmod: string | null;
}

/** Up to `limit` pairs with at least `minListed` listed businesses from `first` on (a keyset read of the primary key). */
export async function listSitemapCityCategories(
  handle: DatabaseHandle,
  minListed: number,
  first: SitemapCityCategoryKey,
  limit = SITEMAP_PAGE_SIZE,
): Promise<SitemapCityCategoryEntry[]> {
  return handle.query<SitemapCityCategoryEntry>(
    `select country_code as "countryCode", city_slug as "citySlug", category_slug as "categorySlug",
            to_char(last_modified at time zone 'UTC', ${UTC_SECONDS}) as lastmod
       from city_category_counts
      where business_count >= $1::int and (country_code, city_slug, category_slug) >= ($2::text, $3::text, $4::text)
      order by country_code, city_slug, category_slug
      limit $5::int`,
    [minListed, first.countryCode, first.citySlug, first.categorySlug, limit],
  );
}

/** How many businesses the sitemaps list: the total of the CLI's progress. */
export async function countSitemapBusinesses(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ count: number }>(`select count(*)::float8 as count from businesses b where ${listedCondition("b")}`);
  return row?.count ?? 0;
}
