// GET /sitemap.xml → the sitemap index: the four section files, every business page, every city × category page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSitemapIndex } from "~/models/sitemap.server";

export function loader({ request }: LoaderFunctionArgs) {
  return getSitemapIndex(request);
}
