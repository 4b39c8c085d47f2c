// /admin layout: every child page runs behind the server-side session guard; children read
// { user, csrfToken } with useRouteLoaderData("routes/admin").
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAdminPage } from "~/models/admin-auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request);
  return json({ user: admin.user, csrfToken: admin.csrfToken }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminLayout() {
  return <Outlet />;
}
