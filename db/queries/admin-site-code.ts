// site_settings (one row) → the four site-wide code snippets and the operator's identity; empty strings before the
// first save (and for every identity field nobody has filled in).
import type { DatabaseHandle } from "../client.ts";

export interface SiteSettingsRow {
  head_tags: string;
  footer_tags: string;
  analytics_code: string;
  facebook_pixel: string;
}

/** The operator's published identity; "" = not configured. */
export interface SiteIdentityRow {
  company_name: string;
  company_street: string;
  company_postal_city: string;
  company_country: string;
  company_phone: string;
  support_email: string;
  privacy_email: string;
  legal_email: string;
  /** Legal notice facts: set by the operator or left out, never defaulted to a jurisdiction. */
  company_legal_form: string;
  company_register: string;
  company_registration_number: string;
  company_vat_id: string;
  company_management: string;
  governing_law: string;
  place_of_jurisdiction: string;
}

export const SITE_IDENTITY_FIELDS = [
  "company_name",
  "company_street",
  "company_postal_city",
  "company_country",
  "company_phone",
  "support_email",
  "privacy_email",
  "legal_email",
  "company_legal_form",
  "company_register",
  "company_registration_number",
  "company_vat_id",
  "company_management",
  "governing_law",
  "place_of_jurisdiction",
] as const satisfies ReadonlyArray<keyof SiteIdentityRow>;

export async function getSiteSettings(handle: DatabaseHandle): Promise<SiteSettingsRow> {
  const [row] = await handle.query<SiteSettingsRow>("select head_tags, footer_tags, analytics_code, facebook_pixel from site_settings where id = 1");
  return row ?? { head_tags: "", footer_tags: "", analytics_code: "", facebook_pixel: "" };
}

export async function getSiteIdentity(handle: DatabaseHandle): Promise<SiteIdentityRow> {
  const [row] = await handle.query<SiteIdentityRow>(`select ${SITE_IDENTITY_FIELDS.join(", ")} from site_settings where id = 1`);
  return row ?? (Object.fromEntries(SITE_IDENTITY_FIELDS.map((field) => [field, ""])) as unknown as SiteIdentityRow);
}
