// site_settings and ad_codes single rows → the admin-supplied code shown on public pages (blank when never saved).
import type { DatabaseHandle } from "../client.ts";

export interface SiteCode {
  headTags: string;
  footerTags: string;
  analyticsCode: string;
  facebookPixel: string;
}

export interface AdSlots {
  ad1: string;
  ad2: string;
  ad3: string;
  ad4: string;
}

export async function getSiteCode(handle: DatabaseHandle): Promise<SiteCode> {
  const [row] = await handle.query<SiteCode>(
    `select head_tags as "headTags", footer_tags as "footerTags", analytics_code as "analyticsCode", facebook_pixel as "facebookPixel"
       from site_settings where id = 1`,
  );
  return row ?? { headTags: "", footerTags: "", analyticsCode: "", facebookPixel: "" };
}

export async function getAdSlotCodes(handle: DatabaseHandle): Promise<AdSlots> {
  const [row] = await handle.query<AdSlots>("select ad1, ad2, ad3, ad4 from ad_codes where id = 1");
  return row ?? { ad1: "", ad2: "", ad3: "", ad4: "" };
}
