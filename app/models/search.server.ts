// Search and suggest requests → the active search engine (Meilisearch, or PostgreSQL when it is absent or down).
import { z } from "zod";
import { DEFAULT_PER_PAGE, DEFAULT_RADIUS_KM, NO_NUL, SUGGESTION_KINDS } from "../../search/engine.ts";
import { getSearchEngine, parseSearchQuery, type SearchEngine, type SearchQuery, type SearchResult, type Suggestion } from "../../search/index.ts";
import { readWebUrl } from "~/utils/business-links";

export type { FacetValue, SearchHit, SearchResult, Suggestion } from "../../search/index.ts";

export type SearchOutcome = { ok: true; result: SearchResult } | { ok: false; problems: string[] };

/** The engine's result as pages and the API get it: each hit's photo http(s) or null (the pages' rule). */
function toPublicResult(result: SearchResult): SearchResult {
  return { ...result, hits: result.hits.map((hit) => ({ ...hit, photo: readWebUrl(hit.photo) })) };
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
  if (query.sort !== "relevance") params.sort = query.sort;
  if (query.page !== 1) params.page = String(query.page);
  if (query.perPage !== DEFAULT_PER_PAGE) params.per_page = String(query.perPage);
  return params;
}

export type SearchPageOutcome = { ok: true; result: SearchResult; params: Record<string, string> } | { ok: false; problems: string[] };

/**
 * The /search page's params → results with facets plus the canonical params its links are built from.
 * The page always shows facets, so a `facets` param is ignored rather than obeyed.
 */
export async function searchForPage(params: URLSearchParams, engine: SearchEngine = getSearchEngine()): Promise<SearchPageOutcome> {
  const withFacets = new URLSearchParams(params);
  withFacets.delete("facets");
  const parsed = parseSearchQuery(withFacets);
  if (!parsed.ok) return parsed;
  return { ok: true, result: toPublicResult(await engine.search(parsed.query)), params: formatSearchParams(parsed.query) };
}

export const SuggestParamsSchema = z.object({
  q: z.string().trim().min(1, "q must have at least one character").max(100, "q must be at most 100 characters").regex(NO_NUL, "q must not contain NUL (%00) characters"),
  limit: z.coerce.number({ message: "limit must be a whole number from 1 to 20" }).int("limit must be a whole number from 1 to 20").min(1, "limit must be a whole number from 1 to 20").max(20, "limit must be a whole number from 1 to 20").default(8),
  /** Comma-separated kinds to keep ("city,country" for a location box); every kind when absent. */
  kinds: z
    .string()
    .optional()
    .transform((value) => (value ? Array.from(new Set(value.split(",").map((kind) => kind.trim()).filter(Boolean))) : undefined))
    .pipe(z.array(z.enum(SUGGESTION_KINDS, { message: `kinds must be a comma-separated list of ${SUGGESTION_KINDS.join(", ")}` })).min(1).optional()),
});

export type SuggestOutcome = { ok: true; suggestions: Suggestion[] } | { ok: false; problems: string[] };

export async function suggestSearches(params: URLSearchParams, engine: SearchEngine = getSearchEngine()): Promise<SuggestOutcome> {
  const parsed = SuggestParamsSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
  return { ok: true, suggestions: await engine.suggest(parsed.data.q, parsed.data.limit, parsed.data.kinds) };
}
