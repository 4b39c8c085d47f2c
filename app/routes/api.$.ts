// Any /api/… path no API route matches (any method) → a JSON 404, so API clients never get the HTML 404 page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/models/public-responses.server";

export function loader({ request }: LoaderFunctionArgs) {
  return notFoundApi(request);
}

export function action({ request }: ActionFunctionArgs) {
  return notFoundApi(request);
}

function notFoundApi(request: Request): Response {
  const { pathname } = new URL(request.url);
  return notFound(`No API endpoint at ${pathname.slice(0, 200)}; check the path (for example /api/businesses or /api/search).`);
}
