// A row's place evidence (city, state, address, postal code, country, coordinates) → the municipality a visitor looks
// for (GeoNames identity, canonical name, slug) and the finer district, never a street, a postal line or a section.
import { LRUCache } from "lru-cache";
import {
  CITY_DISPLAY_NAMES,
  cityFromAddress,
  displaySectionName,
  foldPlaceName,
  looksLikeStreet,
  stripPostalAndNumbers,
  stripSectionWords,
} from "../../../db/rules/place-names.ts";
import { slugifyCached } from "../../../db/rules/slug.ts";
import { distanceKm, loadCityIndex, municipalityRadiusKm, type CityIndex } from "./city-index.ts";

export interface CityInput {
  city: string | null;
  state: string | null;
  fullAddress: string | null;
  street: string | null;
  postalCode: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Which evidence decided: a name the gazetteer knows (checked against the coordinates when there are some), the
 * coordinates alone, the row's own text (a place the gazetteer does not list), or nothing. */
export type CityEvidence = "name" | "name+coordinates" | "coordinates" | "text" | "none";

export interface CityResolution {
  city: string | null;
  district: string | null;
  geonameId: number | null;
  citySlug: string | null;
  /** The gazetteer's country for the place (null when it was not found there). */
  countryCode: string | null;
  evidence: CityEvidence;
}

/** Where a piece of text came from: the city column outranks the state column, which outranks the address. */
const Source = { City: 0, State: 1, Address: 2 } as const;
type Source = (typeof Source)[keyof typeof Source];

interface Part {
  text: string;
  source: Source;
}

interface Match {
  place: number;
  municipality: number;
  part: Part;
  /** 0 = the whole part, 1 = the part without section words, 2 = some of its words. */
  quality: number;
  /** The words that matched, as written (for a district's display). */
  words: string;
}

const MIN_WORD_MATCH_POPULATION = 20_000;
const DISTRICT_TEXT_POPULATION = 100_000;
const PART_CACHE = new LRUCache<string, PartHit[]>({ max: 50_000 });
const SECTION_WORDS_ONLY = /^(?:city|ku|ward|district|bezirk|borough|kreis|municipality|none|null|n\/a)$/i;

function splitParts(text: string | null, source: Source): Part[] {
  if (!text) return [];
  return text
    .split(source === Source.Address ? /,/ : /[,;|]| \/ | - /)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ text: part, source }));
}

/** The lookup keys of one part, best first: whole, without section words, then runs of its words (longest first). */
function partKeys(cleaned: string): Array<{ key: string; quality: number; words: string }> {
  const keys: Array<{ key: string; quality: number; words: string }> = [{ key: foldPlaceName(cleaned), quality: 0, words: cleaned }];
  const bare = stripSectionWords(cleaned);
  if (bare !== cleaned) keys.push({ key: foldPlaceName(bare), quality: 1, words: bare });
  const words = cleaned.split(/[\s-]+/).filter(Boolean);
  if (words.length > 1 && words.length <= 6) {
    for (let n = words.length - 1; n >= 1; n--) {
      for (let from = 0; from + n <= words.length; from++) {
        const run = words.slice(from, from + n).join(" ");
        const key = foldPlaceName(run);
        // NOTE: two letters are a code ("DE", "NY"), except in scripts where two signs are a name ("東京").
        if (key.length > 2 || /[^\x20-\x7e]/.test(key)) keys.push({ key, quality: 2, words: run });
      }
    }
  }
  return keys;
}

function displayCity(index: CityIndex, place: number): string {
  return CITY_DISPLAY_NAMES[index.ids[place] as number] ?? (index.names[place] as string);
}

/** True when `text` names the municipality itself (any spelling), so it is no district. */
function namesMunicipality(index: CityIndex, text: string, municipality: number, countryCode: string | null): boolean {
  const key = foldPlaceName(text);
  if (key === foldPlaceName(index.names[municipality] as string) || key === foldPlaceName(displayCity(index, municipality))) return true;
  return index.lookupName(key, countryCode).some((i) => i === municipality);
}

interface PartHit {
  place: number;
  municipality: number;
  quality: number;
  words: string;
}

/** The gazetteer places one address part names, per country; parts repeat across rows, so cached. */
function findPartHits(index: CityIndex, text: string, countryCode: string | null): PartHit[] {
  const cleaned = looksLikeStreet(text) ? "" : stripPostalAndNumbers(text);
  if (!cleaned) return [];
  // NOTE: keyed by the cleaned text: "8001 Zürich" and "8004 Zürich" are one look-up (postal codes differ per row).
  const key = `${countryCode ?? ""}|${cleaned}`;
  let hits = PART_CACHE.get(key);
  if (hits) return hits;
  hits = [];
  for (const { key: name, quality, words } of partKeys(cleaned)) {
    for (const place of index.lookupName(name, countryCode)) hits.push({ place, municipality: index.municipalityOf(place), quality, words });
  }
  PART_CACHE.set(key, hits);
  return hits;
}

function collectMatches(index: CityIndex, parts: Part[], input: CityInput): Match[] {
  const matches: Match[] = [];
  const hasPoint = input.latitude !== null && input.longitude !== null;
  const state = input.state ? foldPlaceName(input.state) : null;
  for (const part of parts) {
    // NOTE: matches are ranked by source first and districts never come from the address, so once the city or state
    // column matched, the address parts cannot change the answer: skip their look-ups (most rows' street parts).
    if (part.source === Source.Address && matches.length > 0) break;
    for (const { place, municipality, quality, words } of findPartHits(index, part.text, input.countryCode)) {
      // A single word of a longer text ("… am See") names a village by chance; only a town, or a point, confirms it.
      if (quality === 2 && !hasPoint && (index.population[municipality] as number) < MIN_WORD_MATCH_POPULATION) continue;
      if (hasPoint) {
        const d = distanceKm(
          input.latitude as number,
          input.longitude as number,
          index.latitude[municipality] as number,
          index.longitude[municipality] as number,
        );
        if (d > Math.max(2 * municipalityRadiusKm(index.population[municipality] as number), 25)) continue;
      }
      matches.push({ place, municipality, part, quality: quality + (state && index.admins[place]?.toLowerCase() === state ? -0.5 : 0), words });
    }
  }
  return matches;
}

/** Best first: the city column over the state over the address, whole names over word runs, bigger places first. */
function compareMatches(index: CityIndex, a: Match, b: Match): number {
  return (
    a.part.source - b.part.source ||
    a.quality - b.quality ||
    (index.population[b.municipality] as number) - (index.population[a.municipality] as number)
  );
}

/** The finer name a row gives besides its municipality: a matched section, or city/state text that is not the city. */
function findDistrict(index: CityIndex, input: CityInput, parts: Part[], matches: Match[], municipality: number): string | null {
  const section = matches
    .filter((m) => m.municipality === municipality && m.place !== municipality && m.part.source !== Source.Address)
    .sort((a, b) => compareMatches(index, a, b))[0];
  if (section) return section.quality >= 2 ? displaySectionName(index.names[section.place] as string) : section.words;
  const namingParts = new Set(matches.filter((m) => m.place === municipality).map((m) => m.part));
  // A small town's other name in the row is a spelling of it ("Peyia" of Pégeia), not a district worth showing.
  const townText = (index.population[municipality] as number) >= DISTRICT_TEXT_POPULATION;
  for (const part of townText ? parts : []) {
    if (part.source === Source.Address || namingParts.has(part) || looksLikeStreet(part.text)) continue;
    const cleaned = stripSectionWords(stripPostalAndNumbers(part.text));
    if (!cleaned || SECTION_WORDS_ONLY.test(cleaned) || namesMunicipality(index, cleaned, municipality, input.countryCode)) continue;
    // A state names a region ("Bavaria", "NY") unless it says it is a section ("Shibuya City", "Bezirk Mitte").
    if (part.source === Source.State && stripSectionWords(part.text) === part.text) continue;
    // Another municipality's name (a neighbour, the region's capital) is no district of this one.
    if (index.lookupName(foldPlaceName(cleaned), input.countryCode).some((i) => index.municipalityOf(i) !== municipality)) continue;
    return cleaned;
  }
  if (input.latitude !== null && input.longitude !== null) {
    const near = index.nearestSection(input.latitude, input.longitude, municipality, 1.2);
    if (near !== -1) return displaySectionName(index.names[near] as string);
  }
  return null;
}

function resolveRounded(input: CityInput): CityResolution {
  const index = loadCityIndex();
  const parts = [...splitParts(input.city, Source.City), ...splitParts(input.state, Source.State), ...splitParts(input.fullAddress, Source.Address)];
  const matches = collectMatches(index, parts, input);
  const hasPoint = input.latitude !== null && input.longitude !== null;
  let municipality = -1;
  let evidence: CityEvidence = "none";
  if (matches.length > 0) {
    municipality = matches.sort((a, b) => compareMatches(index, a, b))[0]?.municipality ?? -1;
    evidence = hasPoint ? "name+coordinates" : "name";
  } else if (hasPoint) {
    municipality = index.nearestMunicipality(input.latitude as number, input.longitude as number, input.countryCode);
    if (municipality !== -1) evidence = "coordinates";
    // A village the gazetteer does not list, named by the row, outside the nearest listed town: the row's name wins.
    const named = input.city && !looksLikeStreet(input.city) ? stripPostalAndNumbers(input.city) : "";
    if (municipality !== -1 && named && !SECTION_WORDS_ONLY.test(named)) {
      const d = distanceKm(
        input.latitude as number,
        input.longitude as number,
        index.latitude[municipality] as number,
        index.longitude[municipality] as number,
      );
      if (d > 1.5 * municipalityRadiusKm(index.population[municipality] as number)) municipality = -1;
    }
  }
  if (municipality !== -1) {
    const city = displayCity(index, municipality);
    return {
      city,
      district: findDistrict(index, input, parts, matches, municipality),
      geonameId: index.ids[municipality] as number,
      citySlug: slugifyCached(city) || null,
      countryCode: index.countries[municipality] as string,
      evidence,
    };
  }
  // Not in the gazetteer (it lists places from ~1,000 people): the row's own words, never a street or a postal code.
  const own = input.city && !looksLikeStreet(input.city) ? stripPostalAndNumbers(input.city.split(",")[0] ?? "") : "";
  const fromAddress = input.fullAddress ? stripPostalAndNumbers(cityFromAddress(input.fullAddress) ?? "") : "";
  const city = (own && !SECTION_WORDS_ONLY.test(own) ? own : "") || fromAddress || null;
  return {
    city,
    district: null,
    geonameId: null,
    citySlug: city ? slugifyCached(city) || null : null,
    countryCode: null,
    evidence: city ? "text" : "none",
  };
}

/**
 * See the module header. NOTE: no cache of whole inputs: a row's address and coordinates make nearly each one
 * distinct (99 % of a generated file's rows), so it only held memory; the look-ups are cached per address part.
 */
export function resolveCity(input: CityInput): CityResolution {
  const latitude = input.latitude === null ? null : Math.round(input.latitude * 1e4) / 1e4;
  const longitude = input.longitude === null ? null : Math.round(input.longitude * 1e4) / 1e4;
  return resolveRounded({ ...input, latitude, longitude });
}
