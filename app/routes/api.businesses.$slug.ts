// GET /api/businesses/{slug} → the business detail (200), a 301 to the current slug for an old one, or a 404.
// DELETE /api/businesses/{id} → the admin's single delete (session, same origin and CSRF header required).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi } from "~/models/admin-auth.server";
import { adminJson, deleteBusiness, methodNotAllowed, parseBusinessId } from "~/models/admin-businesses.server";
import { findBusinessBySlug } from "~/models/businesses.server";
import { BusinessParamsSchema, parseParams } from "~/models/public-params.server";
import { apiJson, movedPermanently, notFound } from "~/models/public-responses.server";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const { slug } = parseParams(BusinessParamsSchema, params);
  const found = await findBusinessBySlug(slug);
  if (found.status === "moved") throw movedPermanently(`/api/businesses/${encodeURIComponent(found.slug)}`);
  if (found.status === "not_found") throw notFound("Business not found");
  return apiJson(found.business, CACHE_DETAIL);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") throw methodNotAllowed(["GET", "DELETE"]);
  const context = await requireAdminApi(request);
  return adminJson(await deleteBusiness(context, parseBusinessId(params, "slug")));
}
