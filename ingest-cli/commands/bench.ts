// `directory bench --rows N`: generated data, each measurement next to a baseline taken in the same run; a table
// (or JSON) of figures and ratios against the targets. Needs a PostgreSQL server (--database-url or DATABASE_URL).
import os from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { formatBenchTable, runIngestBench } from "../pipeline/bench/run-ingest-bench.ts";
import { CliError, parseOptions, printResult } from "./shared.ts";

const BenchOptionsSchema = z.object({
  rows: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  xlsxRows: z.coerce.number().int().min(1000).max(1_048_575).optional(),
  batchSize: z.coerce.number().int().min(1).max(10_000).default(2000),
  databaseUrl: z.string().url().optional(),
  workDir: z.string().optional(),
  keep: z.boolean().default(false),
  json: z.boolean().default(false),
});

export function register(program: Command): void {
  program
    .command("bench")
    .description("Measure import, re-import, export, sitemaps and XLSX against same-run baselines (needs a PostgreSQL server)")
    .option("--rows <n>", "businesses to generate for the CSV measurements", "100000")
    .option("--xlsx-rows <n>", "rows of the XLSX workbook (default: rows, at most 280,000 ≈ 150 MB)")
    .option("--batch-size <n>", "import batch size", "2000")
    .option("--database-url <url>", "server where the bench may create and drop its own database (default DATABASE_URL)")
    .option("--work-dir <dir>", "where generated files go (kept between runs of the same size)")
    .option("--keep", "keep the bench database afterwards")
    .option("--json", "print the figures as JSON")
    .action(async (raw: unknown) => {
      const options = parseOptions(BenchOptionsSchema, raw);
      const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
      if (!databaseUrl) throw new CliError("DATABASE_URL_REQUIRED", "The bench compares against psql on a PostgreSQL server: pass --database-url or set DATABASE_URL.");
      const figures = await runIngestBench({
        rows: options.rows,
        xlsxRows: options.xlsxRows ?? Math.min(options.rows, 280_000),
        batchSize: options.batchSize,
        databaseUrl,
        workDir: options.workDir ?? path.join(os.tmpdir(), "directory-bench"),
        keepDatabase: options.keep,
        cliPath: path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "bin", "directory.mjs"),
        onStep: (message) => process.stderr.write(`bench: ${message}…\n`),
      });
      printResult(options.json, { machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) }, figures }, () => formatBenchTable(figures));
    });
}
