// (seed, row index, messy ratio, clean business) → the row as a scraper would really hand it over, plus its mess kind.
// Whether a row is messy comes from a hash of (seed, index), independent of the business stream: a clean row of a
// messy run is byte-identical to the same row of a clean run, and every messy row differs from its clean twin.
import { createBusiness, type GeneratedBusiness } from "./business-factory.ts";
import { WEEKDAYS, toLowercaseHoursText, toUnicodeHoursText } from "./hours.ts";
import { FOREIGN_WEEKDAYS } from "./locale-data.ts";
import { Random, hashUnit, pickWeighted } from "./random.ts";

export const ROW_MESS_KINDS = [
  "blank_fields",
  "null_literal",
  "number_as_text",
  "coordinate_noise",
  "hours_unicode",
  "hours_lowercase",
  "hours_foreign_days",
  "duplicate_exact",
  "duplicate_changed_phone",
  "missing_place_id",
  "name_whitespace",
  "about_text",
] as const;

export type RowMessKind = (typeof ROW_MESS_KINDS)[number];
/** `duplicate_header` is a repeated CSV header line between rows, not a row of its own. */
export type MessKind = RowMessKind | "duplicate_header";

const KIND_WEIGHTS: ReadonlyArray<readonly [RowMessKind, number]> = [
  ["blank_fields", 18],
  ["null_literal", 12],
  ["number_as_text", 10],
  ["coordinate_noise", 8],
  ["hours_unicode", 8],
  ["hours_lowercase", 6],
  ["hours_foreign_days", 4],
  ["duplicate_exact", 8],
  ["duplicate_changed_phone", 6],
  ["missing_place_id", 8],
  ["name_whitespace", 8],
  ["about_text", 6],
];

const STREAM_IS_MESSY = 0x6d657373;
const STREAM_KIND = 0x6b696e64;
const STREAM_HEADER = 0x68656164;

/** Chance, per CSV row, that a header line is repeated before it (files concatenated by hand). */
export const HEADER_REPEAT_CHANCE = 0.002;
/** How far back a duplicate may reach: real duplicates come from overlapping searches close together. */
const DUPLICATE_WINDOW = 1000;

const BLANKABLE: ReadonlyArray<keyof GeneratedBusiness> = [
  "site",
  "phone",
  "borough",
  "street",
  "postal_code",
  "state",
  "rating",
  "reviews",
  "photo",
  "logo",
  "working_hours",
  "about",
  "description",
  "time_zone",
  "subtypes",
  "url",
  "photos_count",
];
const LITERAL_TARGETS: ReadonlyArray<keyof GeneratedBusiness> = [
  "borough",
  "postal_code",
  "state",
  "phone",
  "site",
  "description",
  "rating",
  "reviews",
  "photos_count",
  "located_in",
  "working_hours",
  "about",
  "verified",
];

export function isMessyRow(seed: number, index: number, ratio: number): boolean {
  return ratio > 0 && hashUnit(seed, index, STREAM_IS_MESSY) < ratio;
}

/** Only with mess switched on, and never before the first row (that header is the real one). */
export function shouldRepeatHeader(seed: number, index: number, ratio: number): boolean {
  return ratio > 0 && index > 0 && hashUnit(seed, index, STREAM_HEADER) < HEADER_REPEAT_CHANCE;
}

/** Row `index` of the run: the clean business, or its messy variant and the kind of mess applied. */
export function buildRow(seed: number, index: number, ratio: number): { business: GeneratedBusiness; mess: RowMessKind | null } {
  if (!isMessyRow(seed, index, ratio)) return { business: createBusiness(seed, index), mess: null };
  const random = new Random(seed, index, STREAM_KIND);
  const kind = pickWeighted(random, KIND_WEIGHTS);

  if (kind === "duplicate_exact" || kind === "duplicate_changed_phone") {
    const source = findCleanEarlierRow(random, seed, index, ratio);
    if (source !== null) {
      const business = createBusiness(seed, source);
      if (kind === "duplicate_changed_phone" && business.phone) {
        business.phone = changeLastDigits(random, business.phone);
        return { business, mess: kind };
      }
      return { business, mess: "duplicate_exact" };
    }
  }

  const business = createBusiness(seed, index);
  const applied = applyInPlace(kind, business, random);
  if (applied) return { business, mess: kind };
  // The chosen kind had nothing to act on (no hours, no about…): leading/trailing spaces always apply.
  applyInPlace("name_whitespace", business, random);
  return { business, mess: "name_whitespace" };
}

function findCleanEarlierRow(random: Random, seed: number, index: number, ratio: number): number | null {
  if (index === 0) return null;
  const low = Math.max(0, index - DUPLICATE_WINDOW);
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = random.int(low, index - 1);
    if (!isMessyRow(seed, candidate, ratio)) return candidate;
  }
  return null;
}

function changeLastDigits(random: Random, phone: string): string {
  const digits = phone.slice(-2);
  let replacement = digits;
  while (replacement === digits) replacement = String(random.int(0, 99)).padStart(2, "0");
  return phone.slice(0, -2) + replacement;
}

/** Applies one kind of mess; false when the business has nothing that kind could change. */
function applyInPlace(kind: RowMessKind, business: GeneratedBusiness, random: Random): boolean {
  const record = business as Record<string, unknown>;
  switch (kind) {
    case "blank_fields": {
      const filled = BLANKABLE.filter((key) => record[key] !== null && record[key] !== undefined);
      if (filled.length === 0) return false;
      const count = Math.min(filled.length, random.int(1, 3));
      for (let i = 0; i < count; i++) record[random.pick(filled)] = null;
      return true;
    }
    case "null_literal": {
      const count = random.int(1, 2);
      for (let i = 0; i < count; i++) {
        record[random.pick(LITERAL_TARGETS)] = pickWeighted(random, [
          ["None", 5],
          ["N/A", 2],
          ["null", 2],
          ["nan", 1],
        ]);
      }
      return true;
    }
    case "number_as_text": {
      // Outscraper passes counts through pandas floats: 56 becomes "56.0".
      if (typeof business.reviews !== "number" || typeof business.photos_count !== "number") return false;
      business.reviews = `${business.reviews}.0`;
      business.photos_count = `${business.photos_count}.0`;
      if (typeof business.rating === "number" && Number.isInteger(business.rating)) business.rating = `${business.rating}.0`;
      return true;
    }
    case "coordinate_noise": {
      if (typeof business.latitude !== "number" || typeof business.longitude !== "number") return false;
      if (business.latitude === 0 || business.longitude === 0) return false;
      business.latitude = addFloatNoise(random, business.latitude);
      business.longitude = addFloatNoise(random, business.longitude);
      return true;
    }
    case "hours_unicode":
    case "hours_lowercase": {
      const hours = business.working_hours;
      if (!hours || typeof hours !== "object") return false;
      const rewrite = kind === "hours_unicode" ? toUnicodeHoursText : toLowercaseHoursText;
      let changed = false;
      const next: Record<string, string> = {};
      for (const [day, text] of Object.entries(hours)) {
        next[day] = rewrite(text);
        if (next[day] !== text) changed = true;
      }
      if (!changed) return false;
      business.working_hours = next;
      return true;
    }
    case "hours_foreign_days": {
      const hours = business.working_hours;
      if (!hours || typeof hours !== "object") return false;
      const names = random.pick(FOREIGN_WEEKDAYS);
      const next: Record<string, string> = {};
      WEEKDAYS.forEach((day, i) => {
        const text = hours[day];
        if (text !== undefined) next[names[i] ?? day] = text;
      });
      business.working_hours = next;
      return true;
    }
    case "missing_place_id":
      business.place_id = null;
      return true;
    case "name_whitespace": {
      if (!business.name) return false;
      business.name = random.pick([`  ${business.name}`, `${business.name} `, ` ${business.name}  `, `${business.name}\u00a0`]);
      return true;
    }
    case "about_text": {
      const about = business.about;
      if (!about || typeof about !== "object") return false;
      const amenities = Object.values(about).flatMap((group) =>
        Object.entries(group)
          .filter(([, on]) => on)
          .map(([name]) => name),
      );
      if (amenities.length === 0) return false;
      business.about = amenities.join(random.chance(0.5) ? ", " : " · ");
      return true;
    }
    case "duplicate_exact":
    case "duplicate_changed_phone":
      // Reached only when no clean earlier row exists (row 0); the caller then falls back.
      return false;
  }
}

/** 47.3672935 → 47.367293499999995: the last-bit noise of a float that went through a spreadsheet or pandas. */
function addFloatNoise(random: Random, value: number): number {
  const ulps = random.int(2, 6) * (random.chance(0.5) ? 1 : -1);
  const noisy = value + ulps * Number.EPSILON * Math.abs(value);
  return noisy === value ? value + Math.sign(value) * 1e-12 : noisy;
}
