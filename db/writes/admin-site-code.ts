// Admin edits → the single site_settings and ad_codes rows (created on first save); the ad_codes check
// constraint is the last line of defence for the 50 KB cap.
import type { DatabaseHandle } from "../client.ts";
import type { AdCodesRow } from "../queries/public/business-detail.ts";
import type { SiteSettingsRow } from "../queries/admin-site-code.ts";

export async function saveSiteSettings(handle: DatabaseHandle, settings: SiteSettingsRow): Promise<void> {
  await handle.query(
    `insert into site_settings (id, head_tags, footer_tags, analytics_code, facebook_pixel, updated_at) values (1, $1, $2, $3, $4, now())
     on conflict (id) do update set head_tags = excluded.head_tags, footer_tags = excluded.footer_tags,
       analytics_code = excluded.analytics_code, facebook_pixel = excluded.facebook_pixel, updated_at = now()`,
    [settings.head_tags, settings.footer_tags, settings.analytics_code, settings.facebook_pixel],
  );
}

export async function saveAdCodes(handle: DatabaseHandle, codes: AdCodesRow): Promise<void> {
  await handle.query(
    `insert into ad_codes (id, ad1, ad2, ad3, ad4, updated_at) values (1, $1, $2, $3, $4, now())
     on conflict (id) do update set ad1 = excluded.ad1, ad2 = excluded.ad2, ad3 = excluded.ad3, ad4 = excluded.ad4, updated_at = now()`,
    [codes.ad1, codes.ad2, codes.ad3, codes.ad4],
  );
}
