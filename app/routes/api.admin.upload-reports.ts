// GET /api/admin/upload-reports[?limit=N] → the spec's upload reports, newest first (the dashboard polls every 5 s).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAdminApi } from "~/models/admin-auth.server";
import { listUploadReports, UPLOAD_REPORTS_LIMIT } from "~/models/admin-dashboard.server";
import { adminJson } from "~/models/admin-requests.server";

const UploadReportsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).catch(UPLOAD_REPORTS_LIMIT).default(UPLOAD_REPORTS_LIMIT),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const { limit } = UploadReportsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return adminJson(await listUploadReports(limit));
}
