// Numbers and text → the spec's display forms (truncation, k, 99+, NM+, NK+, ratings); pages and API share them.

/** Cuts text longer than `max` characters and adds an ellipsis (spec: 15 on cards, 12 on home panels). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}

/** Counts above 999 with a 'k' suffix: 1234 → "1.2k", 15000 → "15k". */
export function formatCount(value: number): string {
  if (value <= 999) return String(value);
  const thousands = value / 1000;
  const rounded = thousands >= 100 ? Math.round(thousands) : Math.round(thousands * 10) / 10;
  return `${rounded}k`;
}

/** Review counts: '99+' above 99. */
export function formatReviewCount(value: number): string {
  return value > 99 ? "99+" : String(value);
}

/** Rating to one decimal, or 'New' when absent. */
export function formatRating(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) || value <= 0 ? "New" : value.toFixed(1);
}

/** Home counter for businesses: above one million shown as 'NM+'. */
export function formatBusinessCounter(value: number): string {
  return value > 1_000_000 ? `${Math.floor(value / 1_000_000)}M+` : value.toLocaleString("en-US");
}

/** Home counter for cities: above 1000 shown as 'NK+'. */
export function formatCityCounter(value: number): string {
  return value > 1000 ? `${Math.floor(value / 1000)}K+` : value.toLocaleString("en-US");
}

/** Country/city card counts: 1000 or more shown as 'NK'. */
export function formatThousands(value: number): string {
  return value >= 1000 ? `${Math.floor(value / 1000)}K` : String(value);
}

/** Share of a total as a percentage with one decimal: 12.3 */
export function formatShare(part: number, total: number): string {
  return total > 0 ? ((part / total) * 100).toFixed(1) : "0.0";
}

/** Locale-formatted integer for totals, e.g. 564,000. */
export function formatInteger(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

/** A count with its noun in the right number: (1, "city", "cities") → "1 city"; (1234, …) → "1,234 cities". */
export function formatCounted(value: number, one: string, many: string, format: (n: number) => string = formatInteger): string {
  return `${format(value)} ${value === 1 ? one : many}`;
}

/**
 * A live count shown as a floor the directory really reaches, the spec's "564,000+" / "195+" style: three
 * significant figures from 1,000 up, steps of 5 from 100 to 999, exact below 100; "+" only when something was
 * rounded off, so the figure is never above the true count and never claims "more than" what it shows exactly.
 */
export function formatAtLeast(value: number): string {
  const count = Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  const digits = String(count).length;
  const step = digits >= 4 ? 10 ** (digits - 3) : digits === 3 ? 5 : 1;
  const floored = Math.floor(count / step) * step;
  return `${floored.toLocaleString("en-US")}${floored < count ? "+" : ""}`;
}
