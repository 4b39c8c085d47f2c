// Home page data: site totals, featured businesses and the three top-12 panels, from precomputed tables.
import type { DatabaseHandle } from "../../db/client.ts";
import { getReadDatabase } from "../../db/client.ts";
import { createTtlValue } from "../../db/freshness.ts";
import {
  getSiteTotals,
  listFeaturedBusinesses,
  listTopCategories,
  listTopCities,
  listTopCountries,
  type FeaturedBusinessRow,
  type SiteTotals,
} from "../../db/queries/home.ts";
import { listCategoryCounts } from "../../db/queries/public/categories.ts";
import { listCityCounts } from "../../db/queries/public/cities.ts";
import { listCountryCounts } from "../../db/queries/public/countries.ts";
import { readWebUrl } from "~/utils/business-links";
import { countryName } from "../../db/rules/countries.ts";

export const HOME_PANEL_SIZE = 12;
export const FEATURED_COUNT = 12;

/**
 * How long one process reuses the home page's data. Every request would otherwise run the same six queries; the
 * page itself is sent with a 30-minute Cache-Control, so 10 s more of server-side staleness is invisible.
 */
const HOME_PAGE_TTL_MS = 10_000;

export type HomePage = Awaited<ReturnType<typeof loadHomePage>>;

const homePageCache = createTtlValue<HomePage>("home-page", HOME_PAGE_TTL_MS);

/** The home page's data, shared by the requests of the last 10 s (the admin "Clear cache" empties it). */
export function getHomePage(): Promise<HomePage> {
  return homePageCache.get(loadHomePage);
}

/** A featured row as the card and the API get it: its photo http(s) or null, as the card would show it. */
function toFeaturedCard(row: FeaturedBusinessRow): FeaturedBusinessRow {
  return { ...row, image_url: readWebUrl(row.image_url) };
}

async function loadHomePage() {
  const handle = await getReadDatabase();
  const [totals, featured, categories, cities, countries] = await Promise.all([
    getSiteTotals(handle),
    listFeaturedBusinesses(handle, FEATURED_COUNT),
    listTopCategories(handle, HOME_PANEL_SIZE),
    listTopCities(handle, HOME_PANEL_SIZE),
    listTopCountries(handle, HOME_PANEL_SIZE),
  ]);
  return {
    totals,
    featured: featured.map(toFeaturedCard),
    popularCategories: categories.map((c) => ({ category: c.category, slug: c.category_slug, count: c.count })),
    topCities: cities.map((c) => ({ city: c.city, slug: c.city_slug, countryCode: c.country_code.toLowerCase(), count: c.count })),
    topCountries: countries.map((c) => ({ country: countryName(c.country_code), slug: c.country_slug, businessCount: c.business_count })),
  };
}

/** GET /api/homepage-data: the spec's three panels (top 12 each) with the slugs and codes their links need. */
export interface HomepageData {
  popularSearches: Array<{ category: string; count: number; slug: string }>;
  topCountries: Array<{ country: string; businessCount: number; countryCode: string; slug: string }>;
  topCities: Array<{ city: string; count: number; countryCode: string; slug: string }>;
  totals: SiteTotals;
}

export async function getHomepageData(handle?: DatabaseHandle): Promise<HomepageData> {
  const db = handle ?? (await getReadDatabase());
  // NOTE: the list queries of db/queries/public, not listTop* of db/queries/home.ts: their ORDER BY matches the
  // count indexes (DESC NULLS LAST), so a top 12 is an index read, not a sort of every city.
  const [totals, categories, cities, countries] = await Promise.all([
    getSiteTotals(db),
    listCategoryCounts(db, undefined, HOME_PANEL_SIZE),
    listCityCounts(db, undefined, HOME_PANEL_SIZE),
    listCountryCounts(db, HOME_PANEL_SIZE),
  ]);
  return {
    popularSearches: categories.map((c) => ({ category: c.category, count: c.count, slug: c.slug })),
    topCountries: countries.map((c) => ({ country: c.country, businessCount: c.business_count, countryCode: c.country_code, slug: c.country_slug })),
    topCities: cities.map((c) => ({ city: c.city, count: c.business_count, countryCode: c.country_code, slug: c.city_slug })),
    totals,
  };
}

/**
 * GET /api/featured-businesses: the 12 featured cards. Ordering rule: rank_score desc, then id desc, among approved
 * operational businesses, where rank_score = rating × log10(reviews + 1) + 1 if verified + 0.25 with a photo.
 */
export async function listFeaturedBusinessCards(handle?: DatabaseHandle): Promise<FeaturedBusinessRow[]> {
  const db = handle ?? (await getReadDatabase());
  return (await listFeaturedBusinesses(db, FEATURED_COUNT)).map(toFeaturedCard);
}
