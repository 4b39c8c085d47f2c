// POST /api/admin/login { username, password } → { success, message, csrfToken } and the session cookie; 401 wrong
// credentials, 429 (Retry-After) when throttled, 403 from a foreign origin.
import { json } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { adminError, logInAdmin, LoginCredentialsSchema } from "~/models/admin-auth.server";
import { parseAdminBody } from "~/models/admin-requests.server";
import { NO_STORE } from "~/models/cache-policy.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return adminError(405, "INVALID_LOGIN_REQUEST", { Allow: "POST" });
  const body = await parseAdminBody(request, LoginCredentialsSchema, "INVALID_LOGIN_REQUEST", "Send a username and a password (both required).");
  const result = await logInAdmin(request, body);
  if (!result.ok) {
    const headers: Record<string, string> = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return adminError(result.status, result.code, headers, result.message);
  }
  // The token goes with the answer so a script can send X-CSRF-Token without reading an admin page.
  return json(
    { success: true, message: "Login successful", csrfToken: result.csrfToken },
    { headers: { "Set-Cookie": result.setCookie, "Cache-Control": NO_STORE } },
  );
}

export function loader() {
  return adminError(405, "INVALID_LOGIN_REQUEST", { Allow: "POST" }, "Log in with POST { username, password }.");
}
