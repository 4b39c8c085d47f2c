// Postgres business row → Meilisearch document, and Meilisearch hit → SearchHit. Documents are always built
// from Postgres rows (the truth), never from import input.
//
// Open now: documents deliberately carry NO precomputed opening minutes. Weekly local-time ranges plus a UTC
// offset go wrong for half the year in every DST zone, and per-zone UTC ranges would need a rebuild at each
// DST change. Instead a document says whether it can be open at all (`has_hours`, `status`), Meilisearch
// returns the ranked candidate ids, and Postgres keeps those open now by the stored week (open_week) or
// directory_is_open_on (the same rule as the pages, special days included) before paging and counting facets —
// see MeilisearchEngine.search.
import type { BusinessDocumentRow } from "../db/queries/search-documents.ts";
import { hasOpeningHours, readSpecialHours, type SpecialHoursInput, type WeekHoursInput } from "../db/rules/opening-hours.ts";
import type { SearchHit } from "./engine.ts";

/** A document carries the row's display columns; hours and zone only for the card's open line, never to filter by (see the header). */
export type BusinessDocument = Omit<BusinessDocumentRow, "rating" | "working_hours" | "special_hours"> & {
  working_hours: WeekHoursInput | null;
  special_hours: SpecialHoursInput | null;
  /** Absent (not null) when unknown, so rating sorts put unrated businesses last in both directions. */
  rating?: number;
  _geo?: { lat: number; lng: number };
  has_hours: boolean;
  /** "bakery|Bakery": one facet value carries the slug to filter by and the label to show. */
  facet_category?: string;
  /** "DE|berlin|Berlin": a city slug is unique only within its country. */
  facet_city?: string;
};

/** Separates slug and label inside facet values; slugs and country codes never contain it. */
export const FACET_SEPARATOR = "|";

export function buildBusinessDocument(row: BusinessDocumentRow): BusinessDocument {
  const latitude = row.latitude === null ? null : Number(row.latitude);
  const longitude = row.longitude === null ? null : Number(row.longitude);
  const hours = typeof row.working_hours === "string" ? parseJsonSafely(row.working_hours) : row.working_hours;
  const document: BusinessDocument = {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    category: row.category,
    category_slug: row.category_slug || null,
    type: row.type,
    city: row.city,
    city_slug: row.city_slug || null,
    country_code: row.country_code,
    country: row.country,
    full_address: row.full_address,
    street: row.street,
    district: row.district,
    description: row.description,
    reviews: Number(row.reviews ?? 0),
    rank_score: Number(row.rank_score ?? 0),
    verified: Boolean(row.verified),
    photo: row.photo,
    phone: row.phone,
    phone_e164: row.phone_e164,
    latitude,
    longitude,
    has_hours: hasOpeningHours(hours),
    working_hours: hasOpeningHours(hours) ? hours : null,
    special_hours: readSpecialHours(typeof row.special_hours === "string" ? parseJsonSafely(row.special_hours) : row.special_hours),
    time_zone: row.time_zone,
    status: row.status,
  };
  if (row.rating !== null && row.rating !== undefined) document.rating = Number(row.rating);
  if (latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude)) {
    document._geo = { lat: latitude, lng: longitude };
  }
  if (document.category_slug) document.facet_category = [document.category_slug, row.category ?? document.category_slug].join(FACET_SEPARATOR);
  if (document.city_slug && row.country_code) {
    document.facet_city = [row.country_code, document.city_slug, row.city ?? document.city_slug].join(FACET_SEPARATOR);
  }
  return document;
}

function parseJsonSafely(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The attributes a result page needs; everything else stays in Meilisearch. */
export const HIT_ATTRIBUTES = [
  "id",
  "slug",
  "name",
  "category",
  "type",
  "city",
  "country_code",
  "full_address",
  "street",
  "district",
  "rating",
  "reviews",
  "phone",
  "phone_e164",
  "working_hours",
  "special_hours",
  "time_zone",
  "photo",
  "verified",
  "status",
  "latitude",
  "longitude",
] as const;

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (the same haversine the Postgres engine uses). */
export function measureHaversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return EARTH_RADIUS_KM * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A Meilisearch hit (a partial document) → SearchHit; distance from `near` when the search had one. */
export function mapDocumentToSearchHit(document: Partial<BusinessDocument>, near?: { lat: number; lng: number }): SearchHit {
  const latitude = typeof document.latitude === "number" ? document.latitude : null;
  const longitude = typeof document.longitude === "number" ? document.longitude : null;
  const hit: SearchHit = {
    id: Number(document.id),
    slug: String(document.slug ?? ""),
    name: String(document.name ?? ""),
    category: document.category ?? null,
    type: document.type ?? null,
    city: document.city ?? null,
    countryCode: document.country_code ?? null,
    fullAddress: document.full_address ?? null,
    street: document.street ?? null,
    district: document.district ?? null,
    rating: typeof document.rating === "number" ? document.rating : null,
    reviews: Number(document.reviews ?? 0),
    phone: document.phone ?? null,
    phoneE164: document.phone_e164 ?? null,
    workingHours: hasOpeningHours(document.working_hours) ? document.working_hours : null,
    specialHours: readSpecialHours(document.special_hours),
    timeZone: document.time_zone ?? null,
    photo: document.photo ?? null,
    verified: document.verified === true,
    ...(document.status && document.status !== "operational" ? { status: document.status } : {}),
    latitude,
    longitude,
  };
  if (near && latitude !== null && longitude !== null) {
    hit.distanceKm = Math.round(measureHaversineKm(near.lat, near.lng, latitude, longitude) * 100) / 100;
  }
  return hit;
}
