// /cities/{countryCode}/{citySlug}/{categorySlug} → one city × category pair (counts from city_category_counts, a
// page of its listed businesses through page anchors, the city's other top categories), a 301 for a moved city or a
// non-canonical spelling, or not found. Pairs under the index threshold (db/rules/city-category.ts) are `noindex`.
import type { DatabaseHandle } from "../../db/client.ts";
import { getReadDatabase } from "../../db/client.ts";
import { listRankedBusinesses } from "../../db/queries/public/business-lists.ts";
import { findCityMoveTarget, listCityTopCategories } from "../../db/queries/public/cities.ts";
import { findCityCategoryCount } from "../../db/queries/public/city-categories.ts";
import { isIndexableCityCategory } from "../../db/rules/city-category.ts";
import { countryName } from "../../db/rules/countries.ts";
import { findAliasCitySlug } from "../../db/rules/place-names.ts";
import { slugify } from "../../db/rules/slug.ts";
import { cityCategoryPath } from "../utils/city-category";
import { toBusinessListItem, type BusinessListItem } from "./businesses.server";
import { pageOffset, paginate, type Pagination } from "./pagination.server";
import { pageNotFound, redirectPermanently } from "./public-pages.server";

/** The city's other categories shown beside the list (the spec's sidebar length). */
export const CITY_CATEGORY_SIDE_ENTRIES = 15;

export interface CityCategoryParams {
  countryCode: string;
  citySlug: string;
  categorySlug: string;
}

/**
 * The three path segments → upper-case country code and slugs; a 404 for a segment that is no code or has no
 * letters, and one 301 to the canonical path when any segment is spelled otherwise ("ZH", "Zürich", "Italian_Restaurant").
 */
export function readCityCategoryParams(params: Record<string, string | undefined>, request: Request): CityCategoryParams {
  const code = params.countryCode ?? "";
  if (!/^[A-Za-z]{2}$/.test(code)) throw pageNotFound("City not found");
  const citySlug = slugify(params.citySlug ?? "");
  const categorySlug = slugify(params.categorySlug ?? "");
  if (!citySlug || !categorySlug) throw pageNotFound("Page not found");
  if (code !== code.toLowerCase() || citySlug !== params.citySlug || categorySlug !== params.categorySlug) {
    throw redirectPermanently(`${cityCategoryPath(code, citySlug, categorySlug)}${new URL(request.url).search}`);
  }
  return { countryCode: code.toUpperCase(), citySlug, categorySlug };
}

export interface CityCategoryDetail extends Pagination {
  city: string;
  citySlug: string;
  country: string;
  countryCode: string;
  countrySlug: string | null;
  category: string;
  categorySlug: string;
  businessCount: number;
  cityBusinessCount: number;
  categoryBusinessCount: number;
  /** False for thin pairs: the page answers but is `noindex` and not in the sitemaps. */
  indexable: boolean;
  businesses: BusinessListItem[];
  /** The city's other top categories (each a pair page of its own). */
  otherCategories: Array<{ category: string; count: number; slug: string }>;
  limit: number;
}

export type CityCategoryLookup = { status: "found"; pair: CityCategoryDetail } | { status: "moved"; path: string } | { status: "not_found" };

/**
 * One pair with page `page` of `limit` businesses, or where the visitor means (the city's old slug, an alias or a
 * district → its municipality's pair, as the city page redirects), or not found (no listed business in the pair).
 */
export async function getCityCategoryPage(
  input: CityCategoryParams & { page: number; limit: number },
  handle?: DatabaseHandle,
): Promise<CityCategoryLookup> {
  const db = handle ?? (await getReadDatabase());
  const summary = await findCityCategoryCount(db, input.countryCode, input.citySlug, input.categorySlug);
  if (!summary) {
    const moved = await findCityMoveTarget(db, input.countryCode, input.citySlug, findAliasCitySlug(input.countryCode, input.citySlug));
    return moved ? { status: "moved", path: cityCategoryPath(input.countryCode, moved, input.categorySlug) } : { status: "not_found" };
  }
  const [rows, categories] = await Promise.all([
    listRankedBusinesses(
      db,
      { scope: "city-category", countryCode: summary.country_code, citySlug: summary.city_slug, categorySlug: summary.category_slug },
      pageOffset(input.page, input.limit),
      input.limit,
    ),
    listCityTopCategories(db, summary.country_code, summary.city_slug, CITY_CATEGORY_SIDE_ENTRIES + 1),
  ]);
  return {
    status: "found",
    pair: {
      city: summary.city,
      citySlug: summary.city_slug,
      country: summary.country ?? countryName(summary.country_code),
      countryCode: summary.country_code,
      countrySlug: summary.country_slug,
      category: summary.category ?? summary.category_slug,
      categorySlug: summary.category_slug,
      businessCount: summary.business_count,
      cityBusinessCount: summary.city_business_count,
      categoryBusinessCount: summary.category_business_count ?? summary.business_count,
      indexable: isIndexableCityCategory(summary.business_count),
      businesses: rows.map(toBusinessListItem),
      otherCategories: categories
        .filter((c) => c.slug !== summary.category_slug)
        .slice(0, CITY_CATEGORY_SIDE_ENTRIES)
        .map((c) => ({ category: c.category, count: c.count, slug: c.slug })),
      ...paginate(summary.business_count, input.page, input.limit),
      limit: input.limit,
    },
  };
}
