// Site settings and ad slots → what public pages inject (cached 60 s per process, dropped on save and on
// "Clear cache") and the admin's edit/save calls; each ad slot is capped at 50 KB here, not only in the UI. The
// settings also carry the operator's identity (site-identity.server): a save that leaves an identity field out keeps it.
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { clearNamedCaches, createTtlValue } from "../../db/freshness.ts";
import { getSiteIdentity, getSiteSettings, SITE_IDENTITY_FIELDS, type SiteSettingsRow } from "../../db/queries/admin-site-code.ts";
import { getSiteTotals } from "../../db/queries/home.ts";
import { SITEMAP_PAGE_SIZE } from "../../db/queries/sitemap.ts";
import { getAdCodes, type AdCodesRow } from "../../db/queries/public/business-detail.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import { saveAdCodes, saveSiteSettings } from "../../db/writes/admin-site-code.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { forgetPublicSiteFacts, SiteIdentitySchema, type SiteIdentity } from "./site-identity.server";
import { getSiteUrl } from "./site-url.server";

export const AD_SLOT_MAX_BYTES = 50 * 1024;
/** Site code areas are not capped by the spec; 200 KB each keeps a paste accident from bloating every page. */
export const SITE_CODE_MAX_BYTES = 200 * 1024;
const CACHE_TTL_MS = 60_000;

export type SiteSettings = SiteSettingsRow;
export type AdSlots = AdCodesRow;

const siteCodeCache = createTtlValue<SiteSettings>("site-settings", CACHE_TTL_MS);
const adSlotsCache = createTtlValue<AdSlots>("advertisement-codes", CACHE_TTL_MS);

const byteLength = (value: string) => Buffer.byteLength(value, "utf8");

const codeField = (maxBytes: number, code: string) =>
  z
    .string()
    .max(maxBytes)
    .refine((value) => byteLength(value) <= maxBytes, { message: `${code}: at most ${Math.round(maxBytes / 1024)} KB (UTF-8); shorten this code` });

export const SiteSettingsSchema = z
  .object({
    head_tags: codeField(SITE_CODE_MAX_BYTES, "SITE_CODE_TOO_LARGE").default(""),
    footer_tags: codeField(SITE_CODE_MAX_BYTES, "SITE_CODE_TOO_LARGE").default(""),
    analytics_code: codeField(SITE_CODE_MAX_BYTES, "SITE_CODE_TOO_LARGE").default(""),
    facebook_pixel: codeField(SITE_CODE_MAX_BYTES, "SITE_CODE_TOO_LARGE").default(""),
  })
  .extend(SiteIdentitySchema.partial().shape);
export type SiteSettingsInput = z.infer<typeof SiteSettingsSchema>;
/** What the admin editor loads and a save answers: the code and the identity. */
export type SiteSettingsWithIdentity = SiteSettings & SiteIdentity;

export const AdSlotsSchema = z.object({
  ad1: codeField(AD_SLOT_MAX_BYTES, "AD_CODE_TOO_LARGE").default(""),
  ad2: codeField(AD_SLOT_MAX_BYTES, "AD_CODE_TOO_LARGE").default(""),
  ad3: codeField(AD_SLOT_MAX_BYTES, "AD_CODE_TOO_LARGE").default(""),
  ad4: codeField(AD_SLOT_MAX_BYTES, "AD_CODE_TOO_LARGE").default(""),
});

/** The site-wide head/footer/analytics/pixel code public pages inject (never rendered under /admin). */
export async function getPublicSiteCode(): Promise<SiteSettings> {
  return siteCodeCache.get(async () => getSiteSettings(await getDatabase()));
}

/** The four business-page ad slots (rendered in sandboxed iframes by the public page). */
export async function getAdSlots(): Promise<AdSlots> {
  return adSlotsCache.get(async () => getAdCodes(await getDatabase()));
}

/** The admin editor reads the stored values, not a cached copy another admin may just have changed. */
export async function loadSiteSettingsForAdmin(): Promise<SiteSettingsWithIdentity> {
  const handle = await getDatabase();
  const [settings, identity] = await Promise.all([getSiteSettings(handle), getSiteIdentity(handle)]);
  return { ...settings, ...identity };
}

export async function loadAdSlotsForAdmin(): Promise<AdSlots> {
  return getAdCodes(await getDatabase());
}

function changedFields<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as Array<keyof T & string>).filter((key) => before[key] !== after[key]);
}

export async function saveSiteSettingsAsAdmin(admin: AdminContext, input: SiteSettingsInput): Promise<SiteSettingsWithIdentity> {
  const handle = await getDatabase();
  const [before, identityBefore] = await Promise.all([getSiteSettings(handle), getSiteIdentity(handle)]);
  const settings: SiteSettings = {
    head_tags: input.head_tags,
    footer_tags: input.footer_tags,
    analytics_code: input.analytics_code,
    facebook_pixel: input.facebook_pixel,
  };
  const identity: SiteIdentity = { ...identityBefore };
  for (const field of SITE_IDENTITY_FIELDS) identity[field] = input[field] ?? identityBefore[field];
  await saveSiteSettings(handle, settings, identity);
  siteCodeCache.clear();
  forgetPublicSiteFacts();
  // Code may be large, so only its field names are logged; the identity is short public text, logged before → after.
  const identityChanges = Object.fromEntries(
    changedFields(identityBefore, identity).map((field) => [
      field,
      { before: identityBefore[field as keyof SiteIdentity], after: identity[field as keyof SiteIdentity] },
    ]),
  );
  await recordAdminAction(admin, "site-settings.save", {
    target: "site_settings",
    rowCount: 1,
    details: {
      changed: [...changedFields(before, settings), ...Object.keys(identityChanges)],
      ...(Object.keys(identityChanges).length > 0 ? { changes: identityChanges } : {}),
    },
  });
  return { ...settings, ...identity };
}

export async function saveAdSlotsAsAdmin(admin: AdminContext, slots: AdSlots): Promise<AdSlots> {
  const handle = await getDatabase();
  const before = await getAdCodes(handle);
  await saveAdCodes(handle, slots);
  adSlotsCache.clear();
  await recordAdminAction(admin, "advertisement-codes.save", {
    target: "ad_codes",
    rowCount: 1,
    details: {
      changed: changedFields(before, slots),
      bytes: Object.fromEntries(Object.entries(slots).map(([key, value]) => [key, byteLength(value)])),
    },
  });
  return slots;
}

/** "Clear cache": every in-process cache is dropped and the precomputed counts are rebuilt from the businesses. */
export async function clearCachesAsAdmin(admin: AdminContext): Promise<{ caches: string[] }> {
  const caches = clearNamedCaches();
  await refreshAggregates(await getDatabase());
  await recordAdminAction(admin, "cache.clear", { details: { caches, aggregatesRefreshed: true } });
  return { caches };
}

export interface SitemapOverview {
  siteUrl: string;
  approvedBusinesses: number;
  /** The spec's files: the index, main, categories, countries, cities and one per 9,000 businesses. */
  files: string[];
}

export async function getSitemapOverview(request: Request): Promise<SitemapOverview> {
  const totals = await getSiteTotals(await getDatabase());
  const pages = Math.ceil(totals.businesses / SITEMAP_PAGE_SIZE);
  const files = ["/sitemap.xml", "/sitemaps/main.xml", "/sitemaps/categories.xml", "/sitemaps/countries.xml", "/sitemaps/cities.xml"];
  for (let page = 1; page <= pages; page++) files.push(`/sitemaps/businesses/page-${page}.xml`);
  return { siteUrl: getSiteUrl(request), approvedBusinesses: totals.businesses, files };
}
