// City list (optionally by first letter) and city detail by country code + city slug (counts, a page of
// businesses, top 15 categories) → the spec's entities; counts from the aggregate tables.
import type { DatabaseHandle } from "../../db/client.ts";
import { getReadDatabase } from "../../db/client.ts";
import { listRankedBusinesses } from "../../db/queries/public/business-lists.ts";
import {
  countCityCounts,
  findCityCount,
  findCityMoveTarget,
  listCityCounts,
  listCityTopCategories,
  type CityCountRow,
} from "../../db/queries/public/cities.ts";
import { listCityPage, listUsedCityLetters, summarizeCities, type CityListFilter } from "../../db/queries/public/list-pages.ts";
import { getSiteTotals } from "../../db/queries/home.ts";
import { slugify } from "../../db/rules/slug.ts";
import { findAliasCitySlug } from "../../db/rules/place-names.ts";
import { countryCodeFromName, countryName } from "../../db/rules/countries.ts";
import { JsonWithHeaders, readAggregateJson, type SerializedJson } from "./aggregate-json-cache.server";
import { toBusinessListItem, type BusinessListItem } from "./businesses.server";
import { pageOffset, paginate, type Pagination } from "./pagination.server";
import { LIST_PAGE_SIZE, MAX_LIST_PAGE } from "./public-pages.server";

export const CITY_TOP_CATEGORIES = 15;

export interface CityListItem {
  city: string;
  countryCode: string;
  businessCount: number;
  categoryCount: number;
  slug: string;
}

export interface CityListPageQuery {
  letter?: string;
  /** 1-based. */
  page: number;
  limit: number;
}

/** The query string of a city list page, as the `Link` header names it. */
function buildCityListPath(query: CityListPageQuery): string {
  const params = new URLSearchParams();
  if (query.letter) params.set("letter", query.letter);
  params.set("page", String(query.page));
  params.set("limit", String(query.limit));
  return `/api/cities?${params.toString()}`;
}

/**
 * One page of the GET /api/cities answer (most businesses first, then country and slug), serialised once per letter
 * and page until the aggregates are next refreshed, with `X-Total-Count` (cities of the letter) and, when more
 * follow, `Link: <next page>; rel="next"`. At a million businesses the whole list is ~80k cities (~8 MB of JSON):
 * no single answer of that size can be as fast as a key lookup, so the list is paged (at most 1,000 a page).
 */
export async function readCityListJson(query: CityListPageQuery, handle?: DatabaseHandle): Promise<SerializedJson> {
  return readAggregateJson(
    `cities:${query.letter ?? ""}:${query.page}:${query.limit}`,
    async (db) => {
      const [rows, total] = await Promise.all([
        listCityCounts(db, query.letter, query.limit, (query.page - 1) * query.limit),
        countCityCounts(db, query.letter),
      ]);
      const headers: Record<string, string> = { "X-Total-Count": String(total) };
      if (query.page * query.limit < total) headers.Link = `<${buildCityListPath({ ...query, page: query.page + 1 })}>; rel="next"`;
      return new JsonWithHeaders(rows.map(toCityListItem), headers);
    },
    handle,
  );
}

function toCityListItem(row: CityCountRow): CityListItem {
  return {
    city: row.city,
    countryCode: row.country_code,
    businessCount: row.business_count,
    categoryCount: row.category_count,
    slug: row.city_slug,
  };
}

export interface CityListPage {
  cities: CityListItem[];
  /** The spec's three tiles over the filtered list: cities, their businesses, the rounded average per city. */
  stats: { cities: number; businesses: number; averagePerCity: number };
  pagination: Pagination;
  letter: string | undefined;
  q: string | undefined;
  /** Letters of the A–Z bar that start at least one city (the others are shown disabled). */
  usedLetters: string[];
}

/**
 * Page `page` (12 per page, at most 100 pages) of the cities matching a first letter, free text (city name or
 * country code) and/or a country. NOTE: the unfiltered list reads its totals from site_totals: summing the whole
 * city table per request is what the aggregate tables exist to avoid.
 */
export async function getCityListPage(
  input: { letter?: string; q?: string; countryCode?: string; page: number },
  handle?: DatabaseHandle,
): Promise<CityListPage> {
  const db = handle ?? (await getReadDatabase());
  const filter: CityListFilter = {
    letter: input.letter,
    countryCode: input.countryCode,
    searchText: input.q,
    searchSlug: input.q ? slugify(input.q) : undefined,
    searchCountryCode: countryCodeFromName(input.q) ?? undefined,
  };
  const filtered = Boolean(input.letter || input.q || input.countryCode);
  const [rows, totals, usedLetters] = await Promise.all([
    listCityPage(db, filter, pageOffset(input.page, LIST_PAGE_SIZE), LIST_PAGE_SIZE),
    filtered ? summarizeCities(db, filter) : getSiteTotals(db).then((site) => ({ count: site.cities, businesses: site.businesses })),
    listUsedCityLetters(db),
  ]);
  return {
    cities: rows.map(toCityListItem),
    stats: {
      cities: totals.count,
      businesses: totals.businesses,
      averagePerCity: totals.count > 0 ? Math.round(totals.businesses / totals.count) : 0,
    },
    pagination: paginate(totals.count, input.page, LIST_PAGE_SIZE, MAX_LIST_PAGE),
    letter: input.letter,
    q: input.q,
    usedLetters,
  };
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
  const db = handle ?? (await getReadDatabase());
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

export type CityPageLookup = { status: "found"; city: CityDetail } | { status: "moved"; slug: string } | { status: "not_found" };

/**
 * /cities/{countryCode}/{citySlug} and its API twin → the city, a move (301 to the page a visitor means: an old slug
 * of a city whose spelling or place changed, an alias spelling such as "wien", or a district such as "kreuzberg" →
 * its municipality; so one URL per city is indexed), or not found.
 */
export async function getCityPage(
  input: { countryCode: string; citySlug: string; page: number; limit: number },
  handle?: DatabaseHandle,
): Promise<CityPageLookup> {
  const db = handle ?? (await getReadDatabase());
  const city = await getCityDetail(input, db);
  if (city) return { status: "found", city };
  const moved = await findCityMoveTarget(db, input.countryCode, input.citySlug, findAliasCitySlug(input.countryCode, input.citySlug));
  return moved ? { status: "moved", slug: moved } : { status: "not_found" };
}
