// /admin/reports/{runId}: one import run's stored report (spec's batch result and dashboard figures), its row issues
// and the rejected-rows CSV download.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatRunTime, ReportStatus } from "~/components/admin/report-status";
import { UploadReport } from "~/components/admin/upload-report";
import type { BatchUploadResult } from "~/components/admin/upload-send";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getImportRunReport, parseRunId, REPORT_ISSUES_SHOWN } from "~/models/admin-reports.server";
import { formatInteger } from "~/utils/format";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Rapor #${data?.run.id ?? ""} · Yönetim` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json({ ...(await getImportRunReport(parseRunId(params))), issuesShown: REPORT_ISSUES_SHOWN }, { headers: { "Cache-Control": "no-store" } });
}

const SEVERITY: Record<string, string> = { rejected: "Reddedildi", skipped: "Atlandı", warning: "Uyarı" };

export default function AdminReportPage() {
  const { run, counts, issues, issuesShown } = useLoaderData<typeof loader>();
  const batch = (run.report as { batch?: BatchUploadResult } | null)?.batch;
  const dashboard = (run.report as { dashboard?: { summary: { processingTimeSeconds: number; fileSizeMB: number } } } | null)?.dashboard;
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <nav aria-label="Konum">
        <Link to="/admin/reports" className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
          ‹ Tüm raporlar
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-all text-2xl font-bold text-slate-900 dark:text-white">
            Rapor #{run.id}: {run.fileName}
          </h1>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {formatRunTime(run.startedAt)} · {run.origin === "admin" ? `yönetim paneli${run.createdBy ? ` (${run.createdBy})` : ""}` : "CLI"}
            {dashboard ? ` · ${dashboard.summary.fileSizeMB} MB · ${dashboard.summary.processingTimeSeconds} s` : ""}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ReportStatus status={run.status} />
          {counts.rejected > 0 ? (
            <a href={`/admin/reports/${run.id}/rejected.csv`} download className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Reddedilen satırlar (CSV, {formatInteger(counts.rejected)})
            </a>
          ) : null}
        </div>
      </div>
      {run.error ? <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">{run.error}</p> : null}
      {batch ? (
        <UploadReport fileName={run.fileName} result={batch} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">Bu çalıştırmanın raporu henüz yok ({formatInteger(run.committedThroughRow)} satır işlendi).</p>
      )}
      <section aria-labelledby="issues" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800">
        <h2 id="issues" className="text-base font-semibold text-slate-900 dark:text-white">
          Satır sorunları
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {formatInteger(counts.rejected)} reddedildi · {formatInteger(counts.skipped)} atlandı · {formatInteger(counts.warning)} uyarı
          {counts.rejected + counts.skipped + counts.warning > issuesShown ? ` (ilk ${issuesShown} gösteriliyor)` : ""}
        </p>
        {issues.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">Sorun yok.</p>
        ) : (
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Satır sorunları tablosu">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="text-xs uppercase text-slate-700 dark:text-slate-300">
                <tr>
                  <th scope="col" className="py-2 pr-3">Satır</th>
                  <th scope="col" className="py-2 pr-3">Tür</th>
                  <th scope="col" className="py-2 pr-3">Alan</th>
                  <th scope="col" className="py-2">Neden</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {issues.map((issue) => (
                  <tr key={issue.id} className="align-top text-slate-800 dark:text-slate-200">
                    <td className="py-2 pr-3 tabular-nums">{issue.lineNumber}</td>
                    <td className="py-2 pr-3">{SEVERITY[issue.severity] ?? issue.severity}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{issue.field ?? "—"}</td>
                    <td className="py-2 break-words">{issue.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
