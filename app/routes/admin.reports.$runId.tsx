// /admin/reports/{runId}: one import run's stored report (spec's batch result and dashboard figures), its row issues
// and the rejected-rows CSV download; an interrupted run offers Resume and Discard (page actions with the CSRF field).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useAdminText, type AdminTextKey } from "~/components/admin/admin-i18n";
import { AdminIcon } from "~/components/admin/admin-icons";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminCard, adminMeta, buttonClasses } from "~/components/admin/admin-ui";
import { ReportStatus, useRunLine } from "~/components/admin/report-status";
import { FieldRatesCard, type FieldRatesView } from "~/components/admin/field-rates-card";
import { UploadReport } from "~/components/admin/upload-report";
import type { BatchUploadResult } from "~/components/admin/upload-send";
import { useServerText } from "~/components/admin/server-text";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminMutation, requireAdminPage } from "~/models/admin-auth.server";
import {
  discardRunAsAdmin,
  getImportRunReport,
  parseRunAction,
  parseRunId,
  REPORT_ISSUES_SHOWN,
  resumeRunAsAdmin,
} from "~/models/admin-reports.server";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  adminMeta(matches, "run.title", { id: data?.run.id ?? "", file: data?.run.fileName ?? "" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json({ ...(await getImportRunReport(parseRunId(params))), issuesShown: REPORT_ISSUES_SHOWN }, { headers: { "Cache-Control": NO_STORE } });
}

/** POST intent=resume|discard on an interrupted run; a refusal (409) comes back as data for the page to show. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const admin = await requireAdminMutation(request, form);
  const runId = parseRunId(params);
  const intent = parseRunAction(form);
  try {
    const result = intent === "resume" ? await resumeRunAsAdmin(admin, runId) : await discardRunAsAdmin(admin, runId);
    return json({ success: true as const, intent, ...result }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof Response && error.status === 409) return error;
    throw error;
  }
}

/** While a run is running, its page refreshes itself at the dashboard's pace (spec: reports polled every 5 s). */
const RUNNING_REFRESH_MS = 5000;

const SEVERITY: Record<string, AdminTextKey> = {
  rejected: "run.severity.rejected",
  skipped: "run.severity.skipped",
  warning: "run.severity.warning",
};

export default function AdminReportPage() {
  const { run, fileKept, counts, issues, issuesShown } = useLoaderData<typeof loader>();
  const refusal = useActionData<{ success?: boolean; code?: string; message?: string }>();
  const serverText = useServerText();
  const { csrfToken } = useAdminSession();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { t, formatNumber } = useAdminText();
  const busy = navigation.state !== "idle";
  const running = run.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, RUNNING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const runLine = useRunLine();
  const severityText = (severity: string) => {
    const key = SEVERITY[severity];
    return key ? t(key) : severity;
  };
  const stored = (run.report as { batch?: BatchUploadResult } | null)?.batch;
  // The stored report is the CLI's (English sentences): the page words it from the run's counts and issue codes.
  const batch: BatchUploadResult | undefined = stored && {
    ...stored,
    messageCode: run.totalRows === 0 ? "NO_DATA_ROWS" : "IMPORTED",
    messageParams: {
      total: run.totalRows,
      inserted: run.inserted,
      updated: run.updated,
      unchanged: run.unchanged,
      suppressed: stored.suppressedCount ?? 0,
      skipped: run.skipped,
      rejected: run.rejected,
    },
    rejections: issues
      .filter((issue) => issue.severity === "rejected")
      .map((issue) => ({ line: issue.lineNumber, field: issue.field, code: issue.code })),
  };
  const dashboard = (run.report as { dashboard?: { summary: { fileSizeMB: number } } } | null)?.dashboard;
  const fieldRates = (run.report as { fieldRates?: FieldRatesView } | null)?.fieldRates;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <nav aria-label={t("run.breadcrumb")}>
        <Link to="/admin/reports" className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
          {t("run.back")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-all text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t("run.title", { id: run.id, file: run.fileName })}
          </h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {runLine(run)}
            {dashboard ? ` · ${formatNumber(dashboard.summary.fileSizeMB, 2)} MB` : ""}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ReportStatus status={run.status} />
          {counts.rejected > 0 ? (
            <a href={`/admin/reports/${run.id}/rejected.csv`} download className={buttonClasses.primary}>
              <AdminIcon name="copy" className="h-4 w-4" />
              {t("run.rejectedCsv", { count: formatNumber(counts.rejected) })}
            </a>
          ) : null}
        </div>
      </div>
      {run.status === "interrupted" ? (
        <AdminCard title={t("run.interrupted.title")} description={t("run.interrupted.text", { line: formatNumber(run.committedThroughRow) })}>
          <p className="text-sm text-slate-800 dark:text-slate-200" data-testid="interrupted-next">
            {fileKept
              ? t("run.interrupted.kept", { line: formatNumber(run.committedThroughRow) })
              : run.origin === "cli"
                ? t("run.interrupted.cli", { line: formatNumber(run.committedThroughRow) })
                : t("run.interrupted.notKept", { line: formatNumber(run.committedThroughRow) })}
            {!fileKept && run.origin !== "cli" ? (
              <>
                {" "}
                <Link to="/admin/upload" className="font-medium text-brand-700 underline dark:text-brand-300">
                  {t("run.uploadLink")}
                </Link>
              </>
            ) : null}
          </p>
          {refusal && refusal.success === false && (refusal.code || refusal.message) ? (
            <p
              role="alert"
              className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {refusal.code ? serverText.code(refusal.code) : refusal.message}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            {fileKept ? (
              <Form method="post">
                <input type="hidden" name="_csrf" value={csrfToken} />
                <button type="submit" name="intent" value="resume" className={buttonClasses.primary} disabled={busy}>
                  {busy && navigation.formData?.get("intent") === "resume" ? t("run.resuming") : t("run.resume")}
                </button>
              </Form>
            ) : null}
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(t("run.discardConfirm", { id: run.id }))) event.preventDefault();
              }}
            >
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" name="intent" value="discard" className={buttonClasses.secondary} disabled={busy}>
                {t("run.discard")}
              </button>
            </Form>
          </div>
        </AdminCard>
      ) : run.status === "discarded" ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          {t("run.discardedText", { line: formatNumber(run.committedThroughRow) })}
        </p>
      ) : running ? (
        <p
          className="rounded-lg border border-brand-300 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100"
          aria-live="polite"
        >
          {t("run.runningText", { count: formatNumber(run.committedThroughRow) })}
        </p>
      ) : run.error ? (
        <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {serverText.codedText(run.error, { file: run.fileName })}
        </p>
      ) : null}
      {batch ? (
        <UploadReport fileName={run.fileName} result={batch} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("run.noReport", { count: formatNumber(run.committedThroughRow) })}</p>
      )}
      {fieldRates ? <FieldRatesCard rates={fieldRates} /> : null}
      <AdminCard
        title={t("run.issues")}
        description={
          t("run.issueCounts", {
            rejected: formatNumber(counts.rejected),
            skipped: formatNumber(counts.skipped),
            warning: formatNumber(counts.warning),
          }) + (counts.rejected + counts.skipped + counts.warning > issuesShown ? t("run.issuesFirst", { count: issuesShown }) : "")
        }
      >
        {issues.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("run.noIssues")}</p>
        ) : (
          <AdminTable
            label={t("run.issuesTable")}
            look="compact"
            minWidthClass="min-w-[32rem]"
            columns={[{ label: t("run.line") }, { label: t("run.kind") }, { label: t("run.field") }, { label: t("run.reason") }]}
          >
            {issues.map((issue) => (
              <tr key={issue.id} className="align-top text-slate-800 dark:text-slate-200">
                <td className="py-2 pr-3 tabular-nums">{issue.lineNumber}</td>
                <td className="py-2 pr-3">{severityText(issue.severity)}</td>
                <td className="py-2 pr-3 text-xs">{issue.field ? serverText.fieldName(issue.field) : "—"}</td>
                <td className="break-words py-2">{serverText.issue({ code: issue.code })}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>
    </div>
  );
}
