// GET /api/admin/categories → category names, largest first (the list filter and the export picker).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, listCategoryNames } from "~/models/admin-businesses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return adminJson(await listCategoryNames());
}
