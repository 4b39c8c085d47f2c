// Search and suggest requests → the active search engine (Meilisearch, or PostgreSQL when it is absent or down),
// and its codes, slugs and counts → what pages and the API show: facet labels, suggestion labels, URLs and details.
import { z } from "zod";
import { MAX_LIST_PAGE } from "../../db/rules/page-cap.ts";
import { DEFAULT_PER_PAGE, DEFAULT_RADIUS_KM, NO_NUL, SUGGESTION_KINDS } from "../../search/engine.ts";
import {
  getSearchEngine,
  parseSearchQuery,
  type FacetCount,
  type SearchEngine,
  type SearchQuery,
  type SearchResult as EngineResult,
  type SuggestionMatch,
} from "../../search/index.ts";
import { readWebUrl } from "~/utils/business-links";
import { formatBoundingBox } from "~/utils/bounding-box";
import { countryName } from "../../db/rules/countries.ts";
import { formatCounted } from "~/utils/format";
import { formatPhoneForDisplay } from "~/utils/phone.server";

export type { SearchHit } from "../../search/index.ts";

export interface FacetValue {
  value: string;
  label: string;
  count: number;
  /** City facets only: a city slug is unique within its country, so links need both (`?country=…&city=…`). */
  countryCode?: string;
}

export interface SearchResult extends Omit<EngineResult, "facets"> {
  facets: { category: FacetValue[]; country: FacetValue[]; city: FacetValue[] };
}

export interface Suggestion {
  kind: SuggestionMatch["kind"];
  label: string;
  url: string;
  detail?: string;
}

export type SearchOutcome = { ok: true; result: SearchResult } | { ok: false; problems: string[] };

/** A counted facet value → its label: the stored name, or the country's name from the one naming rule. */
function labelFacet(facet: FacetCount, kind: "category" | "country" | "city"): FacetValue {
  const label = kind === "country" ? countryName(facet.value) : (facet.name ?? facet.value);
  return { value: facet.value, label, count: facet.count, ...(facet.countryCode ? { countryCode: facet.countryCode } : {}) };
}

/** A suggest match → what the box shows and where it leads: label, the page's URL and a detail line. */
export function labelSuggestion(match: SuggestionMatch): Suggestion {
  switch (match.kind) {
    case "category":
      return {
        kind: "category",
        label: match.name,
        url: `/categories/${match.slug}`,
        detail: formatCounted(match.count ?? 0, "business", "businesses"),
      };
    case "country":
      return {
        kind: "country",
        label: match.name,
        url: `/countries/${match.slug}`,
        detail: formatCounted(match.count ?? 0, "business", "businesses"),
      };
    case "city":
      return {
        kind: "city",
        label: match.name,
        url: `/cities/${(match.countryCode ?? "").toLowerCase()}/${match.slug}`,
        detail: match.countryCode ? countryName(match.countryCode) : undefined,
      };
    default: {
      const place = [match.city, match.countryCode ? countryName(match.countryCode) : null].filter(Boolean).join(", ");
      return { kind: "business", label: match.name, url: `/business/${match.slug}`, ...(place ? { detail: place } : {}) };
    }
  }
}

/**
 * The engine's result as pages and the API get it: labelled facets, each hit's photo http(s) or null and its phone
 * in display form from the stored E.164 (the pages' rules).
 */
export function toPublicResult(result: EngineResult): SearchResult {
  return {
    ...result,
    hits: result.hits.map((hit) => ({
      ...hit,
      photo: readWebUrl(hit.photo),
      phone: formatPhoneForDisplay(hit.phone, hit.phoneE164, hit.countryCode),
    })),
    facets: {
      category: result.facets.category.map((facet) => labelFacet(facet, "category")),
      country: result.facets.country.map((facet) => labelFacet(facet, "country")),
      city: result.facets.city.map((facet) => labelFacet(facet, "city")),
    },
  };
}

export async function searchBusinesses(params: URLSearchParams, engine: SearchEngine = getSearchEngine()): Promise<SearchOutcome> {
  const parsed = parseSearchQuery(params);
  if (!parsed.ok) return parsed;
  return { ok: true, result: toPublicResult(await engine.search(parsed.query)) };
}

/** A parsed query → its canonical URL params: blank and default values left out, codes upper-cased, flags as "1". */
export function formatSearchParams(query: SearchQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.q) params.q = query.q;
  if (query.location) params.location = query.location;
  if (query.category) params.category = query.category;
  if (query.countryCode) params.country = query.countryCode;
  if (query.city) params.city = query.city;
  if (query.openNow) params.open_now = "1";
  if (query.verified) params.verified = "1";
  if (query.minRating !== undefined) params.min_rating = String(query.minRating);
  if (query.near) {
    params.lat = String(query.near.lat);
    params.lng = String(query.near.lng);
    if (query.near.radiusKm !== DEFAULT_RADIUS_KM) params.radius_km = String(query.near.radiusKm);
  }
  if (query.bbox) params.bbox = formatBoundingBox(query.bbox);
  if (query.sort !== "relevance") params.sort = query.sort;
  if (query.page !== 1) params.page = String(query.page);
  if (query.perPage !== DEFAULT_PER_PAGE) params.per_page = String(query.perPage);
  return params;
}

export type SearchPageOutcome =
  { ok: true; result: SearchResult; params: Record<string, string>; totalPages: number } | { ok: false; problems: string[] };

/**
 * The /search page's params → results with facets plus the canonical params its links are built from.
 * The page always shows facets, so a `facets` param is ignored rather than obeyed.
 */
export async function searchForPage(params: URLSearchParams, engine: SearchEngine = getSearchEngine()): Promise<SearchPageOutcome> {
  const withFacets = new URLSearchParams(params);
  withFacets.delete("facets");
  const parsed = parseSearchQuery(withFacets);
  if (!parsed.ok) return parsed;
  const result = toPublicResult(await engine.search(parsed.query));
  return {
    ok: true,
    result,
    params: formatSearchParams(parsed.query),
    totalPages: Math.min(Math.ceil(result.total / result.perPage), MAX_LIST_PAGE),
  };
}

export const SuggestParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "q must have at least one character")
    .max(100, "q must be at most 100 characters")
    .regex(NO_NUL, "q must not contain NUL (%00) characters"),
  limit: z.coerce
    .number({ message: "limit must be a whole number from 1 to 20" })
    .int("limit must be a whole number from 1 to 20")
    .min(1, "limit must be a whole number from 1 to 20")
    .max(20, "limit must be a whole number from 1 to 20")
    .default(8),
  /** Comma-separated kinds to keep ("city,country" for a location box); every kind when absent. */
  kinds: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? Array.from(
            new Set(
              value
                .split(",")
                .map((kind) => kind.trim())
                .filter(Boolean),
            ),
          )
        : undefined,
    )
    .pipe(
      z
        .array(z.enum(SUGGESTION_KINDS, { message: `kinds must be a comma-separated list of ${SUGGESTION_KINDS.join(", ")}` }))
        .min(1)
        .optional(),
    ),
});

export type SuggestOutcome = { ok: true; suggestions: Suggestion[] } | { ok: false; problems: string[] };

export async function suggestSearches(params: URLSearchParams, engine: SearchEngine = getSearchEngine()): Promise<SuggestOutcome> {
  const parsed = SuggestParamsSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
  const matches = await engine.suggest(parsed.data.q, parsed.data.limit, parsed.data.kinds);
  return { ok: true, suggestions: matches.map(labelSuggestion) };
}
