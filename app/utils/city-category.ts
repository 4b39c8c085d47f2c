// A country code, city slug and category slug → the city × category page's path; a category name → the plural a
// heading reads naturally with ("Italian restaurant" → "Italian restaurants in Zürich").

/** /cities/{countryCode lower case}/{citySlug}/{categorySlug}: the city page's path with the category appended. */
export function cityCategoryPath(countryCode: string, citySlug: string, categorySlug: string): string {
  return `/cities/${countryCode.toLowerCase()}/${citySlug}/${categorySlug}`;
}

/** Last words that have no plural of their own: the heading says "… businesses" instead. */
const UNCOUNTABLE = new Set(["equipment", "software", "hardware", "furniture", "insurance", "food", "sushi", "information", "advice", "wear"]);

/**
 * "Italian restaurant" → "Italian restaurants", "Pharmacy" → "Pharmacies", "Car wash" → "Car washes", "Catering" →
 * "Catering businesses". NOTE: English rules only; a last word that is not plain ASCII letters (most other
 * languages' categories) is left as it is rather than guessed.
 */
export function pluralizeCategory(name: string): string {
  const words = name.trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  if (!/^[A-Za-z]{2,}$/.test(last)) return name.trim();
  const lower = last.toLowerCase();
  if (UNCOUNTABLE.has(lower) || lower.endsWith("ing")) return `${name.trim()} businesses`;
  let plural: string;
  if (/(ss|us|is|x|z|ch|sh)$/.test(lower)) plural = `${last}es`;
  else if (lower.endsWith("s")) plural = last;
  else if (/[^aeiou]y$/.test(lower)) plural = `${last.slice(0, -1)}ies`;
  else if (lower.endsWith("man")) plural = `${last.slice(0, -3)}${last.slice(-3, -2)}en`;
  else plural = `${last}s`;
  return [...words.slice(0, -1), plural].join(" ");
}
