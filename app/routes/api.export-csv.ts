// POST /api/export-csv { selectedFields[], countryCode } → the panel's streamed CSV (businesses_export_{date}.csv).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { parsePanelExportBody, streamAdminExport } from "~/models/admin-businesses-export.server";
import { methodNotAllowed } from "~/models/admin-businesses.server";

/** GET and HEAD: a JSON 405 naming POST (without a loader, Remix answers with a logged internal error). */
export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const context = await requireAdminApi(request);
  const body: unknown = await request.json().catch(() => null);
  return streamAdminExport(context, parsePanelExportBody(body), "panel");
}
