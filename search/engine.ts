// URL search params → a validated SearchQuery, and the one SearchEngine interface every engine implements
// (postgres, meilisearch, and the fallback wrapper), so routes never know which engine answered. Engines answer
// with codes, slugs, stored names and counts; display labels and URLs are the app's (app/models/search.server.ts).
import { z } from "zod";
import type { SearchHitRow } from "../db/queries/search-statement.ts";
import type { SpecialHoursInput, WeekHoursInput } from "../db/rules/opening-hours.ts";
import { MAX_LIST_PAGE } from "../db/rules/page-cap.ts";

export interface SearchQuery {
  q: string;
  location?: string;
  /** Category slug. */
  category?: string;
  countryCode?: string;
  /** City slug. */
  city?: string;
  openNow?: boolean;
  verified?: boolean;
  minRating?: number;
  near?: { lat: number; lng: number; radiusKm: number };
  /** Only businesses inside this box ("search this area" on a results map). */
  bbox?: BoundingBox;
  sort: "relevance" | "rating" | "reviews" | "distance";
  page: number;
  perPage: number;
  facets?: boolean;
  /** The instant "open now" is judged at (tests pin it; default: the current time). */
  now?: Date;
}

/** A map's visible area in degrees: west/south/east/north edges, west ≤ east (the box never wraps the antimeridian). */
export interface BoundingBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** A result card: the search query's row (its hours canonical or null), with the distance only when the query was near a point. */
export type SearchHit = Omit<SearchHitRow, "distanceKm" | "workingHours" | "specialHours"> & {
  workingHours: WeekHoursInput | null;
  specialHours: SpecialHoursInput | null;
  distanceKm?: number;
};

/** A facet value as counted: the value to filter by (a slug, or a country code) and, for categories and cities, the stored name. */
export interface FacetCount {
  value: string;
  /** Categories and cities: the name stored with the slug. Countries carry only their code (the app names them). */
  name?: string;
  count: number;
  /** City facets only: a city slug is unique within its country, so links need both (`?country=…&city=…`). */
  countryCode?: string;
}

export interface SearchFacets {
  category: FacetCount[];
  country: FacetCount[];
  city: FacetCount[];
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  page: number;
  perPage: number;
  facets: SearchFacets;
  /**
   * True when the match set was too big to count on each request: `total` is an estimate (the true count is at
   * least the engine's exact-count limit).
   */
  totalApproximate?: boolean;
  /** True when facet counts come from a sample of the matches: each is a lower bound ("at least"), never above the
   * total its filter returns. */
  facetsApproximate?: boolean;
  didYouMean: string | null;
  /** The text as typed matched nothing, so the hits are for this corrected text (the same as didYouMean). */
  showingResultsFor?: string | null;
  engine: "postgres" | "meilisearch";
  degraded: boolean;
  tookMs: number;
}

/**
 * A suggest match as stored: its kind, name and slug, the country code (cities, businesses), the business count
 * (categories, countries) and the city (businesses). The app turns it into a label, a URL and a detail line.
 */
export interface SuggestionMatch {
  kind: "business" | "category" | "city" | "country";
  name: string;
  slug: string;
  countryCode?: string;
  count?: number;
  city?: string;
}

export type SuggestionKind = SuggestionMatch["kind"];
export const SUGGESTION_KINDS = ["business", "category", "city", "country"] as const satisfies readonly SuggestionKind[];

export interface SearchEngine {
  readonly name: "postgres" | "meilisearch";
  search(query: SearchQuery): Promise<SearchResult>;
  /** Prefix suggestions; `kinds` keeps only those kinds (every kind when absent). */
  suggest(prefix: string, limit?: number, kinds?: readonly SuggestionKind[]): Promise<SuggestionMatch[]>;
  /** Brings these businesses' search documents up to date (a no-op where the index is the table itself). */
  indexBusinesses(ids: number[]): Promise<void>;
  removeBusinesses(ids: number[]): Promise<void>;
  reindex(onProgress?: (done: number, total: number) => void): Promise<{ documents: number; seconds: number }>;
  health(): Promise<{ ok: boolean; detail?: string }>;
  /** Engines with their own copy: re-reads every business written since `sinceMs` (catching up after an outage). */
  indexWrittenSince?(sinceMs: number): Promise<number>;
}

/** Result pages stop at the spec's cap (MAX_LIST_PAGE) and pages hold at most 50 hits. */
export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 20;
export const DEFAULT_RADIUS_KM = 10;
export const MAX_RADIUS_KM = 500;
export const MAX_QUERY_LENGTH = 200;

export function createEmptyFacets(): SearchFacets {
  return { category: [], country: [], city: [] };
}

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

const flag = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.boolean(), z.string()])
      .transform((value, ctx) => {
        if (typeof value === "boolean") return value;
        const word = value.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
        ctx.addIssue({ code: "custom", message: `${name} must be true or false (or 1/0), got "${value.slice(0, 20)}"` });
        return z.NEVER;
      })
      .optional(),
  );

const numberIn = (name: string, min: number, max: number, options: { int?: boolean } = {}) => {
  const message = options.int ? `${name} must be a whole number from ${min} to ${max}` : `${name} must be a number from ${min} to ${max}`;
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .refine((value) => Number.isFinite(value) && value >= min && value <= max && (!options.int || Number.isInteger(value)), message)
      .optional(),
  );
};

/** NOTE: PostgreSQL text cannot hold NUL; one in a query parameter would fail the query instead of answering 400. */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what this refuses
export const NO_NUL = /^[^\u0000]*$/;

const slug = (name: string, example: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${name} must be a slug of lower-case letters, digits and hyphens, e.g. ${example}`)
      .max(200, `${name} must be at most 200 characters`)
      .optional(),
  );

const BBOX_FORMAT = "bbox must be four numbers minLng,minLat,maxLng,maxLat (west,south,east,north), e.g. 8.50,47.35,8.58,47.40";

/** `bbox=minLng,minLat,maxLng,maxLat` → a BoundingBox; every refusal says what a good box looks like. */
const bboxParam = z.preprocess(
  blankToUndefined,
  z
    .string({ error: BBOX_FORMAT })
    .transform((value, ctx): BoundingBox => {
      const parts = value.split(",").map((part) => part.trim());
      const numbers = parts.map((part) => (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(part) ? Number(part) : Number.NaN));
      const [minLng = Number.NaN, minLat = Number.NaN, maxLng = Number.NaN, maxLat = Number.NaN] = numbers;
      if (numbers.length !== 4 || numbers.some((number) => !Number.isFinite(number))) {
        ctx.addIssue({ code: "custom", message: BBOX_FORMAT });
        return z.NEVER;
      }
      if ([minLng, maxLng].some((lng) => lng < -180 || lng > 180) || [minLat, maxLat].some((lat) => lat < -90 || lat > 90)) {
        ctx.addIssue({ code: "custom", message: "bbox longitudes must be from -180 to 180 and latitudes from -90 to 90" });
        return z.NEVER;
      }
      if (minLng > maxLng || minLat > maxLat) {
        ctx.addIssue({ code: "custom", message: "bbox must list the west and south edges first: minLng ≤ maxLng and minLat ≤ maxLat" });
        return z.NEVER;
      }
      return { minLng, minLat, maxLng, maxLat };
    })
    .optional(),
);

/**
 * The search URL's params (q, location, category, country, city, open_now, verified, min_rating, lat, lng,
 * radius_km, bbox, sort, page, per_page, facets) → SearchQuery. Blank params count as absent; every message names
 * its param. `open_now=false` and `verified=false` mean "no filter" (they are checkboxes, not "closed only").
 */
export const SearchQuerySchema = z
  .object({
    q: z.preprocess(
      (value) => (value === undefined || value === null ? "" : value),
      z
        .string({ error: "q must be text" })
        .trim()
        .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`)
        .regex(NO_NUL, "q must not contain NUL (%00) characters"),
    ),
    location: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(120, "location must be at most 120 characters")
        .regex(NO_NUL, "location must not contain NUL (%00) characters")
        .optional(),
    ),
    category: slug("category", "coffee-shop"),
    country: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, "country must be a two-letter ISO country code, e.g. DE")
        .transform((value) => value.toUpperCase())
        .optional(),
    ),
    city: slug("city", "berlin"),
    open_now: flag("open_now"),
    verified: flag("verified"),
    min_rating: numberIn("min_rating", 0, 5),
    lat: numberIn("lat", -90, 90),
    lng: numberIn("lng", -180, 180),
    radius_km: numberIn("radius_km", 0.1, MAX_RADIUS_KM),
    bbox: bboxParam,
    sort: z.preprocess(
      blankToUndefined,
      z
        .enum(["relevance", "rating", "reviews", "distance"], { error: "sort must be one of relevance, rating, reviews, distance" })
        .default("relevance"),
    ),
    page: numberIn("page", 1, MAX_LIST_PAGE, { int: true }),
    per_page: numberIn("per_page", 1, MAX_PER_PAGE, { int: true }),
    facets: flag("facets"),
  })
  .superRefine((params, ctx) => {
    if ((params.lat === undefined) !== (params.lng === undefined)) {
      ctx.addIssue({ code: "custom", path: [params.lat === undefined ? "lat" : "lng"], message: "lat and lng must be given together" });
    }
    if (params.radius_km !== undefined && params.lat === undefined) {
      ctx.addIssue({ code: "custom", path: ["radius_km"], message: "radius_km needs lat and lng" });
    }
    if (params.sort === "distance" && (params.lat === undefined || params.lng === undefined)) {
      ctx.addIssue({ code: "custom", path: ["sort"], message: "sort=distance needs lat and lng" });
    }
  })
  .transform((params): SearchQuery => {
    const query: SearchQuery = {
      q: params.q,
      sort: params.sort,
      page: params.page ?? 1,
      perPage: params.per_page ?? DEFAULT_PER_PAGE,
      facets: params.facets ?? true,
    };
    if (params.location) query.location = params.location;
    if (params.category) query.category = params.category;
    if (params.country) query.countryCode = params.country;
    if (params.city) query.city = params.city;
    if (params.open_now) query.openNow = true;
    if (params.verified) query.verified = true;
    if (params.min_rating !== undefined && params.min_rating > 0) query.minRating = params.min_rating;
    if (params.lat !== undefined && params.lng !== undefined) {
      query.near = { lat: params.lat, lng: params.lng, radiusKm: params.radius_km ?? DEFAULT_RADIUS_KM };
    }
    if (params.bbox) query.bbox = params.bbox;
    return query;
  });

/** URLSearchParams (or a plain record) → the schema's input; a repeated param keeps its last value. */
export function readSearchParams(params: URLSearchParams | Record<string, unknown>): Record<string, unknown> {
  return params instanceof URLSearchParams ? Object.fromEntries(params.entries()) : params;
}

/** Parses URL search params; `problems` are ready-to-show lines such as "page must be a whole number from 1 to 100". */
export function parseSearchQuery(
  params: URLSearchParams | Record<string, unknown>,
): { ok: true; query: SearchQuery } | { ok: false; problems: string[] } {
  const result = SearchQuerySchema.safeParse(readSearchParams(params));
  if (result.success) return { ok: true, query: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => issue.message) };
}
