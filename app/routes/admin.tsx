// /admin layout: every child page runs behind the server-side session guard and inside the admin shell;
// children read { user, csrfToken, locale } with useRouteLoaderData("routes/admin").
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_ADMIN_LOCALE, translate } from "~/components/admin/admin-i18n";
import { describeCode } from "~/components/admin/server-text";
import { AdminShell } from "~/components/admin/admin-shell";
import { adminMeta } from "~/components/admin/admin-ui";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getShellCounts } from "~/models/admin-dashboard.server";
import { readAdminPreferences } from "~/models/admin-preferences.server";
import { NO_STORE } from "~/models/cache-policy.server";
import type { AdminLanguage } from "~/utils/admin-preferences";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "app.adminPanel");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request);
  const preferences = readAdminPreferences(request);
  const counts = await getShellCounts();
  return json(
    { user: admin.user, csrfToken: admin.csrfToken, locale: preferences.locale, theme: preferences.theme, counts },
    { headers: { "Cache-Control": NO_STORE } },
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

/** A refused or failed admin action (403 foreign origin, stale CSRF token, 500), worded from its code in the admin's language. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<{ adminLanguage?: AdminLanguage | null }>("root");
  const locale = root?.adminLanguage ?? DEFAULT_ADMIN_LOCALE;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const message =
    data && typeof data === "object" && "code" in data && typeof data.code === "string"
      ? describeCode(locale, data.code)
      : translate(locale, "errors.generic");
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-semibold text-red-700">{status}</p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{translate(locale, "errors.title")}</h1>
        <p className="mt-3 text-sm text-slate-700">{message}</p>
        <a href="/admin" className="mt-6 inline-flex rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
          {translate(locale, "errors.back")}
        </a>
      </div>
    </div>
  );
}
