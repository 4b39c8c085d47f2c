// GET /api/countries/{slug}(?page=n) → the country detail, by ISO code or name slug (de, DE, germany).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCountryDetail } from "~/models/countries.server";
import { CountryParamsSchema, CountryQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { apiJson, notFound } from "~/models/public-responses.server";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { slug } = parseParams(CountryParamsSchema, params);
  const { page } = parseParams(CountryQuerySchema, readQuery(request));
  const detail = await getCountryDetail({ slug, page });
  if (!detail) throw notFound("Country not found");
  return apiJson(detail, CACHE_DETAIL);
}
