// POST /api/upload-excel (multipart `file`, .xlsx/.xls) → the spec's single-file result (NDJSON progress on request).
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { methodNotAllowed } from "~/models/admin-businesses.server";
import { handleAdminUpload } from "~/models/admin-upload.server";

/** GET and HEAD: a JSON 405 naming POST (without a loader, Remix answers with a logged internal error). */
export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const context = await requireAdminApi(request);
  return handleAdminUpload(context, request, "single");
}
