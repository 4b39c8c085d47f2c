// Source headers (Outscraper, Apify, gosom, the template, hand-made sheets) → canonical fields and raw rows: the most specific header wins, values stay raw.
import { CANONICAL_FIELDS, placeIdFromUrl, type CanonicalField, type RawBusiness } from "../normalize/business.ts";
import { coordinatesFromMapsUrl, coordinatesFromValue } from "../normalize/place/coordinates.ts";
import { cleanText } from "../normalize/text.ts";

/** The spec's 27 exportable fields minus id, slug, created_at and updated_at: what an import can fill. */
export const IMPORTABLE_FIELDS = [
  "name",
  "category",
  "type",
  "full_address",
  "street",
  "city",
  "postal_code",
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
  "verified",
  "about",
  "place_id",
  "url",
] as const satisfies readonly CanonicalField[];

/**
 * Header spellings per canonical field, most specific first. Matching folds case, accents and separators, so
 * "Place ID", "place_id", "placeId" and "PLACE-ID" are one spelling. Every spelling belongs to one field only.
 */
export const FIELD_ALIASES: Readonly<Record<CanonicalField, readonly string[]>> = {
  name: ["name", "business name", "company name", "place name", "title", "company", "business"],
  // "categories" is a list (Apify) or "A, B" text: its first entry is the category; "categories/0" is that entry flattened.
  category: ["main category", "primary category", "category name", "category", "business category", "categories", "categories/0"],
  type: ["type", "business type"],
  full_address: ["full address", "formatted address", "address"],
  street: ["street", "street address", "address line 1", "address 1"],
  city: ["city", "town", "locality"],
  postal_code: ["postal code", "postcode", "zip code", "zip", "postal"],
  state: ["state", "region", "province", "us state"],
  country: ["country", "country name"],
  country_code: ["country code", "country iso", "country iso2"],
  phone: ["phone", "phone number", "international phone number", "telephone", "tel", "phone unformatted"],
  // "location.lat", "location/lat" and "location_lat" fold to one spelling.
  latitude: ["latitude", "lat", "location/lat", "location/latitude", "coordinates/lat", "coordinates/latitude", "geo/lat", "gps latitude", "latitud"],
  longitude: [
    "longitude",
    "lng",
    "lon",
    "long",
    "location/lng",
    "location/lon",
    "location/longitude",
    "coordinates/lng",
    "coordinates/lon",
    "coordinates/longitude",
    "geo/lng",
    "geo/lon",
    "gps longitude",
    "longitud",
  ],
  rating: ["rating", "review rating", "total score", "average rating", "google rating", "stars", "score"],
  // NOTE: "reviews" comes last because some exports (Apify with reviews) hold the review texts there, not a count.
  reviews: ["reviews count", "review count", "user ratings total", "number of reviews", "total reviews", "rating count", "reviews"],
  reviews_link: ["reviews link", "reviews url", "review link", "review url"],
  // Lists and nested shapes ("images" = [{imageUrl}] or [{image}], "imageUrls" = [url]) give their first link (normaliser).
  photo: [
    "photo",
    "photo url",
    "main image",
    "image url",
    "image",
    "thumbnail",
    "featured image",
    "img link",
    "main photo",
    "imageUrls/0",
    "images/0/imageUrl",
    "images/0/image",
    "images/0/url",
    "image urls",
    "images",
    "photos",
  ],
  // Gallery-only columns; the photo columns above feed the gallery too (see photoGallery).
  photos: ["gallery", "photo gallery", "image gallery", "more photos", "additional photos", "other photos"],
  logo: ["logo", "logo url"],
  located_in: ["located in"],
  // NOTE: Outscraper's "other_hours" (kitchen, delivery, … hours) is deliberately not an alias: it is not the opening week.
  working_hours: ["working hours", "opening hours", "open hours", "hours", "business hours", "opening times"],
  // other_hours is read only for its dated sets (holiday/special days); its weekly kitchen, delivery, … sets are ignored.
  special_hours: ["special hours", "holiday hours", "special opening hours", "holiday opening hours", "other hours"],
  // "claimThisBusiness" is not here: it means the opposite (true = not yet claimed).
  verified: ["verified", "is verified", "claimed", "is claimed"],
  about: ["about", "additional info", "amenities"],
  description: ["description", "descriptions"],
  place_id: ["place id", "google place id", "google maps place id"],
  // NOTE: a bare "url" is the website in our own export but a Google Maps link in Apify's; it ranks last, and a row
  // whose url value is a maps link sends it to place-id extraction instead (see mapRecord).
  url: ["website", "site", "website url", "web", "homepage", "url"],
  // NOTE: gosom's "status" is live text ("Open ⋅ Closes 11 pm"), not a business status, so it is not an alias.
  business_status: ["business status"],
  time_zone: ["time zone", "tz"],
  // Outscraper "range" ("$$", "₱₱", "4 stars"), gosom "price_range" ("€15–20").
  price_range: ["price range", "price level", "range", "price"],
  reservation_link: [
    "reservation links",
    "reservation link",
    "reservations",
    "reservation url",
    "booking appointment link",
    "booking link",
    "table reservation links",
  ],
  menu_link: ["menu link", "menu url", "menu"],
  order_link: ["order links", "order link", "order online", "order online link", "order url"],
};

/** Fields whose lesser-ranked columns fill a row where the best column is blank (Outscraper photo → thumbnail → images). */
const ALTERNATE_FIELDS: readonly CanonicalField[] = ["photo", "reservation_link", "menu_link", "order_link", "description"];

/** Headers that feed a field only by unpacking (per row, and only where the direct columns left it blank). */
const FALLBACK_ALIASES = {
  // Google Maps links with the place id inside (query_place_id=…, !19s…): gosom "link", Apify "url", Outscraper "location_link".
  placeIdUrls: ["link", "maps url", "google maps url", "maps link", "google maps link", "location link", "place url", "url", "location reviews link"],
  workingHoursOldFormat: ["working hours old format"],
  completeAddress: ["complete address"],
  location: ["location", "gps coordinates", "coordinates", "geo", "geolocation", "position", "lat lng", "lat long"],
  permanentlyClosed: ["permanently closed", "is permanently closed"],
  temporarilyClosed: ["temporarily closed", "is temporarily closed"],
} as const;

export interface ColumnFallbacks {
  /** Maps-URL headers tried in order for a place id in rows whose place_id is blank (or that have no place_id column). */
  placeIdUrls: string[];
  /** Outscraper "Monday:Closed|Tuesday:…": read only in rows whose working_hours is blank. */
  workingHoursOldFormat: string | null;
  /** Apify flattened "openingHours/0/day" + "openingHours/0/hours" pairs, rebuilt into [{day, hours}] when hours are blank. */
  openingHoursPairs: Array<{ day: string; hours: string }>;
  /** gosom JSON {borough, street, city, postal_code, state, country (ISO-2)}: fills those fields when they are blank. */
  completeAddress: string | null;
  /** Nested {lat, lng}, GeoJSON, [lat, lng] or "lat, lng" (value or JSON text): fills latitude/longitude when both are blank. */
  location: string | null;
  /** Lesser-ranked columns of ALTERNATE_FIELDS, best first: tried in rows where the field's own column is blank. */
  alternates: Partial<Record<CanonicalField, string[]>>;
  /**
   * Every header that carries photos, best first: the photo column, its alternates (thumbnail, images, …) and the
   * numbered ones flattened exports write ("images/1/imageUrl", "imageUrls/2", "photo_3"); they make up `photos`.
   */
  photoGallery: string[];
  /** Apify booleans → business_status text when business_status is blank. */
  permanentlyClosed: string | null;
  temporarilyClosed: string | null;
}

export interface ColumnMapping {
  /** Canonical field → the source header that feeds it directly. */
  fields: Partial<Record<CanonicalField, string>>;
  fallbacks: ColumnFallbacks;
  /** Headers that feed nothing, in file order (the import report lists them). */
  unknown: string[];
}

export interface ColumnExtraction {
  extractedCount: number;
  totalColumns: 23;
  /** Percent with 1 decimal. */
  extractionRate: number;
  /** Importable fields the file can fill (directly or by unpacking), in IMPORTABLE_FIELDS order. */
  successful: string[];
  missing: string[];
}

/** "Place ID", "place_id", "placeId", "PLACE-ID", "\uFEFFplace id" → "placeid"; "Téléphone" → "telephone". */
export function foldHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

const FIELD_BY_ALIAS = new Map<string, { field: CanonicalField; rank: number }>();
for (const field of CANONICAL_FIELDS) {
  FIELD_ALIASES[field].forEach((alias, rank) => FIELD_BY_ALIAS.set(foldHeader(alias), { field, rank }));
}
const foldAll = (aliases: readonly string[]) => aliases.map(foldHeader);
const FOLDED_FALLBACKS = {
  placeIdUrls: foldAll(FALLBACK_ALIASES.placeIdUrls),
  workingHoursOldFormat: foldAll(FALLBACK_ALIASES.workingHoursOldFormat),
  completeAddress: foldAll(FALLBACK_ALIASES.completeAddress),
  location: foldAll(FALLBACK_ALIASES.location),
  permanentlyClosed: foldAll(FALLBACK_ALIASES.permanentlyClosed),
  temporarilyClosed: foldAll(FALLBACK_ALIASES.temporarilyClosed),
};
const LIST_CATEGORY_KEY = foldHeader("categories");
/** Folded numbered photo headers: "images/3/imageUrl" → "images3imageurl", "imageUrls/3", "photo_3", "Photo 3 URL". */
const NUMBERED_PHOTO = /^(?:images?|imageurls?|photos?|photourls?|pictures?)(\d+)(?:imageurl|image|url|link|src)?$/;

/** Headers → which header feeds which field; the best-ranked spelling wins, a repeated spelling is ignored. */
export function buildColumnMapping(headers: string[]): ColumnMapping {
  const byKey = new Map<string, string>();
  for (const header of headers) {
    const key = foldHeader(header);
    if (key !== "" && !byKey.has(key)) byKey.set(key, header);
  }

  const fields: ColumnMapping["fields"] = {};
  const used = new Set<string>();
  const bestRank = new Map<CanonicalField, number>();
  for (const [key, header] of byKey) {
    const match = FIELD_BY_ALIAS.get(key);
    if (!match || (bestRank.get(match.field) ?? Infinity) <= match.rank) continue;
    const previous = fields[match.field];
    if (previous !== undefined) used.delete(previous);
    fields[match.field] = header;
    bestRank.set(match.field, match.rank);
    used.add(header);
  }

  const claim = (aliases: readonly string[]): string | null => {
    for (const alias of aliases) {
      const header = byKey.get(alias);
      if (header !== undefined && !used.has(header)) {
        used.add(header);
        return header;
      }
    }
    return null;
  };
  const placeIdUrls = FOLDED_FALLBACKS.placeIdUrls
    .map((alias) => byKey.get(alias))
    .filter((header): header is string => header !== undefined && !used.has(header));
  for (const header of placeIdUrls) used.add(header);
  const openingHoursPairs: ColumnFallbacks["openingHoursPairs"] = [];
  for (const [key, dayHeader] of byKey) {
    const index = /^openinghours(\d+)day$/.exec(key)?.[1];
    const hoursHeader = index === undefined ? undefined : byKey.get(`openinghours${index}hours`);
    if (hoursHeader === undefined || used.has(dayHeader) || used.has(hoursHeader)) continue;
    openingHoursPairs.push({ day: dayHeader, hours: hoursHeader });
    used.add(dayHeader).add(hoursHeader);
  }
  const alternates: ColumnFallbacks["alternates"] = {};
  for (const field of ALTERNATE_FIELDS) {
    const headers = FIELD_ALIASES[field]
      .map((alias) => byKey.get(foldHeader(alias)))
      .filter((header): header is string => header !== undefined && !used.has(header));
    if (headers.length === 0 || fields[field] === undefined) continue;
    alternates[field] = headers;
    for (const header of headers) used.add(header);
  }
  // Each numbered family in header order ("imageUrls/N", then "images/N/imageUrl"), in index order within it.
  const families: string[] = [];
  const numberedPhotos = [...byKey]
    .map(([key, header]) => ({ header, index: Number(NUMBERED_PHOTO.exec(key)?.[1] ?? NaN), family: key.replace(/\d+/, "#") }))
    .filter((entry) => !Number.isNaN(entry.index) && !used.has(entry.header))
    .map((entry) => {
      if (!families.includes(entry.family)) families.push(entry.family);
      return { ...entry, rank: families.indexOf(entry.family) };
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.header);
  for (const header of numberedPhotos) used.add(header);
  const photoGallery = [fields.photo, ...(alternates.photo ?? []), ...numberedPhotos, fields.photos].filter(
    (header): header is string => header !== undefined,
  );
  const fallbacks: ColumnFallbacks = {
    alternates,
    photoGallery,
    placeIdUrls,
    workingHoursOldFormat: claim(FOLDED_FALLBACKS.workingHoursOldFormat),
    openingHoursPairs,
    completeAddress: claim(FOLDED_FALLBACKS.completeAddress),
    location: claim(FOLDED_FALLBACKS.location),
    permanentlyClosed: claim(FOLDED_FALLBACKS.permanentlyClosed),
    temporarilyClosed: claim(FOLDED_FALLBACKS.temporarilyClosed),
  };

  // NOTE: blank headers (a spreadsheet's empty trailing columns) are dropped silently, not reported as unknown.
  const unknown = headers.filter((header) => foldHeader(header) !== "" && !used.has(header));
  return { fields, fallbacks, unknown };
}

/** Blank for fallback purposes: missing, scraper null words ("None"), whitespace, {} or []. */
function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  const text = cleanText(value).value;
  return text === null || text === "{}" || text === "[]";
}

/** A JSON object or array given as a value or as JSON text; anything else → undefined. */
function parseStructured(value: unknown): unknown {
  if (value !== null && typeof value === "object") return value;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseRecord(value: unknown): Record<string, unknown> | null {
  const parsed = parseStructured(value);
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** ["Butcher shop", "Deli"], '["Butcher shop"]' or "Butcher shop, Deli" → "Butcher shop". */
function pickFirstListItem(value: unknown): unknown {
  const parsed = parseStructured(value);
  const items = Array.isArray(parsed) ? parsed : typeof value === "string" ? value.split(",") : [value];
  return items.find((item) => !isBlank(item)) ?? null;
}

/** Google Maps place/search/cid links: never a business's own website. */
export function isMapsUrl(value: unknown): boolean {
  const text = cleanText(value).value;
  return text !== null && /^https?:\/\/(?:(?:www\.)?google\.[a-z.]+\/maps|maps\.google\.[a-z.]+\/|maps\.app\.goo\.gl\/|goo\.gl\/maps)/i.test(text);
}

/**
 * Apify additionalInfo {group: [{name: bool}, …]} → Outscraper's {group: {name: bool}}, which the normaliser reads;
 * every other shape is returned untouched.
 */
function reshapeAdditionalInfo(value: unknown): unknown {
  const parsed = parseStructured(value);
  // Hand the parsed JSON on: the normaliser would otherwise parse the same text a second time.
  if (parsed === undefined) return value;
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return parsed;
  const groups = parsed as Record<string, unknown>;
  if (!Object.values(groups).some(Array.isArray)) return groups;
  const reshaped: Record<string, Record<string, unknown>> = {};
  for (const [group, entries] of Object.entries(groups)) {
    if (!Array.isArray(entries)) continue;
    reshaped[group] = Object.assign({}, ...entries.filter((entry) => entry !== null && typeof entry === "object")) as Record<string, unknown>;
  }
  return reshaped;
}

function deriveStatusFromClosedFlags(permanently: unknown, temporarily: unknown): string | null {
  const readFlag = (value: unknown): boolean | null => {
    if (typeof value === "boolean") return value;
    const text = cleanText(value).value?.toLowerCase();
    return text === "true" || text === "1" ? true : text === "false" || text === "0" ? false : null;
  };
  const permanent = readFlag(permanently);
  const temporary = readFlag(temporarily);
  if (permanent) return "closed_permanently";
  if (temporary) return "closed_temporarily";
  return permanent === false || temporary === false ? "operational" : null;
}

/** What mapRecord derives from a mapping once rather than per row (a mapping may arrive cloned, hence the WeakMap). */
interface MappingPlan {
  entries: Array<[CanonicalField, string]>;
  categoryIsList: boolean;
}
const PLANS = new WeakMap<ColumnMapping, MappingPlan>();

function planMapping(mapping: ColumnMapping): MappingPlan {
  let plan = PLANS.get(mapping);
  if (!plan) {
    const { fields } = mapping;
    plan = {
      entries: Object.entries(fields) as Array<[CanonicalField, string]>,
      categoryIsList: fields.category !== undefined && foldHeader(fields.category) === LIST_CATEGORY_KEY,
    };
    PLANS.set(mapping, plan);
  }
  return plan;
}

/** The pin of the first Google Maps link that carries one (location_link, link, url, reviews_link, …). */
function fillCoordinatesFromLinks(raw: RawBusiness, links: unknown[]): void {
  for (const link of links) {
    const text = typeof link === "string" ? link : null;
    const point = text === null ? null : coordinatesFromMapsUrl(text);
    if (point) {
      raw.latitude = point.latitude;
      raw.longitude = point.longitude;
      return;
    }
  }
}

/** One source row → canonical raw fields; values stay as read apart from the layout unpacking listed below. */
export function mapRecord(values: Record<string, unknown>, mapping: ColumnMapping): RawBusiness {
  const raw: RawBusiness = {};
  const { fallbacks } = mapping;
  const plan = planMapping(mapping);
  for (const [field, header] of plan.entries) {
    const value = values[header];
    if (value !== undefined) raw[field] = value;
  }

  if (plan.categoryIsList) raw.category = pickFirstListItem(raw.category);
  if (raw.about !== undefined) raw.about = reshapeAdditionalInfo(raw.about);

  for (const [field, headers] of Object.entries(fallbacks.alternates) as Array<[CanonicalField, string[]]>) {
    if (!isBlank(raw[field])) continue;
    const header = headers.find((candidate) => !isBlank(values[candidate]));
    if (header !== undefined) raw[field] = values[header];
  }

  // Every photo the row carries; the normaliser keeps the main one apart and dedupes the rest.
  // NOTE: a lone gallery header needs nothing here: the photo column is read whole, a gallery column maps directly.
  if (fallbacks.photoGallery.length > 1) {
    const gallery = fallbacks.photoGallery.map((header) => values[header]).filter((value) => !isBlank(value));
    if (gallery.length > 0) raw.photos = gallery;
  }

  // The place id: the place_id column, else any maps link (a maps link in the url column is not the website).
  const placeIdSources = fallbacks.placeIdUrls.map((header) => values[header]);
  if (isMapsUrl(raw.url)) {
    placeIdSources.unshift(raw.url);
    delete raw.url;
  }
  const mapsLinks = [...placeIdSources, raw.reviews_link];
  if (isBlank(raw.place_id)) {
    for (const source of placeIdSources) {
      const text = cleanText(source).value;
      const placeId = text === null ? null : placeIdFromUrl(text);
      if (placeId) {
        raw.place_id = placeId;
        break;
      }
    }
  }

  if (isBlank(raw.working_hours) && fallbacks.workingHoursOldFormat !== null && !isBlank(values[fallbacks.workingHoursOldFormat])) {
    raw.working_hours = values[fallbacks.workingHoursOldFormat];
  }
  if (isBlank(raw.working_hours) && fallbacks.openingHoursPairs.length > 0) {
    const days = fallbacks.openingHoursPairs
      .map((pair) => ({ day: values[pair.day], hours: values[pair.hours] }))
      .filter((entry) => !isBlank(entry.day));
    if (days.length > 0) raw.working_hours = days;
  }

  if (fallbacks.location !== null && isBlank(raw.latitude) && isBlank(raw.longitude)) {
    const location = coordinatesFromValue(values[fallbacks.location]);
    if (location) {
      raw.latitude = location.latitude;
      raw.longitude = location.longitude;
    }
  }
  // The coordinate columns and nested objects first; the link's pin only where they left both blank.
  if (isBlank(raw.latitude) && isBlank(raw.longitude)) fillCoordinatesFromLinks(raw, mapsLinks);

  if (fallbacks.completeAddress !== null) {
    const source = values[fallbacks.completeAddress];
    const parts = parseRecord(source);
    if (parts) {
      for (const field of ["street", "city", "postal_code", "state"] as const) {
        if (isBlank(raw[field]) && !isBlank(parts[field])) raw[field] = parts[field];
      }
      const country = cleanText(parts.country).value;
      // gosom writes ISO-2 codes here; anything longer is a country name.
      if (country !== null && /^[A-Za-z]{2}$/.test(country)) {
        if (isBlank(raw.country_code)) raw.country_code = country;
      } else if (country !== null && isBlank(raw.country)) {
        raw.country = country;
      }
    } else if (isBlank(raw.full_address) && !isBlank(source) && parseStructured(source) === undefined) {
      raw.full_address = source;
    }
  }

  if (isBlank(raw.business_status)) {
    const permanently = fallbacks.permanentlyClosed === null ? undefined : values[fallbacks.permanentlyClosed];
    const temporarily = fallbacks.temporarilyClosed === null ? undefined : values[fallbacks.temporarilyClosed];
    const status = deriveStatusFromClosedFlags(permanently, temporarily);
    if (status !== null) raw.business_status = status;
  }
  return raw;
}

/** Which importable fields the file's headers can fill directly or by unpacking; missing ones stay blank on every row. */
function listFillableFields(mapping: ColumnMapping): Set<CanonicalField> {
  const { fields, fallbacks } = mapping;
  const fillable = new Set(Object.keys(fields) as CanonicalField[]);
  // NOTE: headers only: a lone "url" column counts as the website even if its rows turn out to be maps links.
  if (fallbacks.placeIdUrls.length > 0) fillable.add("place_id");
  if (fallbacks.workingHoursOldFormat !== null || fallbacks.openingHoursPairs.length > 0) fillable.add("working_hours");
  if (fallbacks.location !== null) fillable.add("latitude").add("longitude");
  if (fallbacks.completeAddress !== null) fillable.add("street").add("city").add("postal_code").add("state").add("country_code");
  if (fallbacks.permanentlyClosed !== null || fallbacks.temporarilyClosed !== null) fillable.add("business_status");
  return fillable;
}

/** The spec's columnExtraction: how many of the 23 importable fields this file can fill. */
export function describeColumnExtraction(mapping: ColumnMapping): ColumnExtraction {
  const fillable = listFillableFields(mapping);
  const successful = IMPORTABLE_FIELDS.filter((field) => fillable.has(field));
  const missing = IMPORTABLE_FIELDS.filter((field) => !fillable.has(field));
  return {
    extractedCount: successful.length,
    totalColumns: IMPORTABLE_FIELDS.length,
    extractionRate: Math.round((successful.length / IMPORTABLE_FIELDS.length) * 1000) / 10,
    successful,
    missing,
  };
}
