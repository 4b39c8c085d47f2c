// GET /api/cities(?letter=L) → [{ city, countryCode, businessCount, categoryCount, slug }], fresh for 2 h.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCities } from "~/models/cities.server";
import { LetterQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { apiJson, CACHE_LISTS } from "~/models/public-responses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { letter } = parseParams(LetterQuerySchema, readQuery(request));
  return apiJson(await listCities(letter), CACHE_LISTS);
}
