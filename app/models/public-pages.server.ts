// Request of a public HTML page → its typed list query (page, free text, view, letter) or a thrown Response:
// a 301 to the canonical URL for a malformed page/letter, a 404 page for unknown entities, a 302 to the last page
// for a page past the end.
import { json, redirect, type HeadersFunction } from "@remix-run/node";
import { z } from "zod";
import { MAX_LIST_PAGE } from "../../db/rules/page-cap.ts";
import { slugify } from "../../db/rules/slug.ts";
import type { Pagination } from "./pagination.server";
import { CACHE_DETAIL, NO_STORE } from "./cache-policy.server";

/** Category, country and city list pages: 12 per page, OFFSET capped at 100 pages (1,188 rows skipped at most). */
export const LIST_PAGE_SIZE = 12;
export { MAX_LIST_PAGE };
const MAX_QUERY_LENGTH = 100;

const PageNumberSchema = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const ListViewSchema = z.enum(["grid", "list"]);
export type ListView = z.infer<typeof ListViewSchema>;

/** NOTE: control characters go with the whitespace: a NUL reaching PostgreSQL fails the query (a 500, not a list). */
const FreeTextSchema = z
  .string()
  .transform((text) =>
    text
      .replace(/[\s\p{Cc}]+/gu, " ")
      .trim()
      .slice(0, MAX_QUERY_LENGTH),
  )
  .transform((text) => text || undefined);

export interface PageQuery {
  page: number;
  /** Free-text filter of the list (categories, countries, cities), trimmed; undefined when blank. */
  q: string | undefined;
  view: ListView;
}

/**
 * The page's query string. A page that is not a whole number from 1 to `maxPage` answers 301 to the same URL without
 * it (the spec: "otherwise page 1 is assumed"), so a bad link never renders a duplicate of page 1. `?page=1` likewise
 * redirects to the bare URL, the one canonical address of the first page.
 */
export function readPageQuery(request: Request, maxPage: number): PageQuery {
  const url = new URL(request.url);
  const rawPage = url.searchParams.get("page");
  let page = 1;
  if (rawPage !== null) {
    const parsed = PageNumberSchema(maxPage).safeParse(rawPage);
    if (!parsed.success || parsed.data === 1) {
      url.searchParams.delete("page");
      throw redirectPermanently(`${url.pathname}${url.search}`);
    }
    page = parsed.data;
  }
  const q = FreeTextSchema.safeParse(url.searchParams.get("q") ?? "");
  const view = ListViewSchema.safeParse(url.searchParams.get("view"));
  return { page, q: q.success ? q.data : undefined, view: view.success ? view.data : "grid" };
}

/** The letter as the list pages use it; a lower-case letter in the URL answers 301 to the upper-case path. */
export function readLetterParam(value: string, pathPrefix: string, request: Request): string {
  const upper = value.toUpperCase();
  if (upper !== value) throw redirectPermanently(`${pathPrefix}/${upper}${new URL(request.url).search}`);
  return upper;
}

/** A name-like path parameter ("Coffee Shop", "coffee_shop") → its slug; a non-canonical spelling answers 301 to it. */
export function readSlugParam(value: string | undefined, pathPrefix: string, request: Request): string {
  const slug = slugify(value ?? "");
  if (!slug) throw pageNotFound("Page not found");
  if (slug !== value) throw redirectPermanently(`${pathPrefix}/${slug}${new URL(request.url).search}`);
  return slug;
}

/** A two-letter country code path segment → upper case; "DE" answers 301 to the canonical lower-case "de" path. */
export function readCountryCodeParam(value: string | undefined, rest: string | undefined, request: Request): string {
  if (!value || !/^[A-Za-z]{2}$/.test(value)) throw pageNotFound("City not found");
  const lower = value.toLowerCase();
  if (lower !== value) throw redirectPermanently(`/cities/${lower}/${encodeURIComponent(rest ?? "")}${new URL(request.url).search}`);
  return value.toUpperCase();
}

/** A 404 whose body is the message the route's error boundary shows; never cached. */
export function pageNotFound(message: string): Response {
  return new Response(message, {
    status: 404,
    statusText: "Not Found",
    headers: { "Cache-Control": NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A page number past the last page answers 302 to the last page, on every paged list (an empty list keeps its page 1). */
export function assertPageExists(pagination: Pick<Pagination, "currentPage" | "totalPages">, request: Request): void {
  const lastPage = Math.max(pagination.totalPages, 1);
  if (pagination.currentPage > lastPage) throw redirectToPage(request, lastPage);
}

/**
 * 302 to the same URL on page `page` (page 1 has no `page` parameter). NOTE: temporary, never 301: the last page moves
 * as listings are added, so a page past the end today may exist tomorrow.
 */
function redirectToPage(request: Request, page: number): Response {
  const url = new URL(request.url);
  if (page > 1) url.searchParams.set("page", String(page));
  else url.searchParams.delete("page");
  return redirect(`${url.pathname}${url.search}`, { status: 302, headers: { "Cache-Control": NO_STORE } });
}

/** 301 to a same-site path; never a full URL. */
export function redirectPermanently(path: string): Response {
  if (!path.startsWith("/") || path.startsWith("//")) throw new Error(`redirect target must be a same-site path: ${path}`);
  return redirect(path, { status: 301, headers: { "Cache-Control": CACHE_DETAIL } });
}

/** Loader data with the page's freshness time. */
export function pageJson<T>(data: T, cacheControl: string) {
  return json(data, { headers: { "Cache-Control": cacheControl } });
}

/** Route `headers` export: the loader's Cache-Control, or the thrown Response's (404s are never cached). */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const source = errorHeaders ?? loaderHeaders;
  const cacheControl = source.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : { "Cache-Control": NO_STORE };
};

/** Case- and accent-insensitive "contains" for in-memory lists (countries): the same rule the SQL lists use. */
export function matchesFreeText(query: string, ...values: Array<string | null | undefined>): boolean {
  const slug = slugify(query);
  const lower = query.toLowerCase();
  return values.some((value) => {
    if (!value) return false;
    return value.toLowerCase().includes(lower) || (slug !== "" && slugify(value).includes(slug));
  });
}
