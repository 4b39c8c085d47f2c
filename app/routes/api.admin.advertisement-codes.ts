// GET /api/admin/advertisement-codes → ad1..ad4; POST ad1..ad4 (each ≤ 50 KB, else 400 AD_CODE_TOO_LARGE) →
// saved → { success, message, codes }. Admin only; POST also needs our origin and the CSRF token.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, methodNotAllowed, parseAdminBody } from "~/models/admin-requests.server";
import { AdSlotsSchema, loadAdSlotsForAdmin, saveAdSlotsAsAdmin } from "~/models/site-code.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return adminJson(await loadAdSlotsForAdmin());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const admin = await requireAdminApi(request);
  const codes = await parseAdminBody(
    request,
    AdSlotsSchema,
    "INVALID_ADVERTISEMENT_CODES",
    "Send ad1, ad2, ad3 and ad4 as text of at most 50 KB each",
  );
  const saved = await saveAdSlotsAsAdmin(admin, codes);
  return adminJson({ success: true, message: "Advertisement codes saved", codes: saved });
}
