// GET /api/categories(?letter=L) → [{ category, count, slug }], most businesses first, fresh for 2 h.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCategories } from "~/models/categories.server";
import { LetterQuerySchema, parseParams, readQuery } from "~/models/public-params.server";
import { apiJson } from "~/models/public-responses.server";
import { CACHE_LISTS } from "~/models/cache-policy.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { letter } = parseParams(LetterQuerySchema, readQuery(request));
  return apiJson(await listCategories(letter), CACHE_LISTS);
}
