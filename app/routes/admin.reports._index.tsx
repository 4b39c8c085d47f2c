// /admin/reports: the import history (CLI and admin uploads), newest first, 25 per page, each run linking to its report.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatRunTime, ReportStatus, runSeconds } from "~/components/admin/report-status";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getImportHistory, parseReportsQuery } from "~/models/admin-reports.server";
import { formatInteger } from "~/utils/format";

export const meta: MetaFunction = () => [{ title: "Raporlar · Yönetim" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const { before } = parseReportsQuery(new URL(request.url).searchParams);
  return json({ history: await getImportHistory(before), paged: before !== undefined }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminReportsPage() {
  const { history, paged } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">İçe aktarma raporları</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">Her yükleme ve CLI içe aktarması; ayrıntılı rapor ve reddedilen satırlar için bir kayda tıklayın.</p>
      </div>
      {history.runs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300">
          Henüz içe aktarma yok. <Link to="/admin/upload" className="font-medium text-brand-700 underline dark:text-brand-300">Bir dosya yükleyin</Link>.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="report-list">
          {history.runs.map((run) => {
            const seconds = runSeconds(run.startedAt, run.finishedAt);
            return (
              <li key={run.id}>
                <Link
                  to={`/admin/reports/${run.id}`}
                  className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-400 hover:shadow dark:border-slate-700 dark:bg-slate-800"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="break-all font-semibold text-slate-900 dark:text-white">
                        #{run.id} · {run.fileName}
                      </p>
                      <p className="text-xs text-slate-700 dark:text-slate-300">
                        {formatRunTime(run.startedAt)} · {run.origin === "admin" ? `yönetim paneli${run.createdBy ? ` (${run.createdBy})` : ""}` : "CLI"}
                        {seconds !== null ? ` · ${seconds.toFixed(1)} s` : ""}
                      </p>
                    </div>
                    <ReportStatus status={run.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs sm:grid-cols-6">
                    {[
                      ["Satır", run.totalRows, "text-slate-900 dark:text-white"],
                      ["Yeni", run.inserted, "text-emerald-700 dark:text-emerald-300"],
                      ["Güncellenen", run.updated, "text-brand-700 dark:text-brand-300"],
                      ["Değişmeyen", run.unchanged, "text-slate-800 dark:text-slate-200"],
                      ["Atlanan", run.skipped, "text-amber-800 dark:text-amber-300"],
                      ["Reddedilen", run.rejected, "text-red-700 dark:text-red-300"],
                    ].map(([label, value, tone]) => (
                      <div key={label as string} className="rounded-lg bg-slate-50 px-2 py-1.5 dark:bg-slate-900/60">
                        <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
                        <dd className={`text-sm font-bold tabular-nums ${tone}`}>{formatInteger(value as number)}</dd>
                      </div>
                    ))}
                  </dl>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <nav aria-label="Rapor sayfaları" className="flex justify-between">
        {paged ? (
          <Link to="/admin/reports" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
            ‹ En yeniler
          </Link>
        ) : (
          <span />
        )}
        {history.nextBeforeId !== null ? (
          <Link to={`/admin/reports?before=${history.nextBeforeId}`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
            Daha eski ›
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
