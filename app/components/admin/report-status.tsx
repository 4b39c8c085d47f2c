// An import run's status → the spec's Başarılı / Hata badge (running, queued, cancelled, interrupted and discarded runs
// say so), and its start time and duration in the admin's language.
import { useAdminText, type AdminTextKey } from "./admin-i18n";
import { Badge } from "./admin-ui";

const STATUS: Record<string, { text: AdminTextKey; tone: "green" | "red" | "brand" | "slate" | "amber" }> = {
  succeeded: { text: "dashboard.success", tone: "green" },
  failed: { text: "dashboard.failure", tone: "red" },
  running: { text: "reports.status.running", tone: "brand" },
  queued: { text: "reports.status.queued", tone: "slate" },
  cancelled: { text: "reports.status.cancelled", tone: "amber" },
  interrupted: { text: "reports.status.interrupted", tone: "red" },
  discarded: { text: "reports.status.discarded", tone: "slate" },
};

export function ReportStatus({ status }: { status: string }) {
  const { t } = useAdminText();
  const shown = STATUS[status];
  return shown ? <Badge tone={shown.tone}>{t(shown.text)}</Badge> : <Badge tone="slate">{status}</Badge>;
}

/** Seconds between two ISO times, or null. */
export function runSeconds(startedAt: string | null, finishedAt: string | null): number | null {
  if (!startedAt || !finishedAt) return null;
  return Math.max(0, (Date.parse(finishedAt) - Date.parse(startedAt)) / 1000);
}

/** "21 Nov 2026, 21:54 UTC · admin panel (admin) · 1.2 s": when, from where and how long, the spec's text when the time is missing. */
export function useRunLine() {
  const { t, formatDateTime, formatNumber } = useAdminText();
  return (run: { startedAt: string | null; finishedAt: string | null; origin: string; createdBy: string | null }) => {
    const seconds = runSeconds(run.startedAt, run.finishedAt);
    const origin =
      run.origin === "admin"
        ? run.createdBy
          ? t("reports.originAdminBy", { name: run.createdBy })
          : t("reports.originAdmin")
        : t("reports.originCli");
    return [
      run.startedAt ? formatDateTime(run.startedAt) : t("dashboard.unknownDate"),
      origin,
      seconds === null ? null : t("dashboard.seconds", { seconds: formatNumber(seconds, 1) }),
    ]
      .filter(Boolean)
      .join(" · ");
  };
}
