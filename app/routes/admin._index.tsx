// /admin: the welcome page — quick-access cards, real status tiles and the latest admin actions.
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActivityList } from "~/components/admin/activity-list";
import { useAdminText, type AdminTextKey } from "~/components/admin/admin-i18n";
import { AdminIcon, type AdminIconName } from "~/components/admin/admin-icons";
import { AdminCard, adminMeta, StatCard } from "~/components/admin/admin-ui";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getAdminHome } from "~/models/admin-dashboard.server";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "nav.home");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json(await getAdminHome(), { headers: { "Cache-Control": NO_STORE } });
}

const CARDS: Array<{ to: string; icon: AdminIconName; title: AdminTextKey; text: AdminTextKey }> = [
  { to: "/admin/dashboard", icon: "dashboard", title: "nav.dashboard", text: "home.card.dashboard" },
  { to: "/admin/businesses", icon: "businesses", title: "nav.businesses", text: "home.card.businesses" },
  { to: "/admin/upload", icon: "upload", title: "nav.upload", text: "home.card.upload" },
  { to: "/admin/settings", icon: "settings", title: "nav.settings", text: "home.card.settings" },
  { to: "/admin/advertisements", icon: "advertisements", title: "nav.advertisements", text: "home.card.advertisements" },
  { to: "/admin/messages", icon: "messages", title: "nav.messages", text: "home.card.messages" },
];

export default function AdminHome() {
  const data = useLoaderData<typeof loader>();
  const { user } = useAdminSession();
  const { t, formatNumber, formatDateTime } = useAdminText();
  return (
    <div className="space-y-8">
      <div className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-600 px-6 py-8 text-white shadow-sm sm:px-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("home.title", { name: user.username })}</h1>
        <p className="mt-2 max-w-2xl text-brand-50">{t("home.subtitle")}</p>
      </div>

      <section aria-labelledby="status-heading">
        <h2 id="status-heading" className="sr-only">
          {t("home.status")}
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <StatCard label={t("home.tile.businesses")} value={formatNumber(data.totals.businesses)} icon="businesses" tone="brand" />
          <StatCard label={t("home.tile.approved")} value={formatNumber(data.totals.approved)} icon="check" tone="green" />
          <StatCard
            label={t("home.tile.unread")}
            value={formatNumber(data.unreadMessages)}
            icon="mail"
            tone={data.unreadMessages > 0 ? "red" : "violet"}
          />
          <StatCard
            label={t("home.tile.lastImport")}
            value={data.lastImport ? formatNumber(data.lastImport.summary.totalRecords) : "—"}
            hint={
              data.lastImport
                ? `${data.lastImport.summary.fileName} · ${data.lastImport.timestamp ? formatDateTime(data.lastImport.timestamp) : t("dashboard.unknownDate")}`
                : t("home.tile.noImport")
            }
            icon="upload"
            tone="amber"
          />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <section aria-labelledby="quick-heading" className="xl:col-span-2">
          <h2 id="quick-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
            {t("home.quickAccess")}
          </h2>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {CARDS.map((card) => (
              <Link
                key={card.to}
                to={card.to}
                prefetch="intent"
                className="group flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
              >
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 group-hover:bg-brand-600 group-hover:text-white dark:bg-brand-900 dark:text-brand-200">
                  <AdminIcon name={card.icon} />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900 dark:text-white">{t(card.title)}</span>
                  <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">{t(card.text)}</span>
                </span>
              </Link>
            ))}
          </div>
        </section>
        <AdminCard title={t("home.recentActivity")}>
          <ActivityList items={data.activity} emptyText={t("home.noActivity")} />
        </AdminCard>
      </div>
    </div>
  );
}
