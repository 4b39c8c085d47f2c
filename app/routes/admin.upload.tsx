// /admin/upload: pick or drop .xlsx/.xls/.csv files (150 MB each), choose the batch size, send them one after another
// and watch each file's rows being committed live; every file ends with its report, the batch with a toast.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type DragEvent } from "react";
import { useServerText } from "~/components/admin/server-text";
import { useAdminText } from "~/components/admin/admin-i18n";
import { AdminIcon } from "~/components/admin/admin-icons";
import { AdminCard, adminMeta, buttonClasses, inputClasses, OptionCheckbox, PageHeader } from "~/components/admin/admin-ui";
import { useAdminToast } from "~/components/admin/admin-toast";
import { UploadReport } from "~/components/admin/upload-report";
import {
  checkUploadFile,
  DEFAULT_UPLOAD_OPTIONS,
  PAUSE_BETWEEN_FILES_MS,
  sendUpload,
  type BatchUploadResult,
  type UploadOptions,
  type UploadProgress,
} from "~/components/admin/upload-send";
import { useAdminSession } from "~/components/admin/use-admin-session";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getUploadRules } from "~/models/admin-upload.server";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "upload.title");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json({ rules: getUploadRules() }, { headers: { "Cache-Control": NO_STORE } });
}

interface QueuedFile {
  id: string;
  file: File;
  state: "waiting" | "sending" | "done";
  progress?: UploadProgress;
  result?: BatchUploadResult;
}

function ProgressLine({ progress }: { progress: UploadProgress }) {
  const { t, formatNumber, formatPercent } = useAdminText();
  const uploading = progress.phase === "uploading";
  // Importing: the share of the file's bytes the committed rows reach (the server's progress lines say it).
  const share = uploading ? progress.sent : progress.imported;
  const percent = share === undefined ? undefined : Math.floor(share * 100);
  return (
    <div className="mt-2" data-testid="upload-progress">
      <p className="text-sm text-slate-800 dark:text-slate-200" aria-live="polite">
        {uploading
          ? t("upload.progressSending", { percent: formatPercent(percent ?? 0, 0) })
          : percent === undefined
            ? t("upload.progressRows", { count: formatNumber(progress.committedRows) })
            : t("upload.progressImporting", { percent: formatPercent(percent, 0), count: formatNumber(progress.committedRows) })}
      </p>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        role="progressbar"
        aria-label={t("upload.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={`h-full rounded-full bg-brand-600 transition-all ${percent === undefined ? "animate-pulse" : ""}`}
          style={{ width: percent === undefined ? "100%" : `${percent}%` }}
        />
      </div>
    </div>
  );
}

export default function AdminUploadPage() {
  const { rules } = useLoaderData<typeof loader>();
  const { csrfToken } = useAdminSession();
  const { t, formatBytes, formatNumber } = useAdminText();
  const serverText = useServerText();
  const toast = useAdminToast();
  const revalidator = useRevalidator();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [batchSize, setBatchSize] = useState(rules.defaultBatchSize);
  const [uploadOptions, setUploadOptions] = useState<UploadOptions>(DEFAULT_UPLOAD_OPTIONS);
  const setOption = <K extends keyof UploadOptions>(key: K, value: UploadOptions[K]) => setUploadOptions((current) => ({ ...current, [key]: value }));
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);

  function addFiles(list: FileList | null) {
    if (!list) return;
    const accepted: QueuedFile[] = [];
    for (const file of Array.from(list)) {
      const check = checkUploadFile(file, rules);
      if (!check.ok) {
        const [title, description] =
          check.reason === "tooLarge"
            ? (["upload.tooLarge", "upload.tooLargeText"] as const)
            : (["upload.invalidType", "upload.invalidTypeText"] as const);
        toast.show({
          title: t(title),
          description: t(description, { file: file.name }),
          variant: "destructive",
        });
        continue;
      }
      accepted.push({
        id: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
        file,
        state: "waiting",
      });
    }
    // A new selection after a finished batch starts a fresh list.
    setQueue((current) => [...current.filter((entry) => entry.state === "waiting"), ...accepted]);
    if (input.current) input.current.value = "";
  }

  const update = (id: string, changes: Partial<QueuedFile>) =>
    setQueue((current) => current.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry)));

  async function uploadAll() {
    const pending = queue.filter((entry) => entry.state === "waiting");
    if (pending.length === 0) return;
    setUploading(true);
    let succeeded = 0;
    let warnings = 0;
    let rejected = 0;
    let importable = 0;
    for (const [index, entry] of pending.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_FILES_MS));
      update(entry.id, {
        state: "sending",
        progress: {
          phase: "uploading",
          sent: 0,
          rowsRead: 0,
          committedRows: 0,
        },
      });
      const result = await sendUpload(entry.file, {
        batchSize,
        fileIndex: index,
        totalFiles: pending.length,
        uploadOptions,
        csrfToken,
        text: {
          failedFor: (file, detail) => t("upload.failedFor", { file, detail }),
          network: t("upload.networkError"),
          timeout: t("upload.timeout"),
          noResult: t("upload.noResult"),
          describe: serverText.code,
        },
        onProgress: (progress) => update(entry.id, { progress }),
      });
      if (result.success) succeeded++;
      warnings += result.warningCount ?? 0;
      rejected += result.errorCount ?? 0;
      importable += result.successCount ?? 0;
      update(entry.id, { state: "done", result });
    }
    setUploading(false);
    // Ignored cells kept their stored values: the toast says how many, so they are not only in the run report.
    const warningText = warnings > 0 ? ` ${t("upload.warningsText", { count: formatNumber(warnings) })}` : "";
    // A file that imported is still not a clean success when some of its rows were refused: the toast says so.
    const rejectedText = rejected > 0 ? t("upload.rejectedText", { count: formatNumber(rejected) }) : "";
    if (uploadOptions.dryRun && succeeded === pending.length)
      toast.show({
        title: t("upload.validated"),
        description: t("upload.validatedText", { rows: formatNumber(importable), rejected: formatNumber(rejected) }) + warningText,
        variant: rejected > 0 ? "default" : "success",
      });
    else if (succeeded === pending.length && rejected > 0)
      toast.show({
        title: t("upload.doneRejected"),
        description: t("upload.doneText", { count: pending.length }) + rejectedText + warningText,
        variant: "default",
      });
    else if (succeeded === pending.length)
      toast.show({
        title: t("upload.done"),
        description: t("upload.doneText", { count: pending.length }) + warningText,
        variant: "success",
      });
    else if (succeeded > 0)
      toast.show({
        title: t("upload.partial"),
        description:
          t("upload.partialText", {
            succeeded,
            total: pending.length,
          }) + warningText,
        variant: "default",
      });
    else
      toast.show({
        title: t("upload.failed"),
        description: t("upload.failedText"),
        variant: "destructive",
      });
    revalidator.revalidate();
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) addFiles(event.dataTransfer.files);
  };

  const waiting = queue.filter((entry) => entry.state === "waiting").length;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={t("upload.title")}
        subtitle={t("upload.subtitle")}
        actions={
          <a href="/admin/upload/template.csv" download className={buttonClasses.secondary}>
            <AdminIcon name="copy" className="h-4 w-4" />
            {t("upload.template")}
          </a>
        }
      />

      <AdminCard>
        <div className="space-y-4">
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-10 text-center transition focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2 ${
              dragging
                ? "border-brand-600 bg-brand-50 dark:bg-slate-800"
                : "border-slate-300 hover:border-brand-500 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60"
            }`}
            data-testid="upload-drop-zone"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-200">
              <AdminIcon name="upload" className="h-6 w-6" />
            </span>
            <span className="mt-3 text-base font-semibold text-slate-900 dark:text-white">{t("upload.dropTitle")}</span>
            <span className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("upload.dropHint")}</span>
            <input
              ref={input}
              id={inputId}
              type="file"
              multiple
              accept={rules.extensions.join(",")}
              disabled={uploading}
              onChange={(event) => addFiles(event.target.files)}
              className="sr-only"
            />
          </label>

          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <label htmlFor="upload-batch-size" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                {t("upload.batchSize")}
              </label>
              <select
                id="upload-batch-size"
                value={batchSize}
                disabled={uploading}
                onChange={(event) => setBatchSize(Number(event.target.value))}
                className={`mt-1 ${inputClasses}`}
              >
                {rules.batchSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="w-full space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
              <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">{t("upload.options")}</legend>
              <OptionCheckbox
                label={t("upload.dryRun")}
                checked={uploadOptions.dryRun}
                disabled={uploading}
                onChange={(checked) => setOption("dryRun", checked)}
              />
              <OptionCheckbox
                label={t("upload.testData")}
                checked={uploadOptions.testData}
                disabled={uploading}
                onChange={(checked) => setOption("testData", checked)}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor="upload-on-duplicate" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                    {t("upload.onDuplicate")}
                  </label>
                  <select
                    id="upload-on-duplicate"
                    value={uploadOptions.onDuplicate}
                    disabled={uploading}
                    onChange={(event) => setOption("onDuplicate", event.target.value === "skip" ? "skip" : "update")}
                    className={`mt-1 w-full ${inputClasses}`}
                  >
                    <option value="update">{t("upload.onDuplicate.update")}</option>
                    <option value="skip">{t("upload.onDuplicate.skip")}</option>
                  </select>
                </div>
                <div>
                  <label htmlFor="upload-interrupted" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                    {t("upload.interrupted")}
                  </label>
                  <select
                    id="upload-interrupted"
                    value={uploadOptions.interrupted}
                    disabled={uploading || uploadOptions.dryRun}
                    onChange={(event) => setOption("interrupted", event.target.value === "restart" ? "restart" : "resume")}
                    className={`mt-1 w-full ${inputClasses}`}
                  >
                    <option value="resume">{t("upload.interrupted.resume")}</option>
                    <option value="restart">{t("upload.interrupted.restart")}</option>
                  </select>
                </div>
              </div>
            </fieldset>
            <button type="button" onClick={uploadAll} disabled={uploading || waiting === 0} className={buttonClasses.primary}>
              {uploading ? t("upload.sending") : waiting > 1 ? t("upload.sendMany", { count: waiting }) : t("upload.send")}
            </button>
          </div>
        </div>
      </AdminCard>

      {queue.length > 0 ? (
        <section aria-label={t("upload.files")} className="space-y-3">
          {queue.map((entry) =>
            entry.state === "done" && entry.result ? (
              <UploadReport key={entry.id} fileName={entry.file.name} result={entry.result} />
            ) : (
              <div key={entry.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-all font-medium text-slate-900 dark:text-white">{entry.file.name}</p>
                    <p className="text-xs text-slate-700 dark:text-slate-300">{formatBytes(entry.file.size)}</p>
                  </div>
                  {entry.state === "waiting" && !uploading ? (
                    <button
                      type="button"
                      onClick={() => setQueue((current) => current.filter((item) => item.id !== entry.id))}
                      className="rounded-md px-2 py-1 text-sm text-red-800 hover:bg-red-50 dark:text-red-200 dark:hover:bg-red-950"
                    >
                      {t("upload.remove")}
                      <span className="sr-only"> {entry.file.name}</span>
                    </button>
                  ) : (
                    <span className="text-xs font-medium text-slate-700 dark:text-slate-300">
                      {entry.state === "waiting" ? t("upload.queued") : t("upload.processing")}
                    </span>
                  )}
                </div>
                {entry.state === "sending" && entry.progress ? <ProgressLine progress={entry.progress} /> : null}
              </div>
            ),
          )}
        </section>
      ) : null}
    </div>
  );
}
