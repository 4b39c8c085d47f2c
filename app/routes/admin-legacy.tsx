// /admin-legacy → /admin (the old single-screen panel is folded into the routed admin, which has the guard).
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/admin", 301);
}
