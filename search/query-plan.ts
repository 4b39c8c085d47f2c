// SearchQuery → what every engine searches for: the text (with "X in Y" and unknown locations folded in),
// the resolved filters (a place name becomes a country or city filter), and typo corrections with their
// "did you mean" text. Location and vocabulary look-ups read Postgres aggregate tables (the truth).
import { countryCodeFromName } from "../db/rules/countries.ts";
import { CITY_ALIASES, foldPlaceName } from "../db/rules/place-names.ts";
import { slugify } from "../db/rules/slug.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { SearchFilters } from "../db/queries/search-statement.ts";
import {
  findCitiesBySlug,
  findClosestBusinessName,
  findCountryCode,
  findWordVocabulary,
  type WordVocabulary,
} from "../db/queries/search-vocabulary.ts";
import type { SearchQuery } from "./engine.ts";
import { buildCorrectedText, selectCorrectableWords, splitLocationPhrase, usesWebsearchSyntax } from "./query-text.ts";
import { chooseCorrections } from "./typos.ts";

/** Trigram similarity a query word needs to a category/city word to count as a typo of it. */
export const MIN_CORRECTION_SIMILARITY = 0.4;
/** Trigram similarity a business name needs to be offered as "did you mean". */
export const MIN_NAME_SUGGESTION_SIMILARITY = 0.5;

export interface ResolvedLocation {
  countryCode?: string;
  cities?: Array<{ countryCode: string; citySlug: string }>;
  /** Location text that named no known place: it joins the text query instead. */
  unmatched?: string;
}

/**
 * A country name, code or alias → a country code the directory has businesses in.
 * NOTE: the directory's own country names (country_counts) are tried before countryCodeFromName, which maps
 * "Germany" to the withdrawn code DD (and "Serbia" to CS) because it keeps the first code Intl names that way.
 */
export async function resolveCountry(handle: DatabaseHandle, text: string): Promise<string | null> {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return findCountryCode(handle, trimmed, slugify(trimmed), countryCodeFromName(trimmed));
}

/**
 * Location text → filters: "Germany", "de", "Deutschland" → country DE; "Berlin" → every city with that slug
 * (biggest first); "Berlin, Germany" → that city in that country; anything else → unmatched text.
 */
export async function resolveLocation(handle: DatabaseHandle, text: string): Promise<ResolvedLocation> {
  const location = text.trim();
  if (!location) return {};
  const wholeCountry = await resolveCountry(handle, location);
  if (wholeCountry) return { countryCode: wholeCountry };
  const segments = location
    .split(",")
    .map((segment) => segment.trim())
    .filter(Boolean);
  let countryCode: string | undefined;
  let cityText = location;
  if (segments.length >= 2) {
    const lastCountry = await resolveCountry(handle, segments[segments.length - 1] as string);
    if (lastCountry) {
      countryCode = lastCountry;
      cityText = segments.slice(0, -1).join(" ");
    } else {
      cityText = segments[0] as string;
    }
  }
  for (const citySlug of new Set([slugify(cityText), ...listAliasCitySlugs(cityText, countryCode)])) {
    if (!citySlug) continue;
    const cities = await findCitiesBySlug(handle, citySlug, countryCode);
    if (cities.length > 0) return { countryCode, cities: cities.map((c) => ({ countryCode: c.countryCode, citySlug: c.citySlug })) };
  }
  return countryCode ? { countryCode, unmatched: cityText } : { unmatched: location };
}

/**
 * A city name in a spelling the directory does not use ("München", "Wien", "Praha") → the slugs of the canonical
 * names imports give it (db/rules/place-names.ts CITY_ALIASES), within `countryCode` when given.
 */
function listAliasCitySlugs(text: string, countryCode: string | undefined): string[] {
  const folded = foldPlaceName(text);
  const slugs: string[] = [];
  for (const [code, aliases] of Object.entries(CITY_ALIASES)) {
    const name = (countryCode === undefined || code === countryCode) && Object.hasOwn(aliases, folded) ? aliases[folded] : undefined;
    if (name) slugs.push(slugify(name));
  }
  return slugs;
}

/** Explicit filters win over a resolved location; a location's cities are kept inside an explicit country. */
export function buildSearchFilters(query: SearchQuery, location: ResolvedLocation): SearchFilters {
  const filters: SearchFilters = {};
  if (query.category) filters.categorySlug = query.category;
  const countryCode = query.countryCode ?? location.countryCode;
  if (countryCode) filters.countryCode = countryCode;
  if (query.city) filters.citySlug = query.city;
  else if (location.cities) filters.cities = location.cities.filter((c) => !countryCode || c.countryCode === countryCode);
  if (query.verified) filters.verified = true;
  if (query.minRating !== undefined) filters.minRating = query.minRating;
  if (query.near) filters.near = query.near;
  if (query.bbox) filters.bbox = query.bbox;
  if (query.openNow) filters.openAt = query.now ?? new Date();
  return filters;
}

export interface PreparedQuery {
  /** The text to match: q, minus a resolved "in <place>" tail, plus location text that named no place. */
  text: string;
  filters: SearchFilters;
}

export async function prepareQuery(handle: DatabaseHandle, query: SearchQuery): Promise<PreparedQuery> {
  let text = query.q.trim();
  const locationText = query.location?.trim() ?? "";
  let location: ResolvedLocation = locationText ? await resolveLocation(handle, locationText) : {};
  // "pizza in berlin": the tail names a place → it becomes the location (when no explicit location was given).
  // NOTE: the place resolved here is the location itself; resolving it again cost two more round trips per search.
  if (!locationText && text && !usesWebsearchSyntax(text)) {
    const split = splitLocationPhrase(text);
    if (split) {
      const resolved = await resolveLocation(handle, split.where);
      if (!resolved.unmatched) {
        text = split.what;
        location = resolved;
      }
    }
  }
  if (location.unmatched) text = `${text} ${location.unmatched}`.trim();
  return { text, filters: buildSearchFilters(query, location) };
}

/** Accents off, as directory_unaccent does for the words the SQL compares. */
function foldAccents(word: string): string {
  return word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

export interface WordCorrections {
  /** Typed word → its correction ("restuarant" → "restaurant"). */
  corrections: Map<string, string>;
  /** Correctable words (unaccented) that match no business on their own: the text holds a typo. */
  unknownWords: string[];
}

/** The typed words the typo look-ups check (unaccented, lower-case, long enough to correct). */
export function selectVocabularyWords(words: string[]): string[] {
  return selectCorrectableWords(words.map(foldAccents));
}

/**
 * Typed words → their corrections from the category and city vocabulary, keyed by the word as typed.
 * Words that match businesses on their own are never "corrected". `looked` is the look-up of
 * selectVocabularyWords(words) when a search statement already answered it (no second round trip).
 */
export async function findWordCorrections(handle: DatabaseHandle, words: string[], looked?: WordVocabulary | null): Promise<WordCorrections> {
  const corrections = new Map<string, string>();
  const correctable = selectVocabularyWords(words);
  if (correctable.length === 0) return { corrections, unknownWords: [] };
  const vocabulary = looked ?? (await findWordVocabulary(handle, correctable, MIN_CORRECTION_SIMILARITY));
  const unknown = new Set(vocabulary.unknownWords);
  const unknownWords = correctable.filter((word) => unknown.has(word));
  if (unknownWords.length === 0) return { corrections, unknownWords };
  const chosen = chooseCorrections(unknownWords, vocabulary.candidates, vocabulary.categoryTerms);
  for (const word of words) {
    const correction = chosen.get(foldAccents(word));
    if (correction) corrections.set(word, correction);
  }
  return { corrections, unknownWords };
}

/** "Did you mean": the corrected text, else (when allowed) the closest business name; null when nothing is close. */
export async function findDidYouMean(
  handle: DatabaseHandle,
  text: string,
  words: string[],
  corrections: ReadonlyMap<string, string>,
  allowNameLookup: boolean,
): Promise<string | null> {
  const corrected = buildCorrectedText(words, corrections);
  if (corrected) return corrected;
  if (!allowNameLookup || Array.from(text).length < 4) return null;
  const closest = await findClosestBusinessName(handle, text, MIN_NAME_SUGGESTION_SIMILARITY);
  if (!closest || closest.similarity < MIN_NAME_SUGGESTION_SIMILARITY) return null;
  return foldAccents(closest.name).toLowerCase() === foldAccents(text).toLowerCase() ? null : closest.name;
}
