// (seed, row index) → one clean synthetic GeneratedBusiness; the single source of truth for what a generated place is.
// Each row draws from its own PRNG stream keyed by (seed, index), so row i never depends on rows before it:
// the same place can be rebuilt later (duplicates) and a longer run starts with the same rows as a shorter one.
import { countryName } from "../../../db/rules/countries.ts";
import { slugify } from "../../../db/rules/slug.ts";
import { CATEGORIES, groupProfile, type AmenityRule, type Category } from "./categories.ts";
import {
  addressStyleFor,
  callingCodeFor,
  domainSuffixFor,
  localeFor,
  phoneShapeFor,
  postalShapeFor,
  stateNameFor,
  timeZoneFor,
  usZipAreaDigit,
  type Locale,
} from "./country-data.ts";
import { buildWorkingHours } from "./hours.ts";
import { localeData, localLabel } from "./locale-data.ts";
import { Random, WeightedPicker, createZipfWeights, hashSeed, mixBits, pickWeighted } from "./random.ts";
import { loadCityTable, type City } from "./reference-data.ts";

export type WorkingHours = Record<string, string>;
export type About = Record<string, Record<string, boolean>>;
export type BusinessStatus = "OPERATIONAL" | "CLOSED_TEMPORARILY" | "CLOSED_PERMANENTLY";

/**
 * One row of a Google-Maps-style export. Clean rows use the real types; a messy row may carry text where a
 * number/boolean/object belongs ("56.0", "N/A", about as prose), exactly as scraped files do.
 */
export type GeneratedBusiness = {
  name: string | null;
  site: string | null;
  subtypes: string | null;
  category: string | null;
  type: string | null;
  phone: string | null;
  full_address: string | null;
  borough: string | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  state: string | null;
  country: string | null;
  country_code: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  time_zone: string | null;
  rating: number | string | null;
  reviews: number | string | null;
  reviews_link: string | null;
  photos_count: number | string | null;
  photo: string | null;
  logo: string | null;
  located_in: string | null;
  working_hours: WorkingHours | string | null;
  business_status: BusinessStatus | string | null;
  about: About | string | null;
  description: string | null;
  verified: boolean | string | null;
  place_id: string | null;
  google_id: string | null;
  url: string | null;
  location_link: string | null;
  /** Only present with the test marker: lets "delete test data" find every generated row after import. */
  is_test?: boolean;
};

/** The export's column order (Outscraper layout); `is_test` is appended only when the test marker is on. */
export const GENERATED_COLUMNS = [
  "name",
  "site",
  "subtypes",
  "category",
  "type",
  "phone",
  "full_address",
  "borough",
  "street",
  "city",
  "postal_code",
  "state",
  "country",
  "country_code",
  "latitude",
  "longitude",
  "time_zone",
  "rating",
  "reviews",
  "reviews_link",
  "photos_count",
  "photo",
  "logo",
  "located_in",
  "working_hours",
  "business_status",
  "about",
  "description",
  "verified",
  "place_id",
  "google_id",
  "url",
  "location_link",
] as const satisfies ReadonlyArray<keyof GeneratedBusiness>;

export type GeneratedColumn = (typeof GENERATED_COLUMNS)[number] | "is_test";

// Stream keys keep the PRNG streams for different purposes apart.
const STREAM_BUSINESS = 0x62757369;
const STREAM_CITY = 0x63697479;
const STREAM_PLACE_ID = 0x706c6964;
const STREAM_CID = 0x63696400;

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const NON_LATIN: ReadonlySet<Locale> = new Set(["ru", "el", "zh", "ja", "ko"]);

let categoryPicker: WeightedPicker | undefined;
const countryNames = new Map<string, string>();

function pickCategory(random: Random): Category {
  categoryPicker ??= new WeightedPicker(createZipfWeights(CATEGORIES.length, 1));
  return CATEGORIES[categoryPicker.pick(random)] as Category;
}

function countryNameOf(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    name = countryName(code);
    countryNames.set(code, name);
  }
  return name;
}

/** Builds the clean business for row `index` of a run seeded with `seed`. */
export function createBusiness(seed: number, index: number): GeneratedBusiness {
  const random = new Random(seed, index, STREAM_BUSINESS);
  const cities = loadCityTable();
  const city = cities.city(cities.pickIndex(random.next()));
  const cityRandom = (salt: number) => new Random(city.id, STREAM_CITY, salt);
  const category = pickCategory(random);
  const profile = groupProfile(category.group);
  const locale = localeFor(city.countryCode);
  const country = countryNameOf(city.countryCode);

  const name = buildName(random, category, locale, city);
  const street = localeData(locale).buildStreet(random);
  const postalCode = buildPostalCode(random, cityRandom(1), city);
  const state = stateNameFor(city.countryCode, city.adminCode);
  const [latitude, longitude] = jitterCoordinates(random, city);

  const reviews = random.chance(0.07) ? 0 : Math.max(1, Math.min(250_000, Math.round(random.logNormal(profile.reviewsMu, 1.35))));
  const rating = reviews === 0 ? null : buildRating(random, reviews, profile.ratingShift);
  const photosCount = reviews === 0 ? random.int(0, 3) : Math.round(reviews * random.logNormal(-0.6, 0.8)) + random.int(0, 6);

  const placeId = buildPlaceId(random, seed, index);
  const googleId = buildGoogleId(random, seed, index, latitude, longitude);
  const [site, url] = buildWebsite(random, profile.websiteChance, name, category, city);
  const encodedName = encodeURIComponent(name).replace(/%20/g, "+");
  const subtypes = buildSubtypes(random, category.name, profile.subtypePool);

  return {
    name,
    site,
    subtypes,
    category: category.query,
    type: category.name,
    phone: random.chance(0.08) ? null : buildPhone(random, cityRandom(2), city.countryCode),
    full_address: buildFullAddress(street, city, postalCode, state, country),
    borough: random.chance(0.35) ? random.pick(localeData(locale).boroughs) : null,
    street,
    city: city.name,
    postal_code: postalCode,
    state,
    country,
    country_code: city.countryCode,
    latitude,
    longitude,
    time_zone: timeZoneFor(city.countryCode, city.adminCode, city.latitude, city.longitude),
    rating,
    reviews,
    reviews_link: `https://search.google.com/local/reviews?placeid=${placeId}&q=${encodeURIComponent(`${category.query} in ${city.name}`).replace(/%20/g, "+")}&authuser=0&hl=en&gl=${city.countryCode}`,
    photos_count: photosCount,
    photo: photosCount > 0 ? `https://lh5.googleusercontent.com/p/AF1Qip${random.chars(BASE64URL, 38)}=w800-h500-k-no` : null,
    logo: random.chance(0.4)
      ? `https://lh3.googleusercontent.com/-${random.chars(ALNUM, 11)}/AAAAAAAAAAI/AAAAAAAAAAA/${random.chars(ALNUM, 11)}/s44-p-k-no-ns-nd/photo.jpg`
      : null,
    located_in: buildLocatedIn(random, category, city),
    working_hours: random.chance(0.07) ? null : buildWorkingHours(profile.hours, random),
    business_status: pickWeighted<BusinessStatus>(random, [
      ["OPERATIONAL", 95],
      ["CLOSED_TEMPORARILY", 3],
      ["CLOSED_PERMANENTLY", 2],
    ]),
    about: random.chance(0.1) ? null : buildAbout(random, profile.amenities),
    description:
      random.chance(profile.descriptionChance) && profile.descriptions.length > 0
        ? random.pick(profile.descriptions).replace("{type}", category.name.toLowerCase()).replace("{city}", city.name)
        : null,
    verified: random.chance(0.72),
    place_id: placeId,
    google_id: googleId,
    url,
    location_link: `https://www.google.com/maps/place/${encodedName}/@${latitude},${longitude},14z/data=!4m8!1m2!2m1!1s${encodedName}!3m4!1s${googleId}!8m2!3d${latitude}!4d${longitude}`,
  };
}

function buildName(random: Random, category: Category, locale: Locale, city: City): string {
  const profile = groupProfile(category.group);
  const local = localeData(locale);
  const label = localLabel(category.labelKey, locale);
  if (label && local.localPatterns.length > 0 && !(profile.brands && random.chance(0.5)) && random.chance(0.65)) {
    return fillPattern(random.pick(local.localPatterns), random, { label, locale, city });
  }
  const patterns = locale === "en" ? profile.patterns : profile.patterns.filter((pattern) => !pattern.includes("'s"));
  const pattern = random.pick(patterns.length > 0 ? patterns : ["{Word} {Label}"]);
  // English shapes take names from a Latin-script pool so "金龙 Bakery" does not appear.
  return fillPattern(pattern, random, {
    label: random.pick(category.labels),
    locale: NON_LATIN.has(locale) ? "en" : locale,
    city,
    brands: profile.brands,
  });
}

function fillPattern(
  pattern: string,
  random: Random,
  context: { label: string; locale: Locale; city: City; brands?: readonly string[] | undefined },
): string {
  const data = localeData(context.locale);
  // Latin-script locales mix in English words ("Café Liberty"); "The {Word}" and CJK/Cyrillic/Greek shapes stay in one language.
  const englishOnly = pattern.includes("The {Word}");
  const ownOnly = context.locale === "en" || NON_LATIN.has(context.locale);
  const words = englishOnly ? localeData("en").words : ownOnly || random.chance(0.5) ? data.words : localeData("en").words;
  let surname = "";
  return pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
    switch (key) {
      case "Label":
        return context.label;
      case "Surname":
        surname = random.pick(data.surnames);
        return surname;
      case "Surname2": {
        // A partner's name: "Smith & Smith" would read like a typo.
        const partner = random.pick(data.surnames);
        return partner === surname ? random.pick(data.surnames.filter((name) => name !== surname)) : partner;
      }
      case "Given":
        return random.pick(data.givenNames);
      case "Word":
        return random.pick(words);
      case "City":
        return context.city.name;
      case "Brand":
        return random.pick(context.brands ?? ["Express"]);
      default:
        return key;
    }
  });
}

/** Fills a shape: # digit, @ letter; the part before "|" comes from the city's own stream so one city shares it. */
function buildPostalCode(random: Random, cityRandom: Random, city: City): string | null {
  const shape = postalShapeFor(city.countryCode);
  if (!shape) return null;
  const [fixed = "", varying = ""] = shape.split("|");
  let code = fillShape(fixed, cityRandom) + fillShape(varying, random);
  if (city.countryCode === "US") {
    const area = usZipAreaDigit(city.adminCode);
    if (area) code = area + code.slice(1);
  }
  return code;
}

function fillShape(shape: string, random: Random): string {
  let out = "";
  for (const char of shape) {
    if (char === "#") out += String(random.int(0, 9));
    else if (char === "@") out += String.fromCharCode(65 + random.int(0, 25));
    else out += char;
  }
  return out;
}

/** "+CC " + national shape: A = the city's own area-code digit, N = 1–9, # = 0–9. */
function buildPhone(random: Random, cityRandom: Random, countryCode: string): string | null {
  const callingCode = callingCodeFor(countryCode);
  if (!callingCode) return null;
  let national = "";
  for (const char of phoneShapeFor(countryCode)) {
    if (char === "A") national += String(cityRandom.int(national === "" ? 2 : 0, 9));
    else if (char === "N") national += String(random.int(2, 9));
    else if (char === "#") national += String(random.int(0, 9));
    else national += char;
  }
  return `+${callingCode} ${national}`;
}

function buildFullAddress(street: string, city: City, postalCode: string | null, state: string | null, country: string): string {
  const style = addressStyleFor(city.countryCode);
  if (style === "us" && state && postalCode) return `${street}, ${city.name}, ${city.adminCode} ${postalCode}, ${country}`;
  if (!postalCode) return `${street}, ${city.name}, ${country}`;
  return style === "before" ? `${street}, ${postalCode} ${city.name}, ${country}` : `${street}, ${city.name} ${postalCode}, ${country}`;
}

/** Gaussian scatter around the city centre; bigger cities spread wider (σ ≈ 0.6 km for a town, up to 8 km). */
function jitterCoordinates(random: Random, city: City): [number, number] {
  const sigmaKm = Math.min(8, 0.6 + Math.sqrt(city.population) / 900);
  const northKm = random.normal() * sigmaKm;
  const eastKm = random.normal() * sigmaKm;
  const latitude = Math.max(-89.9, Math.min(89.9, city.latitude + northKm / 110.574));
  const cosLat = Math.max(0.05, Math.cos((latitude * Math.PI) / 180));
  let longitude = city.longitude + eastKm / (111.32 * cosLat);
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return [Math.round(latitude * 1e7) / 1e7, Math.round(longitude * 1e7) / 1e7];
}

/** Skewed high like real listings (median ≈ 4.4); few reviews → wider spread, so 1-review places hit 1.0 or 5.0. */
function buildRating(random: Random, reviews: number, shift: number): number {
  const spread = 0.35 + 1.2 / Math.sqrt(reviews);
  const raw = 4.7 + shift - Math.abs(random.normal()) * spread * (random.chance(0.75) ? 0.8 : 1.6) + random.normal() * 0.1;
  return Math.round(Math.max(1, Math.min(5, raw)) * 10) / 10;
}

/** "ChIJ" + 23 base64url chars; 6 of them encode a bijection of the row index, so distinct rows never collide. */
function buildPlaceId(random: Random, seed: number, index: number): string {
  const unique = mixBits((index ^ hashSeed(seed, STREAM_PLACE_ID)) >>> 0);
  let tail = "";
  // 32 bits fill five 6-bit characters and 2 bits of the sixth; its other 4 bits are random.
  for (let shift = 0; shift < 30; shift += 6) tail += BASE64URL[(unique >>> shift) & 63];
  tail += BASE64URL[(unique >>> 30) | (random.int(0, 15) << 2)];
  return `ChIJ${random.chars(BASE64URL, 17)}${tail}`;
}

/** "0x<feature>:0x<cid>": the feature half follows a coarse location grid like Google's, the cid half is unique per row. */
function buildGoogleId(random: Random, seed: number, index: number, latitude: number, longitude: number): string {
  const cell = ((Math.floor((latitude + 90) * 32) << 14) ^ Math.floor((longitude + 180) * 32)) >>> 0;
  const cid = mixBits((index ^ hashSeed(seed, STREAM_CID)) >>> 0);
  return `0x${hex8(cell)}${hex8(random.nextUint32())}:0x${hex8(random.nextUint32())}${hex8(cid)}`;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

function hex8(value: number): string {
  return (
    (HEX_BYTES[(value >>> 24) & 255] ?? "") +
    (HEX_BYTES[(value >>> 16) & 255] ?? "") +
    (HEX_BYTES[(value >>> 8) & 255] ?? "") +
    (HEX_BYTES[value & 255] ?? "")
  );
}

/** [site, url]: site is the homepage, url the link on the listing (often with tracking parameters or a branch page). */
function buildWebsite(random: Random, chance: number, name: string, category: Category, city: City): [string | null, string | null] {
  if (!random.chance(chance)) return [null, null];
  const nameSlug = slugify(name, 40) || slugify(`${category.labels[0] ?? category.name} ${city.name}`, 40) || "business";
  if (random.chance(0.06)) {
    const page = `https://www.facebook.com/${nameSlug.replace(/-/g, "")}/`;
    return [page, page];
  }
  const domain = random.chance(0.5) ? nameSlug.replace(/-/g, "") : nameSlug;
  const host = `${random.chance(0.7) ? "www." : ""}${domain}.${domainSuffixFor(city.countryCode)}`;
  const site = `${random.chance(0.9) ? "https" : "http"}://${host}/`;
  const roll = random.next();
  if (roll < 0.35) return [site, `${site}?utm_source=google&utm_medium=organic&utm_campaign=gbp`];
  if (roll < 0.45) return [site, `${site}locations/${slugify(city.name) || "store"}`];
  return [site, site];
}

function buildSubtypes(random: Random, type: string, pool: readonly string[]): string {
  const subtypes = [type];
  const extra = random.int(0, 3);
  for (let i = 0; i < extra; i++) {
    const candidate = random.pick(pool);
    if (!subtypes.includes(candidate)) subtypes.push(candidate);
  }
  return subtypes.join(", ");
}

function buildAbout(random: Random, rules: readonly AmenityRule[]): Record<string, Record<string, boolean>> | null {
  const about: Record<string, Record<string, boolean>> = {};
  let count = 0;
  for (const [group, amenity, shown, truth = 0.95] of rules) {
    if (!random.chance(shown)) continue;
    (about[group] ??= {})[amenity] = random.chance(truth);
    count++;
  }
  return count > 0 ? about : null;
}

const LOCATED_IN_GROUPS = new Set(["restaurant", "fast_food", "cafe", "retail", "beauty", "pharmacy", "finance", "services", "health"]);

function buildLocatedIn(random: Random, category: Category, city: City): string | null {
  if (!LOCATED_IN_GROUPS.has(category.group) || !random.chance(0.08)) return null;
  const word = random.pick(localeData("en").words);
  return random.pick([
    `${city.name} Mall`,
    `${word} Shopping Center`,
    `${city.name} Central Station`,
    `${word} Plaza`,
    `${city.name} International Airport`,
  ]);
}
