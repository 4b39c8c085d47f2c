// One mapped source row (canonical field names, raw values) → a validated, normalised business ready to write,
// or the list of reasons it was rejected. The single rule for every import path, the seed and the admin upload.
import { BUSINESS_STATUSES, type BusinessStatus } from "../../../db/schema/businesses.ts";
import type { BusinessInput } from "../../../db/writes/businesses.ts";
import type { KeepStoredField } from "../../../db/writes/kept-values.ts";
import { encodeStagedTail, hashStagedContent } from "../../../db/writes/import-batch.ts";
import { computeRankScore } from "../../../db/writes/businesses.ts";
import { countryName } from "../../../db/rules/countries.ts";
import { buildBusinessSlug, slugifyCached } from "../../../db/rules/slug.ts";
import { parseAbout } from "./amenities.ts";
import { resolveCity } from "./city.ts";
import { parseWorkingHours } from "./hours.ts";
import { mergeSpecialHours, parseSpecialHours } from "./special-hours.ts";
import { resolveCountry, type ResolvedCountry } from "./place/country.ts";
import { firstWebUrl, listWebUrls } from "./place/links.ts";
import { parsePhone } from "./place/phone.ts";
import { resolveTimeZone } from "./place/time-zone.ts";
import { cleanText, foldForIdentity, parseBoolean, parseNumber } from "./text.ts";

/** The canonical source fields (the spec's export names); every column mapping lands on these. */
export const CANONICAL_FIELDS = [
  "name",
  "category",
  "type",
  "full_address",
  "street",
  "city",
  "postal_code",
  "state",
  "country",
  "country_code",
  "phone",
  "latitude",
  "longitude",
  "rating",
  "reviews",
  "reviews_link",
  "photo",
  "logo",
  "located_in",
  "working_hours",
  "special_hours",
  "verified",
  "about",
  "description",
  "place_id",
  "url",
  "business_status",
  "time_zone",
  "price_range",
  "reservation_link",
  "menu_link",
  "order_link",
  // Further photos: every photo-like column and list of the row (see mapRecord), after the main `photo`.
  "photos",
] as const;
export type CanonicalField = (typeof CANONICAL_FIELDS)[number];
export type RawBusiness = Partial<Record<CanonicalField, unknown>>;

export interface FieldIssue {
  field: CanonicalField | null;
  code: string;
  reason: string;
}

/**
 * `keepStored`: fields whose source cell held a value that was rejected (out of range, unreadable); the business
 * carries the default there (null, 0, operational), and a re-import keeps the stored value instead (kept-values.ts).
 * A blank cell is not listed: blank means the source has no value.
 */
export type NormalizeResult =
  { ok: true; business: BusinessInput; warnings: FieldIssue[]; keepStored: KeepStoredField[] } | { ok: false; issues: FieldIssue[] };

export interface NormalizeOptions {
  isTest?: boolean;
  source?: string | null;
  /** False when the caller stages the business and hashes the staged text itself (the import: one encoding per row). */
  hash?: boolean;
}

const MAX_LENGTH: Partial<Record<CanonicalField, number>> = {
  name: 300,
  category: 120,
  type: 120,
  full_address: 500,
  street: 300,
  city: 120,
  postal_code: 40,
  state: 120,
  country: 120,
  phone: 60,
  reviews_link: 2000,
  photo: 2000,
  logo: 2000,
  located_in: 300,
  description: 10_000,
  place_id: 300,
  url: 2000,
  time_zone: 64,
  price_range: 40,
  reservation_link: 2000,
  menu_link: 2000,
  order_link: 2000,
};

/** Photos kept after the main one: a gallery, not an archive (Google Maps rows can list hundreds). */
const MAX_GALLERY_PHOTOS = 10;

const STATUS_MAP: Record<string, BusinessStatus> = {
  operational: "operational",
  open: "operational",
  closed_temporarily: "closed_temporarily",
  temporarily_closed: "closed_temporarily",
  closed_permanently: "closed_permanently",
  permanently_closed: "closed_permanently",
};

/** "restaurants" → "Restaurants", "  coffee   shop " → "Coffee shop": one casing for one category. */
export function standardiseCategory(text: string): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.charAt(0).toLocaleUpperCase("en-US") + collapsed.slice(1);
}

/** Google place ids also hide inside maps URLs (query_place_id=…, !19s…). */
export function placeIdFromUrl(url: string): string | null {
  const query = /[?&](?:query_place_id|place_id|placeid)=([A-Za-z0-9_-]{10,})/.exec(url);
  if (query?.[1]) return query[1];
  const data = /!19s([A-Za-z0-9_-]{10,})/.exec(url);
  return data?.[1] ?? null;
}

const EVIDENCE_WORDS: Record<NonNullable<ResolvedCountry["evidence"]>, string> = {
  coordinates: "the coordinates",
  code: "the country code column",
  name: "the country column",
  phone: "the phone's international prefix",
  address: "the end of the address",
};

/** Records which evidence placed the row when it was not the row's own country columns (those need no note). */
function pushCountryWarning(warnings: FieldIssue[], place: ResolvedCountry): void {
  if (place.conflict) {
    warnings.push({
      field: "country",
      code: "COUNTRY_CONFLICT",
      reason: `the coordinates lie in ${place.code}, ${EVIDENCE_WORDS[place.conflict.evidence]} says ${place.conflict.code}; ${place.code} kept`,
    });
  } else if (place.code === null) {
    warnings.push({
      field: "country",
      code: "COUNTRY_UNKNOWN",
      reason: "no country code, country name, coordinates, international phone or address names a country",
    });
  } else if (place.evidence === "coordinates" || place.evidence === "phone" || place.evidence === "address") {
    warnings.push({
      field: "country",
      code: `COUNTRY_FROM_${place.evidence.toUpperCase()}`,
      reason: `${place.code} from ${EVIDENCE_WORDS[place.evidence]}`,
    });
  }
}

export function normalizeBusiness(raw: RawBusiness, options: NormalizeOptions = {}): NormalizeResult {
  const issues: FieldIssue[] = [];
  const warnings: FieldIssue[] = [];
  const keepStored = new Set<KeepStoredField>();

  const text = (field: CanonicalField): string | null => {
    const cleaned = cleanText(raw[field]);
    if (cleaned.repaired.length > 0) {
      warnings.push({ field, code: "TEXT_REPAIRED", reason: `removed ${cleaned.repaired.join(", ")} characters` });
    }
    const max = MAX_LENGTH[field];
    if (cleaned.value !== null && max !== undefined && cleaned.value.length > max) {
      issues.push({ field, code: "TOO_LONG", reason: `${field} is ${cleaned.value.length} characters; the limit is ${max}` });
      return null;
    }
    return cleaned.value;
  };
  const number = (field: CanonicalField & KeepStoredField, min: number, max: number): number | null => {
    const value = parseNumber(raw[field]);
    if (value === null) return null;
    if (Number.isNaN(value) || value < min || value > max) {
      warnings.push({
        field,
        code: "OUT_OF_RANGE",
        reason: `${field} "${String(raw[field]).slice(0, 40)}" is not a number from ${min} to ${max}; ignored (a stored value is kept)`,
      });
      keepStored.add(field);
      return null;
    }
    return value;
  };

  /** The first http(s) URL in the value (a URL, a list of them, Outscraper's JSON list, gosom's [{link}]). */
  const webUrl = (field: CanonicalField): string | null => {
    const value = firstWebUrl(raw[field]);
    const max = MAX_LENGTH[field] ?? 2000;
    return value !== null && value.length <= max ? value : null;
  };

  // The main photo is the photo column's first link, else the gallery's first; the gallery holds the others.
  const photo = webUrl("photo") ?? listWebUrls([raw.photos], { limit: 1, maxLength: 2000 })[0] ?? null;
  const photos = listWebUrls([raw.photo, raw.photos], { limit: MAX_GALLERY_PHOTOS, maxLength: 2000, exclude: photo });

  const name = text("name");
  if (!name) issues.push({ field: "name", code: "NAME_REQUIRED", reason: "every business needs a name" });

  const fullAddress = text("full_address");
  const cityText = text("city");

  let latitude = number("latitude", -90, 90);
  let longitude = number("longitude", -180, 180);
  if ((latitude === null) !== (longitude === null) || (latitude === 0 && longitude === 0)) {
    warnings.push({
      field: "latitude",
      code: "COORDINATES_INCOMPLETE",
      reason: "latitude and longitude must both be present (and not 0,0); both ignored (stored coordinates are kept)",
    });
    // NOTE: a pair: a rejected half keeps both stored halves, never one new half beside one old.
    keepStored.add("latitude").add("longitude");
    latitude = null;
    longitude = null;
  }

  const countryText = text("country");
  const phoneText = text("phone");
  const place = resolveCountry({ countryCode: text("country_code"), country: countryText, fullAddress, phone: phoneText, latitude, longitude });
  const countryCode = place.code;
  pushCountryWarning(warnings, place);
  const cityPlace = resolveCity({
    city: cityText,
    state: cleanText(raw.state).value,
    fullAddress,
    street: cleanText(raw.street).value,
    postalCode: cleanText(raw.postal_code).value,
    countryCode,
    latitude,
    longitude,
  });
  const city = cityPlace.city;
  // A district found only through the coordinates cannot be found without them: rejected coordinates keep the stored one.
  if (keepStored.has("latitude") && cityPlace.district === null) keepStored.add("district");
  const phone = phoneText === null ? null : parsePhone(phoneText, countryCode);
  if (phoneText !== null && phone === null) {
    warnings.push({ field: "phone", code: "PHONE_NOT_DIALABLE", reason: `"${phoneText.slice(0, 40)}" is not a valid phone number; kept as written` });
  }
  const rating = number("rating", 0, 5);
  const reviewsValue = number("reviews", 0, 1e9);
  const reviews = reviewsValue === null ? 0 : Math.round(reviewsValue);

  const categoryText = text("category");
  const typeText = text("type");
  const category = (categoryText ?? typeText) ? standardiseCategory((typeText ?? categoryText) as string) : null;
  const type = typeText ? standardiseCategory(typeText) : category;

  const url = text("url");
  const reviewsLink = text("reviews_link");
  const placeId = text("place_id") ?? placeIdFromUrl(url ?? "") ?? placeIdFromUrl(reviewsLink ?? "");

  const about = parseAbout(raw.about);
  const description = text("description") ?? about.text;
  const workingHours = parseWorkingHours(raw.working_hours);
  const hoursText = cleanText(raw.working_hours).value;
  if (workingHours === null && hoursText !== null && hoursText !== "{}" && hoursText !== "[]") {
    warnings.push({ field: "working_hours", code: "HOURS_UNREADABLE", reason: "opening hours could not be read; ignored (stored hours are kept)" });
    keepStored.add("workingHours");
  }
  // A special-hours column wins a date over dated keys inside the week (gosom variants); kitchen/delivery sets are ignored.
  const specialHours = mergeSpecialHours(parseSpecialHours(raw.special_hours), parseSpecialHours(raw.working_hours));
  const timeZoneText = text("time_zone");
  const zone = resolveTimeZone(timeZoneText, latitude, longitude, countryCode);
  if (zone.invalidSource) {
    warnings.push({
      field: "time_zone",
      code: "TIME_ZONE_INVALID",
      reason: `"${timeZoneText ?? ""}" is not an IANA time zone; ${zone.timeZone ?? "none"} used instead`,
    });
  } else if (zone.timeZone === null) {
    warnings.push({
      field: "time_zone",
      code: "TIME_ZONE_UNKNOWN",
      reason: "no time zone column, coordinates or single-zone country: open now cannot be shown",
    });
  }
  const statusText = text("business_status");
  const status = statusText ? STATUS_MAP[statusText.toLowerCase().replace(/[\s-]+/g, "_")] : "operational";
  if (statusText && !status) {
    warnings.push({
      field: "business_status",
      code: "STATUS_UNKNOWN",
      reason: `"${statusText}" is not one of ${BUSINESS_STATUSES.join(", ")}; the stored status is kept (operational for a new business)`,
    });
    keepStored.add("status");
  }

  if (issues.length > 0 || !name) return { ok: false, issues };

  const identityKey = placeId
    ? `pid:${placeId}`
    : fullAddress
      ? `na:${foldForIdentity(name)}|${foldForIdentity(fullAddress)}`
      : latitude !== null && longitude !== null
        ? `ng:${foldForIdentity(name)}|${latitude.toFixed(3)},${longitude.toFixed(3)}`
        : `nc:${foldForIdentity(name)}|${foldForIdentity(cityText ?? "")}|${countryCode ?? ""}|${foldForIdentity(phoneText ?? "")}`;

  const business: BusinessInput = {
    name,
    slug: buildBusinessSlug(name, city),
    category,
    categorySlug: category ? slugifyCached(category) || null : null,
    type,
    fullAddress,
    street: text("street"),
    city,
    citySlug: cityPlace.citySlug,
    district: cityPlace.district,
    cityGeonameId: cityPlace.geonameId,
    postalCode: text("postal_code"),
    state: text("state"),
    country: countryCode ? countryName(countryCode) : countryText,
    countryCode,
    phone: phoneText,
    phoneE164: phone?.e164 ?? null,
    latitude,
    longitude,
    rating,
    reviews,
    reviewsLink,
    photo,
    logo: text("logo"),
    locatedIn: text("located_in"),
    workingHours,
    specialHours,
    verified: parseBoolean(raw.verified),
    about: about.amenities,
    description,
    placeId,
    url,
    priceRange: text("price_range"),
    reservationLink: webUrl("reservation_link"),
    menuLink: webUrl("menu_link"),
    orderLink: webUrl("order_link"),
    photos: photos.length > 0 ? photos : null,
    status: status ?? "operational",
    timeZone: zone.timeZone,
    source: options.source ?? null,
    isTest: options.isTest ?? false,
    identityKey,
    contentHash: "",
    rankScore: 0,
  };
  business.rankScore = computeRankScore(business);
  if (options.hash !== false) business.contentHash = hashBusiness(business);
  return { ok: true, business, warnings, keepStored: [...keepStored] };
}

/** Stable hash of everything we store (the staged COPY text, see hashStagedContent): equal hash = nothing to rewrite. */
export function hashBusiness(b: BusinessInput): string {
  return hashStagedContent(b.identityKey, encodeStagedTail(b));
}
