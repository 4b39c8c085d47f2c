// City list (optionally by first letter) and city detail by country code + city slug (counts, a page of
// businesses, top 15 categories) → the spec's entities; counts from the aggregate tables.
import type { DatabaseHandle } from "../../db/client.ts";
import { getDatabase } from "../../db/client.ts";
import { listRankedBusinesses } from "../../db/queries/public/business-lists.ts";
import { findCityCount, listCityCounts, listCityTopCategories } from "../../db/queries/public/cities.ts";
import { countryName } from "~/utils/countries";
import { toBusinessListItem, type BusinessListItem } from "./businesses.server";
import { pageOffset, paginate, type Pagination } from "./pagination.server";

export const CITY_TOP_CATEGORIES = 15;

export interface CityListItem {
  city: string;
  countryCode: string;
  businessCount: number;
  categoryCount: number;
  slug: string;
}

/** Every city, most businesses first; `letter` ('A'–'Z' or '#') keeps those whose name starts with it. */
export async function listCities(letter?: string, handle?: DatabaseHandle): Promise<CityListItem[]> {
  const db = handle ?? (await getDatabase());
  const rows = await listCityCounts(db, letter);
  return rows.map((row) => ({
    city: row.city,
    countryCode: row.country_code,
    businessCount: row.business_count,
    categoryCount: row.category_count,
    slug: row.city_slug,
  }));
}

export interface CityDetail extends Pagination {
  city: string;
  slug: string;
  country: string;
  countryCode: string;
  countrySlug: string | null;
  businessCount: number;
  categoryCount: number;
  latitude: number | null;
  longitude: number | null;
  businesses: BusinessListItem[];
  topCategories: Array<{ category: string; count: number; slug: string }>;
  limit: number;
}

/** One city (upper-case country code + slug) with page `page` of `limit` businesses; null when unknown. */
export async function getCityDetail(
  input: { countryCode: string; citySlug: string; page: number; limit: number },
  handle?: DatabaseHandle,
): Promise<CityDetail | null> {
  const db = handle ?? (await getDatabase());
  const city = await findCityCount(db, input.countryCode, input.citySlug);
  if (!city) return null;
  const [rows, categories] = await Promise.all([
    listRankedBusinesses(
      db,
      { scope: "city", countryCode: city.country_code, citySlug: city.city_slug },
      pageOffset(input.page, input.limit),
      input.limit,
    ),
    listCityTopCategories(db, city.country_code, city.city_slug, CITY_TOP_CATEGORIES),
  ]);
  return {
    city: city.city,
    slug: city.city_slug,
    country: city.country ?? countryName(city.country_code),
    countryCode: city.country_code,
    countrySlug: city.country_slug,
    businessCount: city.business_count,
    categoryCount: city.category_count,
    latitude: city.latitude,
    longitude: city.longitude,
    businesses: rows.map(toBusinessListItem),
    topCategories: categories.map((c) => ({ category: c.category, count: c.count, slug: c.slug })),
    ...paginate(city.business_count, input.page, input.limit),
    limit: input.limit,
  };
}
