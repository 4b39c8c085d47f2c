// Database rows + site root → the sitemap index (sections, business pages, city × category pages) and the four
// section files' URLs (main, categories, countries, cities), with each file's newest lastmod; their paths.
import type { DatabaseHandle } from "../../../db/client.ts";
import {
  listSitemapCategories,
  listSitemapCities,
  listSitemapCountries,
  type SitemapCityCategoryPage,
  type SitemapGroupLastmods,
  type SitemapPageBoundary,
} from "../../../db/queries/sitemap.ts";
import { newerLastmod, renderSitemapIndexXml, type SitemapUrl } from "./xml.ts";

/** The four files besides the business pages, in index order (the spec's "plus 4 other files"). */
export const SITEMAP_SECTIONS = ["main", "categories", "countries", "cities"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** Home, the list pages, contact and the four legal pages. */
const MAIN_PATHS = [
  "/",
  "/businesses",
  "/categories",
  "/countries",
  "/cities",
  "/contact",
  "/privacy-policy",
  "/legal-notice",
  "/terms-of-service",
  "/cookie-policy",
];
/** These change whenever the businesses do; contact and the legal texts do not, so they carry no lastmod. */
const MAIN_DYNAMIC_PATHS = new Set(["/", "/businesses", "/categories", "/countries", "/cities"]);

/** Site paths of the files: the index, the four sections, business page n and city × category page n. */
export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export function sectionSitemapPath(section: SitemapSection): string {
  return `/sitemaps/${section}.xml`;
}
export function businessSitemapPath(page: number): string {
  return `/sitemaps/businesses/page-${page}.xml`;
}
export function cityCategorySitemapPath(page: number): string {
  return `/sitemaps/city-categories/page-${page}.xml`;
}

/** What the index and the section files need: page starts and sizes, and the newest change per group. */
export interface SitemapState {
  pages: SitemapPageBoundary[];
  groups: SitemapGroupLastmods;
  /** The city × category pages (indexable pairs only). */
  cityCategoryPages: SitemapCityCategoryPage[];
}

/** A slug as one URL path segment. Slugs are [a-z0-9-] already; anything else is percent-encoded, ' included,
 * so the result never needs XML escaping. */
export function segment(text: string): string {
  return SAFE_SEGMENT.test(text) ? text : encodeURIComponent(text).replace(/'/g, "%27");
}
const SAFE_SEGMENT = /^[a-z0-9-]+$/;

function newestIn(values: Iterable<string | null>): string | null {
  let newest: string | null = null;
  for (const value of values) newest = newerLastmod(newest, value);
  return newest;
}

/**
 * A section file's own lastmod in the index: the newest change among the businesses behind it. Read from the group
 * maps rather than the entries so the index needs no entry lists (equal while the aggregates are fresh).
 */
function sectionLastmod(section: SitemapSection, state: SitemapState): string | null {
  if (section === "main") return newestIn(state.pages.map((page) => page.lastmod));
  if (section === "cities") return newestIn([...state.groups.cities.values()].map((cities) => newestIn(cities.values())));
  return newestIn(state.groups[section].values());
}

export async function listSectionUrls(handle: DatabaseHandle, baseUrl: string, section: SitemapSection, state: SitemapState): Promise<SitemapUrl[]> {
  if (section === "main") {
    const newest = sectionLastmod("main", state);
    return MAIN_PATHS.map((route) => ({
      loc: route === "/" ? `${baseUrl}/` : `${baseUrl}${route}`,
      lastmod: MAIN_DYNAMIC_PATHS.has(route) ? newest : null,
    }));
  }
  if (section === "categories") {
    return (await listSitemapCategories(handle)).map((row) => ({
      loc: `${baseUrl}/categories/${segment(row.slug)}`,
      lastmod: state.groups.categories.get(row.slug) ?? null,
    }));
  }
  if (section === "countries") {
    return (await listSitemapCountries(handle)).map((row) => ({
      loc: `${baseUrl}/countries/${segment(row.slug)}`,
      lastmod: state.groups.countries.get(row.countryCode) ?? null,
    }));
  }
  return (await listSitemapCities(handle)).map((row) => ({
    loc: `${baseUrl}/cities/${segment(row.countryCode.toLowerCase())}/${segment(row.citySlug)}`,
    lastmod: state.groups.cities.get(row.countryCode)?.get(row.citySlug) ?? null,
  }));
}

export function renderIndex(baseUrl: string, state: SitemapState, extension: string): string {
  return renderSitemapIndexXml([
    ...SITEMAP_SECTIONS.map((section) => ({ loc: `${baseUrl}${sectionSitemapPath(section)}${extension}`, lastmod: sectionLastmod(section, state) })),
    ...state.pages.map((page) => ({ loc: `${baseUrl}${businessSitemapPath(page.page)}${extension}`, lastmod: page.lastmod })),
    ...state.cityCategoryPages.map((page) => ({ loc: `${baseUrl}${cityCategorySitemapPath(page.page)}${extension}`, lastmod: page.lastmod })),
  ]);
}
