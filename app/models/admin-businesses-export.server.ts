// Admin export requests (the routed dialog's GET, the panel's POST) → a streamed CSV download named per the spec;
// options are checked before the first byte, so a bad request is a 400 JSON and never a broken file.
import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { z } from "zod";
import { getDatabase } from "../../db/client.ts";
import {
  buildExportFileName,
  DATE_RANGE_PRESETS,
  DEFAULT_EXPORT_FIELDS,
  EXPORT_FIELDS,
  EXTRA_EXPORT_FIELDS,
  assertExportCategoriesKnown,
  ExportError,
  exportBusinessesCsv,
  resolveExportRequest,
  type ExportOptions,
} from "../../ingest-cli/pipeline/export/index.ts";
import { recordAdminAction, type AdminContext } from "./admin-auth.server";
import { adminDataError } from "./admin-businesses.server";
import { NO_STORE } from "./cache-policy.server";

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  );

export const ExportCsvQuerySchema = z.object({
  fields: commaList,
  countryCode: z.string().trim().max(10).optional(),
  categories: commaList,
  dateRange: z.enum(DATE_RANGE_PRESETS).optional(),
  startDate: z.string().trim().max(10).optional(),
  endDate: z.string().trim().max(10).optional(),
  /** 1: start the file with a UTF-8 byte order mark (Excel). */
  bom: z.enum(["0", "1"]).optional(),
  /** 1: approved businesses only (default: unapproved ones too, it is an admin tool). */
  approvedOnly: z.enum(["0", "1"]).optional(),
  /** 0: leave demo/test businesses out (default: included). */
  includeTest: z.enum(["0", "1"]).optional(),
  /** 1: only check the request (options, categories): 204 when the export would start, the same 400 when not. */
  check: z.enum(["0", "1"]).optional(),
});

export const PanelExportBodySchema = z.object({
  selectedFields: z.array(z.string().max(40)).min(1).max(40),
  countryCode: z.string().trim().max(10).optional().default("all"),
});

function invalid(message: string): Response {
  return adminDataError(400, "INVALID_EXPORT_REQUEST", message);
}

/** GET /api/admin/export-csv query → export options; the dates only count for the custom range (as the dialog sends). */
/** An export asked for in a query: its options, and whether only the check is wanted (`check=1`). */
export type AdminExportQuery = ExportOptions & { checkOnly?: boolean };

export function parseExportQuery(params: URLSearchParams): AdminExportQuery {
  const parsed = ExportCsvQuerySchema.safeParse(Object.fromEntries([...params].filter(([, value]) => value !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(
      `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}. Send fields as a comma list, dateRange as one of ${DATE_RANGE_PRESETS.join(", ")}, and bom, approvedOnly, includeTest as 0 or 1.`,
    );
  }
  const query = parsed.data;
  const custom = query.dateRange === "custom";
  return {
    fields: query.fields,
    countryCode: query.countryCode,
    categories: query.categories,
    range: query.dateRange,
    startDate: custom ? query.startDate : undefined,
    endDate: custom ? query.endDate : undefined,
    bom: query.bom === "1",
    includeUnapproved: query.approvedOnly !== "1",
    includeTest: query.includeTest !== "0",
    checkOnly: query.check === "1",
  };
}

export function parsePanelExportBody(body: unknown): ExportOptions {
  const parsed = PanelExportBodySchema.safeParse(body);
  if (!parsed.success) throw invalid("Send JSON { selectedFields: [at least one field name], countryCode: 'all' or a two-letter code }.");
  return { fields: parsed.data.selectedFields, countryCode: parsed.data.countryCode };
}

/**
 * Starts the export into a pipe and answers once its first bytes (the header line) exist, i.e. once every option
 * and category passed the pipeline's checks; rows then stream window by window with the client's backpressure.
 */
export async function streamAdminExport(context: AdminContext, options: AdminExportQuery, layout: "routed" | "panel"): Promise<Response> {
  let request;
  try {
    request = resolveExportRequest(options);
    // The dialog checks first, then hands the URL to the browser's download: the check reads no rows and audits nothing.
    if (options.checkOnly) {
      await assertExportCategoriesKnown(await getDatabase(), request);
      return new Response(null, { status: 204, headers: { "Cache-Control": NO_STORE } });
    }
  } catch (error) {
    if (error instanceof ExportError) throw adminDataError(400, error.code, error.message);
    throw error;
  }
  const now = new Date();
  const fileName =
    layout === "panel"
      ? buildExportFileName({ layout, now })
      : buildExportFileName({ layout, countryCode: request.filters.countryCode, categoryCount: request.categoryCount, range: request.range, now });
  let markStarted = () => {};
  const firstBytes = new Promise<"started">((resolve) => (markStarted = () => resolve("started")));
  // NOTE: the first chunk is noticed on the writing side: a 'readable' listener would change how the reader flows.
  const pipe = new Transform({
    transform(chunk, _encoding, callback) {
      markStarted();
      callback(null, chunk);
    },
  });
  const handle = await getDatabase();
  const done = exportBusinessesCsv(handle, { ...options, now }, pipe);
  const started = await Promise.race([
    firstBytes,
    done.then(
      () => "started" as const,
      (error: unknown) => error,
    ),
  ]);
  if (started !== "started") {
    pipe.destroy();
    if (started instanceof ExportError) throw adminDataError(400, started.code, started.message);
    throw started;
  }
  done
    .then(
      (result) =>
        recordAdminAction(context, "businesses.export", {
          target: fileName,
          rowCount: result.rows,
          details: {
            layout,
            fields: request.fields.map((field) => field.header),
            countryCode: request.filters.countryCode ?? "all",
            categories: request.categoryCount,
            range: request.range,
            approvedOnly: !request.filters.includeUnapproved,
            includeTest: request.filters.includeTest,
            bom: request.bom,
          },
        }),
      // NOTE: a client that cancels the download ends the pipe; the export stops and there is nothing to answer.
      (error: unknown) => pipe.destroy(error instanceof Error ? error : new Error(String(error))),
    )
    .catch((error: unknown) => console.warn(`audit: export record failed (${String(error)})`));
  return new Response(createReadableStreamFromReadable(pipe), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** What the export dialog offers: the spec's 27 fields, its 4 defaults, the unticked extras and its 8 date ranges. */
export function getExportDialogOptions() {
  return {
    fields: [...EXPORT_FIELDS],
    defaultFields: [...DEFAULT_EXPORT_FIELDS],
    extraFields: [...EXTRA_EXPORT_FIELDS],
    dateRanges: [...DATE_RANGE_PRESETS],
  };
}
