// GET /api/admin/session → { user: { id, username }, csrfToken } for a logged-in admin (API clients read the token
// their mutations must send as X-CSRF-Token); 401 { code: ADMIN_SESSION_REQUIRED } otherwise, never a redirect.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeAdminSession } from "~/models/admin-auth.server";
import { adminJson } from "~/models/admin-requests.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return adminJson(await describeAdminSession(request));
}
