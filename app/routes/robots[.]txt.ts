// GET /robots.txt → crawl rules (public pages allowed, /admin and /api disallowed) and the sitemap index URL.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getRobotsTxt } from "~/models/sitemap.server";

export function loader({ request }: LoaderFunctionArgs) {
  return getRobotsTxt(request);
}
