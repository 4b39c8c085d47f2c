// Category list (optionally by first letter) and category detail (counts, a page of businesses, top 15
// countries and top 15 cities) → the spec's entities; counts from the aggregate tables, businesses in rank order
// via page anchors.
import type { DatabaseHandle } from "../../db/client.ts";
import { getReadDatabase } from "../../db/client.ts";
import { listRankedBusinesses } from "../../db/queries/public/business-lists.ts";
import { findCategoryCount, listCategoryCounts, listCategoryTopCountries } from "../../db/queries/public/categories.ts";
import { listCategoryTopCities } from "../../db/queries/public/city-categories.ts";
import { listCategoryPage, listUsedCategoryLetters, summarizeCategories } from "../../db/queries/public/list-pages.ts";
import { getSiteTotals } from "../../db/queries/home.ts";
import { slugify } from "../../db/rules/slug.ts";
import { toBusinessListItem, type BusinessListItem } from "./businesses.server";
import { pageOffset, paginate, type Pagination } from "./pagination.server";
import { LIST_PAGE_SIZE, MAX_LIST_PAGE } from "./public-pages.server";

export const CATEGORY_TOP_COUNTRIES = 15;
/** Top cities beside the top countries: each links to its city × category page. */
export const CATEGORY_TOP_CITIES = 15;

export interface CategoryListItem {
  category: string;
  count: number;
  slug: string;
}

/** Every category, most businesses first; `letter` ('A'–'Z' or '#') keeps those whose name starts with it. */
export async function listCategories(letter?: string, handle?: DatabaseHandle): Promise<CategoryListItem[]> {
  const db = handle ?? (await getReadDatabase());
  const rows = await listCategoryCounts(db, letter);
  return rows.map((row) => ({ category: row.category, count: row.count, slug: row.slug }));
}

export interface CategoryListPage {
  categories: CategoryListItem[];
  /** The spec's stats over the filtered list: categories, their businesses, the rounded average per category. */
  stats: { categories: number; businesses: number; averagePerCategory: number };
  /** All approved businesses: the denominator of each card's "share of all businesses". */
  siteBusinesses: number;
  pagination: Pagination;
  letter: string | undefined;
  q: string | undefined;
  /** Letters of the A–Z bar that start at least one category (the others are shown disabled). */
  usedLetters: string[];
}

/** Page `page` (12 per page, at most 100 pages) of the categories matching a first letter and/or free text. */
export async function getCategoryListPage(input: { letter?: string; q?: string; page: number }, handle?: DatabaseHandle): Promise<CategoryListPage> {
  const db = handle ?? (await getReadDatabase());
  const filter = { letter: input.letter, searchText: input.q, searchSlug: input.q ? slugify(input.q) : undefined };
  const [rows, totals, site, usedLetters] = await Promise.all([
    listCategoryPage(db, filter, pageOffset(input.page, LIST_PAGE_SIZE), LIST_PAGE_SIZE),
    summarizeCategories(db, filter),
    getSiteTotals(db),
    listUsedCategoryLetters(db),
  ]);
  return {
    categories: rows.map((row) => ({ category: row.category, count: row.count, slug: row.slug })),
    stats: {
      categories: totals.count,
      businesses: totals.businesses,
      averagePerCategory: totals.count > 0 ? Math.round(totals.businesses / totals.count) : 0,
    },
    siteBusinesses: site.businesses,
    pagination: paginate(totals.count, input.page, LIST_PAGE_SIZE, MAX_LIST_PAGE),
    letter: input.letter,
    q: input.q,
    usedLetters,
  };
}

export interface CategoryDetail extends Pagination {
  category: string;
  slug: string;
  businessCount: number;
  countryCount: number;
  businesses: BusinessListItem[];
  topCountries: Array<{ country: string; count: number; countryCode: string; slug: string }>;
  topCities: Array<{ city: string; citySlug: string; countryCode: string; count: number }>;
  limit: number;
}

/** One category by slug with page `page` of `limit` businesses; null when no approved business has it. */
export async function getCategoryDetail(
  input: { slug: string; page: number; limit: number },
  handle?: DatabaseHandle,
): Promise<CategoryDetail | null> {
  const db = handle ?? (await getReadDatabase());
  const summary = await findCategoryCount(db, input.slug);
  if (!summary) return null;
  const [rows, countries, cities] = await Promise.all([
    listRankedBusinesses(db, { scope: "category", categorySlug: summary.slug }, pageOffset(input.page, input.limit), input.limit),
    listCategoryTopCountries(db, summary.slug, CATEGORY_TOP_COUNTRIES),
    listCategoryTopCities(db, summary.slug, CATEGORY_TOP_CITIES),
  ]);
  return {
    category: summary.category,
    slug: summary.slug,
    businessCount: summary.business_count,
    countryCount: summary.country_count,
    businesses: rows.map(toBusinessListItem),
    topCountries: countries.map((c) => ({ country: c.country, count: c.count, countryCode: c.country_code, slug: c.country_slug })),
    topCities: cities.map((c) => ({ city: c.city, citySlug: c.city_slug, countryCode: c.country_code, count: c.count })),
    ...paginate(summary.business_count, input.page, input.limit),
    limit: input.limit,
  };
}
