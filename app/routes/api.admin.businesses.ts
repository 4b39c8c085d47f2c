// GET /api/admin/businesses → one page of the admin list with its summary and paging cursors (404 past the last page); DELETE ?confirm=<count> → every business
// (or, with filter/category, the matching ones) to the trash.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import {
  adminBusinessListAnswer,
  adminJson,
  deleteEveryBusiness,
  getAdminBusinessList,
  methodNotAllowed,
  parseAdminBusinessesQuery,
  parseBulkDeleteQuery,
} from "~/models/admin-businesses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return adminBusinessListAnswer(await getAdminBusinessList(parseAdminBusinessesQuery(new URL(request.url).searchParams)));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "DELETE") throw methodNotAllowed(["GET", "DELETE"]);
  const context = await requireAdminApi(request);
  return adminJson(await deleteEveryBusiness(context, parseBulkDeleteQuery(new URL(request.url).searchParams)));
}
