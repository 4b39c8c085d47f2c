// POST /api/admin/fix-slugs → { success, successCount, checkpointEnabled, totalProcessed, message } (resumable).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, fixAdminSlugs, methodNotAllowed } from "~/models/admin-businesses.server";

/** GET and HEAD: a JSON 405 naming POST (without a loader, Remix answers with a logged internal error). */
export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const context = await requireAdminApi(request);
  return adminJson(await fixAdminSlugs(context));
}
