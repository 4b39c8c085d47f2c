// Sitemap entries → sitemaps.org XML text (urlset and sitemapindex); everything escaped, one entry per line.

export interface SitemapUrl {
  loc: string;
  lastmod?: string | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
export const URLSET_CLOSE = "</urlset>\n";
const INDEX_OPEN = `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const INDEX_CLOSE = "</sitemapindex>\n";

const XML_SPECIAL = /[&<>"']/;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] as string) : text;
}

/** One `<url>` line. */
export function renderUrlEntry(loc: string, lastmod?: string | null): string {
  return lastmod ? `<url><loc>${escapeXml(loc)}</loc><lastmod>${escapeXml(lastmod)}</lastmod></url>\n` : `<url><loc>${escapeXml(loc)}</loc></url>\n`;
}

export function renderUrlset(urls: readonly SitemapUrl[]): string {
  let body = URLSET_OPEN;
  for (const url of urls) body += renderUrlEntry(url.loc, url.lastmod);
  return body + URLSET_CLOSE;
}

export function renderSitemapIndexXml(sitemaps: readonly SitemapUrl[]): string {
  let body = INDEX_OPEN;
  for (const sitemap of sitemaps) {
    body += sitemap.lastmod
      ? `<sitemap><loc>${escapeXml(sitemap.loc)}</loc><lastmod>${escapeXml(sitemap.lastmod)}</lastmod></sitemap>\n`
      : `<sitemap><loc>${escapeXml(sitemap.loc)}</loc></sitemap>\n`;
  }
  return body + INDEX_CLOSE;
}

/** The newer of two "YYYY-MM-DDTHH:MM:SSZ" stamps (same shape, so text order is time order). */
export function newerLastmod(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a >= b ? a : b;
}
