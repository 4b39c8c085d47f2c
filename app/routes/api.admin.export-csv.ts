// GET /api/admin/export-csv?fields=&countryCode=&categories=&dateRange=&startDate=&endDate= → the streamed CSV.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { parseExportQuery, streamAdminExport } from "~/models/admin-businesses-export.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireAdminApi(request);
  return streamAdminExport(context, parseExportQuery(new URL(request.url).searchParams), "routed");
}
