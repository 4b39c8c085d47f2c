// /admin layout: every child page runs behind the server-side session guard and inside the admin shell;
// children read { user, csrfToken, locale } with useRouteLoaderData("routes/admin").
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/admin/admin-shell";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getShellCounts } from "~/models/admin-dashboard.server";
import { readAdminPreferences } from "~/models/admin-preferences.server";

export const meta: MetaFunction = () => [{ title: "Admin · Business Directory" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request);
  const preferences = readAdminPreferences(request);
  const counts = await getShellCounts();
  return json(
    { user: admin.user, csrfToken: admin.csrfToken, locale: preferences.locale, theme: preferences.theme, counts },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export type AdminLayoutData = Awaited<ReturnType<typeof loader>> extends { json(): Promise<infer T> } ? T : never;

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminShell user={data.user} theme={data.theme} locale={data.locale} counts={data.counts}>
      <Outlet />
    </AdminShell>
  );
}
