// GET /api/admin/country-codes → the ISO codes that have businesses (the export dialog's country choice).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, listCountryCodes } from "~/models/admin-businesses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return adminJson(await listCountryCodes());
}
