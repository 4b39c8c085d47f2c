// GET /api/cities(?letter=L) → [{ city, countryCode, businessCount, categoryCount, slug }], fresh for 2 h; the
// serialised answer (with its gzip and ETag) is reused until the aggregate counts are next refreshed.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sendSerializedJson } from "~/models/aggregate-json-cache.server";
import { readCityListJson } from "~/models/cities.server";
import { LetterQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { CACHE_LISTS } from "~/models/public-responses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { letter } = parseParams(LetterQuerySchema, readQuery(request));
  return sendSerializedJson(request, await readCityListJson(letter), CACHE_LISTS);
}
