// One file → POST /api/upload-excel-batch by XHR (upload bytes progress) asking for NDJSON, whose lines report rows
// committed while the server imports; resolves with the final result. Browser-only.
import type { UploadBatchReport } from "~/models/admin-upload.server";

// NOTE: the size limit, accepted extensions and batch sizes come from the page's loader (the server owns them).

/** The spec's pause between two files. */
export const PAUSE_BETWEEN_FILES_MS = 25;

/** The pipeline's batch report parts, as the upload API sends them. */
export type ColumnExtraction = UploadBatchReport["columnExtraction"];
export type DuplicateAnalysis = UploadBatchReport["duplicateAnalysis"];

export interface BatchUploadResult {
  success: boolean;
  /** The server's English sentence (the CLI's); the admin shows messageCode/code through its catalogue instead. */
  message: string;
  /** A refused or failed file: the stable code, and its parameters ({ file }). */
  code?: string;
  params?: Record<string, string | number>;
  /** The import's outcome as a code and its counts (IMPORTED: total, inserted, updated, unchanged, suppressed, skipped, rejected). */
  messageCode?: "IMPORTED" | "NO_DATA_ROWS";
  messageParams?: { total: number; inserted: number; updated: number; unchanged: number; suppressed: number; skipped: number; rejected: number };
  /** The first rejected rows as codes ("errors" holds the same in English). */
  rejections?: Array<{ line: number; field: string | null; code: string }>;
  /** Every warning of one code and field, with the first lines ("warningSummary" holds the same in English). */
  warningGroups?: Array<{ code: string; field: string | null; count: number; lines: number[] }>;
  /** The message was written here, in the admin's language (the server sent no result). */
  local?: boolean;
  totalRows: number;
  successCount: number;
  errorCount: number;
  skippedCount: number;
  /** Rows of businesses an operator deleted: not brought back (absent from older stored reports). */
  suppressedCount?: number;
  /** Demo businesses this upload hid from the public site (it brought the first real ones while they were public). */
  hiddenDemoBusinesses?: number;
  skippedBusinesses: string[];
  errors: string[];
  columnExtraction?: ColumnExtraction;
  duplicateAnalysis?: DuplicateAnalysis;
  runId?: number | null;
  /** Cells ignored (the stored value kept) or repaired in rows that were imported. */
  warningCount?: number;
  /** '3 warnings: 2 OUT_OF_RANGE latitude (lines 4, 9), …' (English, as the CLI prints it). */
  warningSummary?: string;
  /** A validation: the counts say what an import would do; nothing was written. */
  dryRun?: boolean;
}

/** The CLI's import options, as the upload form sends them with every file. */
export interface UploadOptions {
  dryRun: boolean;
  onDuplicate: "update" | "skip";
  testData: boolean;
  /** The same file after an interrupted upload: continue after its last saved batch, or import it anew. */
  interrupted: "resume" | "restart";
}

export const DEFAULT_UPLOAD_OPTIONS: UploadOptions = { dryRun: false, onDuplicate: "update", testData: false, interrupted: "resume" };

export interface UploadProgress {
  phase: "uploading" | "importing";
  /** 0…1 of the bytes sent. */
  sent: number;
  rowsRead: number;
  committedRows: number;
  /** 0…1 of the file's bytes the committed rows reach, while importing; undefined until the server says. */
  imported?: number;
}

/** The share of the file (0…1, by its bytes) a progress line says the import has reached, if it says. */
export function readImportedShare(line: { bytesRead?: number; totalBytes?: number }): number | undefined {
  if (typeof line.bytesRead !== "number" || typeof line.totalBytes !== "number" || line.totalBytes <= 0) return undefined;
  return Math.min(1, Math.max(0, line.bytesRead / line.totalBytes));
}

/** Splits received NDJSON text into complete lines and the unfinished rest. */
export function splitNdjson(buffer: string): { lines: string[]; rest: string } {
  const parts = buffer.split("\n");
  const rest = parts.pop() ?? "";
  return { lines: parts.filter((line) => line.trim() !== ""), rest };
}

/** Size and type check before sending: too large (the spec's 150 MB), a type other than the accepted ones, or fine. */
export function checkUploadFile(
  file: { name: string; size: number },
  rules: { maxBytes: number; extensions: readonly string[] },
): { ok: true } | { ok: false; reason: "tooLarge" | "type" } {
  if (file.size > rules.maxBytes) return { ok: false, reason: "tooLarge" };
  const lower = file.name.toLowerCase();
  if (!rules.extensions.some((extension) => lower.endsWith(extension))) return { ok: false, reason: "type" };
  return { ok: true };
}

/** The page's wording (its language) for a file that did not get a result from the server. */
export interface UploadFailureText {
  /** The spec's "Upload failed for {file}: {detail}". */
  failedFor(fileName: string, detail: string): string;
  /** A refusal's code (and parameters) in the page's language. */
  describe(code: string, params: Record<string, string | number>): string;
  network: string;
  timeout: string;
  noResult: string;
}

function failure(message: string, code?: string): BatchUploadResult {
  return {
    success: false,
    message,
    ...(code ? { code } : {}),
    local: true,
    totalRows: 0,
    successCount: 0,
    errorCount: 1,
    skippedCount: 0,
    skippedBusinesses: [],
    errors: [message],
  };
}

export function sendUpload(
  file: File,
  options: {
    batchSize: number;
    fileIndex: number;
    totalFiles: number;
    uploadOptions: UploadOptions;
    csrfToken: string;
    text: UploadFailureText;
    onProgress: (progress: UploadProgress) => void;
  },
): Promise<BatchUploadResult> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.set("file", file);
    form.set("batchSize", String(options.batchSize));
    form.set("fileIndex", String(options.fileIndex));
    form.set("totalFiles", String(options.totalFiles));
    form.set("dryRun", options.uploadOptions.dryRun ? "1" : "0");
    form.set("onDuplicate", options.uploadOptions.onDuplicate);
    form.set("testData", options.uploadOptions.testData ? "1" : "0");
    form.set("interrupted", options.uploadOptions.interrupted);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload-excel-batch");
    xhr.setRequestHeader("Accept", "application/x-ndjson");
    xhr.setRequestHeader("X-CSRF-Token", options.csrfToken);
    // The spec's single-file limit: 5 minutes, 10 above 100 MB (an import keeps streaming progress meanwhile).
    xhr.timeout = file.size > 100 * 1024 * 1024 ? 600_000 : 300_000;
    const progress: UploadProgress = { phase: "uploading", sent: 0, rowsRead: 0, committedRows: 0 };
    let seen = 0;
    let pending = "";
    let result: BatchUploadResult | null = null;
    const consume = (chunk: string) => {
      const { lines, rest } = splitNdjson(pending + chunk);
      pending = rest;
      for (const line of lines) {
        const message = JSON.parse(line) as {
          type: string;
          rowsRead?: number;
          committedRows?: number;
          bytesRead?: number;
          totalBytes?: number;
          result?: BatchUploadResult;
        };
        if (message.type === "progress") {
          progress.phase = "importing";
          progress.rowsRead = message.rowsRead ?? progress.rowsRead;
          progress.committedRows = message.committedRows ?? progress.committedRows;
          progress.imported = readImportedShare(message) ?? progress.imported;
          options.onProgress({ ...progress });
        } else if (message.type === "received") {
          progress.phase = "importing";
          progress.sent = 1;
          options.onProgress({ ...progress });
        } else if (message.type === "result" && message.result) {
          result = message.result;
        }
      }
    };
    const readLines = () => {
      const text = xhr.responseText;
      if (xhr.status !== 200 || text.length === seen) return;
      const chunk = text.slice(seen);
      seen = text.length;
      consume(chunk);
    };
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      progress.sent = event.loaded / event.total;
      options.onProgress({ ...progress });
    };
    xhr.onprogress = readLines;
    xhr.onload = () => {
      if (xhr.status !== 200) {
        let detail = xhr.responseText || xhr.statusText;
        let code: string | undefined;
        try {
          const body = JSON.parse(xhr.responseText) as { code?: unknown; params?: Record<string, string | number>; message?: string };
          // A coded refusal is worded by the page; only an answer without a code (a proxy's page) shows its own text.
          if (typeof body.code === "string") {
            code = body.code;
            detail = options.text.describe(body.code, { file: file.name, ...body.params });
          } else detail = body.message ?? detail;
        } catch {
          // Not JSON: the text is the detail.
        }
        resolve(failure(options.text.failedFor(file.name, `${xhr.status}: ${detail}`), code));
        return;
      }
      readLines();
      if (pending.trim() !== "") consume("\n");
      resolve(result ?? failure(options.text.failedFor(file.name, options.text.noResult)));
    };
    xhr.onerror = () => resolve(failure(options.text.failedFor(file.name, options.text.network)));
    xhr.ontimeout = () => resolve(failure(options.text.failedFor(file.name, options.text.timeout)));
    xhr.send(form);
  });
}
