// GET /api/featured-businesses → the 12 featured business cards in rank order, fresh for 30 min.
import { listFeaturedBusinessCards } from "~/models/home.server";
import { apiJson } from "~/models/public-responses.server";
import { CACHE_FEATURED } from "~/models/cache-policy.server";

export async function loader() {
  return apiJson(await listFeaturedBusinessCards(), CACHE_FEATURED);
}
