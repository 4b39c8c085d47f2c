// `directory import <files...>` and `directory validate <files...>`: the shared import pipeline from the shell,
// with progress on stderr, the spec's reports with --json, and exit 2 when rows were rejected.
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { describeFailure } from "../../db/rules/directory-error.ts";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { aggregatesBehindImports, refreshAfterBulkChange } from "../../db/writes/aggregates.ts";
import { DEFAULT_BATCH_SIZE, importFile, ImportError, NO_DATA_ROWS_MESSAGE, type ImportOutcome } from "../pipeline/import/import-file.ts";
import { SourceError } from "../pipeline/read/index.ts";
import { CliError, createProgress, EXIT, parseOptions, printResult } from "./shared.ts";

const ImportOptionsSchema = z.object({
  batchSize: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_BATCH_SIZE),
  onDuplicate: z.enum(["update", "skip"]).default("update"),
  testData: z.boolean().default(false),
  resume: z.boolean().default(false),
  json: z.boolean().default(false),
  maxSize: z.coerce.number().positive().max(100_000).default(150),
  rejected: z.string().min(1).optional(),
});
type ImportCommandOptions = z.infer<typeof ImportOptionsSchema>;

function rejectedPathFor(base: string | undefined, file: string, index: number, count: number): string | undefined {
  if (!base) return undefined;
  if (count === 1) return base;
  const parsed = path.parse(base);
  return path.join(parsed.dir, `${parsed.name}-${index + 1}-${path.parse(file).name}${parsed.ext || ".csv"}`);
}

function describeOutcome(file: string, outcome: ImportOutcome, dryRun: boolean): string {
  const c = outcome.counters;
  const seconds = ((c.finishedAt.getTime() - c.startedAt.getTime()) / 1000).toFixed(1);
  const verb = dryRun ? "would be" : "";
  const lines = [
    `${file}: ${c.totalRows.toLocaleString("en-US")} rows in ${seconds} s${outcome.runId ? ` (run #${outcome.runId}${outcome.resumedFromRow ? `, resumed after line ${outcome.resumedFromRow}` : ""})` : ""}`,
    `  ${c.inserted.toLocaleString("en-US")} ${verb ? "would be new" : "new"}, ${c.updated.toLocaleString("en-US")} ${verb ? "would be updated" : "updated"}, ${c.unchanged.toLocaleString("en-US")} unchanged, ${c.skipped.count.toLocaleString("en-US")} skipped, ${c.rejected.count.toLocaleString("en-US")} rejected`,
    `  columns: ${outcome.columnExtraction.extractedCount} of ${outcome.columnExtraction.totalColumns} recognised` +
      (outcome.unknownColumns.length > 0 ? `; ignored: ${outcome.unknownColumns.slice(0, 12).join(", ")}${outcome.unknownColumns.length > 12 ? ", …" : ""}` : ""),
    `  duplicates: ${c.excelDuplicates.count} repeated in the file, ${c.databaseDuplicates} already in the database`,
  ];
  for (const row of c.rejected.rows.slice(0, 5)) lines.push(`  line ${row.line}: ${row.field ? `${row.field} — ` : ""}${row.reason}`);
  if (c.rejected.count > 5) lines.push(`  ... and ${c.rejected.count - 5} more rejected rows`);
  if (outcome.error) lines.push(`  FAILED ${outcome.error.code}: ${outcome.error.message}`);
  else if (outcome.batch.message === NO_DATA_ROWS_MESSAGE) lines.push(`  ${NO_DATA_ROWS_MESSAGE}`);
  if (outcome.searchIndexError) lines.push(`  search index not updated (${outcome.searchIndexError}); run \`directory reindex\` once the search engine is back`);
  if (outcome.status === "cancelled") lines.push("  CANCELLED: whole batches up to the interruption are saved; run again with --resume to continue.");
  return lines.join("\n");
}

async function runImport(files: string[], raw: unknown, dryRun: boolean): Promise<void> {
  const options: ImportCommandOptions = parseOptions(ImportOptionsSchema, raw);
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write("\nStopping after the current batch (press Ctrl-C again to quit at once)…\n");
    controller.abort(new Error("interrupted"));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const outcomes: Array<{ file: string; outcome?: ImportOutcome; error?: { code: string; message: string } }> = [];
  try {
    const handle = await getDatabase();
    for (const [index, file] of files.entries()) {
      if (controller.signal.aborted) break;
      const progress = createProgress(`${dryRun ? "Validating" : "Importing"} ${path.basename(file)}`);
      try {
        const outcome = await importFile(handle, file, {
          batchSize: options.batchSize,
          onDuplicate: options.onDuplicate,
          isTest: options.testData,
          dryRun,
          resume: options.resume,
          origin: "cli",
          maxBytes: Math.round(options.maxSize * 1024 * 1024),
          rejectedCsvPath: rejectedPathFor(options.rejected, file, index, files.length),
          refreshAggregates: false,
          signal: controller.signal,
          onProgress: (p) => progress.update(p.rowsRead),
        });
        progress.finish(outcome.counters.totalRows);
        outcomes.push({ file, outcome });
        if (!options.json) process.stdout.write(`${describeOutcome(file, outcome, dryRun)}\n`);
      } catch (error) {
        // NOTE: an unexpected error ends this file, not the whole run: batches it committed stay (whole), the
        // next files still get their turn, and the operator sees a code rather than a stack trace.
        const failure =
          error instanceof SourceError || error instanceof ImportError
            ? { code: error.code, message: error.message }
            : { code: "IMPORT_FAILED", message: `${describeFailure(error)}. Batches already committed are kept; fix the cause and re-run with --resume.` };
        outcomes.push({ file, error: failure });
        if (!options.json) process.stdout.write(`${file}: FAILED ${failure.code}: ${failure.message}\n`);
      }
    }
    const changed = outcomes.reduce((sum, o) => sum + (o.outcome ? o.outcome.counters.inserted + o.outcome.counters.updated : 0), 0);
    if (!dryRun && (changed > 0 || (await aggregatesBehindImports(handle)))) await refreshAfterBulkChange(handle, changed);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await closeDatabase();
  }
  if (options.json) {
    printResult(
      true,
      outcomes.map(({ file, outcome, error }) =>
        outcome
          ? {
              file,
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
              },
              warnings: outcome.warnings, unknownColumns: outcome.unknownColumns, error: outcome.error ?? null, searchIndexError: outcome.searchIndexError ?? null, result: outcome.batch, report: outcome.dashboard }
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
    ["validate", true, "Dry run: report what an import would insert, update, skip and reject; write nothing"],
  ] as const) {
    program
      .command(`${name} <files...>`)
      .description(description)
      .option("--batch-size <n>", "rows per atomic batch (admin offers 100, 500, 1000, 2000)", String(DEFAULT_BATCH_SIZE))
      .option("--on-duplicate <mode>", "what to do with businesses already stored: update | skip", "update")
      .option("--test-data", "mark the imported businesses as test data (removed by delete-test-data)")
      .option("--resume", "continue the newest unfinished run of the same file after its last saved batch")
      .option("--max-size <MB>", "refuse files larger than this many megabytes", "150")
      .option("--rejected <file.csv>", "write rejected rows (original columns + line, field, reason) to this CSV")
      .option("--json", "print the spec's batch result and dashboard report per file as JSON")
      .action(async (files: string[], raw: unknown) => {
        if (files.length === 0) throw new CliError("NO_FILES", "Name at least one file to import.");
        await runImport(files, raw, dryRun);
      });
  }
}
