// Text → ASCII URL slugs: the one transliteration, suffix and collision rule for businesses, categories, cities,
// countries.
const SPECIAL: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ł: "l",
  Ł: "l",
  þ: "th",
  Þ: "th",
  ð: "d",
  Ð: "d",
  ı: "i",
  İ: "i",
  ħ: "h",
  Ħ: "h",
  ŀ: "l",
  Ŀ: "l",
  "&": " and ",
  "@": " at ",
};

// Greek and Cyrillic romanised letter by letter (enough for readable slugs; CJK has no such table and is dropped).
const GREEK: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  є: "ye",
  і: "i",
  ї: "yi",
  ґ: "g",
};

export const MAX_SLUG_LENGTH = 80;

/** Lower-case ASCII words joined by single hyphens; "" when nothing transliterable is left (e.g. pure CJK). */
export function slugify(text: string, maxLength = MAX_SLUG_LENGTH): string {
  // Printable ASCII (most names and cities): no accents or letters to transliterate, only "&" and "@" to spell out.
  if (PLAIN_ASCII.test(text)) return cutSlug(hyphenate(text.toLowerCase().replace(/[&@]/g, (c) => SPECIAL[c] as string)), maxLength);
  return slugifyAnyScript(text, maxLength);
}

/** slugify's general path, for any text (exported so tests can hold the ASCII shortcut to it). */
export function slugifyAnyScript(text: string, maxLength = MAX_SLUG_LENGTH): string {
  let out = "";
  const prepared = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/αυ/g, "av")
    .replace(/ευ/g, "ev")
    .replace(/ου/g, "ou");
  for (const char of prepared) {
    const special = SPECIAL[char];
    if (special !== undefined) {
      out += special;
      continue;
    }
    out += GREEK[char] ?? CYRILLIC[char] ?? char;
  }
  return cutSlug(hyphenate(out.normalize("NFD").replace(/[\u0300-\u036f]/g, "")), maxLength);
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

function hyphenate(text: string): string {
  return text.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

function cutSlug(ascii: string, maxLength: number): string {
  if (ascii.length <= maxLength) return ascii;
  const cut = ascii.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/g, "");
}

/** Six lower-case alphanumerics derived from a stable identity (FNV-1a), used to make slugs unique. */
export function slugSuffix(identity: string): string {
  let hash = 0x811c9dc5;
  let hash2 = 0x01000193;
  for (let i = 0; i < identity.length; i++) {
    const code = identity.charCodeAt(i);
    hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
    hash2 = Math.imul(hash2 ^ code, 0x5bd1e995) >>> 0;
  }
  const value = (hash.toString(36) + hash2.toString(36)).replace(/[^a-z0-9]/g, "");
  return value.padStart(6, "0").slice(-6);
}

const memo = new Map<string, string>();
const MEMO_LIMIT = 50_000;

/** slugify for values that repeat across rows (categories, cities): remembered, bounded. */
export function slugifyCached(text: string): string {
  let slug = memo.get(text);
  if (slug === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    slug = slugify(text);
    memo.set(text, slug);
  }
  return slug;
}

/** The canonical business slug: `name-city`; empty transliterations fall back to "business". */
export function buildBusinessSlug(name: string, city?: string | null): string {
  const base = slugify([name, city ?? ""].join(" "));
  return base || "business";
}

/** `slug-xxxxxx`: the canonical slug made unique with the identity's suffix. */
export function withSlugSuffix(slug: string, identity: string): string {
  const suffix = slugSuffix(identity);
  return `${slug.slice(0, MAX_SLUG_LENGTH - 7)}-${suffix}`;
}

/** Suffixed forms tried after the canonical slug; all of them taken would need that many 6-character hash clashes. */
const SLUG_SUFFIX_ATTEMPTS = 4;

/**
 * The one collision policy, bounded: the slugs a business may hold, best first — `slug` itself, then
 * `withSlugSuffix(slug, identity)`, then the suffixes of `identity#2` … `identity#<attempts>`. A writer that finds
 * every option taken fails (SLUG_EXHAUSTED) instead of looping; a prefix of the list is the same policy.
 */
export function listSlugOptions(slug: string, identity: string, attempts = SLUG_SUFFIX_ATTEMPTS): string[] {
  const options = [slug, withSlugSuffix(slug, identity)];
  for (let n = 2; n <= attempts; n++) options.push(withSlugSuffix(slug, `${identity}#${n}`));
  return options;
}

/** The spec's retry rule: a slug ending in `-` plus six lower-case alphanumerics, without that suffix. */
export function stripSlugSuffix(slug: string): string | null {
  const match = /^(.+)-[a-z0-9]{6}$/.exec(slug);
  return match?.[1] ?? null;
}
