// Admin edits → the single site_settings and ad_codes rows (created on first save); the ad_codes check
// constraint is the last line of defence for the 50 KB cap, site_settings' for the identity's 320 characters.
import type { DatabaseHandle } from "../client.ts";
import type { AdCodesRow } from "../queries/public/business-detail.ts";
import type { SiteIdentityRow, SiteSettingsRow } from "../queries/admin-site-code.ts";

/** Code and identity in one statement: a save never leaves half of the admin's form stored. */
export async function saveSiteSettings(handle: DatabaseHandle, settings: SiteSettingsRow, identity: SiteIdentityRow): Promise<void> {
  await handle.query(
    `insert into site_settings (id, head_tags, footer_tags, analytics_code, facebook_pixel, company_name, company_street, company_postal_city,
                                company_country, company_phone, support_email, privacy_email, legal_email, updated_at)
     values (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
     on conflict (id) do update set head_tags = excluded.head_tags, footer_tags = excluded.footer_tags,
       analytics_code = excluded.analytics_code, facebook_pixel = excluded.facebook_pixel, company_name = excluded.company_name,
       company_street = excluded.company_street, company_postal_city = excluded.company_postal_city, company_country = excluded.company_country,
       company_phone = excluded.company_phone, support_email = excluded.support_email, privacy_email = excluded.privacy_email,
       legal_email = excluded.legal_email, updated_at = now()`,
    [
      settings.head_tags,
      settings.footer_tags,
      settings.analytics_code,
      settings.facebook_pixel,
      identity.company_name,
      identity.company_street,
      identity.company_postal_city,
      identity.company_country,
      identity.company_phone,
      identity.support_email,
      identity.privacy_email,
      identity.legal_email,
    ],
  );
}

export async function saveAdCodes(handle: DatabaseHandle, codes: AdCodesRow): Promise<void> {
  await handle.query(
    `insert into ad_codes (id, ad1, ad2, ad3, ad4, updated_at) values (1, $1, $2, $3, $4, now())
     on conflict (id) do update set ad1 = excluded.ad1, ad2 = excluded.ad2, ad3 = excluded.ad3, ad4 = excluded.ad4, updated_at = now()`,
    [codes.ad1, codes.ad2, codes.ad3, codes.ad4],
  );
}
