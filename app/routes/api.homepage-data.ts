// GET /api/homepage-data → { popularSearches, topCountries, topCities } (top 12 each, with slugs), fresh for 2 h.
import { getHomepageData } from "~/models/home.server";
import { apiJson } from "~/models/public-responses.server";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export async function loader() {
  return apiJson(await getHomepageData(), CACHE_LISTS);
}
