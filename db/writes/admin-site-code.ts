// Admin edits → the single site_settings and ad_codes rows (created on first save); the ad_codes check
// constraint is the last line of defence for the 50 KB cap, site_settings' for the identity's 320 characters.
import type { DatabaseHandle } from "../client.ts";
import type { AdCodesRow } from "../queries/public/business-detail.ts";
import { SITE_IDENTITY_FIELDS, type SiteIdentityRow, type SiteSettingsRow } from "../queries/admin-site-code.ts";

const CODE_FIELDS = ["head_tags", "footer_tags", "analytics_code", "facebook_pixel"] as const satisfies ReadonlyArray<keyof SiteSettingsRow>;
const SETTINGS_COLUMNS = [...CODE_FIELDS, ...SITE_IDENTITY_FIELDS];

/** Code and identity in one statement: a save never leaves half of the admin's form stored. */
export async function saveSiteSettings(handle: DatabaseHandle, settings: SiteSettingsRow, identity: SiteIdentityRow): Promise<void> {
  // Column names come from the constant lists above, never from input; values are parameters.
  await handle.query(
    `insert into site_settings (id, ${SETTINGS_COLUMNS.join(", ")}, updated_at)
     values (1, ${SETTINGS_COLUMNS.map((_, index) => `$${index + 1}`).join(", ")}, now())
     on conflict (id) do update set ${SETTINGS_COLUMNS.map((column) => `${column} = excluded.${column}`).join(", ")}, updated_at = now()`,
    [...CODE_FIELDS.map((field) => settings[field]), ...SITE_IDENTITY_FIELDS.map((field) => identity[field])],
  );
}

export async function saveAdCodes(handle: DatabaseHandle, codes: AdCodesRow): Promise<void> {
  await handle.query(
    `insert into ad_codes (id, ad1, ad2, ad3, ad4, updated_at) values (1, $1, $2, $3, $4, now())
     on conflict (id) do update set ad1 = excluded.ad1, ad2 = excluded.ad2, ad3 = excluded.ad3, ad4 = excluded.ad4, updated_at = now()`,
    [codes.ad1, codes.ad2, codes.ad3, codes.ad4],
  );
}
