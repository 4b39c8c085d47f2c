// GET /api/cities/{countryCode}/{citySlug}?page=n&limit=12 → the city detail (counts, a page of businesses, top 15
// categories), or a 301 (query kept) wherever the city page redirects: an old slug, an alias, a district.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCityPage } from "~/models/cities.server";
import { CityParamsSchema, DetailQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { apiJson, movedPermanently, notFound } from "~/models/public-responses.server";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { countryCode, citySlug } = parseParams(CityParamsSchema, params);
  const { page, limit } = parseParams(DetailQuerySchema, readQuery(request));
  const found = await getCityPage({ countryCode, citySlug, page, limit });
  if (found.status === "moved") throw movedPermanently(`/api/cities/${countryCode.toLowerCase()}/${found.slug}${new URL(request.url).search}`);
  if (found.status === "not_found") throw notFound("City not found");
  return apiJson(found.city, CACHE_DETAIL);
}
