// POST /api/admin/clear-cache → in-process caches dropped and precomputed counts rebuilt → { success, message }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, methodNotAllowed } from "~/models/admin-requests.server";
import { clearCachesAsAdmin } from "~/models/site-code.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const admin = await requireAdminApi(request);
  const { caches } = await clearCachesAsAdmin(admin);
  return adminJson({ success: true, message: `Cache cleared (${caches.length} caches, counts rebuilt)` });
}

export function loader() {
  return methodNotAllowed("POST");
}
