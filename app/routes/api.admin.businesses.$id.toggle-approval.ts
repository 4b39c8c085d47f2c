// POST /api/admin/businesses/{id}/toggle-approval → the business's new approval state (counts and index follow).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, methodNotAllowed, parseBusinessId, toggleApproval } from "~/models/admin-businesses.server";

/** GET and HEAD: a JSON 405 naming POST (without a loader, Remix answers with a logged internal error). */
export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const context = await requireAdminApi(request);
  return adminJson(await toggleApproval(context, parseBusinessId(params)));
}
