// GET /api/businesses/{slug} → the business detail (200), a 301 to the current slug for an old one, or a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findBusinessBySlug } from "~/models/businesses.server";
import { BusinessParamsSchema, parseParams } from "~/models/public-params.server";
import { apiJson, CACHE_DETAIL, movedPermanently, notFound } from "~/models/public-responses.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const { slug } = parseParams(BusinessParamsSchema, params);
  const found = await findBusinessBySlug(slug);
  if (found.status === "moved") throw movedPermanently(`/api/businesses/${encodeURIComponent(found.slug)}`);
  if (found.status === "not_found") throw notFound("Business not found");
  return apiJson(found.business, CACHE_DETAIL);
}
