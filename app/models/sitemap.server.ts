// Request + a sitemap file name → its XML Response from the generator the CLI uses (ingest-cli/pipeline/sitemap),
// or 404 when no such file exists; and robots.txt pointing at the index. One business page is at most 9,000 URLs.
import { getReadDatabase } from "../../db/client.ts";
import {
  renderBusinessSitemapPage,
  renderCityCategorySitemapPage,
  renderSectionSitemap,
  renderSitemapIndex,
  SITEMAP_INDEX_PATH,
  SITEMAP_SECTIONS,
  type SitemapSection,
} from "../../ingest-cli/pipeline/sitemap/index.ts";
import { getSiteUrl } from "./site-url.server";
import { CACHE_ROBOTS, CACHE_SITEMAP } from "./cache-policy.server";

function xmlResponse(xml: string | null): Response {
  if (xml === null) throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_SITEMAP } });
}

/** `/sitemap.xml`: the four section files, then every business page, then every city × category page. */
export async function getSitemapIndex(request: Request): Promise<Response> {
  return xmlResponse(await renderSitemapIndex(await getReadDatabase(), getSiteUrl(request)));
}

/** `main.xml`, `categories.xml`, `countries.xml`, `cities.xml` → that section; any other name → 404. */
export async function getSectionSitemap(request: Request, fileName: string): Promise<Response> {
  const section = /^([a-z]+)\.xml$/.exec(fileName)?.[1];
  if (!section || !(SITEMAP_SECTIONS as readonly string[]).includes(section)) return xmlResponse(null);
  return xmlResponse(await renderSectionSitemap(await getReadDatabase(), getSiteUrl(request), section as SitemapSection));
}

/** `page-{n}.xml` → business page n; a malformed name or a page past the last → 404. */
export async function getBusinessSitemap(request: Request, fileName: string): Promise<Response> {
  const page = /^page-([1-9]\d{0,8})\.xml$/.exec(fileName)?.[1];
  if (!page) return xmlResponse(null);
  return xmlResponse(await renderBusinessSitemapPage(await getReadDatabase(), getSiteUrl(request), Number(page)));
}

/** `page-{n}.xml` under /sitemaps/city-categories → indexable city × category page n; a malformed name or a page past the last → 404. */
export async function getCityCategorySitemap(request: Request, fileName: string): Promise<Response> {
  const page = /^page-([1-9]\d{0,8})\.xml$/.exec(fileName)?.[1];
  if (!page) return xmlResponse(null);
  return xmlResponse(await renderCityCategorySitemapPage(await getReadDatabase(), getSiteUrl(request), Number(page)));
}

/** Everything public is crawlable; the back-office and the JSON API are not. */
export function buildRobotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${siteUrl}${SITEMAP_INDEX_PATH}`, ""].join("\n");
}

export function getRobotsTxt(request: Request): Response {
  return new Response(buildRobotsTxt(getSiteUrl(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_ROBOTS },
  });
}
