// GET /api/search?q=&location=&category=&country=&city=&open_now=&verified=&min_rating=&lat=&lng=&radius_km=&sort=&page=&per_page=
// → hits, total, facets (category, country, city), didYouMean; 400 with the problems for bad parameters.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson } from "~/models/public-responses.server";
import { searchBusinesses } from "~/models/search.server";
import { CACHE_SEARCH } from "~/models/cache-policy.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await searchBusinesses(new URL(request.url).searchParams);
  if (!outcome.ok) throw apiError(400, "INVALID_SEARCH", outcome.problems.join("; "));
  return apiJson(outcome.result, CACHE_SEARCH);
}
