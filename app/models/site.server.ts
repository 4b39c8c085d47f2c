// Environment + request → the data every page shell needs: the absolute site URL (canonical links, Open Graph) and,
// on public pages only, the admin's site code and the site's identity and live figures (footer, contact, legal
// pages), and the map style. A database that does not answer becomes a friendly 503 page.
import { isDatabaseUnavailable } from "../../db/client.ts";
import type { SiteCodeText } from "~/components/site-code";
import type { RootData } from "~/utils/seo";
import type { PublicSiteFacts } from "~/utils/site-identity";
import { isAdminPath } from "~/utils/site-paths";
import { getAppEnv } from "./env.server";
import { getPublicSiteCode } from "./site-code.server";
import { getPublicSiteFacts } from "./site-identity.server";
import { getSiteUrl } from "./site-url.server";
import { NO_STORE } from "./cache-policy.server";

export { isDatabaseUnavailable };

export interface ShellData extends RootData {
  /** null under /admin (never injected there) and when it could not be read. */
  siteCode: SiteCodeText | null;
  /** null under /admin and when it could not be read (pages then publish no identity line and no figure). */
  siteFacts: PublicSiteFacts | null;
  /** The map style every map loads (MAP_STYLE_URL, or the default); null when maps are off. */
  mapStyleUrl: string | null;
}

export async function getShellData(request: Request): Promise<ShellData> {
  const siteUrl = getSiteUrl(request);
  const mapStyleUrl = getAppEnv().MAP_STYLE_URL;
  if (isAdminPath(new URL(request.url).pathname)) return { siteUrl, siteCode: null, siteFacts: null, mapStyleUrl };
  try {
    const [code, siteFacts] = await Promise.all([getPublicSiteCode(), getPublicSiteFacts()]);
    return {
      siteUrl,
      siteCode: { headTags: code.head_tags, footerTags: code.footer_tags, analyticsCode: code.analytics_code, facebookPixel: code.facebook_pixel },
      siteFacts,
      mapStyleUrl,
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      console.error("database unavailable:", (error as Error).message.split("\n")[0]);
      throw new Response("Service Unavailable", { status: 503, headers: { "Retry-After": "30", "Cache-Control": NO_STORE } });
    }
    // Tracking code must never take a page down: log it and serve the page without it.
    console.error("site code not loaded:", error instanceof Error ? error.message : error);
    return { siteUrl, siteCode: null, siteFacts: null, mapStyleUrl };
  }
}
