// Database + site root → the city × category sitemap pages: indexable pairs only (db/rules/city-category.ts), 9,000
// per file in primary-key order, each page read from its first pair (a keyset read, never OFFSET).
import type { DatabaseHandle } from "../../../db/client.ts";
import { CITY_CATEGORY_INDEX_MIN } from "../../../db/rules/city-category.ts";
import {
  listSitemapCityCategories,
  listSitemapCityCategoryPages,
  SITEMAP_PAGE_SIZE,
  type SitemapCityCategoryPage,
} from "../../../db/queries/sitemap.ts";
import { segment } from "./sections.ts";
import type { SitemapUrl } from "./xml.ts";

/** The pages' first pairs, sizes and newest changes (what the index and each page read start from). */
export function listCityCategorySitemapPages(handle: DatabaseHandle): Promise<SitemapCityCategoryPage[]> {
  return listSitemapCityCategoryPages(handle, CITY_CATEGORY_INDEX_MIN, SITEMAP_PAGE_SIZE);
}

/** The URLs of one page (`page` as listed by listCityCategorySitemapPages). */
export async function listCityCategoryUrls(handle: DatabaseHandle, baseUrl: string, page: SitemapCityCategoryPage): Promise<SitemapUrl[]> {
  const rows = await listSitemapCityCategories(handle, CITY_CATEGORY_INDEX_MIN, page.first, page.urls);
  return rows.map((row) => ({
    loc: `${baseUrl}/cities/${segment(row.countryCode.toLowerCase())}/${segment(row.citySlug)}/${segment(row.categorySlug)}`,
    lastmod: row.lastmod,
  }));
}
