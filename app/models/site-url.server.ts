// Environment + request → the site's absolute URL for canonical links, Open Graph, sitemaps and robots.txt.
// NOTE: its own module so site.server.ts (shell data) and site-code.server.ts (sitemap overview) need not import each other.
import { getAppEnv } from "./env.server";

/** SITE_URL when set (production behind a proxy); otherwise the origin the visitor used. */
export function getSiteUrl(request: Request): string {
  return (getAppEnv().SITE_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}
