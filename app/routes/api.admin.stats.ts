// GET /api/admin/stats → { totalBusinesses, totalCategories, categories[] (category, count), … }; admin only, never stored (like every admin answer).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { getAdminStats } from "~/models/admin-dashboard.server";
import { adminJson } from "~/models/admin-requests.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return adminJson(await getAdminStats());
}
