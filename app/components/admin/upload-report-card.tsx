// One dashboard upload report → a card with the Başarılı/Hata badge, file facts, written/skipped split and duplicates.
import { useAdminText } from "./admin-i18n";
import { Badge } from "./admin-ui";

export interface UploadReportView {
  runId: number;
  success: boolean;
  timestamp: string | null;
  summary: { fileName: string; fileSizeMB: number; processingTimeSeconds: number; totalRecords: number };
  results: { updated: number; skipped: number; updateRate: number; skipRate: number };
  duplicateAnalysis: { totalDuplicateRecords: number; duplicateRate: number };
}

export function UploadReportCard({ report }: { report: UploadReportView }) {
  const { t, formatNumber, formatDateTime, formatPercent } = useAdminText();
  return (
    <li className="list-none rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900 dark:text-white" title={report.summary.fileName}>
            {report.summary.fileName}
          </p>
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
            {report.timestamp ? formatDateTime(report.timestamp) : t("dashboard.unknownDate")} · {formatNumber(report.summary.fileSizeMB, 2)} MB ·{" "}
            {t("dashboard.seconds", { seconds: formatNumber(report.summary.processingTimeSeconds, 1) })}
          </p>
        </div>
        <Badge tone={report.success ? "green" : "red"}>{report.success ? t("dashboard.success") : t("dashboard.failure")}</Badge>
      </div>
      <div className="mt-3 flex h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
        <div className="bg-emerald-500" style={{ width: `${report.results.updateRate}%` }} />
        <div className="bg-amber-400" style={{ width: `${report.results.skipRate}%` }} />
      </div>
      <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        <li>{t("dashboard.records", { count: formatNumber(report.summary.totalRecords) })}</li>
        <li className="text-emerald-800 dark:text-emerald-300">
          {t("dashboard.written", { count: formatNumber(report.results.updated), rate: formatPercent(report.results.updateRate) })}
        </li>
        <li className="text-amber-800 dark:text-amber-300">
          {t("dashboard.skipped", { count: formatNumber(report.results.skipped), rate: formatPercent(report.results.skipRate) })}
        </li>
        <li>
          {t("dashboard.duplicates", {
            count: formatNumber(report.duplicateAnalysis.totalDuplicateRecords),
            rate: formatPercent(report.duplicateAnalysis.duplicateRate),
          })}
        </li>
      </ul>
    </li>
  );
}
