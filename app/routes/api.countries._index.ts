// GET /api/countries → [{ country, businessCount, cityCount, categoryCount, countryCode, slug }], fresh for 2 h.
import { listCountries } from "~/models/countries.server";
import { apiJson } from "~/models/public-responses.server";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export async function loader() {
  return apiJson(await listCountries(), CACHE_LISTS);
}
