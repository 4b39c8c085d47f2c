// GET /api/featured-businesses → the 12 featured business cards in rank order, fresh for 30 min.
import { listFeaturedBusinessCards } from "~/models/home.server";
import { apiJson, CACHE_FEATURED } from "~/models/public-responses.server";

export async function loader() {
  return apiJson(await listFeaturedBusinessCards(), CACHE_FEATURED);
}
