// GET /api/cities(?letter=L&page=n&limit=m) → [{ city, countryCode, businessCount, categoryCount, slug }], one page
// (default and most 1,000 cities, most businesses first) with X-Total-Count and a rel="next" Link; fresh for 2 h.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sendSerializedJson } from "~/models/aggregate-json-cache.server";
import { readCityListJson } from "~/models/cities.server";
import { CityListQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseParams(CityListQuerySchema, readQuery(request));
  return sendSerializedJson(request, await readCityListJson(query), CACHE_LISTS);
}
