// An import run's status → the spec's Başarılı / Hata badge (running and cancelled runs say so).
const STATUS: Record<string, { label: string; className: string }> = {
  succeeded: { label: "Başarılı", className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100" },
  failed: { label: "Hata", className: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100" },
  running: { label: "Sürüyor", className: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100" },
  queued: { label: "Sırada", className: "bg-slate-100 text-slate-900 dark:bg-slate-700 dark:text-slate-100" },
  cancelled: { label: "İptal edildi", className: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100" },
};

export function ReportStatus({ status }: { status: string }) {
  const shown = STATUS[status] ?? { label: status, className: "bg-slate-100 text-slate-900" };
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${shown.className}`}>{shown.label}</span>;
}

/** "2026-11-21T21:54:00Z" → "2026-11-21 21:54 UTC"; the spec's text when the time is missing. */
export function formatRunTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "Tarih bilinmiyor";
}

/** Seconds between two ISO times, or null. */
export function runSeconds(startedAt: string | null, finishedAt: string | null): number | null {
  if (!startedAt || !finishedAt) return null;
  return Math.max(0, (Date.parse(finishedAt) - Date.parse(startedAt)) / 1000);
}
