// `directory export`: filters and fields → the admin CSV of businesses in a file (the spec's name by default) or on
// stdout; every option is checked before a byte is written, and a failed run leaves no partial file.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import {
  buildExportFileName,
  DATE_RANGE_PRESETS,
  EXPORT_FIELDS,
  EXTRA_EXPORT_FIELDS,
  ExportError,
  exportBusinessesCsv,
  PANEL_EXPORT_FIELDS,
  resolveExportRequest,
  type ExportOptions,
} from "../pipeline/export/index.ts";
import { CliError, parseOptions, printResult, assertWritableTarget, formatBytes } from "./shared.ts";
import { createProgress } from "./progress.ts";
import { recordCliAuditEvent } from "../../db/writes/audit-log.ts";

const list = (text: string | undefined) =>
  text
    ?.split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "") ?? [];

const ExportCommandOptionsSchema = z.object({
  out: z.string().min(1, "give a file path, or - for stdout").optional(),
  fields: z.string().optional(),
  country: z.string().optional(),
  categories: z.string().optional(),
  range: z.enum(DATE_RANGE_PRESETS, { error: `use one of ${DATE_RANGE_PRESETS.join(", ")}` }).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  bom: z.boolean().default(false),
  approvedOnly: z.boolean().default(false),
  testData: z.boolean().default(true),
  json: z.boolean().default(false),
});
type ExportCommandOptions = z.infer<typeof ExportCommandOptionsSchema>;

export function register(program: Command): void {
  program
    .command("export")
    .description("Export businesses as CSV (UTF-8, CRLF, header row), streamed; unapproved and test rows included unless excluded")
    .option("--out <file>", "output file, or - for stdout (default: businesses_{country}[_{n}kategoriler][_{range}]_{timestamp}.csv here)")
    .option(
      "--fields <list>",
      `comma-separated fields, or "all" (default: name,full_address,phone,type); any of ${EXPORT_FIELDS.join(", ")}; extras beyond the spec, only when named (keep them on a re-import): ${EXTRA_EXPORT_FIELDS.join(", ")}; or the panel names ${Object.keys(PANEL_EXPORT_FIELDS).join(", ")}`,
    )
    .option("--country <code>", "ISO 3166 two-letter country code (e.g. DE), or all; an unknown code is a usage error (exit 64)")
    .option("--categories <list>", "comma-separated category names or slugs")
    .option("--range <preset>", `created_at range in UTC: ${DATE_RANGE_PRESETS.join(", ")}`)
    .option("--from <date>", "custom range start, YYYY-MM-DD (UTC, inclusive)")
    .option("--to <date>", "custom range end, YYYY-MM-DD (UTC, inclusive)")
    .option("--bom", "start the file with a UTF-8 byte order mark (for Excel)")
    .option("--approved-only", "leave out businesses that are not approved")
    .option("--no-test-data", "leave out test/demo businesses")
    .option("--json", "print the result as JSON")
    .action(async (raw: unknown) => {
      await runExport(parseOptions(ExportCommandOptionsSchema, raw));
    });
}

async function runExport(options: ExportCommandOptions): Promise<void> {
  const now = new Date();
  const exportOptions: ExportOptions = {
    fields: list(options.fields),
    countryCode: options.country,
    categories: list(options.categories),
    range: options.range,
    startDate: options.from,
    endDate: options.to,
    includeUnapproved: !options.approvedOnly,
    includeTest: options.testData,
    bom: options.bom,
    now,
  };
  let request;
  try {
    request = resolveExportRequest(exportOptions);
  } catch (error) {
    throw asCliError(error);
  }
  const toStdout = options.out === "-";
  const fileName = buildExportFileName({
    layout: "routed",
    countryCode: request.filters.countryCode ?? null,
    categoryCount: request.categoryCount,
    range: request.range,
    now,
  });
  const outPath = toStdout ? null : path.resolve(options.out ?? fileName);
  if (outPath) assertWritableTarget(outPath, options.out ?? fileName);

  const progress = createProgress("export", { unit: "businesses" });
  const started = process.hrtime.bigint();
  let result;
  let file: fs.WriteStream | null = null;
  try {
    // Read-only: a missing or unmigrated database is refused, never created.
    const handle = await getDatabase({ existing: true });
    // NOTE: opened synchronously so a failure before the first byte can close and remove it; an async open
    // could create the file after the clean-up ran.
    if (outPath) file = fs.createWriteStream(outPath, { fd: fs.openSync(outPath, "w"), highWaterMark: 1024 * 1024 });
    result = await exportBusinessesCsv(handle, exportOptions, file ?? process.stdout, (rows, total) => {
      progress.setTotal(total);
      progress.update(rows);
    });
    // As the admin's export: who took which rows out, and where to. NOTE: best effort, the file is written either way.
    await recordCliAuditEvent(handle, {
      action: "businesses.export",
      target: outPath ?? "stdout",
      rowCount: result.rows,
      details: {
        fields: request.fields.map((field) => field.header),
        countryCode: request.filters.countryCode ?? "all",
        categories: request.categoryCount,
        range: request.range,
        approvedOnly: !request.filters.includeUnapproved,
        includeTest: request.filters.includeTest,
      },
    }).catch((error: unknown) => process.stderr.write(`audit: the export was not recorded (${String(error)})\n`));
  } catch (error) {
    if (file && outPath) {
      file.destroy();
      fs.rmSync(outPath, { force: true });
    }
    const code = (error as NodeJS.ErrnoException).code;
    // The reader went away (`… --out - | head`): stopping is the expected outcome, not a failure.
    if (toStdout && code === "EPIPE") return;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new CliError("OUTPUT_NOT_WRITABLE", `Cannot write ${outPath} (${code}); choose a path you may write to with --out.`);
    }
    if (code === "ENOSPC")
      throw new CliError("DISK_FULL", `The disk filled up while writing ${outPath}; free space or narrow the export with filters.`);
    throw asCliError(error);
  } finally {
    await closeDatabase();
  }
  progress.finish(result.rows);

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = {
    rows: result.rows,
    bytes: result.bytes,
    out: outPath ?? "-",
    fields: request.fields.map((field) => field.header),
    country: request.filters.countryCode ?? "all",
    categories: request.filters.categorySlugs ?? [],
    range: request.range,
    createdFrom: request.filters.createdFrom?.toISOString() ?? null,
    createdTo: request.filters.createdTo?.toISOString() ?? null,
    includeUnapproved: request.filters.includeUnapproved,
    includeTest: request.filters.includeTest,
    bom: request.bom,
    seconds: Math.round(seconds * 1000) / 1000,
    rowsPerSecond: Math.round(result.rows / Math.max(seconds, 0.001)),
  };
  const human = () =>
    `Exported ${summary.rows.toLocaleString("en-US")} businesses (${summary.fields.length} fields, ${formatBytes(summary.bytes)}) to ${summary.out} in ${summary.seconds.toFixed(1)} s.`;
  printResult(options.json, summary, human, { toStderr: toStdout });
}

function asCliError(error: unknown): unknown {
  return error instanceof ExportError ? new CliError(error.code, error.message) : error;
}
