// One uploaded file's result → a report card: counts, up to 5 errors and 5 skipped names with "... and N more",
// the column extraction (N of 23) and the duplicate analysis; shared by the upload page and the run report page.
import { Link } from "@remix-run/react";
import { formatInteger } from "~/utils/format";
import type { BatchUploadResult } from "./upload-send";

export const REPORT_SAMPLE = 5;

/** The first 5 entries and a '... and N more' line; the server's own "... and N more" entry counts the rest already. */
export function sampleList(items: readonly string[], total: number): string[] {
  const real = items.filter((item) => !item.startsWith("... and "));
  const shown = real.slice(0, REPORT_SAMPLE);
  const rest = total - shown.length;
  return rest > 0 ? [...shown, `... and ${rest} more`] : shown;
}

function Stat({ label, value, tone = "text-slate-900 dark:text-white" }: { label: string; value: string | number; tone?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-900/60">
      <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className={`text-lg font-bold tabular-nums ${tone}`}>{typeof value === "number" ? formatInteger(value) : value}</dd>
    </div>
  );
}

export function UploadReport({ fileName, result }: { fileName: string; result: BatchUploadResult }) {
  const extraction = result.columnExtraction;
  const duplicates = result.duplicateAnalysis;
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800" data-testid="upload-report">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-all text-base font-semibold text-slate-900 dark:text-white">{fileName}</h3>
          <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{result.message}</p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${result.success ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100" : "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100"}`}
        >
          {result.success ? "Başarılı" : "Hata"}
        </span>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="Toplam satır" value={result.totalRows} />
        <Stat label="Başarılı" value={result.successCount} tone="text-emerald-700 dark:text-emerald-300" />
        <Stat label="Hatalı" value={result.errorCount} tone={result.errorCount > 0 ? "text-red-700 dark:text-red-300" : undefined} />
        <Stat label="Atlanan" value={result.skippedCount} tone={result.skippedCount > 0 ? "text-amber-700 dark:text-amber-300" : undefined} />
      </dl>
      {extraction ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">
            Sütun çıkarımı: {extraction.extractedCount} / {extraction.totalColumns} ({extraction.extractionRate}%)
          </h4>
          <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, extraction.extractionRate)}%` }} />
          </div>
          <p className="mt-2 break-words text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium text-emerald-800 dark:text-emerald-300">Bulunan:</span> {extraction.successful.join(", ") || "—"}
          </p>
          <p className="mt-1 break-words text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium text-amber-800 dark:text-amber-300">Eksik:</span> {extraction.missing.join(", ") || "—"}
          </p>
        </section>
      ) : null}
      {duplicates ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-white">Tekrar analizi</h4>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label="place_id olan" value={duplicates.recordsWithPlaceId} />
            <Stat label="Veritabanında var" value={`${formatInteger(duplicates.databaseDuplicateCount)} (${duplicates.databaseDuplicateRate}%)`} />
            <Stat label="Yeni place_id" value={`${formatInteger(duplicates.newPlaceIdCount)} (${duplicates.newPlaceIdRate}%)`} />
            <Stat label="Dosya içi tekrar" value={duplicates.excelDuplicateCount} />
          </dl>
        </section>
      ) : null}
      {result.errorCount > 0 ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-red-800 dark:text-red-300">Hatalar</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-800 dark:text-slate-200">
            {sampleList(result.errors, result.errorCount).map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.skippedCount > 0 && result.skippedBusinesses.length > 0 ? (
        <section className="mt-4">
          <h4 className="text-sm font-semibold text-amber-800 dark:text-amber-300">Atlanan işletmeler</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-800 dark:text-slate-200">
            {sampleList(result.skippedBusinesses, result.skippedCount).map((line, index) => (
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
            İçe aktarma raporunu aç (#{result.runId})
          </Link>
        </p>
      ) : null}
    </article>
  );
}
