// Environment + request → the data every page shell needs: the absolute site URL (canonical links, Open Graph) and,
// on public pages only, the admin's site code. A database that does not answer becomes a friendly 503 page.
import { getEnv } from "../../db/env.ts";
import type { SiteCodeText } from "~/components/site-code";
import type { RootData } from "~/utils/seo";
import { isAdminPath } from "~/utils/site-paths";
import { getPublicSiteCode } from "./site-code.server";

/** SITE_URL when set (production behind a proxy); otherwise the origin the visitor used. */
export function getSiteUrl(request: Request): string {
  return (getEnv().SITE_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}

export interface ShellData extends RootData {
  /** null under /admin (never injected there) and when it could not be read. */
  siteCode: SiteCodeText | null;
}

/** Error codes of a database that is down, restarting, unreachable or locked by another process. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "DATA_DIR_LOCKED",
  "53300",
  "57P01",
  "57P02",
  "57P03",
]);

/** postgres.js and Node put the code on the error; PostgreSQL's connection-exception class is 08xxx. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? "");
  if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}

export async function getShellData(request: Request): Promise<ShellData> {
  const siteUrl = getSiteUrl(request);
  if (isAdminPath(new URL(request.url).pathname)) return { siteUrl, siteCode: null };
  try {
    const code = await getPublicSiteCode();
    return {
      siteUrl,
      siteCode: { headTags: code.head_tags, footerTags: code.footer_tags, analyticsCode: code.analytics_code, facebookPixel: code.facebook_pixel },
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      console.error("database unavailable:", (error as Error).message.split("\n")[0]);
      throw new Response("Service Unavailable", { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } });
    }
    // Tracking code must never take a page down: log it and serve the page without it.
    console.error("site code not loaded:", error instanceof Error ? error.message : error);
    return { siteUrl, siteCode: null };
  }
}
