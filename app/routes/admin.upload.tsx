// /admin/upload: pick or drop .xlsx/.xls/.csv files (150 MB each), choose the batch size, send them one after another
// and watch each file's rows being committed live; every file ends with its report, the batch with a toast.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useId, useRef, useState, type DragEvent } from "react";
import { AdminToastProvider, useAdminToast } from "~/components/admin/business-toast";
import { UploadReport } from "~/components/admin/upload-report";
import { checkUploadFile, PAUSE_BETWEEN_FILES_MS, sendUpload, type BatchUploadResult, type UploadProgress } from "~/components/admin/upload-send";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getUploadRules } from "~/models/admin-upload.server";
import { formatInteger } from "~/utils/format";

export const meta: MetaFunction = () => [{ title: "Excel/CSV yükleme · Yönetim" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return json({ rules: getUploadRules() }, { headers: { "Cache-Control": "no-store" } });
}

interface QueuedFile {
  id: string;
  file: File;
  state: "waiting" | "sending" | "done";
  progress?: UploadProgress;
  result?: BatchUploadResult;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function ProgressLine({ progress }: { progress: UploadProgress }) {
  const uploading = progress.phase === "uploading";
  const percent = Math.round(progress.sent * 100);
  return (
    <div className="mt-2" data-testid="upload-progress">
      <p className="text-sm text-slate-800 dark:text-slate-200" aria-live="polite">
        {uploading ? `Yükleniyor… %${percent}` : `İçe aktarılıyor… ${formatInteger(progress.committedRows)} satır işlendi`}
      </p>
      <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" role="progressbar" aria-label="Yükleme ilerlemesi" aria-valuemin={0} aria-valuemax={100} aria-valuenow={uploading ? percent : undefined}>
        <div className={`h-full rounded-full bg-brand-600 transition-all ${uploading ? "" : "animate-pulse"}`} style={{ width: uploading ? `${percent}%` : "100%" }} />
      </div>
    </div>
  );
}

function UploadScreen() {
  const { rules } = useLoaderData<typeof loader>();
  const admin = useRouteLoaderData<{ csrfToken: string }>("routes/admin");
  const toast = useAdminToast();
  const revalidator = useRevalidator();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [batchSize, setBatchSize] = useState(rules.defaultBatchSize);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);

  function addFiles(list: FileList | null) {
    if (!list) return;
    const accepted: QueuedFile[] = [];
    for (const file of Array.from(list)) {
      const check = checkUploadFile(file, rules);
      if (!check.ok) {
        toast({ title: check.title, description: check.description, variant: "destructive" });
        continue;
      }
      accepted.push({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, state: "waiting" });
    }
    // A new selection after a finished batch starts a fresh list.
    setQueue((current) => [...current.filter((entry) => entry.state === "waiting"), ...accepted]);
    if (input.current) input.current.value = "";
  }

  const update = (id: string, changes: Partial<QueuedFile>) => setQueue((current) => current.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry)));

  async function uploadAll() {
    const pending = queue.filter((entry) => entry.state === "waiting");
    if (pending.length === 0) return;
    setUploading(true);
    let succeeded = 0;
    for (const [index, entry] of pending.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_FILES_MS));
      update(entry.id, { state: "sending", progress: { phase: "uploading", sent: 0, rowsRead: 0, committedRows: 0 } });
      const result = await sendUpload(entry.file, {
        batchSize,
        fileIndex: index,
        totalFiles: pending.length,
        csrfToken: admin?.csrfToken ?? "",
        onProgress: (progress) => update(entry.id, { progress }),
      });
      if (result.success) succeeded++;
      update(entry.id, { state: "done", result });
    }
    setUploading(false);
    if (succeeded === pending.length) toast({ title: "Yükleme tamamlandı", description: `${pending.length} dosyanın tamamı başarıyla yüklendi.`, variant: "success" });
    else if (succeeded > 0) toast({ title: "Kısmi başarı", description: `${succeeded}/${pending.length} dosya yüklendi.`, variant: "default" });
    else toast({ title: "Yükleme hatası", description: "Hiçbir dosya yüklenemedi; dosya raporlarına bakın.", variant: "destructive" });
    revalidator.revalidate();
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) addFiles(event.dataTransfer.files);
  };

  const waiting = queue.filter((entry) => entry.state === "waiting").length;

  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Excel/CSV yükleme</h1>
          <p className="text-sm text-slate-700 dark:text-slate-300">.xlsx, .xls ve .csv dosyaları; dosya başına en fazla 150 MB.</p>
        </div>
        <a href="/admin/upload/template.csv" download className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
          Örnek şablonu indir
        </a>
      </div>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-10 text-center transition focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2 ${
            dragging ? "border-brand-600 bg-brand-50 dark:bg-slate-700" : "border-slate-300 hover:border-brand-500 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-700/50"
          }`}
          data-testid="upload-drop-zone"
        >
          <span aria-hidden className="text-3xl">
            ⇪
          </span>
          <span className="mt-2 text-base font-semibold text-slate-900 dark:text-white">Dosyaları buraya sürükleyin veya seçmek için tıklayın</span>
          <span className="mt-1 text-sm text-slate-700 dark:text-slate-300">Birden fazla dosya seçebilirsiniz; sırayla yüklenirler.</span>
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
              Grup boyutu (kayıt)
            </label>
            <select
              id="upload-batch-size"
              value={batchSize}
              disabled={uploading}
              onChange={(event) => setBatchSize(Number(event.target.value))}
              className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            >
              {rules.batchSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={uploadAll}
            disabled={uploading || waiting === 0}
            className="rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400"
          >
            {uploading ? "Yükleniyor..." : waiting > 1 ? `${waiting} dosyayı yükle` : "Yükle"}
          </button>
        </div>
      </section>

      {queue.length > 0 ? (
        <section aria-label="Dosyalar" className="space-y-3">
          {queue.map((entry) =>
            entry.state === "done" && entry.result ? (
              <UploadReport key={entry.id} fileName={entry.file.name} result={entry.result} />
            ) : (
              <div key={entry.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800">
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-all font-medium text-slate-900 dark:text-white">{entry.file.name}</p>
                    <p className="text-xs text-slate-700 dark:text-slate-300">{formatSize(entry.file.size)}</p>
                  </div>
                  {entry.state === "waiting" && !uploading ? (
                    <button
                      type="button"
                      onClick={() => setQueue((current) => current.filter((item) => item.id !== entry.id))}
                      className="rounded-md px-2 py-1 text-sm text-red-800 hover:bg-red-50 dark:text-red-200 dark:hover:bg-red-950"
                    >
                      Kaldır<span className="sr-only"> {entry.file.name}</span>
                    </button>
                  ) : (
                    <span className="text-xs font-medium text-slate-700 dark:text-slate-300">{entry.state === "waiting" ? "Sırada" : "İşleniyor"}</span>
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

export default function AdminUploadPage() {
  return (
    <AdminToastProvider>
      <UploadScreen />
    </AdminToastProvider>
  );
}
