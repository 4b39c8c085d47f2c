// Database → site code and ad slots for public pages, cached briefly in-process so a page view costs no query.
import { getDatabase } from "../../db/client.ts";
import { getAdSlotCodes, getSiteCode, type AdSlots, type SiteCode } from "../../db/queries/site-code.ts";

const CACHE_MS = 30_000;
let cached: { at: number; siteCode: SiteCode; adSlots: AdSlots } | null = null;

async function loadCached() {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached;
  const handle = await getDatabase();
  const [siteCode, adSlots] = await Promise.all([getSiteCode(handle), getAdSlotCodes(handle)]);
  cached = { at: Date.now(), siteCode, adSlots };
  return cached;
}

export async function getPublicSiteCode(): Promise<SiteCode> {
  return (await loadCached()).siteCode;
}

export async function getAdSlots(): Promise<AdSlots> {
  return (await loadCached()).adSlots;
}

/** Called after the admin saves site code or ad codes, or clears the cache. */
export function invalidateSiteCodeCache(): void {
  cached = null;
}
