// Export options + a writable → the admin CSV of businesses (header, CRLF rows, optional BOM), streamed window by
// window in id order with flat memory; every option is checked before the first byte is written.
import { DirectoryError } from "../../../db/rules/directory-error.ts";
import { pipeline } from "node:stream/promises";
import type { DatabaseHandle } from "../../../db/client.ts";
import { countExportRows, exportColumnKind, findUnknownCategorySlugs, withExportWindows, type ExportFilters } from "../../../db/queries/export.ts";
import { countryName } from "../../../db/rules/countries.ts";
import { slugify } from "../../../db/rules/slug.ts";
import { encodeCsvCell } from "./csv-cell.ts";
import { CopyCsvRewriter } from "./csv-rewrite.ts";
import { DATE_RANGE_PRESETS, DateRangeError, resolveDateRange, type DateRangePreset } from "./date-range.ts";
import { resolveExportFields, UnknownExportFieldError, type ResolvedExportField } from "./fields.ts";

export { buildExportFileName, type ExportFileNameInput } from "./file-name.ts";
export { encodeCsvCell, encodeCsvRecord } from "./csv-cell.ts";
export { formatWorkingHours } from "./hours-text.ts";
export { DATE_RANGE_PRESETS, resolveDateRange, type DateRangePreset } from "./date-range.ts";
export {
  DEFAULT_EXPORT_FIELDS,
  DEFAULT_PANEL_EXPORT_FIELDS,
  EXPORT_FIELDS,
  EXTRA_EXPORT_FIELDS,
  PANEL_EXPORT_FIELDS,
  resolveExportFields,
  type ExportField,
  type PanelExportField,
  type ResolvedExportField,
} from "./fields.ts";

export interface ExportOptions {
  /** Field names from the 27, the extras (or the panel's nine); empty means the routed defaults, ["all"] all 27. */
  fields?: readonly string[];
  /** An ISO alpha-2 code, or "all"/empty for every country. */
  countryCode?: string | null;
  /** Category names or slugs; empty for every category. */
  categories?: readonly string[];
  /** created_at preset, evaluated in UTC; custom needs startDate and endDate (YYYY-MM-DD, both inclusive). */
  range?: DateRangePreset;
  startDate?: string;
  endDate?: string;
  /** The export is an admin tool: unapproved rows are included unless this is false. */
  includeUnapproved?: boolean;
  /** Demo/test rows are included unless this is false. */
  includeTest?: boolean;
  /** Starts the file with a UTF-8 byte order mark so Excel reads it as UTF-8. */
  bom?: boolean;
  /** The clock for the date presets (tests pin it). */
  now?: Date;
  /** Rows per database window (default per driver); tests shrink it to cross window edges. */
  windowRows?: number;
}

export interface ExportRequest {
  fields: ResolvedExportField[];
  filters: ExportFilters;
  range: DateRangePreset;
  categoryCount: number;
  bom: boolean;
}

export interface ExportResult {
  rows: number;
  bytes: number;
}

export class ExportError extends DirectoryError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = "ExportError";
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Options → fields and filters, or an ExportError saying what to fix; needs no database. */
export function resolveExportRequest(options: ExportOptions): ExportRequest {
  let fields: ResolvedExportField[];
  try {
    fields = resolveExportFields(options.fields);
  } catch (error) {
    if (error instanceof UnknownExportFieldError) throw new ExportError(error.code, error.message);
    throw error;
  }

  const country = options.countryCode?.trim() ?? "";
  let countryCode: string | undefined;
  if (country !== "" && country.toLowerCase() !== "all") {
    if (!/^[A-Za-z]{2}$/.test(country)) {
      throw new ExportError("INVALID_COUNTRY", `Country "${country}" is not a two-letter ISO code — use e.g. DE, TR, US, or "all".`);
    }
    countryCode = country.toUpperCase();
    // Like an unknown category: a code no country has (XX, QQ) is a typo, not an empty export.
    if (countryName(countryCode) === countryCode) {
      throw new ExportError(
        "UNKNOWN_COUNTRY",
        `Country "${country}" is no ISO 3166 country code — check the spelling (e.g. DE for Germany, GB for the United Kingdom), or use "all".`,
      );
    }
  }

  const slugs = new Set<string>();
  for (const category of options.categories ?? []) {
    if (category.trim() === "") continue;
    const slug = slugify(category);
    if (slug === "") throw new ExportError("INVALID_CATEGORY", `Category "${category}" has no letters or digits to match; give its slug instead.`);
    slugs.add(slug);
  }

  const range = options.range ?? (options.startDate || options.endDate ? "custom" : "all");
  if (!DATE_RANGE_PRESETS.includes(range)) {
    throw new ExportError("INVALID_RANGE", `Unknown date range "${range}"; use one of ${DATE_RANGE_PRESETS.join(", ")}.`);
  }
  let window;
  try {
    window = resolveDateRange(range, options.now ?? new Date(), options.startDate, options.endDate);
  } catch (error) {
    if (error instanceof DateRangeError) throw new ExportError(error.code, error.message);
    throw error;
  }

  return {
    fields,
    filters: {
      countryCode,
      categorySlugs: [...slugs],
      createdFrom: window.from,
      createdTo: window.to,
      includeUnapproved: options.includeUnapproved ?? true,
      includeTest: options.includeTest ?? true,
    },
    range,
    categoryCount: slugs.size,
    bom: options.bom ?? false,
  };
}

/** The header line: the field names as asked (routed or panel names), CRLF-terminated. */
export function buildExportHeader(fields: readonly ResolvedExportField[]): string {
  return `${fields.map((field) => encodeCsvCell(field.header)).join(",")}\r\n`;
}

/**
 * The check an export makes on the database before its first byte: each category of a resolved request matches some
 * business. Throws ExportError; a caller may run it alone to learn whether an export would start.
 */
export async function assertExportCategoriesKnown(handle: DatabaseHandle, request: ExportRequest): Promise<void> {
  const unknown = await findUnknownCategorySlugs(handle, request.filters.categorySlugs ?? []);
  if (unknown.length > 0) {
    throw new ExportError(
      "UNKNOWN_CATEGORY",
      `No business has the categor${unknown.length > 1 ? "ies" : "y"} ${unknown.join(", ")} — check the spelling (names or slugs both work).`,
    );
  }
}

/**
 * Writes the CSV to `output` and ends it (process.stdout and process.stderr are left open). Rows come in id order;
 * on the server they are one consistent snapshot. Throws ExportError before writing when an option is wrong or a
 * category matches no business at all.
 */
export async function exportBusinessesCsv(
  handle: DatabaseHandle,
  options: ExportOptions,
  output: NodeJS.WritableStream,
  onProgress?: (rows: number, total: number) => void,
): Promise<ExportResult> {
  const request = resolveExportRequest(options);
  await assertExportCategoriesKnown(handle, request);
  // NOTE: counted only for a caller that shows progress (one count before the rows; rows added meanwhile may pass it).
  const total = onProgress ? await countExportRows(handle, request.filters) : 0;
  const columns = request.fields.map((field) => field.column);
  const rewriter = new CopyCsvRewriter(columns.map(exportColumnKind));
  let bytes = 0;
  const end = output !== process.stdout && output !== process.stderr;

  await withExportWindows(handle, columns, request.filters, async (readWindow, driverWindowRows) => {
    const windowRows = options.windowRows ?? driverWindowRows;
    const produce = async function* () {
      const header = Buffer.from(buildExportHeader(request.fields));
      const head = request.bom ? Buffer.concat([UTF8_BOM, header]) : header;
      bytes += head.length;
      yield head;
      let afterId = 0;
      for (;;) {
        const before = rewriter.rows;
        for await (const chunk of readWindow(afterId, windowRows)) {
          const out = rewriter.push(chunk);
          if (out && out.length > 0) {
            bytes += out.length;
            yield out;
            onProgress?.(rewriter.rows, total);
          }
        }
        const tail = rewriter.flush();
        if (tail.length > 0) {
          bytes += tail.length;
          yield tail;
        }
        onProgress?.(rewriter.rows, total);
        if (rewriter.rows - before < windowRows) break;
        afterId = rewriter.lastId;
      }
    };
    const source = produce();
    try {
      await pipeline(source, output, { end });
    } catch (error) {
      // NOTE: pipeline rejects as soon as the output fails, while the source may still be cancelling its COPY;
      // wait for that, or the transaction's rollback would meet a connection still busy copying.
      await source.return(undefined).catch(() => undefined);
      throw error;
    }
  });
  return { rows: rewriter.rows, bytes };
}
