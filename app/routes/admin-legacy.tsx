// /admin-legacy → /admin (the old single-screen panel is folded into the routed admin, which has the guard).
import { adminRedirect } from "~/models/admin-auth.server";

export function loader() {
  return adminRedirect("/admin", { status: 301 });
}
