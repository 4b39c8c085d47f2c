// Page facts → Remix meta descriptors and safe JSON-LD text: one place for titles, canonical URLs, Open Graph and robots rules.
import type { MetaDescriptor } from "@remix-run/node";

export const SITE_NAME = "Business Directory";

export interface PageMetaInput {
  /** Page title without the site name; the site name is appended once here. */
  title: string;
  description: string;
  /** Path with query as it should be canonical (e.g. "/categories/restaurant?page=2"); absolute URL is built from siteUrl. */
  path: string;
  siteUrl: string;
  /** Thin or filter pages (search results, letter filters beyond the first page) should not be indexed. */
  noindex?: boolean;
  image?: string | null;
  type?: "website" | "business.business" | "article";
}

const DESCRIPTION_LIMIT = 160;

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).toString();
}

/** Cuts at a word boundary so search engines show a clean snippet. */
export function clampDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export function buildPageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = input.title === SITE_NAME ? SITE_NAME : `${input.title} | ${SITE_NAME}`;
  const description = clampDescription(input.description);
  const url = absoluteUrl(input.siteUrl, input.path);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  ];
  if (input.image) meta.push({ property: "og:image", content: input.image });
  if (input.noindex) meta.push({ name: "robots", content: "noindex, follow" });
  return meta;
}

/**
 * JSON for an inline <script type="application/ld+json">.
 * NOTE: JSON.stringify alone is not safe inside a script element: "</script>" or "<!--" in a business
 * name would end or corrupt it. Escaping <, > and & as \u escapes keeps the JSON identical to parsers.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The root loader's data, as read by route meta functions through `matches`. */
export interface RootData {
  siteUrl: string;
}

export function getSiteUrlFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown }>): string {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}
