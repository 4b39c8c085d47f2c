// GET /admin/reports/{runId}/rejected.csv → the run's rejected rows (original columns + line, field, reason).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/models/admin-auth.server";
import { parseRunId, streamRejectedRowsCsv } from "~/models/admin-reports.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireAdminPage(request);
  return streamRejectedRowsCsv(context, parseRunId(params));
}
