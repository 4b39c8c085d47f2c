// ISO 3166 alpha-2 code ⇄ English country name: one rule for pages, API, aggregates and import normalising.
import { slugify } from "./slug.ts";

const intlNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const displayNames = {
  of(code: string): string | undefined {
    const name = intlNames.of(code);
    // NOTE: ICU answers "Unknown Region" for ZZ and some unassigned codes instead of undefined.
    return name && name !== code && name !== "Unknown Region" ? name : undefined;
  },
};

// Intl has no entry for these user-assigned or legacy codes; keep them readable.
const EXTRA_NAMES: Record<string, string> = { XK: "Kosovo", UK: "United Kingdom", EU: "European Union" };

const nameCache = new Map<string, string>();

/** "DE" → "Germany"; an unknown or malformed code is shown as the code itself (upper-cased). */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  const cached = nameCache.get(code);
  if (cached !== undefined) return cached;
  const upper = code.trim().toUpperCase();
  const name = /^[A-Z]{2}$/.test(upper) ? (EXTRA_NAMES[upper] ?? displayNames.of(upper) ?? upper) : code.trim();
  if (nameCache.size < 1000) nameCache.set(code, name);
  return name;
}

/** The URL slug of a country page: its English name, e.g. "united-kingdom". */
export function countrySlug(code: string): string {
  return slugify(countryName(code)) || code.toLowerCase();
}

let nameIndex: Map<string, string> | undefined;

// Withdrawn or reserved codes ICU still names ("DD" → "Germany", "CS" → "Serbia", "AN" → "Curaçao"): never the
// answer for a name.
const NOT_FOR_NAMES = new Set([
  "AN",
  "BU",
  "CS",
  "DD",
  "DY",
  "FX",
  "HV",
  "NH",
  "NT",
  "QO",
  "RH",
  "SU",
  "TP",
  "UK",
  "VD",
  "YD",
  "YU",
  "ZR",
  "EU",
  "EZ",
  "UN",
  "XA",
  "XB",
  "XK",
]);

const ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  turkiye: "TR",
  holland: "NL",
  "the netherlands": "NL",
  "south korea": "KR",
  "korea republic of": "KR",
  "north korea": "KP",
  russia: "RU",
  "czech republic": "CZ",
  "ivory coast": "CI",
  deutschland: "DE",
  schweiz: "CH",
  suisse: "CH",
  svizzera: "CH",
  espana: "ES",
  italia: "IT",
  osterreich: "AT",
  pilipinas: "PH",
  "hong kong sar": "HK",
  "macao sar": "MO",
  "viet nam": "VN",
  kypros: "CY",
};

/** "Germany", "germany", "Deutschland", "de" → "DE"; null when it names no country we know. */
export function countryCodeFromName(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    return displayNames.of(upper) || EXTRA_NAMES[upper] ? (upper === "UK" ? "GB" : upper) : null;
  }
  if (!nameIndex) {
    nameIndex = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_FOR_NAMES.has(code)) continue;
        const name = displayNames.of(code);
        if (name && !nameIndex.has(slugify(name))) nameIndex.set(slugify(name), code);
      }
    }
  }
  const key = slugify(trimmed);
  const alias = ALIASES[key.replace(/-/g, " ")] ?? (key === "kosovo" ? "XK" : undefined);
  return alias ?? nameIndex.get(key) ?? null;
}
