// Environment + request → the data every page shell needs (absolute site URL for canonical links and Open Graph).
import { getEnv } from "../../db/env.ts";
import type { RootData } from "~/utils/seo";

/** SITE_URL when set (production behind a proxy); otherwise the origin the visitor used. */
export function getSiteUrl(request: Request): string {
  return (getEnv().SITE_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}

export function getRootData(request: Request): RootData {
  return { siteUrl: getSiteUrl(request) };
}
