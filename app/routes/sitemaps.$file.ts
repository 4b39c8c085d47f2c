// GET /sitemaps/{main|categories|countries|cities}.xml → that section's urlset; any other name → 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSectionSitemap } from "~/models/sitemap.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return getSectionSitemap(request, params.file ?? "");
}
