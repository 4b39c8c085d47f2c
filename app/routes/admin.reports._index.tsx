// /admin/reports: the import history (CLI and admin uploads), newest first, 25 per page, each run linking to its report;
// an interrupted run says where it stopped (its page offers Resume and Discard).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useAdminText, type AdminTextKey } from "~/components/admin/admin-i18n";
import { adminMeta, buttonClasses, EmptyState, PageHeader } from "~/components/admin/admin-ui";
import { ReportStatus, useRunLine } from "~/components/admin/report-status";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getImportHistory, parseReportsQuery } from "~/models/admin-reports.server";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "reports.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const { before } = parseReportsQuery(new URL(request.url).searchParams);
  return json({ history: await getImportHistory(before), paged: before !== undefined }, { headers: { "Cache-Control": NO_STORE } });
}

const COUNTS: ReadonlyArray<{ key: "totalRows" | "inserted" | "updated" | "unchanged" | "skipped" | "rejected"; text: AdminTextKey; tone: string }> =
  [
    { key: "totalRows", text: "reports.rows", tone: "text-slate-900 dark:text-white" },
    { key: "inserted", text: "reports.inserted", tone: "text-emerald-700 dark:text-emerald-300" },
    { key: "updated", text: "reports.updated", tone: "text-brand-700 dark:text-brand-300" },
    { key: "unchanged", text: "reports.unchanged", tone: "text-slate-800 dark:text-slate-200" },
    { key: "skipped", text: "reports.skipped", tone: "text-amber-800 dark:text-amber-300" },
    { key: "rejected", text: "reports.rejected", tone: "text-red-700 dark:text-red-300" },
  ];

export default function AdminReportsPage() {
  const { history, paged } = useLoaderData<typeof loader>();
  const { t, formatNumber } = useAdminText();
  const runLine = useRunLine();
  return (
    <div className="space-y-6">
      <PageHeader title={t("reports.title")} subtitle={t("reports.subtitle")} />
      {history.runs.length === 0 ? (
        <EmptyState icon="reports">
          <p>
            {t("reports.empty")}{" "}
            <Link to="/admin/upload" className="font-medium text-brand-700 underline dark:text-brand-300">
              {t("reports.emptyLink")}
            </Link>
          </p>
        </EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="report-list">
          {history.runs.map((run) => (
            <li key={run.id}>
              <Link
                to={`/admin/reports/${run.id}`}
                className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-400 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-600"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-all font-semibold text-slate-900 dark:text-white">
                      #{run.id} · {run.fileName}
                    </p>
                    <p className="text-xs text-slate-700 dark:text-slate-300">{runLine(run)}</p>
                    {run.status === "interrupted" ? (
                      <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-300">
                        {t("reports.interruptedLine", { line: formatNumber(run.committedThroughRow) })}
                      </p>
                    ) : null}
                  </div>
                  <ReportStatus status={run.status} />
                </div>
                <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs sm:grid-cols-6">
                  {COUNTS.map(({ key, text, tone }) => (
                    <div key={key} className="rounded-lg bg-slate-50 px-2 py-1.5 dark:bg-slate-800/60">
                      <dt className="text-slate-700 dark:text-slate-300">{t(text)}</dt>
                      <dd className={`text-sm font-bold tabular-nums ${tone}`}>{formatNumber(run[key])}</dd>
                    </div>
                  ))}
                </dl>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label={t("reports.pages")} className="flex justify-between">
        {paged ? (
          <Link to="/admin/reports" className={buttonClasses.secondary}>
            ‹ {t("common.newestEntries")}
          </Link>
        ) : (
          <span />
        )}
        {history.nextBeforeId !== null ? (
          <Link to={`/admin/reports?before=${history.nextBeforeId}`} className={buttonClasses.secondary}>
            {t("common.olderEntries")} ›
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
