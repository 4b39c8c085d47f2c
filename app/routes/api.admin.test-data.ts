// DELETE /api/admin/test-data → { success, deletedCount, message }: demo/test businesses removed.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, deleteAdminTestData, methodNotAllowed } from "~/models/admin-businesses.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "DELETE") throw methodNotAllowed(["DELETE"]);
  const context = await requireAdminApi(request);
  return adminJson(await deleteAdminTestData(context));
}
