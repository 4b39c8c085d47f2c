// /admin/dashboard: real totals, top 8 categories, visitors of the last 7 days, the last 3 upload reports
// (polled every 5 s), recent admin actions, live process/database health and which search engine answers.
import { json } from "@remix-run/node";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ActivityList } from "~/components/admin/activity-list";
import { useAdminText } from "~/components/admin/admin-i18n";
import { AdminCard, adminMeta, EmptyState, PageHeader, StatCard } from "~/components/admin/admin-ui";
import { UploadReportCard, type UploadReportView } from "~/components/admin/upload-report-card";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getDashboard, type AdminStats } from "~/models/admin-dashboard.server";
import { adminFetch } from "~/utils/admin-fetch";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "dashboard.title");

const REPORT_POLL_MS = 5000;
const REPORT_COUNT = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json(await getDashboard(), { headers: { "Cache-Control": NO_STORE } });
}

function useUploadReports(initial: UploadReportView[], csrfToken: string): UploadReportView[] {
  const [reports, setReports] = useState(initial);
  useEffect(() => setReports(initial), [initial]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setInterval(() => {
      adminFetch<UploadReportView[]>(`/api/admin/upload-reports?limit=${REPORT_COUNT}`, { csrfToken, signal: controller.signal })
        .then(setReports)
        // A failed poll keeps the last reports on screen; the next tick tries again.
        .catch(() => undefined);
    }, REPORT_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [csrfToken]);
  return reports;
}

function Gauge({ label, percent, detail }: { label: string; percent: number | null; detail: string }) {
  const { t, formatPercent } = useAdminText();
  const value = percent ?? 0;
  const circumference = 2 * Math.PI * 40;
  const color = value >= 90 ? "text-red-500" : value >= 70 ? "text-amber-500" : "text-emerald-500";
  return (
    <div className="flex flex-col items-center text-center">
      <div className="relative h-28 w-28">
        <svg viewBox="0 0 100 100" className="h-full w-full -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r="40" fill="none" strokeWidth="10" className="stroke-slate-100 dark:stroke-slate-800" />
          <circle
            cx="50"
            cy="50"
            r="40"
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            stroke="currentColor"
            className={color}
            strokeDasharray={`${(value / 100) * circumference} ${circumference}`}
          />
        </svg>
        <span className="absolute inset-0 flex items-center justify-center text-xl font-bold tabular-nums text-slate-900 dark:text-white">
          {percent === null ? t("dashboard.unavailable") : formatPercent(value, 0)}
        </span>
      </div>
      <p className="mt-2 text-sm font-semibold text-slate-900 dark:text-white">{label}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{detail}</p>
    </div>
  );
}

function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? `${days}d ${hours}h` : hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}

/** How many listings lack a country, a city or coordinates: what a place repair or a better import would fix. */
function PlaceGapsCard({ gaps, total }: { gaps: AdminStats["placeGaps"]; total: number }) {
  const { t, formatNumber, formatPercent } = useAdminText();
  const figures = [
    { key: "country", label: t("dashboard.missingCountry"), count: gaps.missingCountry },
    { key: "city", label: t("dashboard.missingCity"), count: gaps.missingCity },
    { key: "coordinates", label: t("dashboard.missingCoordinates"), count: gaps.missingCoordinates },
  ];
  const complete = total > 0 && figures.every((figure) => figure.count === 0);
  return (
    <AdminCard title={t("dashboard.placeGaps")} description={t("dashboard.placeGapsHint")}>
      {complete ? (
        <p className="text-sm text-emerald-700 dark:text-emerald-400">{t("dashboard.placeGapsNone")}</p>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3" data-place-gaps="">
          {figures.map((figure) => (
            <div key={figure.key} data-gap={figure.key}>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{figure.label}</dt>
              <dd
                className={`text-2xl font-bold tabular-nums ${figure.count > 0 ? "text-amber-700 dark:text-amber-400" : "text-slate-900 dark:text-white"}`}
              >
                {formatNumber(figure.count)}
              </dd>
              <dd className="text-xs text-slate-600 dark:text-slate-400">
                {t("dashboard.shareOfAll", { share: formatPercent(total > 0 ? (figure.count / total) * 100 : 0) })}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </AdminCard>
  );
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  const { csrfToken } = useAdminSession();
  const { t, formatNumber, formatBytes, formatPercent, formatDayMonth } = useAdminText();
  const reports = useUploadReports(data.reports, csrfToken);
  const { stats, visitors, health } = data;
  const categoryTotal = stats.approvedBusinesses || stats.totalBusinesses;
  const maxViews = Math.max(1, ...visitors.lastSevenDays.map((day) => day.pageViews));
  return (
    <div className="space-y-6">
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t("dashboard.totalBusinesses")}
          value={formatNumber(stats.totalBusinesses)}
          hint={t("dashboard.approvedOf", { approved: formatNumber(stats.approvedBusinesses) })}
          icon="businesses"
        />
        <StatCard
          label={t("dashboard.activeCategories")}
          value={formatNumber(stats.totalCategories)}
          hint={t("dashboard.countriesCities", { countries: formatNumber(stats.totalCountries), cities: formatNumber(stats.totalCities) })}
          icon="tag"
          tone="violet"
        />
        <StatCard
          label={t("dashboard.dailyVisitors")}
          value={formatNumber(visitors.today.visitors)}
          hint={t("dashboard.pageViewsToday", { views: formatNumber(visitors.today.pageViews) })}
          icon="users"
          tone="green"
        />
        <StatCard
          label={t("dashboard.systemPerformance")}
          value={health.database.latencyMs === null ? "—" : `${formatNumber(health.database.latencyMs, 1)} ms`}
          hint={health.database.ok ? t("dashboard.dbLatency", { ms: formatNumber(health.database.latencyMs ?? 0, 1) }) : t("dashboard.dbDown")}
          icon="database"
          tone={health.database.ok ? "amber" : "red"}
        />
      </div>

      {reports.length > 0 ? (
        <AdminCard title={t("dashboard.uploadReports")} description={t("dashboard.uploadReportsHint")}>
          <ul className="grid gap-3 lg:grid-cols-3" aria-live="polite">
            {reports.slice(0, REPORT_COUNT).map((report) => (
              <UploadReportCard key={report.runId} report={report} />
            ))}
          </ul>
        </AdminCard>
      ) : null}

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <AdminCard title={t("dashboard.topCategories")}>
          {stats.categories.length === 0 ? (
            <EmptyState icon="tag">{t("dashboard.noCategories")}</EmptyState>
          ) : (
            <ol className="space-y-3">
              {stats.categories.map((category) => {
                const share = categoryTotal > 0 ? (category.count / categoryTotal) * 100 : 0;
                return (
                  <li key={category.category}>
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="truncate font-medium text-slate-800 dark:text-slate-200">{category.category}</span>
                      <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
                        {formatNumber(category.count)} · {formatPercent(share)}
                      </span>
                    </div>
                    <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                      <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.max(share, 1)}%` }} />
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </AdminCard>

        <AdminCard title={t("dashboard.visits")} description={t("dashboard.visitsLegend")}>
          {visitors.weekPageViews === 0 ? <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t("dashboard.noVisits")}</p> : null}
          <div className="flex h-48 items-end gap-2 sm:gap-3">
            {visitors.lastSevenDays.map((day) => (
              <div key={day.day} className="flex h-full flex-1 flex-col items-center justify-end gap-1.5">
                <span className="text-xs font-semibold tabular-nums text-slate-700 dark:text-slate-300">{formatNumber(day.pageViews)}</span>
                <div
                  className="w-full rounded-t-md bg-gradient-to-t from-brand-600 to-brand-400"
                  style={{ height: `${Math.max(2, (day.pageViews / maxViews) * 100)}%` }}
                />
                <span className="text-[0.7rem] tabular-nums text-slate-600 dark:text-slate-400">{formatDayMonth(day.day)}</span>
              </div>
            ))}
          </div>
        </AdminCard>
      </div>

      <PlaceGapsCard gaps={stats.placeGaps} total={stats.totalBusinesses} />

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <AdminCard title={t("dashboard.health")} className="xl:col-span-2">
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-3">
            <Gauge
              label={t("dashboard.cpu")}
              percent={health.cpu.percent}
              detail={t("dashboard.cores", {
                cores: health.cpu.cores,
                load: formatNumber(health.cpu.loadAverage, 2),
                server: formatPercent(health.cpu.processPercent),
              })}
            />
            <Gauge
              label={t("dashboard.memory")}
              percent={health.memory.percent}
              detail={t("dashboard.memoryDetail", {
                used: formatBytes(health.memory.usedBytes),
                total: formatBytes(health.memory.totalBytes),
                server: formatBytes(health.process.rssBytes),
              })}
            />
            <Gauge
              label={t("dashboard.disk")}
              percent={health.disk.percent}
              detail={
                health.disk.freeBytes === null || health.disk.totalBytes === null
                  ? t("dashboard.unavailable")
                  : `${formatBytes(health.disk.totalBytes - health.disk.freeBytes)} / ${formatBytes(health.disk.totalBytes)}`
              }
            />
          </div>
          <dl className="mt-6 grid gap-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-3 dark:border-slate-800">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t("dashboard.database")}</dt>
              <dd className="font-medium text-slate-900 dark:text-white">
                {health.database.driver} ·{" "}
                {health.database.sizeBytes === null
                  ? t("dashboard.unavailable")
                  : t("dashboard.databaseSize", { size: formatBytes(health.database.sizeBytes) })}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Node.js</dt>
              <dd className="font-medium text-slate-900 dark:text-white">
                {health.process.nodeVersion} · RSS {formatBytes(health.process.rssBytes)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t("dashboard.uptime")}</dt>
              <dd className="font-medium text-slate-900 dark:text-white">{formatDuration(health.process.uptimeSeconds)}</dd>
            </div>
            <div className="sm:col-span-3">
              <dt className="text-slate-600 dark:text-slate-400">{t("dashboard.searchEngine")}</dt>
              <dd
                className={stats.searchEngine.healthy ? "font-medium text-slate-900 dark:text-white" : "font-medium text-red-700 dark:text-red-400"}
                data-search-engine={stats.searchEngine.active}
              >
                {!stats.searchEngine.configured
                  ? t("dashboard.searchPostgres")
                  : stats.searchEngine.healthy
                    ? t("dashboard.searchMeilisearch")
                    : t("dashboard.searchDown")}
                {stats.searchEngine.lastError ? (
                  <span className="mt-0.5 block break-words text-xs font-normal text-slate-600 dark:text-slate-400">
                    {stats.searchEngine.lastError}
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>
        </AdminCard>
        <AdminCard title={t("dashboard.recentActivity")}>
          <ActivityList items={data.activity} emptyText={t("home.noActivity")} />
        </AdminCard>
      </div>
    </div>
  );
}
