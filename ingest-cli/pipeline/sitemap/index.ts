// Database + site root → the sitemap files the web routes serve (index, four sections, business and city × category
// pages), and the folder's public face for the CLI writer. Only listed businesses, 9,000 per page, absolute escaped URLs.
import type { DatabaseHandle } from "../../../db/client.ts";
import { SITEMAP_PAGE_SIZE, streamSitemapBusinesses } from "../../../db/queries/sitemap.ts";
import { normalizeBaseUrl } from "./base-url.ts";
import { BusinessPageBuilder } from "./business-page.ts";
import { listCityCategoryUrls } from "./city-categories.ts";
import { CopyTextReader } from "./copy-text.ts";
import { listSectionUrls, renderIndex, type SitemapSection } from "./sections.ts";
import { getSitemapState } from "./state-cache.ts";
import { renderUrlset } from "./xml.ts";

export { InvalidBaseUrlError, normalizeBaseUrl } from "./base-url.ts";
export { formatCopyTimestamp } from "./business-page.ts";
export {
  businessSitemapPath,
  cityCategorySitemapPath,
  sectionSitemapPath,
  SITEMAP_INDEX_PATH,
  SITEMAP_SECTIONS,
  type SitemapSection,
} from "./sections.ts";
export { writeSitemaps, type WriteSitemapsOptions, type WriteSitemapsResult, type WrittenSitemap } from "./write-sitemaps.ts";
export { escapeXml } from "./xml.ts";
export { SITEMAP_PAGE_SIZE };

/** `/sitemap.xml`: the four section files, then every business page. */
export async function renderSitemapIndex(handle: DatabaseHandle, baseUrl: string): Promise<string> {
  const base = normalizeBaseUrl(baseUrl);
  return renderIndex(base, await getSitemapState(handle), "");
}

/** `/sitemaps/{main|categories|countries|cities}.xml`. */
export async function renderSectionSitemap(handle: DatabaseHandle, baseUrl: string, section: SitemapSection): Promise<string> {
  const base = normalizeBaseUrl(baseUrl);
  return renderUrlset(await listSectionUrls(handle, base, section, await getSitemapState(handle)));
}

export const renderMainSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "main");
export const renderCategoriesSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "categories");
export const renderCountriesSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "countries");
export const renderCitiesSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "cities");

/** `/sitemaps/businesses/page-{n}.xml`, or null when there is no such page. Finds page n's first id from the cache. */
export async function renderBusinessSitemapPage(handle: DatabaseHandle, baseUrl: string, page: number): Promise<string | null> {
  const base = normalizeBaseUrl(baseUrl);
  if (!Number.isSafeInteger(page) || page < 1) return null;
  const boundary = (await getSitemapState(handle)).pages[page - 1];
  if (!boundary) return null;
  const builder = new BusinessPageBuilder(base);
  const reader = new CopyTextReader();
  const add = (buf: Buffer, start: number, end: number) => builder.addLine(buf, start, end);
  for await (const chunk of streamSitemapBusinesses(handle, boundary.afterId, SITEMAP_PAGE_SIZE)) reader.pushLines(chunk, add);
  reader.finish();
  return builder.take().toString("utf8");
}

/** `/sitemaps/city-categories/page-{n}.xml` (indexable city × category pairs), or null when there is no such page. */
export async function renderCityCategorySitemapPage(handle: DatabaseHandle, baseUrl: string, page: number): Promise<string | null> {
  const base = normalizeBaseUrl(baseUrl);
  if (!Number.isSafeInteger(page) || page < 1) return null;
  const found = (await getSitemapState(handle)).cityCategoryPages[page - 1];
  if (!found) return null;
  return renderUrlset(await listCityCategoryUrls(handle, base, found));
}
