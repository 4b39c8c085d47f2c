// Admin upload requests (multipart, field `file`) → the file streamed to a private temp file (never held in memory,
// 150 MB enforced while it arrives) → the shared import pipeline → the spec's single-file or batch result, as JSON
// or as NDJSON progress lines followed by the result; the temp file is always removed (if the server dies mid-import,
// start-up recovery moves it to the kept uploads of the interrupted run, and a re-upload of the same file resumes it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  json,
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import { describeFailure } from "../../db/rules/directory-error.ts";
import { sanitizeFileName } from "../../ingest-cli/pipeline/import/file-name.ts";
import { BATCH_SIZES, DEFAULT_BATCH_SIZE, ImportError, type ImportProgress } from "../../ingest-cli/pipeline/import/import-file.ts";
import { importFiles } from "../../ingest-cli/pipeline/import/import-files.ts";
import { encodeCsvRecord } from "../../ingest-cli/pipeline/export/csv-cell.ts";
import { SourceError } from "../../ingest-cli/pipeline/read/source-error.ts";
import { REPORT_LIST_LIMIT, summariseWarnings } from "../../ingest-cli/pipeline/import/reports.ts";
import { UPLOAD_TEMP_PREFIX } from "../../ingest-cli/pipeline/import/interrupted-runs.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { NO_STORE, NO_STORE_STREAM } from "./cache-policy.server";

export const UPLOAD_MAX_BYTES = 150 * 1024 * 1024;
/** Room for the multipart boundaries and the small text fields around the file. */
const MULTIPART_ALLOWANCE = 1024 * 1024;
/** Parts besides the file: the form sends seven (batch size, file position, the four options); more is not a real form. */
const MAX_FORM_FIELDS = 20;
export const SINGLE_UPLOAD_EXTENSIONS = [".xlsx", ".xls"] as const;
export const BATCH_UPLOAD_EXTENSIONS = [".xlsx", ".xls", ".csv"] as const;
export const NDJSON_TYPE = "application/x-ndjson";

export type UploadKind = "single" | "batch";
/** The batch report of the shared pipeline, for the upload page's types. */
export type { BatchResult as UploadBatchReport } from "../../ingest-cli/pipeline/import/reports.ts";

export const BatchUploadFieldsSchema = z.object({
  batchSize: z.coerce
    .number()
    .int()
    .refine((value) => (BATCH_SIZES as readonly number[]).includes(value), `must be one of ${BATCH_SIZES.join(", ")}`)
    .default(DEFAULT_BATCH_SIZE),
  fileIndex: z.coerce.number().int().min(0).max(10_000).default(0),
  totalFiles: z.coerce.number().int().min(1).max(10_000).default(1),
  /** 1: validate only (the CLI's `validate`): every batch runs and rolls back, the report says what would happen. */
  dryRun: z.enum(["0", "1"], { message: "dryRun must be 0 or 1" }).default("0"),
  /** Businesses already stored: rewrite them (update) or leave them as they are (skip), as the CLI's --on-duplicate. */
  onDuplicate: z.enum(["update", "skip"], { message: "onDuplicate must be update or skip" }).default("update"),
  /** 1: mark the imported businesses as test data (removed by "delete test data"), as the CLI's --test-data. */
  testData: z.enum(["0", "1"], { message: "testData must be 0 or 1" }).default("0"),
  /** The same file after an interrupted upload: continue after its last saved batch (resume) or import it anew (restart). */
  interrupted: z.enum(["resume", "restart"], { message: "interrupted must be resume or restart" }).default("resume"),
});

/** The spec's oversize message, plus how to fix it. */
export function describeTooLarge(fileName: string): string {
  return `Dosya çok büyük: ${fileName} - Maksimum dosya boyutu 150MB'dır. Split the file into parts under 150 MB and upload them one by one.`;
}

/** A refused or failed file in the spec's result shape (zero rows, one error), plus the stable code and its parameters. */
function failedResult(code: string, message: string, fileName?: string): Record<string, unknown> {
  return {
    success: false,
    code,
    params: { file: fileName ?? "" },
    message,
    fileName: fileName ?? null,
    totalRows: 0,
    successCount: 0,
    errorCount: 1,
    skippedCount: 0,
    skippedBusinesses: [],
    errors: [message],
  };
}

/**
 * NOTE: `Connection: close` because a refusal may come before the body was read (too large, too many fields, no
 * boundary): a kept-alive socket would stay paused on the unread rest, and the client's next request would hang.
 */
function uploadError(status: number, code: string, message: string, fileName?: string): Response {
  return json(failedResult(code, message, fileName), { status, headers: { "Cache-Control": NO_STORE, Connection: "close" } });
}

class UploadTooLargeError extends Error {}

/**
 * The request with its multipart Content-Type made plain for the parser: the type matched case-insensitively and a
 * quoted boundary (RFC 2046 allows `boundary="…"`) unquoted. A missing boundary or another type is a JSON 400.
 */
function readMultipartRequest(request: Request): Request {
  const contentType = request.headers.get("Content-Type") ?? "";
  const [type = "", ...parameters] = contentType.split(";").map((part) => part.trim());
  if (type.toLowerCase() !== "multipart/form-data") {
    throw uploadError(400, "MULTIPART_REQUIRED", "Send the file as multipart/form-data in a field named file.");
  }
  const boundaryParameter = parameters.find((parameter) => /^boundary=/i.test(parameter));
  const boundary = boundaryParameter?.slice("boundary=".length).replace(/^"(.*)"$/, "$1") ?? "";
  if (!/^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(boundary) || !request.body) {
    throw uploadError(
      400,
      "MULTIPART_BOUNDARY_MISSING",
      "The Content-Type multipart/form-data has no valid boundary; let the browser or HTTP client build the form body.",
    );
  }
  if (contentType === `multipart/form-data; boundary=${boundary}`) return request;
  const headers = new Headers(request.headers);
  headers.set("Content-Type", `multipart/form-data; boundary=${boundary}`);
  return new Request(request.url, { method: request.method, headers, body: request.body, duplex: "half" } as RequestInit);
}

interface ReceivedUpload {
  dir: string;
  filePath: string;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Streams the multipart body: the `file` part goes to a fresh private temp dir with backpressure (so memory stays
 * flat) and is cut off past 150 MB; other parts are small text fields. Throws a JSON Response for every refusal.
 */
async function receiveUpload(request: Request, kind: UploadKind): Promise<ReceivedUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > UPLOAD_MAX_BYTES + MULTIPART_ALLOWANCE) throw uploadError(413, "FILE_TOO_LARGE", describeTooLarge("The file"));
  const multipart = readMultipartRequest(request);
  const allowed: readonly string[] = kind === "single" ? SINGLE_UPLOAD_EXTENSIONS : BATCH_UPLOAD_EXTENSIONS;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), UPLOAD_TEMP_PREFIX));
  // NOTE: the received file is tracked here, never read back from the form: a text field named `file` must not
  // be able to name a path on the server.
  let received: { filePath: string; fileName: string } | null = null;
  let refusedName: string | null = null;
  let secondFileName: string | null = null;
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "file" || !filename) return undefined;
    const fileName = sanitizeFileName(filename);
    const extension = path.extname(fileName).toLowerCase();
    if (received) {
      secondFileName = fileName;
      for await (const chunk of data) void chunk;
      return "refused";
    }
    if (!allowed.includes(extension)) {
      refusedName = fileName;
      for await (const chunk of data) void chunk;
      return "refused";
    }
    const filePath = path.join(dir, `upload${extension}`);
    let size = 0;
    await pipeline(
      Readable.from(data),
      new Transform({
        transform(chunk: Uint8Array, _encoding, callback) {
          size += chunk.byteLength;
          callback(size > UPLOAD_MAX_BYTES ? new UploadTooLargeError(fileName) : null, chunk);
        },
      }),
      fs.createWriteStream(filePath, { flags: "wx", mode: 0o600 }),
    );
    received = { filePath, fileName };
    return "received";
  };
  const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: 4096 });
  let fieldCount = 0;
  const countedTextHandler: UploadHandler = (part) => {
    fieldCount += 1;
    if (fieldCount > MAX_FORM_FIELDS) {
      throw uploadError(
        400,
        "TOO_MANY_FIELDS",
        `The form has more than ${MAX_FORM_FIELDS} fields; send only file, batchSize, fileIndex and totalFiles.`,
      );
    }
    return textHandler(part);
  };
  try {
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(multipart, unstable_composeUploadHandlers(fileHandler, countedTextHandler));
    } catch (error) {
      // NOTE: the parser throws plain Errors (no class to test) for a body cut short, not matching its boundary or
      // with a part header it cannot read (a raw quote in a file name).
      if (!(error instanceof Error) || !/^malformed |Could not parse content as FormData/i.test(error.message)) throw error;
      throw uploadError(
        400,
        "MULTIPART_MALFORMED",
        "The multipart body is incomplete or malformed (cut short, or not matching its boundary); send the whole file again.",
      );
    }
    if (secondFileName !== null) {
      throw uploadError(
        400,
        "ONE_FILE_PER_REQUEST",
        `Send one file per request: ${secondFileName} came after another file; upload it in its own request.`,
        secondFileName,
      );
    }
    if (refusedName !== null) {
      throw kind === "single"
        ? uploadError(415, "INVALID_FILE_TYPE", "Invalid File Type: Please select an Excel file (.xlsx or .xls)", refusedName)
        : uploadError(
            415,
            "INVALID_FILE_TYPE",
            `Invalid File Type: ${refusedName} — upload .xlsx, .xls or .csv files, one per request.`,
            refusedName,
          );
    }
    const file = received as { filePath: string; fileName: string } | null;
    if (!file) throw uploadError(400, "FILE_REQUIRED", "No file received: send it in the multipart field named file.");
    const fields: Record<string, string> = {};
    for (const [key, value] of form) if (typeof value === "string" && key !== "file") fields[key] = value;
    return { dir, ...file, fields };
  } catch (error) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    if (error instanceof Response) throw error;
    if (error instanceof UploadTooLargeError) throw uploadError(413, "FILE_TOO_LARGE", describeTooLarge(error.message), error.message);
    if (error instanceof MaxPartSizeExceededError)
      throw uploadError(
        400,
        "FIELD_TOO_LARGE",
        `The form field ${error.field} is too long; only file, batchSize, fileIndex, totalFiles, dryRun, onDuplicate, testData and interrupted are read.`,
      );
    throw error;
  }
}

/** One finished upload: the HTTP status and the spec's result body. */
interface UploadAnswer {
  status: number;
  body: Record<string, unknown>;
}

async function runUploadImport(
  context: AdminContext,
  upload: ReceivedUpload,
  kind: UploadKind,
  onProgress?: (progress: ImportProgress) => void,
): Promise<UploadAnswer> {
  const parsed = BatchUploadFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "batchSize") {
      const message = `batchSize ${issue.message}; choose 100, 500, 1000 or 2000.`;
      return { status: 400, body: failedResult("INVALID_BATCH_SIZE", message, upload.fileName) };
    }
    const message = `${issue?.message ?? "an upload option is invalid"}: send dryRun and testData as 0 or 1, onDuplicate as update or skip, interrupted as resume or restart.`;
    return { status: 400, body: failedResult("INVALID_UPLOAD_OPTION", message, upload.fileName) };
  }
  const fields = parsed.data;
  const dryRun = fields.dryRun === "1";
  const [imported] = await importFiles(getDatabase, [upload.filePath], {
    fileName: upload.fileName,
    batchSize: kind === "batch" ? fields.batchSize : DEFAULT_BATCH_SIZE,
    onDuplicate: fields.onDuplicate,
    isTest: fields.testData === "1",
    dryRun,
    origin: "admin",
    createdBy: context.user.id,
    actor: { userId: context.user.id, actor: context.user.username, ip: context.ip },
    maxBytes: UPLOAD_MAX_BYTES,
    // Recorded on the run: if the server dies mid-import, recovery keeps this copy for a resume (a dry run writes nothing to resume).
    ...(dryRun ? {} : { uploadPath: upload.filePath }),
    // The same file again after an interruption continues that run after its last saved batch, unless the admin restarts it.
    ...(dryRun || fields.interrupted === "restart" ? {} : { resume: "interrupted" as const }),
    onFileStarted: () => onProgress,
  });
  const error = imported?.error;
  const outcome = imported?.outcome;
  if (!outcome) {
    if (!(error instanceof ImportError || error instanceof SourceError)) throw error;
    const message = error.code === "FILE_TOO_LARGE" ? describeTooLarge(upload.fileName) : `${error.code}: ${error.message}`;
    await recordAdminAction(context, "upload.refused", { target: upload.fileName, rowCount: 0, details: { code: error.code } });
    return {
      status: error.code === "FILE_TOO_LARGE" ? 413 : 422,
      body: failedResult(error.code, message, upload.fileName),
    };
  }
  const result = kind === "batch" ? outcome.batch : outcome.single;
  await recordAdminAction(context, dryRun ? "upload.validate" : "upload.import", {
    target: upload.fileName,
    rowCount: dryRun ? 0 : outcome.counters.inserted + outcome.counters.updated,
    details: {
      options: { dryRun, onDuplicate: fields.onDuplicate, testData: fields.testData === "1", interrupted: fields.interrupted },
      runId: outcome.runId,
      status: outcome.status,
      totalRows: result.totalRows,
      successCount: result.successCount,
      errorCount: result.errorCount,
      skippedCount: result.skippedCount,
      warningCount: outcome.warnings,
      suppressedCount: result.suppressedCount,
      // What the import touched: the first businesses it inserted and rewrote (at most 20 each).
      sample: outcome.writtenSample,
    },
  });
  const extra = kind === "batch" ? { fileIndex: fields.fileIndex, totalFiles: fields.totalFiles, batchSize: fields.batchSize } : {};
  const counters = outcome.counters;
  return {
    status: outcome.status === "failed" ? 422 : 200,
    body: {
      ...result,
      ...(outcome.error ? { code: outcome.error.code } : {}),
      runId: outcome.runId,
      fileName: upload.fileName,
      // Cells ignored (their stored value kept) or repaired: the toast counts them, the run report lists them.
      warningCount: outcome.warnings,
      warningSummary: summariseWarnings(outcome.warnings, outcome.warningSummary.groups),
      // The same facts as codes and numbers, so the admin words them in its own language (message and lists are English).
      messageCode: counters.totalRows === 0 ? "NO_DATA_ROWS" : "IMPORTED",
      messageParams: {
        total: counters.totalRows,
        inserted: counters.inserted,
        updated: counters.updated,
        unchanged: counters.unchanged,
        suppressed: counters.suppressed,
        skipped: counters.skipped.count,
        rejected: counters.rejected.count,
      },
      rejections: counters.rejected.rows
        .slice(0, REPORT_LIST_LIMIT)
        .map((row) => ({ line: row.line, field: row.field, code: row.code ?? "INVALID_ROW" })),
      warningGroups: outcome.warningSummary.groups,
      hiddenDemoBusinesses: outcome.hiddenDemoBusinesses,
      dryRun,
      ...extra,
    },
  };
}

/** The progress line the upload page shows while rows are being written. */
export type UploadProgressLine = { type: "progress" } & ImportProgress;

/**
 * POST /api/upload-excel and /api/upload-excel-batch. With `Accept: application/x-ndjson` the answer streams one JSON
 * line per committed batch (`type: "progress"`) and ends with `{ type: "result", status, result }`; otherwise it
 * is the plain JSON result with its HTTP status.
 */
export async function handleAdminUpload(context: AdminContext, request: Request, kind: UploadKind): Promise<Response> {
  const upload = await receiveUpload(request, kind);
  const cleanUp = () => fs.promises.rm(upload.dir, { recursive: true, force: true });
  if (!(request.headers.get("Accept") ?? "").includes(NDJSON_TYPE)) {
    try {
      const answer = await runUploadImport(context, upload, kind);
      return json(answer.body, { status: answer.status, headers: { "Cache-Control": NO_STORE } });
    } finally {
      await cleanUp();
    }
  }
  const encoder = new TextEncoder();
  // False once the browser has gone away: the import still finishes (it is a stored, resumable run).
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      open = false;
    },
    async start(controller) {
      const send = (line: Record<string, unknown>) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          open = false;
        }
      };
      send({ type: "received", fileName: upload.fileName, bytes: (await fs.promises.stat(upload.filePath)).size });
      try {
        const answer = await runUploadImport(context, upload, kind, (progress) =>
          send({ type: "progress", ...progress } satisfies UploadProgressLine),
        );
        send({ type: "result", status: answer.status, result: answer.body });
      } catch (error) {
        const message = `IMPORT_FAILED: ${describeFailure(error)}`;
        send({ type: "result", status: 500, result: failedResult("IMPORT_FAILED", message, upload.fileName) });
      } finally {
        await cleanUp();
        if (open) controller.close();
      }
    },
  });
  // NOTE: no-transform keeps the compression middleware from buffering the progress lines.
  return new Response(stream, {
    status: 200,
    headers: { "Content-Type": `${NDJSON_TYPE}; charset=utf-8`, "Cache-Control": NO_STORE_STREAM, "X-Accel-Buffering": "no" },
  });
}

/** The spec's sample template columns, in its order. */
export const TEMPLATE_COLUMNS = [
  "name",
  "address",
  "phone",
  "category",
  "latitude",
  "longitude",
  "rating",
  "reviewCount",
  "place_id",
  "country_code",
] as const;

const TEMPLATE_ROWS: ReadonlyArray<Record<(typeof TEMPLATE_COLUMNS)[number], string>> = [
  {
    name: "Örnek Fırın",
    address: "İstiklal Cd. 10, 34430 Beyoğlu/İstanbul",
    phone: "+90 212 555 01 01",
    category: "Bakery",
    latitude: "41.0340",
    longitude: "28.9770",
    rating: "4.6",
    reviewCount: "128",
    place_id: "ChIJexample0001",
    country_code: "TR",
  },
  {
    name: "Sample Coffee House",
    address: "12 High St, London EC1A 1AA",
    phone: "+44 20 7946 0000",
    category: "Cafe",
    latitude: "51.5155",
    longitude: "-0.0922",
    rating: "4.2",
    reviewCount: "57",
    place_id: "ChIJexample0002",
    country_code: "GB",
  },
];

/** The sample template as CSV (UTF-8 with BOM so Excel shows the Turkish letters); the importer reads it as is. */
export function buildUploadTemplateCsv(): string {
  return `\uFEFF${[TEMPLATE_COLUMNS, ...TEMPLATE_ROWS.map((row) => TEMPLATE_COLUMNS.map((column) => row[column]))].map(encodeCsvRecord).join("")}`;
}

/** What the upload page checks before sending: the same limit, types and batch sizes the server enforces. */
export function getUploadRules() {
  return { maxBytes: UPLOAD_MAX_BYTES, extensions: [...BATCH_UPLOAD_EXTENSIONS], batchSizes: [...BATCH_SIZES], defaultBatchSize: DEFAULT_BATCH_SIZE };
}
