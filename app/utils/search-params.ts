// The search page's canonical URL params → links that change a filter (always back to page 1), removable filter
// chips, and the pagination window; pure, so server HTML and browser navigation build the same URLs.
import { countryName } from "../../db/rules/countries.ts";

/** Canonical search params as the page's loader returns them (blank and default values already left out). */
export type SearchParamRecord = Readonly<Record<string, string>>;

export const SEARCH_PATH = "/search";

export const SORT_OPTIONS = [
  { value: "relevance", label: "Best match" },
  { value: "rating", label: "Highest rated" },
  { value: "reviews", label: "Most reviewed" },
  { value: "distance", label: "Nearest first" },
] as const;

export const MIN_RATING_OPTIONS = ["3", "3.5", "4", "4.5"] as const;

/** Params whose change starts the results over; the page number is dropped with them. */
export type SearchParamChanges = Record<string, string | null | undefined>;

/** `params` with `changes` applied (null, undefined or "" removes a param) → a /search href, back on page 1 unless `page` is changed. */
export function buildSearchHref(params: SearchParamRecord, changes: SearchParamChanges = {}): string {
  const next = new URLSearchParams();
  const merged: Record<string, string | null | undefined> = { ...params, ...changes };
  if (!("page" in changes)) delete merged.page;
  for (const [name, value] of Object.entries(merged)) {
    if (value !== null && value !== undefined && value !== "") next.set(name, value);
  }
  const query = next.toString();
  return query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH;
}

/** Removing "near your location" drops the point together with its radius. */
const NEAR_PARAMS = { lat: null, lng: null, radius_km: null } as const;

export interface FilterChip {
  key: string;
  label: string;
  /** The same search without this filter. */
  href: string;
}

export interface FacetLabels {
  category?: string;
  city?: string;
}

/** "coffee-shop" → "Coffee shop": a readable stand-in when the facets no longer list the selected value. */
export function humanizeSlug(slug: string): string {
  const words = slug.replace(/-+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
}

/** The active filters as chips; removing the country also removes its city (a city slug is only unique within its country). */
export function listFilterChips(params: SearchParamRecord, labels: FacetLabels = {}): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, changes: SearchParamChanges) => chips.push({ key, label, href: buildSearchHref(params, changes) });
  if (params.location) add("location", `In ${params.location}`, { location: null });
  if (params.category) add("category", labels.category ?? humanizeSlug(params.category), { category: null });
  if (params.country) add("country", countryName(params.country), { country: null, city: null });
  if (params.city) add("city", labels.city ?? humanizeSlug(params.city), { city: null });
  if (params.open_now) add("open_now", "Open now", { open_now: null });
  if (params.verified) add("verified", "Verified only", { verified: null });
  if (params.min_rating) add("min_rating", `Rated ${params.min_rating}+`, { min_rating: null });
  if (params.bbox) add("bbox", "In the map area", { bbox: null });
  if (params.lat && params.lng) {
    add("near", "Near your location", { ...NEAR_PARAMS, sort: params.sort === "distance" ? null : params.sort });
  }
  return chips;
}

/** The same text search with every filter removed (the sort is kept unless it needed a point). */
export function buildClearFiltersHref(params: SearchParamRecord): string {
  return buildSearchHref({ q: params.q ?? "", ...(params.sort && params.sort !== "distance" ? { sort: params.sort } : {}) });
}

/** Cities that share a name in the list ("Dublin" in IE and US) get their country added, so each choice is clear. */
export function labelCityFacets<T extends { label: string; countryCode?: string }>(cities: T[]): T[] {
  const seen = new Map<string, number>();
  for (const city of cities) seen.set(city.label, (seen.get(city.label) ?? 0) + 1);
  return cities.map((city) =>
    (seen.get(city.label) ?? 0) > 1 && city.countryCode ? { ...city, label: `${city.label}, ${countryName(city.countryCode)}` } : city,
  );
}

export type PageWindowItem = number | "gap";

/** Page 1, the last page, and two pages either side of the current one, with gaps where pages are skipped. */
export function buildPageWindow(current: number, totalPages: number): PageWindowItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const pages = new Set<number>([1, totalPages]);
  for (let page = current - 2; page <= current + 2; page++) if (page >= 1 && page <= totalPages) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageWindowItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push("gap");
    items.push(page);
  });
  return items;
}
