// URL params and query strings of the public JSON API → typed values, or a thrown 400 JSON Response naming the
// bad parameter. The schemas hold the spec's limits (list pages 1–100, letters A–Z or '#', limit ≤ 50).
import { z } from "zod";
import { MAX_LIST_PAGE } from "../../db/rules/page-cap.ts";
import { slugify } from "../../db/rules/slug.ts";
import { apiError } from "./public-responses.server";

/** Category and city pages have no spec cap; this only bounds the integer (12 × 1,000,000 rows). */
export const MAX_DETAIL_PAGE = 1_000_000;
export const DEFAULT_DETAIL_LIMIT = 12;
export const MAX_DETAIL_LIMIT = 50;
const MAX_SLUG_INPUT = 200;

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const range = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, range)
    .transform(Number)
    .pipe(z.number().int().min(min, range).max(max, range))
    .default(fallback);
}

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const LetterSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^[A-Za-z#]$/, "letter must be one letter A–Z or #")
    .transform((letter) => letter.toUpperCase())
    .optional(),
);

/** A category, city or country given as a slug or a name ("Coffee shop", "coffee-shop") → its slug. */
const NameSlugSchema = z
  .string()
  .trim()
  .min(1, "a slug is required")
  .max(MAX_SLUG_INPUT, `a slug has at most ${MAX_SLUG_INPUT} characters`)
  .transform((value) => slugify(value))
  .pipe(z.string().min(1, "the slug has no letters or digits"));

/**
 * A business slug is matched exactly (old, pre-repair slugs live in slug_redirects as they were), so it is only
 * checked, not slugified.
 */
const BusinessSlugSchema = z
  .string()
  .trim()
  .min(1, "a business slug is required")
  .max(300, "a business slug has at most 300 characters")
  .regex(/^[^\s/\\?#\p{Cc}]+$/u, "a business slug has no spaces, slashes or control characters");

export const BusinessesQuerySchema = z.object({ page: wholeNumber("page", 1, MAX_LIST_PAGE, 1) });
export const LetterQuerySchema = z.object({ letter: LetterSchema });
/** GET /api/cities pages its list: ~80k cities at a million businesses is too big for one answer. */
export const DEFAULT_CITY_LIST_LIMIT = 1000;
export const MAX_CITY_LIST_LIMIT = 1000;
export const CityListQuerySchema = z.object({
  letter: LetterSchema,
  page: wholeNumber("page", 1, MAX_DETAIL_PAGE, 1),
  limit: wholeNumber("limit", 1, MAX_CITY_LIST_LIMIT, DEFAULT_CITY_LIST_LIMIT),
});
export const DetailQuerySchema = z.object({
  page: wholeNumber("page", 1, MAX_DETAIL_PAGE, 1),
  limit: wholeNumber("limit", 1, MAX_DETAIL_LIMIT, DEFAULT_DETAIL_LIMIT),
});
export const CountryQuerySchema = z.object({ page: wholeNumber("page", 1, MAX_DETAIL_PAGE, 1) });

export const BusinessParamsSchema = z.object({ slug: BusinessSlugSchema });
export const CategoryParamsSchema = z.object({ slug: NameSlugSchema });
export const CountryParamsSchema = z.object({ slug: NameSlugSchema });
export const CityParamsSchema = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "countryCode must be a two-letter ISO code")
    .transform((code) => code.toUpperCase()),
  citySlug: NameSlugSchema,
});

const CODE_BY_FIELD: Record<string, string> = {
  page: "INVALID_PAGE",
  limit: "INVALID_LIMIT",
  letter: "INVALID_LETTER",
  slug: "INVALID_SLUG",
  citySlug: "INVALID_SLUG",
  countryCode: "INVALID_COUNTRY_CODE",
};

/** Parses or throws `400 { error: { code, message } }` for the first bad field. */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : "";
  const message = issue?.message ?? "invalid request";
  throw apiError(400, CODE_BY_FIELD[field] ?? "INVALID_REQUEST", field && !message.includes(field) ? `${field}: ${message}` : message);
}

/** The query string as a plain object (the last value wins for a repeated name). */
export function readQuery(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
