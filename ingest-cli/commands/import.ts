// `directory import <files...>` and `directory validate <files...>`: the shared import pipeline from the shell,
// with progress on stderr, the spec's reports with --json, and exit 2 when rows were rejected.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { describeFailure } from "../../db/rules/directory-error.ts";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { recordCliAuditEvent } from "../../db/writes/audit-log.ts";
import { DEFAULT_BATCH_SIZE, ImportError, NO_DATA_ROWS_MESSAGE, type ImportOutcome } from "../pipeline/import/import-file.ts";
import { formatFieldRates } from "../pipeline/import/field-rates.ts";
import { importFiles, type FileImportResult } from "../pipeline/import/import-files.ts";
import { SourceError } from "../pipeline/read/index.ts";
import { summariseWarnings } from "../pipeline/import/reports.ts";
import { announceSiteChange, assertWritableTarget, CliError, EXIT, parseOptions, printResult, wholeNumber } from "./shared.ts";
import { createProgress, type Progress } from "./progress.ts";

const maxSizeMessage = "must be a number of megabytes above 0, e.g. --max-size 500";

const ImportOptionsSchema = z.object({
  batchSize: wholeNumber("--batch-size", 1, 10_000, DEFAULT_BATCH_SIZE).default(DEFAULT_BATCH_SIZE),
  onDuplicate: z.enum(["update", "skip"], { error: "use update or skip, e.g. --on-duplicate skip" }).default("update"),
  testData: z.boolean().default(false),
  resume: z.boolean().default(false),
  json: z.boolean().default(false),
  // No cap unless given: the 150 MB limit is the admin upload's; the readers stream, so an operator's file may be any size.
  maxSize: z.coerce.number({ error: maxSizeMessage }).positive(maxSizeMessage).optional(),
  rejected: z.string().min(1).optional(),
  full: z.boolean().default(false),
});
type ImportCommandOptions = z.infer<typeof ImportOptionsSchema>;

/**
 * Where a file's rejected rows go: the --rejected path itself for one file; for several, one CSV per input beside it,
 * named after the base and the input (`rejected.csv` + `a.csv`, `b.csv` → `rejected-1-a.csv`, `rejected-2-b.csv`).
 */
function rejectedPathFor(base: string | undefined, file: string, index: number, count: number): string | undefined {
  if (!base) return undefined;
  if (count === 1) return base;
  const parsed = path.parse(base);
  return path.join(parsed.dir, `${parsed.name}-${index + 1}-${path.parse(file).name}${parsed.ext || ".csv"}`);
}

/** The file's size for the progress total (bytes read of it), or 0 when it cannot be read (the import then says why). */
function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** The code and message the operator sees for a file that ended without an outcome: no stack trace. */
function describeFileFailure(error: unknown): { code: string; message: string } {
  return error instanceof SourceError || error instanceof ImportError
    ? { code: error.code, message: error.message }
    : { code: "IMPORT_FAILED", message: `${describeFailure(error)}. Batches already committed are kept; fix the cause and re-run with --resume.` };
}

/** A stored or new value in a change line: quoted, cut to 80 characters, "(empty)" for none. */
function showValue(value: string | null): string {
  if (value === null || value === "") return "(empty)";
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);
}

function describeOutcome(file: string, outcome: ImportOutcome, dryRun: boolean, rejectedPath: string | undefined): string {
  const c = outcome.counters;
  const seconds = ((c.finishedAt.getTime() - c.startedAt.getTime()) / 1000).toFixed(1);
  const verb = dryRun ? "would be" : "";
  const lines = [
    `${file}: ${c.totalRows.toLocaleString("en-US")} rows in ${seconds} s${outcome.runId ? ` (run #${outcome.runId}${outcome.resumedFromRow ? `, resumed after line ${outcome.resumedFromRow}` : ""})` : ""}`,
    `  ${c.inserted.toLocaleString("en-US")} ${verb ? "would be new" : "new"}, ${c.updated.toLocaleString("en-US")} ${verb ? "would be updated" : "updated"}, ${c.unchanged.toLocaleString("en-US")} unchanged, ${c.suppressed.toLocaleString("en-US")} suppressed, ${c.skipped.count.toLocaleString("en-US")} skipped, ${c.rejected.count.toLocaleString("en-US")} rejected`,
    `  columns: ${outcome.columnExtraction.extractedCount} of ${outcome.columnExtraction.totalColumns} recognised` +
      (outcome.unknownColumns.length > 0
        ? `; ignored: ${outcome.unknownColumns.slice(0, 12).join(", ")}${outcome.unknownColumns.length > 12 ? ", …" : ""}`
        : ""),
    `  duplicates: ${c.excelDuplicates.count} repeated in the file, ${c.databaseDuplicates} already in the database`,
  ];
  if (outcome.reusedRows > 0)
    lines.push(
      `  ${outcome.reusedRows.toLocaleString("en-US")} rows read as at their last import: their normalised values were reused (--full normalises every row)`,
    );
  for (const line of formatFieldRates(outcome.fieldRates)) lines.push(`  ${line}`);
  if (dryRun && outcome.changeSample.length > 0) {
    lines.push(`  would change (sample of stored businesses; field: stored → new):`);
    for (const change of outcome.changeSample)
      lines.push(
        `    line ${change.line} ${change.business} (${change.slug}): ${change.field}: ${showValue(change.stored)} → ${showValue(change.next)}`,
      );
  }
  if (rejectedPath) lines.push(`  rejected rows: ${c.rejected.count.toLocaleString("en-US")} written to ${rejectedPath}`);
  for (const row of c.rejected.rows.slice(0, 5)) lines.push(`  line ${row.line}: ${row.field ? `${row.field} — ` : ""}${row.reason}`);
  if (c.rejected.count > 5) lines.push(`  ... and ${c.rejected.count - 5} more rejected rows`);
  // Ignored cells keep the stored value; the operator sees each one here, not only in the admin's run report.
  if (outcome.warnings > 0) {
    lines.push(`  ${summariseWarnings(outcome.warnings, outcome.warningSummary.groups)}`);
    for (const w of outcome.warningSummary.sample) lines.push(`  line ${w.line}: ${w.field ? `${w.field} — ` : ""}${w.code}: ${w.reason}`);
    if (outcome.warnings > outcome.warningSummary.sample.length)
      lines.push(`  ... and ${outcome.warnings - outcome.warningSummary.sample.length} more warnings`);
  }
  if (outcome.error) lines.push(`  FAILED ${outcome.error.code}: ${outcome.error.message}`);
  else if (outcome.batch.message === NO_DATA_ROWS_MESSAGE) lines.push(`  ${NO_DATA_ROWS_MESSAGE}`);
  if (outcome.searchIndexError)
    lines.push(`  search index not updated (${outcome.searchIndexError}); run \`directory reindex\` once the search engine is back`);
  if (outcome.hiddenDemoBusinesses > 0)
    lines.push(
      `  ${outcome.hiddenDemoBusinesses.toLocaleString("en-US")} demo listings hidden from the public site (this import brought real ones); remove them with \`directory delete-test-data\``,
    );
  if (outcome.status === "cancelled") lines.push("  CANCELLED: whole batches up to the interruption are saved; run again with --resume to continue.");
  return lines.join("\n");
}

/**
 * One audit entry per imported file (actor "cli"), like the admin's upload entry: its counts and the first businesses
 * it inserted and rewrote (at most 20 each). NOTE: best effort: the rows are committed whatever the audit write does.
 */
async function recordImportAudits(results: FileImportResult[]): Promise<void> {
  for (const { file, outcome } of results) {
    if (!outcome || outcome.runId === null) continue;
    await recordCliAuditEvent(await getDatabase(), {
      action: "import",
      target: path.basename(file),
      rowCount: outcome.counters.inserted + outcome.counters.updated,
      details: {
        runId: outcome.runId,
        status: outcome.status,
        totalRows: outcome.counters.totalRows,
        inserted: outcome.counters.inserted,
        updated: outcome.counters.updated,
        sample: outcome.writtenSample,
      },
    }).catch((error: unknown) => process.stderr.write(`audit: the import of ${file} was not recorded (${describeFailure(error)})\n`));
  }
}

async function runImport(files: string[], raw: unknown, dryRun: boolean): Promise<void> {
  const options: ImportCommandOptions = parseOptions(ImportOptionsSchema, raw);
  files.forEach((file, index) => {
    const rejectedPath = rejectedPathFor(options.rejected, file, index, files.length);
    if (rejectedPath) assertWritableTarget(path.resolve(rejectedPath), rejectedPath, "--rejected");
  });
  let results: FileImportResult[];
  const started = performance.now();
  const refresh: { startedAt?: number; seconds?: number } = {};
  try {
    let progress: { bar: Progress; bytes: number; rows: number } | null = null;
    const rowsDetail = (rows: number, bar: Progress) =>
      `${rows.toLocaleString("en-US")} rows (${Math.round(rows / Math.max(bar.elapsedSeconds(), 0.001)).toLocaleString("en-US")} rows/s)`;
    // validate is read-only: a missing or unmigrated database is refused, never created.
    results = await importFiles(() => getDatabase({ existing: dryRun }), files, {
      batchSize: options.batchSize,
      onDuplicate: options.onDuplicate,
      isTest: options.testData,
      dryRun,
      resume: options.resume,
      full: options.full,
      origin: "cli",
      maxBytes: options.maxSize === undefined ? Number.MAX_SAFE_INTEGER : Math.round(options.maxSize * 1024 * 1024),
      rejectedCsvPathFor: (file, index, count) => rejectedPathFor(options.rejected, file, index, count),
      stopOnProcessSignals: {
        onFirstSignal: () => process.stderr.write("\nStopping after the current batch (press Ctrl-C again to quit at once)…\n"),
      },
      onFileStarted: (file) => {
        const label = `${dryRun ? "Validating" : "Importing"} ${path.basename(file)}`;
        const current = { bar: createProgress(label, { total: fileSize(file), unit: "bytes" }), bytes: 0, rows: 0 };
        progress = current;
        return (p) => {
          current.bytes = p.bytesRead;
          current.rows = p.rowsRead;
          current.bar.update(p.bytesRead, rowsDetail(p.rowsRead, current.bar));
        };
      },
      onRebuildingIndexes: (count) => {
        if (progress) progress.bar.note(`building ${count} indexes…`);
        else process.stderr.write(`building ${count} indexes…\n`);
      },
      // NOTE: the rebuild of the count tables takes seconds at a million rows; without a word it looks like a hang.
      onRefreshingCounts: () => {
        refresh.startedAt = performance.now();
        if (progress) progress.bar.note("refreshing counts…");
        else process.stderr.write("refreshing counts…\n");
      },
      onFileFinished: ({ file, outcome, error }, index) => {
        const current = progress;
        progress = null;
        if (refresh.startedAt !== undefined && refresh.seconds === undefined) refresh.seconds = (performance.now() - refresh.startedAt) / 1000;
        if (outcome && current) {
          current.bar.finish(fileSize(file) || current.bytes, rowsDetail(outcome.counters.totalRows, current.bar));
          if (refresh.seconds !== undefined) current.bar.note(`counts refreshed in ${refresh.seconds.toFixed(1)} s`);
        }
        if (options.json) return;
        if (outcome)
          process.stdout.write(`${describeOutcome(file, outcome, dryRun, rejectedPathFor(options.rejected, file, index, files.length))}\n`);
        else {
          const failure = describeFileFailure(error);
          process.stdout.write(`${file}: FAILED ${failure.code}: ${failure.message}\n`);
        }
      },
    });
    if (refresh.startedAt !== undefined && refresh.seconds === undefined) {
      refresh.seconds = (performance.now() - refresh.startedAt) / 1000;
      process.stderr.write(`counts refreshed in ${refresh.seconds.toFixed(1)} s\n`);
    }
    if (!dryRun) {
      const written = results.some(
        ({ outcome }) => outcome && outcome.counters.inserted + outcome.counters.updated + outcome.hiddenDemoBusinesses > 0,
      );
      if (written) await announceSiteChange(await getDatabase());
      await recordImportAudits(results);
    }
  } finally {
    await closeDatabase();
  }
  const outcomes = results.map(({ file, outcome, error }, index) => ({
    file,
    // Written only for a file that was read (one refused before its first row has none).
    rejectedFile: outcome ? (rejectedPathFor(options.rejected, file, index, files.length) ?? null) : null,
    outcome,
    error: outcome ? undefined : describeFileFailure(error),
  }));
  // Several files: their count refresh runs once after the last one, so only the total includes it.
  if (files.length > 1 && !options.json) {
    const refreshed = refresh.seconds === undefined ? "" : ` (counts refreshed in ${refresh.seconds.toFixed(1)} s)`;
    process.stdout.write(`${files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s${refreshed}\n`);
  }
  if (options.json) {
    printResult(
      true,
      outcomes.map(({ file, outcome, error, rejectedFile }) =>
        outcome
          ? {
              file,
              rejectedFile,
              runId: outcome.runId,
              status: outcome.status,
              resumedFromRow: outcome.resumedFromRow,
              counts: {
                totalRows: outcome.counters.totalRows,
                inserted: outcome.counters.inserted,
                updated: outcome.counters.updated,
                unchanged: outcome.counters.unchanged,
                skipped: outcome.counters.skipped.count,
                rejected: outcome.counters.rejected.count,
                reused: outcome.reusedRows,
              },
              warnings: outcome.warnings,
              fieldRates: outcome.fieldRates,
              warningGroups: outcome.warningSummary.groups,
              warningSample: outcome.warningSummary.sample,
              ...(dryRun ? { changes: outcome.changeSample } : {}),
              unknownColumns: outcome.unknownColumns,
              error: outcome.error ?? null,
              searchIndexError: outcome.searchIndexError ?? null,
              hiddenDemoBusinesses: outcome.hiddenDemoBusinesses,
              result: outcome.batch,
              report: outcome.dashboard,
            }
          : { file, status: "failed", error },
      ),
      () => "",
    );
  }
  const failed = outcomes.some((o) => o.error || o.outcome?.status !== "succeeded");
  const rejected = outcomes.some((o) => (o.outcome?.counters.rejected.count ?? 0) > 0);
  process.exitCode = failed ? EXIT.FATAL : rejected ? EXIT.ROWS_REJECTED : EXIT.OK;
}

export function register(program: Command): void {
  for (const [name, dryRun, description] of [
    ["import", false, "Import .xlsx/.xls/.csv/.json/.ndjson files (optionally .gz) into the directory"],
    [
      "validate",
      true,
      "Dry run: report what an import would insert, update, skip and reject, and a sample of the fields it would change on stored businesses; write nothing",
    ],
  ] as const) {
    const command = program
      .command(`${name} <files...>`)
      .description(description)
      .option(
        "--batch-size <n>",
        dryRun ? "rows per checked batch (each rolled back)" : "rows per atomic batch (admin offers 100, 500, 1000, 2000)",
        String(DEFAULT_BATCH_SIZE),
      )
      .option(
        "--on-duplicate <mode>",
        dryRun
          ? "what the import would do with businesses already stored: update | skip"
          : "what to do with businesses already stored: update | skip",
        "update",
      )
      .option(
        "--test-data",
        dryRun
          ? "check the rows as `import --test-data` would write them (test data: a stored test business is then unchanged)"
          : "mark the imported businesses as test data (removed by delete-test-data)",
      );
    // A dry run records no run, so there is nothing to resume.
    if (!dryRun) command.option("--resume", "continue the newest unfinished run of the same file after its last saved batch");
    command
      .option("--max-size <MB>", "refuse files larger than this many megabytes (default: no limit)")
      .option(
        "--rejected <file.csv>",
        "write rejected rows (original columns + line, field, reason) to this CSV; with several files, one CSV per input named <file>-<n>-<input>.csv (each path printed)",
      )
      .option(
        "--json",
        dryRun
          ? "print the spec's batch result and dashboard report per file as JSON, with `changes`: the sample of fields that would change"
          : "print the spec's batch result and dashboard report per file as JSON",
      )
      .option("--full", "normalise every row again, even rows whose cells are as at their last import")
      .action(async (files: string[], raw: unknown) => {
        if (files.length === 0) throw new CliError("NO_FILES", "Name at least one file to import.");
        await runImport(files, raw, dryRun);
      });
  }
}
