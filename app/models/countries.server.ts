// Country list and country detail (by ISO code or name slug: de, DE, germany, united-kingdom) → the spec's
// entities, from the aggregate tables: counts, top 20 cities, popular categories 20 per page.
import type { DatabaseHandle } from "../../db/client.ts";
import { getReadDatabase } from "../../db/client.ts";
import {
  findCountryByCode,
  findCountryBySlug,
  listCountryCategories,
  listCountryCounts,
  listCountryTopCities,
  type CountryCountRow,
} from "../../db/queries/public/countries.ts";
import { countryCodeFromName } from "../../db/rules/countries.ts";
import { getCityListPage, type CityListPage } from "./cities.server";
import { pageOffset, paginate, type Pagination } from "./pagination.server";
import { LIST_PAGE_SIZE, MAX_LIST_PAGE, matchesFreeText } from "./public-pages.server";

export const COUNTRY_TOP_CITIES = 20;
export const COUNTRY_CATEGORIES_PAGE_SIZE = 20;

export interface CountryListItem {
  country: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
  countryCode: string;
  slug: string;
}

function toCountryListItem(row: CountryCountRow): CountryListItem {
  return {
    country: row.country,
    businessCount: row.business_count,
    cityCount: row.city_count,
    categoryCount: row.category_count,
    countryCode: row.country_code,
    slug: row.country_slug,
  };
}

/** Every country with approved businesses, most businesses first. */
export async function listCountries(handle?: DatabaseHandle): Promise<CountryListItem[]> {
  const db = handle ?? (await getReadDatabase());
  return (await listCountryCounts(db)).map(toCountryListItem);
}

export interface CountryListPage {
  countries: CountryListItem[];
  /** The spec's stats over the filtered list: countries, their businesses and cities. */
  stats: { countries: number; businesses: number; cities: number };
  /** Businesses of every country: the denominator of each card's market share. */
  allBusinesses: number;
  pagination: Pagination;
  q: string | undefined;
}

/**
 * Page `page` (12 per page) of the countries whose name or ISO code matches `q`.
 * NOTE: filtered in memory: country_counts has at most ~250 rows, one index read.
 */
export async function getCountryListPage(input: { q?: string; page: number }, handle?: DatabaseHandle): Promise<CountryListPage> {
  const all = await listCountries(handle);
  const q = input.q;
  const matching = q ? all.filter((c) => matchesFreeText(q, c.country, c.slug) || c.countryCode === q.toUpperCase()) : all;
  const offset = pageOffset(input.page, LIST_PAGE_SIZE);
  return {
    countries: matching.slice(offset, offset + LIST_PAGE_SIZE),
    stats: {
      countries: matching.length,
      businesses: matching.reduce((sum, c) => sum + c.businessCount, 0),
      cities: matching.reduce((sum, c) => sum + c.cityCount, 0),
    },
    allBusinesses: all.reduce((sum, c) => sum + c.businessCount, 0),
    pagination: paginate(matching.length, input.page, LIST_PAGE_SIZE, MAX_LIST_PAGE),
    q,
  };
}

/** A slugified code, name slug or alias ("de", "germany", "uk", "deutschland") → the country's counts row. */
async function findCountry(db: DatabaseHandle, slug: string): Promise<CountryCountRow | null> {
  if (/^[a-z]{2}$/.test(slug)) return findCountryByCode(db, countryCodeFromName(slug) ?? slug.toUpperCase());
  const bySlug = await findCountryBySlug(db, slug);
  if (bySlug) return bySlug;
  const code = countryCodeFromName(slug);
  return code ? findCountryByCode(db, code) : null;
}

export interface CountryDetail {
  country: string;
  countryCode: string;
  slug: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
  topCities: Array<{ city: string; count: number; slug: string; countryCode: string }>;
  /** True when the country has more cities than the top list shows (the page's "View all cities" link). */
  hasMoreCities: boolean;
  topCategories: Array<{ category: string; count: number; slug: string }>;
  /** Paging of topCategories (20 per page). */
  categoriesPage: Pagination;
}

/** One country with page `page` of its categories; null when it has no approved businesses. */
export async function getCountryDetail(input: { slug: string; page: number }, handle?: DatabaseHandle): Promise<CountryDetail | null> {
  const db = handle ?? (await getReadDatabase());
  const country = await findCountry(db, input.slug);
  if (!country) return null;
  const [cities, categories] = await Promise.all([
    listCountryTopCities(db, country.country_code, COUNTRY_TOP_CITIES),
    listCountryCategories(db, country.country_code, pageOffset(input.page, COUNTRY_CATEGORIES_PAGE_SIZE), COUNTRY_CATEGORIES_PAGE_SIZE),
  ]);
  return {
    country: country.country,
    countryCode: country.country_code,
    slug: country.country_slug,
    businessCount: country.business_count,
    cityCount: country.city_count,
    categoryCount: country.category_count,
    topCities: cities.map((c) => ({ city: c.city, count: c.count, slug: c.city_slug, countryCode: country.country_code })),
    hasMoreCities: country.city_count > COUNTRY_TOP_CITIES,
    topCategories: categories.map((c) => ({ category: c.category, count: c.count, slug: c.slug })),
    categoriesPage: paginate(country.category_count, input.page, COUNTRY_CATEGORIES_PAGE_SIZE),
  };
}

export interface CountryCityListPage extends CityListPage {
  country: { country: string; countryCode: string; slug: string; cityCount: number };
}

/** The "View all cities" page of a country: page `page` of its cities (optionally matching `q`), most businesses first; null when unknown. */
export async function getCountryCityListPage(
  input: { slug: string; page: number; q?: string },
  handle?: DatabaseHandle,
): Promise<CountryCityListPage | null> {
  const db = handle ?? (await getReadDatabase());
  const country = await findCountry(db, input.slug);
  if (!country) return null;
  const cities = await getCityListPage({ countryCode: country.country_code, q: input.q, page: input.page }, db);
  return {
    ...cities,
    country: { country: country.country, countryCode: country.country_code, slug: country.country_slug, cityCount: country.city_count },
  };
}
