// GET /sitemaps/city-categories/page-{n}.xml → up to 9,000 indexable city × category URLs; a page past the last → 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCityCategorySitemap } from "~/models/sitemap.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return getCityCategorySitemap(request, params.file ?? "");
}
