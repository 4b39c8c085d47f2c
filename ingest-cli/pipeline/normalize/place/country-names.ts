// A country name in any language or script ("Deutschland", "Česko", "Việt Nam", "日本") → ISO 3166 alpha-2 code,
// from i18n-iso-countries' 78 locales folded into one map; names that mean different countries in different locales are dropped.
// NOTE: import-time only (it loads every locale, ~1 MB, from disk), hence not in db/rules; pages use db/rules/countries.ts.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import countries from "i18n-iso-countries";
import { countryCodeFromName } from "../../../../db/rules/countries.ts";

const require = createRequire(import.meta.url);

/** "Česká republika" → "ceska republika", "Côte d'Ivoire" → "cote d ivoire", "日本" → "日本": one key per spelling. */
export function foldCountryName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

// Everyday names the locales lack (short forms, former names, the country's own name in its script).
const EXTRA_NAMES: Record<string, string> = {
  cesko: "CZ",
  czechia: "CZ",
  "czech republic": "CZ",
  usa: "US",
  "u s a": "US",
  "united states of america": "US",
  uk: "GB",
  "u k": "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  holland: "NL",
  turkiye: "TR",
  "hong kong sar": "HK",
  "macao sar": "MO",
  "macau sar": "MO",
  kypros: "CY",
  κυπρος: "CY",
  ελλαδα: "GR",
  ελλας: "GR",
  pilipinas: "PH",
  suomi: "FI",
  sverige: "SE",
  norge: "NO",
  danmark: "DK",
  polska: "PL",
  magyarorszag: "HU",
  hrvatska: "HR",
  srbija: "RS",
  slovensko: "SK",
  slovenija: "SI",
  osterreich: "AT",
  schweiz: "CH",
  suisse: "CH",
  svizzera: "CH",
  svizra: "CH",
  россия: "RU",
  украина: "UA",
  україна: "UA",
  中国: "CN",
  中华人民共和国: "CN",
  日本国: "JP",
  한국: "KR",
  대한민국: "KR",
  "viet nam": "VN",
  "ivory coast": "CI",
  "south korea": "KR",
  "north korea": "KP",
  "republic of korea": "KR",
};

let nameIndex: Map<string, string> | undefined;

function buildNameIndex(): Map<string, string> {
  const langsDir = dirname(require.resolve("i18n-iso-countries/langs/en.json"));
  const locales = readdirSync(langsDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => require(join(langsDir, file)) as countries.LocaleData);
  for (const locale of locales) countries.registerLocale(locale);

  const index = new Map<string, string>(Object.entries(EXTRA_NAMES));
  const english = new Set(index.keys());
  for (const [code, names] of Object.entries(countries.getNames("en", { select: "all" }))) {
    for (const name of names) {
      const key = foldCountryName(name);
      if (!index.has(key)) index.set(key, code);
      english.add(key);
    }
  }
  const ambiguous = new Set<string>();
  for (const locale of locales) {
    if (locale.locale === "en") continue;
    for (const [code, names] of Object.entries(countries.getNames(locale.locale, { select: "all" }))) {
      for (const name of names) {
        const key = foldCountryName(name);
        // Two Latin letters are ISO codes, never a locale's name; English names and the extras are authoritative.
        if (/^[a-z]{0,2}$/.test(key) || english.has(key)) continue;
        const known = index.get(key);
        if (known === undefined && !ambiguous.has(key)) index.set(key, code);
        else if (known !== undefined && known !== code) {
          index.delete(key);
          ambiguous.add(key);
        }
      }
    }
  }
  return index;
}

/** Any locale's country name, or an ISO alpha-2/alpha-3 code → alpha-2; null when it names no country. */
export function countryCodeFromAnyName(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return countryCodeFromName(trimmed);
  nameIndex ??= buildNameIndex();
  if (/^[A-Za-z]{3}$/.test(trimmed)) {
    const alpha2 = countries.alpha3ToAlpha2(trimmed.toUpperCase());
    if (alpha2) return alpha2;
  }
  return nameIndex.get(foldCountryName(trimmed)) ?? countryCodeFromName(trimmed);
}
