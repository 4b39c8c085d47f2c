// GET /api/suggest?q=prefix&limit=8 → as-you-type suggestions (businesses, categories, cities, countries).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson } from "~/models/public-responses.server";
import { suggestSearches } from "~/models/search.server";
import { CACHE_SUGGEST } from "~/models/cache-policy.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await suggestSearches(new URL(request.url).searchParams);
  if (!outcome.ok) throw apiError(400, "INVALID_SUGGEST", outcome.problems.join("; "));
  return apiJson({ suggestions: outcome.suggestions }, CACHE_SUGGEST);
}
