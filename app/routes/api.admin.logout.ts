// POST /api/admin/logout → the session is revoked and its cookie cleared; a form post (the admin header's
// button) is redirected to the login page, a fetch gets { success, message }. Our origin only.
import { json, redirect } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { adminError, isSameOriginRequest, logOutAdmin } from "~/models/admin-auth.server";
import { NO_STORE } from "~/models/cache-policy.server";

export async function action({ request }: ActionFunctionArgs) {
  // NOTE: no CSRF token needed: logging out is harmless, and a foreign origin is still refused.
  if (!isSameOriginRequest(request)) return adminError(403, "FOREIGN_ORIGIN");
  const setCookie = await logOutAdmin(request);
  const isForm = (request.headers.get("Content-Type") ?? "").includes("form");
  if (isForm) return redirect("/admin/login", { headers: { "Set-Cookie": setCookie } });
  return json({ success: true, message: "Logged out" }, { headers: { "Set-Cookie": setCookie, "Cache-Control": NO_STORE } });
}

export function loader() {
  return adminError(405, "ADMIN_SESSION_REQUIRED", { Allow: "POST" }, "Log out with POST.");
}
