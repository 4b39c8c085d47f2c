// POST /api/admin/businesses/{id}/toggle-approval → the business's new approval state (counts and index follow).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, methodNotAllowed, parseBusinessId, toggleApproval } from "~/models/admin-businesses.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const context = await requireAdminApi(request);
  return adminJson(await toggleApproval(context, parseBusinessId(params)));
}
