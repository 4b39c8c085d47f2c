// GET /api/admin/trash → the restorable deleted businesses; POST {ids | batchId | all, dryRun?} → restore them.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, methodNotAllowed } from "~/models/admin-businesses.server";
import { getAdminTrash, parseTrashQuery, readRestoreRequest, restoreAdminTrash } from "~/models/admin-trash.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return adminJson(await getAdminTrash(parseTrashQuery(new URL(request.url).searchParams)));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
  const context = await requireAdminApi(request);
  return adminJson(await restoreAdminTrash(context, await readRestoreRequest(request)));
}
