// GET /sitemaps/businesses/page-{n}.xml → up to 9,000 business URLs; a page past the last → 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBusinessSitemap } from "~/models/sitemap.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return getBusinessSitemap(request, params.file ?? "");
}
