// Business page facts → schema.org LocalBusiness and BreadcrumbList objects (rendered escaped by <JsonLd>).
// Only facts we hold are emitted: search engines penalise empty or invented structured data.
import { WEEK_DAYS, DAY_LABELS, type WeekHoursInput } from "../../db/rules/opening-hours.ts";

export interface Breadcrumb {
  name: string;
  /** Site-relative path. */
  path: string;
}

export interface BusinessJsonLdInput {
  name: string;
  /** Absolute URL of the business page. */
  url: string;
  type: string | null;
  photo: string | null;
  phone: string | null;
  fullAddress: string | null;
  city: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  hours: WeekHoursInput | null;
  website: string | null;
}

const CLOCK = /^([01][0-9]|2[0-4]):[0-5][0-9]$/;

/**
 * Canonical week → one OpeningHoursSpecification per range. A closed day is left out (schema.org's meaning of
 * absence); "24:00" becomes "23:59" because schema.org Time has no 24:00; close < open is allowed (overnight).
 */
export function buildOpeningHoursSpecification(hours: WeekHoursInput | null): object[] {
  if (!hours) return [];
  const specs: object[] = [];
  for (const day of WEEK_DAYS) {
    const ranges = hours[day];
    if (!Array.isArray(ranges)) continue;
    for (const range of ranges) {
      if (!Array.isArray(range) || !CLOCK.test(String(range[0])) || !CLOCK.test(String(range[1]))) continue;
      const [opens, closes] = range.map((time) => (time === "24:00" ? "23:59" : time));
      specs.push({ "@type": "OpeningHoursSpecification", dayOfWeek: `https://schema.org/${DAY_LABELS[day]}`, opens, closes });
    }
  }
  return specs;
}

/** The street part of "Street 1, 10115 Berlin, Germany": everything before the city segment. */
function readStreet(fullAddress: string | null): string | null {
  if (!fullAddress) return null;
  const parts = fullAddress
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 2 ? parts.slice(0, -2).join(", ") : (parts[0] ?? null);
}

export function buildLocalBusinessJsonLd(input: BusinessJsonLdInput): Record<string, unknown> {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${input.url}#business`,
    name: input.name,
    url: input.url,
  };
  if (input.type) data.description = input.type;
  if (input.photo) data.image = input.photo;
  if (input.phone) data.telephone = input.phone;
  if (input.website) data.sameAs = [input.website];
  if (input.fullAddress || input.city || input.countryCode) {
    const address: Record<string, string> = { "@type": "PostalAddress" };
    const street = readStreet(input.fullAddress);
    if (street) address.streetAddress = street;
    if (input.city) address.addressLocality = input.city;
    if (input.countryCode) address.addressCountry = input.countryCode.toUpperCase();
    data.address = address;
  }
  if (input.latitude !== null && input.longitude !== null) {
    data.geo = { "@type": "GeoCoordinates", latitude: input.latitude, longitude: input.longitude };
  }
  const opening = buildOpeningHoursSpecification(input.hours);
  if (opening.length > 0) data.openingHoursSpecification = opening;
  // NOTE: Google rejects aggregateRating without reviews, so a rating with no review count is left out.
  if (input.rating !== null && input.rating > 0 && input.reviews > 0) {
    data.aggregateRating = { "@type": "AggregateRating", ratingValue: input.rating, reviewCount: input.reviews, bestRating: 5, worstRating: 1 };
  }
  return data;
}

export function buildBreadcrumbJsonLd(crumbs: Breadcrumb[], absolute: (path: string) => string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: absolute(crumb.path) })),
  };
}
