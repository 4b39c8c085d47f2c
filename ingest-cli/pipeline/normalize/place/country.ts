// Every piece of country evidence a row carries → one ISO-2 code and the evidence that decided it. Coordinates win
// (offline point-in-polygon, @rapideditor/country-coder); then the ISO code column, the country name in any language,
// the phone's international prefix, and the address tail (a country name, or a postcode shape only one country uses).
import { iso1A2Code } from "@rapideditor/country-coder";
import { countryCodeFromAnyName } from "./country-names.ts";
import { countryFromPhonePrefix } from "./phone.ts";

export type CountryEvidence = "coordinates" | "code" | "name" | "phone" | "address";

export interface CountryInput {
  countryCode: string | null;
  country: string | null;
  fullAddress: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ResolvedCountry {
  code: string | null;
  evidence: CountryEvidence | null;
  /** The strongest evidence other than the coordinates, when it named another country (the coordinates won). */
  conflict: { evidence: CountryEvidence; code: string } | null;
}

const MAX_CACHE = 20_000;
const nameCache = new Map<string, string | null>();
const tailCache = new Map<string, string | null>();

function cached(cache: Map<string, string | null>, key: string, compute: (key: string) => string | null): string | null {
  const hit = cache.get(key);
  if (hit !== undefined || cache.has(key)) return hit ?? null;
  const value = compute(key);
  if (cache.size >= MAX_CACHE) cache.clear();
  cache.set(key, value);
  return value;
}

/** A code or name column's value → ISO-2 (cached per distinct value: a file repeats a handful of countries). */
function codeFromName(text: string): string | null {
  return cached(nameCache, text, countryCodeFromAnyName);
}

// Postcode shapes that, at the end of an address, only one country writes (kept short and unambiguous on purpose).
const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
);
const CA_PROVINCES = new Set("AB BC MB NB NL NS NT NU ON PE QC SK YT".split(" "));
const POSTCODE_RULES: Array<{ pattern: RegExp; code: string; accept?: (match: RegExpExecArray) => boolean }> = [
  { pattern: /\b([A-Z]{2}) \d{5}(?:-\d{4})?$/, code: "US", accept: (m) => US_STATES.has(m[1] ?? "") },
  { pattern: /\b([A-Z]{2}) [A-Z]\d[A-Z] ?\d[A-Z]\d$/, code: "CA", accept: (m) => CA_PROVINCES.has(m[1] ?? "") },
  { pattern: /\b(?:GIR 0AA|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})$/, code: "GB" },
  { pattern: /〒\s?\d{3}-\d{4}/, code: "JP" },
];

/** "Bahnhofstrasse 1, 8001 Zürich, Schweiz" → "CH"; "123 Main St, Springfield, IL 62701" → "US". */
function codeFromAddressTail(address: string): string | null {
  const segments = address
    .split(/[,،、\n]/)
    .map((segment) => segment.trim())
    .filter(Boolean);
  const last = segments.at(-1);
  if (last === undefined) return null;
  return cached(tailCache, last, (tail) => {
    const direct = countryCodeFromAnyName(tail);
    if (direct !== null && !/^[A-Za-z]{2}$/.test(tail)) return direct;
    // "8001 Zürich Schweiz" / "Schweiz 8001": drop numbers, then try the last words.
    const words = tail
      .replace(/[\d-]+/g, " ")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    for (let take = Math.min(4, words.length); take >= 1; take--) {
      const candidate = words.slice(-take).join(" ");
      if (/^[A-Za-z]{1,3}$/.test(candidate)) continue;
      const code = countryCodeFromAnyName(candidate);
      if (code !== null) return code;
    }
    for (const rule of POSTCODE_RULES) {
      const match = rule.pattern.exec(tail);
      if (match && (!rule.accept || rule.accept(match))) return rule.code;
    }
    return null;
  });
}

/**
 * country-coder answers territories ("PR", "HK") at the territory level; aggregates such as "EU" are not countries.
 * NOTE: one exact look-up per row (3–6 µs measured from the Alps to India); a grid-cell cache cost five look-ups per
 * new cell, more than it saved on rows spread over towns, and misread small enclaves (Büsingen, Baarle-Hertog).
 */
function lookUpPoint(latitude: number, longitude: number): string | null {
  const code = iso1A2Code([longitude, latitude], { level: "territory" });
  return code && /^[A-Z]{2}$/.test(code) && code !== "EU" && code !== "UN" ? code : null;
}

export function resolveCountry(input: CountryInput): ResolvedCountry {
  const fromPoint = input.latitude !== null && input.longitude !== null ? lookUpPoint(input.latitude, input.longitude) : null;
  const declared: Array<[CountryEvidence, () => string | null]> = [
    ["code", () => (input.countryCode === null ? null : codeFromName(input.countryCode))],
    ["name", () => (input.country === null ? null : codeFromName(input.country))],
  ];
  // NOTE: with coordinates, only the country columns are read (to report a conflict): a phone may be foreign and the
  // address tail is a guess, so neither could overrule the point, and parsing them would cost every row.
  if (fromPoint === null) {
    declared.push(
      ["phone", () => (input.phone === null ? null : countryFromPhonePrefix(input.phone))],
      ["address", () => (input.fullAddress === null ? null : codeFromAddressTail(input.fullAddress))],
    );
  }
  let other: { evidence: CountryEvidence; code: string } | null = null;
  for (const [evidence, read] of declared) {
    const code = read();
    if (code !== null) {
      other = { evidence, code };
      break;
    }
  }
  if (fromPoint !== null) {
    return {
      code: fromPoint,
      evidence: other?.code === fromPoint ? other.evidence : "coordinates",
      conflict: other && other.code !== fromPoint ? other : null,
    };
  }
  return { code: other?.code ?? null, evidence: other?.evidence ?? null, conflict: null };
}
