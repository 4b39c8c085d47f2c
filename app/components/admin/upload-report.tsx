// One uploaded file's result → a report card: counts, up to 5 errors and 5 skipped names with "... and N more",
// the column extraction (N of 23) and the duplicate analysis; shared by the upload page and the run report page.
import { Link } from "@remix-run/react";
import { useAdminText } from "./admin-i18n";
import { Badge } from "./admin-ui";
import { useServerText } from "./server-text";
import type { BatchUploadResult } from "./upload-send";

export const REPORT_SAMPLE = 5;

/** The first 5 entries and a '... and N more' line (worded by `more`); the server's own "... and N more" entry is dropped. */
export function sampleList(items: readonly string[], total: number, more: (count: number) => string): string[] {
  // NOTE: the server's sample ends with its own English "... and N more" line; the count is redone from the total here.
  const real = items.filter((item) => !item.startsWith("... and "));
  const shown = real.slice(0, REPORT_SAMPLE);
  const rest = total - shown.length;
  return rest > 0 ? [...shown, more(rest)] : shown;
}

function Stat({ label, value, tone = "text-slate-900 dark:text-white" }: { label: string; value: string; tone?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className={`text-lg font-bold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/**
 * The result's sentence and error lines in the admin's language: a refusal by its code, an import by its counts,
 * rejected rows by their codes; the server's English text only for a result that carries none (older stored reports).
 */
function useReportText(fileName: string, result: BatchUploadResult) {
  const serverText = useServerText();
  const params = { file: fileName, ...result.params };
  const failure = result.code && !result.local ? serverText.code(result.code, params) : null;
  const message =
    failure ?? (result.messageCode && result.messageParams ? serverText.importCounts(result.messageParams, result.dryRun) : result.message);
  const errors = result.rejections
    ? result.rejections.map((rejection) => serverText.issue(rejection))
    : failure && result.errorCount === 1 && result.totalRows === 0
      ? [failure]
      : result.errors;
  const warnings = result.warningGroups ? serverText.warnings(result.warningCount ?? 0, result.warningGroups) : null;
  return { message, errors, warnings };
}

export function UploadReport({ fileName, result }: { fileName: string; result: BatchUploadResult }) {
  const { t, formatNumber, formatPercent } = useAdminText();
  const text = useReportText(fileName, result);
  const more = (count: number) => t("report.more", { count: formatNumber(count) });
  const withRate = (count: number, rate: number) => t("report.withRate", { count: formatNumber(count), rate: formatPercent(rate) });
  const extraction = result.columnExtraction;
  const duplicates = result.duplicateAnalysis;
  return (
    <article
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="upload-report"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-all text-base font-semibold text-slate-900 dark:text-white">{fileName}</h3>
          <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{text.message}</p>
          {result.dryRun ? (
            <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="upload-dry-run">
              {t("upload.dryRunReport")}
            </p>
          ) : null}
        </div>
        <Badge tone={result.success ? "green" : "red"}>{result.success ? t("dashboard.success") : t("dashboard.failure")}</Badge>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label={t("report.totalRows")} value={formatNumber(result.totalRows)} />
        <Stat label={t("report.succeeded")} value={formatNumber(result.successCount)} tone="text-emerald-700 dark:text-emerald-300" />
        <Stat
          label={t("report.errorRows")}
          value={formatNumber(result.errorCount)}
          tone={result.errorCount > 0 ? "text-red-700 dark:text-red-300" : undefined}
        />
        <Stat
          label={t("report.skippedRows")}
          value={formatNumber(result.skippedCount)}
          tone={result.skippedCount > 0 ? "text-amber-700 dark:text-amber-300" : undefined}
        />
        {result.suppressedCount ? (
          <Stat label={t("report.suppressed")} value={formatNumber(result.suppressedCount)} tone="text-amber-700 dark:text-amber-300" />
        ) : null}
      </dl>
      {result.hiddenDemoBusinesses ? (
        <p className="mt-3 text-sm font-medium text-slate-800 dark:text-slate-200" data-testid="upload-demo-hidden">
          {t("report.demoHidden", { count: formatNumber(result.hiddenDemoBusinesses) })}
        </p>
      ) : null}
      {extraction ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">
            {t("report.extraction", {
              count: extraction.extractedCount,
              total: extraction.totalColumns,
              rate: formatPercent(extraction.extractionRate),
            })}
          </h4>
          <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, extraction.extractionRate)}%` }} />
          </div>
          <p className="mt-2 break-words text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium text-emerald-800 dark:text-emerald-300">{t("report.found")}</span> {extraction.successful.join(", ") || "—"}
          </p>
          <p className="mt-1 break-words text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium text-amber-800 dark:text-amber-300">{t("report.missing")}</span> {extraction.missing.join(", ") || "—"}
          </p>
        </section>
      ) : null}
      {duplicates ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">{t("report.duplicates")}</h4>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label={t("report.withPlaceId")} value={formatNumber(duplicates.recordsWithPlaceId)} />
            <Stat label={t("report.inDatabase")} value={withRate(duplicates.databaseDuplicateCount, duplicates.databaseDuplicateRate)} />
            <Stat label={t("report.newPlaceId")} value={withRate(duplicates.newPlaceIdCount, duplicates.newPlaceIdRate)} />
            <Stat label={t("report.inFile")} value={formatNumber(duplicates.excelDuplicateCount)} />
          </dl>
        </section>
      ) : null}
      {result.errorCount > 0 ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-red-800 dark:text-red-300">{t("report.errors")}</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-800 dark:text-slate-200">
            {sampleList(text.errors, result.errorCount, more).map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.warningCount && text.warnings ? (
        <section className="mt-4" data-testid="upload-warnings">
          <h4 className="text-sm font-semibold text-amber-800 dark:text-amber-300">
            {t("report.warnings", { count: formatNumber(result.warningCount) })}
          </h4>
          <p className="mt-1 break-words text-xs text-slate-800 dark:text-slate-200">{text.warnings}</p>
        </section>
      ) : null}
      {result.skippedCount > 0 && result.skippedBusinesses.length > 0 ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-amber-800 dark:text-amber-300">{t("report.skippedBusinesses")}</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-800 dark:text-slate-200">
            {sampleList(result.skippedBusinesses, result.skippedCount, more).map((line, index) => (
              <li key={`${index}-${line}`} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.runId ? (
        <p className="mt-4 text-sm">
          <Link to={`/admin/reports/${result.runId}`} className="font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300">
            {t("report.openRun", { id: result.runId })}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
