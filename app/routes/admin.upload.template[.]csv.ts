// GET /admin/upload/template.csv → the spec's sample import template (admins only).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/models/admin-auth.server";
import { buildUploadTemplateCsv } from "~/models/admin-upload.server";
import { NO_STORE } from "~/models/cache-policy.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return new Response(buildUploadTemplateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="business-import-template.csv"',
      "Cache-Control": NO_STORE,
    },
  });
}
