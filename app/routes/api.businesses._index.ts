// GET /api/businesses?page=n → the businesses page response (20 per page, pages 1–100; anything else is a 400).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBusinessPage } from "~/models/businesses.server";
import { BusinessesQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { apiJson } from "~/models/public-responses.server";
import { CACHE_DETAIL } from "~/models/cache-policy.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { page } = parseParams(BusinessesQuerySchema, readQuery(request));
  return apiJson(await getBusinessPage(page), CACHE_DETAIL);
}
