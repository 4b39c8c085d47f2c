// GET /api/categories/{slug}?page=n&limit=12 → the category detail (counts, a page of businesses, top 15 countries).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCategoryDetail } from "~/models/categories.server";
import { CategoryParamsSchema, DetailQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { apiJson, notFound } from "~/models/public-responses.server";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { slug } = parseParams(CategoryParamsSchema, params);
  const { page, limit } = parseParams(DetailQuerySchema, readQuery(request));
  const detail = await getCategoryDetail({ slug, page, limit });
  if (!detail) throw notFound("Category not found");
  return apiJson(detail, CACHE_DETAIL);
}
