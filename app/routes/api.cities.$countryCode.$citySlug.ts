// GET /api/cities/{countryCode}/{citySlug}?page=n&limit=12 → the city detail (counts, a page of businesses, top 15 categories).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCityDetail } from "~/models/cities.server";
import { CityParamsSchema, DetailQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { apiJson, notFound } from "~/models/public-responses.server";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { countryCode, citySlug } = parseParams(CityParamsSchema, params);
  const { page, limit } = parseParams(DetailQuerySchema, readQuery(request));
  const detail = await getCityDetail({ countryCode, citySlug, page, limit });
  if (!detail) throw notFound("City not found");
  return apiJson(detail, CACHE_DETAIL);
}
