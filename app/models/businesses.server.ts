// All-businesses pages, business detail by slug and the business page view → the spec's entities; only approved
// businesses are public, and a slug resolves exactly, then through old-slug redirects, then by the suffix retry.
import type { DatabaseHandle } from "../../db/client.ts";
import { getReadDatabase } from "../../db/client.ts";
import { getSiteTotals } from "../../db/queries/home.ts";
import { findApprovedBusinessBySlug, findRedirectedSlug, getAdCodes, type BusinessDetailRow } from "../../db/queries/public/business-detail.ts";
import { listRankedBusinesses, type BusinessListRow } from "../../db/queries/public/business-lists.ts";
import { getAppEnv } from "./env.server";
import { buildBreadcrumbJsonLd, buildLocalBusinessJsonLd } from "~/utils/business-json-ld";
import { buildDirectionsUrl, buildMapSearchUrl, buildTelHref, readWebsiteUrl, readWebUrl } from "~/utils/business-links";
import { countryName, countrySlug } from "../../db/rules/countries.ts";
import { orderAmenityGroups } from "../../db/rules/amenity-order.ts";
import { formatInteger, formatRating } from "~/utils/format";
import {
  hasOpeningHours,
  readOpenNow,
  readSpecialHours,
  type OpenNow,
  type SpecialHoursInput,
  type WeekHoursInput,
} from "../../db/rules/opening-hours.ts";
import { listSpecialDays, listWeekHours, type DayHoursRow, type SpecialDayRow } from "~/utils/opening-hours";
import { formatPhoneForDisplay } from "~/utils/phone.server";
import { absoluteUrl } from "~/utils/seo";
import { slugify, stripSlugSuffix } from "../../db/rules/slug.ts";
import { getAdSlots } from "./site-code.server";
import { getSiteUrl } from "./site-url.server";
import { MAX_LIST_PAGE } from "../../db/rules/page-cap.ts";
import { pageOffset, paginate, type Pagination } from "./pagination.server";

export const BUSINESSES_PAGE_SIZE = 20;

/**
 * The spec's business list item (id … phone) plus what a business card and its links need. Stored URLs pass
 * readWebUrl, the pages' rule, so the JSON never hands out a javascript:/data: URL a page would refuse.
 */
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
  street: string | null;
  district: string | null;
  /** Canonical week and zone, for the card's open line (read on the visitor's clock). */
  hours: WeekHoursInput | null;
  /** Dated special days (holidays), which replace the week's hours on their dates. */
  specialHours: SpecialHoursInput | null;
  timeZone: string | null;
  photo: string | null;
  verified: boolean;
  /** For the results map; null when the source had no coordinates. */
  latitude: number | null;
  longitude: number | null;
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
    phone: formatPhoneForDisplay(row.phone, row.phone_e164, row.country_code),
    type: row.type,
    categorySlug: row.category_slug,
    citySlug: row.city_slug,
    countryCode: row.country_code,
    fullAddress: row.full_address,
    street: row.street,
    district: row.district,
    hours: readWeekHoursJson(row.working_hours_json),
    specialHours: readSpecialHoursJson(row.special_hours_json),
    timeZone: row.time_zone,
    photo: readWebUrl(row.photo),
    verified: row.verified,
    latitude: readCoordinate(row.latitude),
    longitude: readCoordinate(row.longitude),
  };
}

/** NOTE: postgres.js may hand a double precision back as a string; a map needs a finite number or nothing. */
function readCoordinate(value: number | string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export interface BusinessPage extends Pagination {
  businesses: BusinessListItem[];
}

/** Page 1…100 of all approved businesses, 20 per page, in rank order; the total comes from site_totals. */
export async function getBusinessPage(page: number, handle?: DatabaseHandle): Promise<BusinessPage> {
  const db = handle ?? (await getReadDatabase());
  // NOTE: plain OFFSET is fine here: the spec caps this list at 100 pages, so at most 1,980 index rows are skipped.
  const [totals, rows] = await Promise.all([
    getSiteTotals(db),
    listRankedBusinesses(db, { scope: "all" }, pageOffset(page, BUSINESSES_PAGE_SIZE), BUSINESSES_PAGE_SIZE),
  ]);
  return { businesses: rows.map(toBusinessListItem), ...paginate(totals.businesses, page, BUSINESSES_PAGE_SIZE, MAX_LIST_PAGE) };
}

export interface AdCodes {
  ad1: string;
  ad2: string;
  ad3: string;
  ad4: string;
}

/**
 * The spec's business detail entity plus extras (id, city, citySlug, country, status, timeZone, categorySlug, url,
 * updatedAt); photo and url are http(s) or null, as on the page.
 */
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
  /** Further photos after `photo`, http(s) only; [] when there are none. */
  photos: string[];
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

/**
 * Stored canonical week (jsonb text) → the spec's workingHours JSON text: all seven weekday names, Monday first,
 * each "9:00 AM – 5:00 PM" (ranges joined by ", "), "Open 24 hours" or "Closed"; null when there are no hours.
 * The day text and the "missing day = closed" rule are app/utils/opening-hours.ts's, as the Open/Closed badge uses.
 */
export function formatWorkingHoursText(weekJson: string | null): string | null {
  const rows = listWeekHours(parseJson(weekJson));
  return rows ? JSON.stringify(Object.fromEntries(rows.map((row) => [row.label, row.text]))) : null;
}

/** Stored week (jsonb text) → the canonical week, or null when it has no weekday to say open or closed for. */
function readWeekHoursJson(text: string | null): WeekHoursInput | null {
  const value = parseJson(text);
  return hasOpeningHours(value) ? value : null;
}

function readSpecialHoursJson(text: string | null): SpecialHoursInput | null {
  return readSpecialHours(parseJson(text));
}

/** jsonb text → its value; null for null or (never expected from jsonb) malformed text. */
function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Stored photo list (jsonb text) → its http(s) URLs; whatever else the column holds is never shown or served. */
function readPhotoList(text: string | null): string[] {
  const value = parseJson(text);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const url = typeof item === "string" ? readWebUrl(item) : null;
    return url ? [url] : [];
  });
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
    photo: readWebUrl(row.photo),
    photos: readPhotoList(row.photos_json),
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
    url: readWebUrl(row.url),
    updatedAt: row.updated_at,
  };
}

type RowLookup = { status: "found"; row: BusinessDetailRow; retried: boolean } | { status: "moved"; slug: string } | { status: "not_found" };

/**
 * Lookup order: the exact current slug → an old slug in slug_redirects ("moved": answer 301 to the current one) →
 * the spec's retry, the slug without a trailing "-xxxxxx" suffix, exact → not found.
 */
async function resolveBusinessSlug(db: DatabaseHandle, slug: string): Promise<RowLookup> {
  const exact = await findApprovedBusinessBySlug(db, slug);
  if (exact) return { status: "found", row: exact, retried: false };
  const moved = await findRedirectedSlug(db, slug);
  if (moved) return { status: "moved", slug: moved };
  const stripped = stripSlugSuffix(slug);
  const retry = stripped ? await findApprovedBusinessBySlug(db, stripped) : null;
  if (retry) return { status: "found", row: retry, retried: true };
  return { status: "not_found" };
}

/** The spec's business detail (GET /api/businesses/{slug}), resolved by resolveBusinessSlug's order. */
export async function findBusinessBySlug(slug: string, handle?: DatabaseHandle): Promise<BusinessLookup> {
  const db = handle ?? (await getReadDatabase());
  const [found, adCodes] = await Promise.all([resolveBusinessSlug(db, slug), getAdCodes(db)]);
  if (found.status !== "found") return found;
  return { status: "found", business: toBusinessDetail(found.row, adCodes), retried: found.retried };
}

export const MAX_AMENITIES = 8;

/**
 * The about jsonb's groups ({"Service options": {"Takeout": true}}) → the names of true amenities, at most 8, the
 * useful groups first (accessibility, payments, service options, parking) and crowd descriptors last (amenity-order).
 */
export function listTrueAmenities(about: unknown, max = MAX_AMENITIES): string[] {
  if (!about || typeof about !== "object" || Array.isArray(about)) return [];
  const names: string[] = [];
  const visit = (group: Record<string, unknown>) => {
    for (const [name, value] of orderAmenityGroups(Object.entries(group))) {
      if (names.length >= max) return;
      if (value === true && name.trim() && !names.includes(name.trim())) names.push(name.trim());
      else if (value && typeof value === "object" && !Array.isArray(value)) visit(value as Record<string, unknown>);
    }
  };
  visit(about as Record<string, unknown>);
  return names;
}

/** The spec's fallback when there is no about text: a sentence from name, type, city, country and phone. */
export function buildAboutFallback(facts: {
  name: string;
  type: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
}): string {
  const kind = facts.type?.trim() || "local business";
  const article = /^[aeiou]/i.test(kind) ? "an" : "a";
  const place = [facts.city, facts.country].filter(Boolean).join(", ");
  const sentence = `${facts.name} is ${article} ${kind}${place ? ` in ${place}` : ""}.`;
  return facts.phone ? `${sentence} Call ${facts.phone} for opening times, bookings and more information.` : sentence;
}

export interface NamedLink {
  name: string;
  path: string;
}

/** Everything the business page renders, computed on the server; the client only refreshes the open state. */
export interface BusinessPageView {
  slug: string;
  name: string;
  /** type, else category: the page title's second part and the category badge's text. */
  kind: string | null;
  photo: string | null;
  /** The gallery after the main photo (http(s) only). */
  photos: string[];
  verified: boolean;
  rating: number | null;
  reviews: number;
  status: string;
  category: NamedLink | null;
  fullAddress: string | null;
  city: NamedLink | null;
  /** The finer place inside the city ("Kreuzberg"), shown before it: "Kreuzberg, Berlin". */
  district: string | null;
  country: NamedLink | null;
  phone: string | null;
  telHref: string | null;
  website: string | null;
  /** "$$", "€15–20": as the source wrote it. */
  priceRange: string | null;
  /** Reservation, menu and online-order links (http(s) only). */
  actionLinks: NamedLink[];
  directionsUrl: string | null;
  mapsUrl: string | null;
  amenities: string[];
  about: string;
  coordinates: { latitude: number; longitude: number } | null;
  /** Canonical week for the client-side refresh of the badge and "(Today)". */
  hours: WeekHoursInput | null;
  weekHours: DayHoursRow[] | null;
  /** Dated special days as stored (the open badge re-reads them in the browser), or null. */
  specialHours: SpecialHoursInput | null;
  /** The special days of the next 30 days on the business's calendar, for the list under the week. */
  specialDays: SpecialDayRow[];
  timeZone: string | null;
  openState: OpenNow;
  /** Only the non-blank slots. */
  adSlots: Partial<AdCodes>;
  mapStyleUrl: string | null;
  breadcrumbs: NamedLink[];
  jsonLd: Array<Record<string, unknown>>;
  /** Absolute canonical URL: what Share copies. */
  url: string;
  /** noindex: a closed business keeps its page but leaves search engines' indexes (and the lists and sitemaps). */
  seo: { title: string; description: string; path: string; image: string | null; noindex: boolean };
}

export type BusinessPageLookup = { status: "found"; view: BusinessPageView } | { status: "moved"; slug: string } | { status: "not_found" };

function pickAdSlots(slots: AdCodes): Partial<AdCodes> {
  const out: Partial<AdCodes> = {};
  for (const key of ["ad1", "ad2", "ad3", "ad4"] as const) if (slots[key]?.trim()) out[key] = slots[key];
  return out;
}

function describeBusiness(row: BusinessDetailRow, kind: string | null, city: string | null, country: string | null): string {
  const place = [city, country].filter(Boolean).join(", ");
  const lead = [kind, place && `in ${place}`].filter(Boolean).join(" ");
  const rating =
    row.rating && row.rating > 0 ? ` Rated ${formatRating(row.rating)}${row.reviews > 0 ? ` from ${formatInteger(row.reviews)} reviews` : ""}.` : "";
  return `${row.name}${lead ? `, ${lead}` : ""}.${rating} Address, phone, opening hours, map and directions.`;
}

/** A row with a street but no full address (Apify's street + city columns) still shows where it is. */
function composeAddress(row: BusinessDetailRow, countryLabel: string | null): string | null {
  if (!row.street) return null;
  const town = [row.postal_code, row.city].filter(Boolean).join(" ");
  return [row.street, town, countryLabel].filter(Boolean).join(", ");
}

function listActionLinks(row: BusinessDetailRow): NamedLink[] {
  const links: Array<[string, string | null]> = [
    ["Reserve a table", row.reservation_link],
    ["Menu", row.menu_link],
    ["Order online", row.order_link],
  ];
  return links.flatMap(([name, url]) => {
    const path = readWebUrl(url);
    return path ? [{ name, path }] : [];
  });
}

function toBusinessPageView(row: BusinessDetailRow, adSlots: AdCodes, siteUrl: string, now: Date): BusinessPageView {
  const kind = row.type || row.category || null;
  // The stored city: the importer already applied the city-from-address rule (db/rules/place-names.ts).
  const cityName = row.city || null;
  const countryLabel = row.country_code ? countryName(row.country_code) : row.country;
  const city =
    cityName && row.country_code ? { name: cityName, path: `/cities/${row.country_code.toLowerCase()}/${row.city_slug || slugify(cityName)}` } : null;
  const country = row.country_code && countryLabel ? { name: countryLabel, path: `/countries/${countrySlug(row.country_code)}` } : null;
  const categorySlug = row.category_slug || (kind ? slugify(kind) : "");
  const category = kind && categorySlug ? { name: kind, path: `/categories/${categorySlug}` } : null;
  const hours = readWeekHoursJson(row.working_hours_json);
  const specialHours = readSpecialHoursJson(row.special_hours_json);
  const coordinates =
    row.latitude !== null && row.longitude !== null && Number.isFinite(row.latitude) && Number.isFinite(row.longitude)
      ? { latitude: Number(row.latitude), longitude: Number(row.longitude) }
      : null;
  const target = {
    name: row.name,
    fullAddress: row.full_address,
    placeId: row.place_id,
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
  };
  const path = `/business/${row.slug}`;
  const website = readWebsiteUrl(row.url);
  const photo = readWebUrl(row.photo);
  const breadcrumbs: NamedLink[] = [{ name: "Home", path: "/" }];
  if (country) breadcrumbs.push(country);
  if (city) breadcrumbs.push(city);
  breadcrumbs.push({ name: row.name, path });
  const absolute = (to: string) => absoluteUrl(siteUrl, to);
  return {
    slug: row.slug,
    name: row.name,
    kind,
    photo,
    photos: readPhotoList(row.photos_json),
    verified: row.verified,
    rating: row.rating,
    reviews: row.reviews,
    status: row.status,
    category,
    fullAddress: row.full_address || composeAddress(row, countryLabel),
    city,
    district: city && row.district && row.district !== city.name ? row.district : null,
    country,
    phone: formatPhoneForDisplay(row.phone, row.phone_e164, row.country_code),
    // E.164 dials from anywhere; the display keeps the national form.
    telHref: buildTelHref(row.phone_e164 ?? row.phone),
    website,
    priceRange: row.price_range,
    actionLinks: listActionLinks(row),
    directionsUrl: buildDirectionsUrl(target),
    mapsUrl: buildMapSearchUrl(target),
    amenities: listTrueAmenities(parseJson(row.about_json)),
    about: row.description?.trim() || buildAboutFallback({ name: row.name, type: kind, city: cityName, country: countryLabel, phone: row.phone }),
    coordinates,
    hours,
    weekHours: listWeekHours(hours),
    specialHours,
    specialDays: listSpecialDays(specialHours, row.time_zone, now),
    timeZone: row.time_zone,
    openState: readOpenNow(hours, row.time_zone, now, specialHours),
    adSlots: pickAdSlots(adSlots),
    mapStyleUrl: getAppEnv().MAP_STYLE_URL ?? null,
    breadcrumbs,
    jsonLd: [
      buildLocalBusinessJsonLd({
        name: row.name,
        url: absolute(path),
        type: kind,
        photo,
        phone: row.phone_e164 ?? row.phone,
        fullAddress: row.full_address,
        city: cityName,
        countryCode: row.country_code,
        latitude: target.latitude,
        longitude: target.longitude,
        rating: row.rating,
        reviews: row.reviews,
        hours,
        website,
      }),
      buildBreadcrumbJsonLd(breadcrumbs, absolute),
    ],
    url: absolute(path),
    seo: {
      title: kind ? `${row.name} - ${kind}` : row.name,
      description: describeBusiness(row, kind, cityName, countryLabel),
      path,
      image: photo,
      noindex: row.status !== "operational",
    },
  };
}

/**
 * /business/{slug} → the page view, a move (old slug, or a suffixed slug found by the retry rule: both answer 301 so
 * one URL per business is indexed), or not found. Open/closed is read at `now` on the business's own clock.
 */
export async function getBusinessPageView(slug: string, request: Request, now = new Date()): Promise<BusinessPageLookup> {
  const db = await getReadDatabase();
  const [found, adSlots] = await Promise.all([resolveBusinessSlug(db, slug), getAdSlots()]);
  if (found.status === "not_found" || found.status === "moved") return found;
  if (found.retried) return { status: "moved", slug: found.row.slug };
  return { status: "found", view: toBusinessPageView(found.row, adSlots, getSiteUrl(request), now) };
}
