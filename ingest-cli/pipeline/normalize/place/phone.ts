// A phone as written ("097 754374", "+41 44 123 45 67", "tel:0044…") and the business's country → E.164 for tel:
// links and dedupe. The display form is derived from E.164 when a page renders (app/utils/phone.server.ts): formatting
// costs as much as parsing, and an import parses every row while a page shows twenty.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { getCountries } from "libphonenumber-js";

export interface ParsedPhone {
  e164: string;
  /** The number's own country (from its prefix), which may differ from the business's. */
  country: string | null;
}

const SUPPORTED = new Set<string>(getCountries());
const MAX_CACHE = 50_000;

const readings = new Map<string, ParsedPhone | null>();

/** "00 41 44…" and "+41 44…" are international; a "tel:" prefix is dropped. */
function prepare(text: string): string {
  return text
    .trim()
    .replace(/^tel:/i, "")
    .replace(/^00\s*(?=[1-9])/, "+");
}

/**
 * One parse per distinct number: an international number reads the same whatever the default region, so its key
 * leaves the region out (the country resolver and the final parse share it). NOTE: a bounded Map, emptied when full:
 * distinct phones rarely repeat, so an LRU's bookkeeping buys nothing.
 */
function read(text: string, region: string | null): ParsedPhone | null {
  const prepared = prepare(text);
  const international = prepared.startsWith("+");
  const key = international ? prepared : `${region ?? ""}|${prepared}`;
  const cached = readings.get(key);
  if (cached !== undefined || readings.has(key)) return cached ?? null;
  const defaultRegion = !international && region && SUPPORTED.has(region) ? (region as CountryCode) : undefined;
  // A cell that is only a number skips the search for a number inside text (~40 % of the parse); text falls back to it.
  const number =
    parsePhoneNumberFromString(prepared, { defaultCountry: defaultRegion, extract: false }) ?? parsePhoneNumberFromString(prepared, defaultRegion);
  // NOTE: isPossible (length per country), not isValid (every number-range pattern): scraped Google listings carry real
  // numbers, and the pattern match would double the cost per row.
  const reading = number?.isPossible() ? { e164: number.number, country: number.country ?? null } : null;
  if (readings.size >= MAX_CACHE) readings.clear();
  readings.set(key, reading);
  return reading;
}

/** The number and the business's country (ISO-2, or null, the default region) → E.164, or null when it cannot be a number. */
export function parsePhone(text: string, country: string | null): ParsedPhone | null {
  return read(text, country);
}

/** The country an international number ("+41…", "0041…") belongs to; national-only numbers say nothing. */
export function countryFromPhonePrefix(text: string): string | null {
  if (!/^\s*(?:tel:)?\s*(?:\+|00\s*[1-9])/i.test(text)) return null;
  return read(text, null)?.country ?? null;
}
