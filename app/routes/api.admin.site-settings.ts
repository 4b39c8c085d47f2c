// GET /api/admin/site-settings → head_tags, footer_tags, analytics_code, facebook_pixel (public: pages show them
// anyway); POST the same fields, plus any identity fields (company_name … place_of_jurisdiction; left out = kept) → saved
// (admin, our origin, CSRF token) → { success, message, settings } with the identity.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, methodNotAllowed, parseAdminBody } from "~/models/admin-requests.server";
import { getPublicSiteCode, saveSiteSettingsAsAdmin, SiteSettingsSchema } from "~/models/site-code.server";

export async function loader() {
  return adminJson(await getPublicSiteCode());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const admin = await requireAdminApi(request);
  const settings = await parseAdminBody(
    request,
    SiteSettingsSchema,
    "INVALID_SITE_SETTINGS",
    "Send head_tags, footer_tags, analytics_code and facebook_pixel as text, and optionally company_name, company_street, company_postal_city, company_country, company_phone, support_email, privacy_email, legal_email, company_legal_form, company_register, company_registration_number, company_vat_id, company_management, governing_law and place_of_jurisdiction",
  );
  const saved = await saveSiteSettingsAsAdmin(admin, settings);
  return adminJson({ success: true, message: "Site settings saved", settings: saved });
}
