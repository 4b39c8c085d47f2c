// All-businesses pages and business detail by slug → the spec's entities; only approved businesses are public,
// and a slug resolves exactly, then through old-slug redirects, then by the spec's suffix-stripping retry.
import type { DatabaseHandle } from "../../db/client.ts";
import { getDatabase } from "../../db/client.ts";
import { getSiteTotals } from "../../db/queries/home.ts";
import { findApprovedBusinessBySlug, findRedirectedSlug, getAdCodes, type BusinessDetailRow } from "../../db/queries/public/business-detail.ts";
import { listRankedBusinesses, type BusinessListRow } from "../../db/queries/public/business-lists.ts";
import { formatDayHours, hasOpeningHours, WEEK_DAYS, type HoursRange, type WeekDay } from "~/utils/opening-hours";
import { stripSlugSuffix } from "~/utils/slug";
import { MAX_BUSINESS_LIST_PAGE } from "./public-params.server";
import { pageOffset, paginate, type Pagination } from "./pagination.server";

export const BUSINESSES_PAGE_SIZE = 20;

/** The spec's business list item (id … phone) plus what a business card and its links need. */
export interface BusinessListItem {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  city: string | null;
  country: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
  type: string | null;
  categorySlug: string | null;
  citySlug: string | null;
  countryCode: string | null;
  fullAddress: string | null;
  photo: string | null;
  verified: boolean;
}

export function toBusinessListItem(row: BusinessListRow): BusinessListItem {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.category,
    city: row.city,
    country: row.country,
    rating: row.rating,
    reviews: row.reviews,
    phone: row.phone,
    type: row.type,
    categorySlug: row.category_slug,
    citySlug: row.city_slug,
    countryCode: row.country_code,
    fullAddress: row.full_address,
    photo: row.photo,
    verified: row.verified,
  };
}

export interface BusinessPage extends Pagination {
  businesses: BusinessListItem[];
}

/** Page 1…100 of all approved businesses, 20 per page, in rank order; the total comes from site_totals. */
export async function getBusinessPage(page: number, handle?: DatabaseHandle): Promise<BusinessPage> {
  const db = handle ?? (await getDatabase());
  // NOTE: plain OFFSET is fine here: the spec caps this list at 100 pages, so at most 1,980 index rows are skipped.
  const [totals, rows] = await Promise.all([
    getSiteTotals(db),
    listRankedBusinesses(db, { scope: "all" }, pageOffset(page, BUSINESSES_PAGE_SIZE), BUSINESSES_PAGE_SIZE),
  ]);
  return { businesses: rows.map(toBusinessListItem), ...paginate(totals.businesses, page, BUSINESSES_PAGE_SIZE, MAX_BUSINESS_LIST_PAGE) };
}

export interface AdCodes {
  ad1: string;
  ad2: string;
  ad3: string;
  ad4: string;
}

/** The spec's business detail entity plus extras (id, city, citySlug, country, status, timeZone, categorySlug, url, updatedAt). */
export interface BusinessDetail {
  id: number;
  name: string;
  type: string | null;
  category: string | null;
  categorySlug: string | null;
  slug: string;
  fullAddress: string | null;
  city: string | null;
  citySlug: string | null;
  country: string | null;
  countryCode: string | null;
  rating: number | null;
  reviews: number;
  photo: string | null;
  phone: string | null;
  placeId: string | null;
  verified: boolean;
  /** JSON text of the amenity groups ({"Service options": {"Takeout": true}}), else the description, else null. */
  about: string | null;
  /** JSON text: every weekday name → "9:00 AM – 5:00 PM" (ranges joined by ", "), "Open 24 hours" or "Closed"; null when unknown. */
  workingHours: string | null;
  /** Numbers as text, per the spec; null when unknown. */
  latitude: string | null;
  longitude: string | null;
  adCodes: AdCodes;
  status: string;
  timeZone: string | null;
  url: string | null;
  updatedAt: string;
}

export type BusinessLookup =
  | { status: "found"; business: BusinessDetail; /** true when found by the suffix-stripping retry */ retried: boolean }
  | { status: "moved"; slug: string }
  | { status: "not_found" };

const DAY_LABELS: Record<WeekDay, string> = {
  monday: "Monday", tuesday: "Tuesday", wednesday: "Wednesday", thursday: "Thursday",
  friday: "Friday", saturday: "Saturday", sunday: "Sunday",
};

/**
 * Stored canonical week (jsonb text) → the spec's workingHours JSON text: all seven weekday names, Monday first,
 * each "9:00 AM – 5:00 PM" (ranges joined by ", "), "Open 24 hours" or "Closed"; null when there are no hours.
 * The day text and the "missing day = closed" rule are app/utils/opening-hours.ts's, as the Open/Closed badge uses.
 */
export function formatWorkingHoursText(weekJson: string | null): string | null {
  if (!weekJson) return null;
  let week: unknown;
  try {
    week = JSON.parse(weekJson);
  } catch {
    return null;
  }
  if (!hasOpeningHours(week)) return null;
  const out: Record<string, string> = {};
  for (const day of WEEK_DAYS) {
    const ranges: unknown = week[day];
    out[DAY_LABELS[day]] = formatDayHours(Array.isArray(ranges) ? (ranges as HoursRange[]) : null);
  }
  return JSON.stringify(out);
}

function toBusinessDetail(row: BusinessDetailRow, adCodes: AdCodes): BusinessDetail {
  const amenities = row.about_json && row.about_json !== "{}" ? row.about_json : null;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    category: row.category,
    categorySlug: row.category_slug,
    slug: row.slug,
    fullAddress: row.full_address,
    city: row.city,
    citySlug: row.city_slug,
    country: row.country,
    countryCode: row.country_code,
    rating: row.rating,
    reviews: row.reviews,
    photo: row.photo,
    phone: row.phone,
    placeId: row.place_id,
    verified: row.verified,
    about: amenities ?? (row.description || null),
    workingHours: formatWorkingHoursText(row.working_hours_json),
    latitude: row.latitude === null ? null : String(row.latitude),
    longitude: row.longitude === null ? null : String(row.longitude),
    adCodes: { ad1: adCodes.ad1, ad2: adCodes.ad2, ad3: adCodes.ad3, ad4: adCodes.ad4 },
    status: row.status,
    timeZone: row.time_zone,
    url: row.url,
    updatedAt: row.updated_at,
  };
}

/**
 * Lookup order: the exact current slug → an old slug in slug_redirects ("moved": answer 301 to the current one) →
 * the spec's retry, the slug without a trailing "-xxxxxx" suffix, exact → not found.
 */
export async function findBusinessBySlug(slug: string, handle?: DatabaseHandle): Promise<BusinessLookup> {
  const db = handle ?? (await getDatabase());
  const [exact, adCodes] = await Promise.all([findApprovedBusinessBySlug(db, slug), getAdCodes(db)]);
  if (exact) return { status: "found", business: toBusinessDetail(exact, adCodes), retried: false };
  const moved = await findRedirectedSlug(db, slug);
  if (moved) return { status: "moved", slug: moved };
  const stripped = stripSlugSuffix(slug);
  const retry = stripped ? await findApprovedBusinessBySlug(db, stripped) : null;
  if (retry) return { status: "found", business: toBusinessDetail(retry, adCodes), retried: true };
  return { status: "not_found" };
}
