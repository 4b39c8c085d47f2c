// `directory generate`: options → a synthetic Google-Maps-style import file (csv/xlsx/json/ndjson) of any size;
// validates every option before writing a byte, and never leaves a half-written file behind on failure.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { GENERATE_FORMATS, XLSX_MAX_ROWS, formatFromPath, writeGeneratedFile } from "../pipeline/generate/index.ts";
import { CliError, parseOptions, printResult, assertWritableTarget, formatBytes } from "./shared.ts";
import { createProgress } from "./progress.ts";

const GenerateOptionsSchema = z.object({
  rows: z.coerce
    .number({ error: "must be a whole number ≥ 1, e.g. --rows 1000" })
    .int("must be a whole number ≥ 1, e.g. --rows 1000")
    .min(1, "must be at least 1, e.g. --rows 1000")
    .default(1000),
  format: z.enum(GENERATE_FORMATS, { error: "use csv, xlsx, json or ndjson (or leave it out to follow --out's extension)" }).optional(),
  out: z
    .string({ error: "is required: a file path such as --out businesses.csv, or --out - for stdout" })
    .min(1, "is required: a file path, or - for stdout"),
  seed: z.coerce.number({ error: "must be a whole number, e.g. --seed 42" }).int("must be a whole number, e.g. --seed 42").default(1),
  messy: z.coerce
    .number({ error: "must be a ratio between 0 and 1, e.g. --messy 0.05" })
    .min(0, "must be a ratio between 0 and 1, e.g. --messy 0.05")
    .max(1, "must be a ratio between 0 and 1, e.g. --messy 0.05")
    .default(0.05),
  testMarker: z.boolean().default(false),
  json: z.boolean().default(false),
});

type GenerateCommandOptions = z.infer<typeof GenerateOptionsSchema>;

export function register(program: Command): void {
  program
    .command("generate")
    .description("Write a realistic synthetic Google-Maps-style import file (demo data, tests, benchmarks)")
    .option("--rows <n>", "how many data rows", "1000")
    .option("--format <format>", "csv | xlsx | json | ndjson (default: from --out's extension, else csv)")
    .option("--out <file>", "output file, or - for stdout (csv/json/ndjson)")
    .option("--seed <n>", "random seed; the same seed and options give the same bytes", "1")
    .option("--messy <ratio>", "share of rows (0..1) with real-world mess: blanks, None, duplicates, odd hours", "0.05")
    .option("--test-marker", "add an is_test column (True) so imported rows count as test data")
    .option("--json", "print the result as JSON")
    .action(async (raw: unknown) => {
      await runGenerate(parseOptions(GenerateOptionsSchema, raw));
    });
}

async function runGenerate(options: GenerateCommandOptions): Promise<void> {
  const toStdout = options.out === "-";
  const format = options.format ?? (toStdout ? undefined : formatFromPath(options.out)) ?? "csv";
  if (format === "xlsx" && toStdout) {
    throw new CliError("XLSX_NEEDS_FILE", "xlsx is a zip archive and cannot go to stdout; give a file, e.g. --out businesses.xlsx.");
  }
  if (format === "xlsx" && options.rows > XLSX_MAX_ROWS) {
    throw new CliError(
      "XLSX_TOO_MANY_ROWS",
      `An xlsx sheet holds at most ${XLSX_MAX_ROWS.toLocaleString("en-US")} data rows; lower --rows or use --format csv.`,
    );
  }
  const outPath = toStdout ? null : path.resolve(options.out);
  if (outPath) assertWritableTarget(outPath, options.out);

  const progress = createProgress("generate", options.rows);
  const started = process.hrtime.bigint();
  let result;
  try {
    result = await writeGeneratedFile(
      { rows: options.rows, seed: options.seed, messy: options.messy, testMarker: options.testMarker, format, out: outPath ?? process.stdout },
      (rows) => progress.update(rows),
    );
  } catch (error) {
    if (outPath) fs.rmSync(outPath, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    // The reader went away (`… --out - | head`): stopping is the expected outcome, not a failure.
    if (toStdout && code === "EPIPE") return;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new CliError("OUTPUT_NOT_WRITABLE", `Cannot write ${options.out} (${code}); choose a path you may write to.`);
    }
    if (code === "ENOSPC") throw new CliError("DISK_FULL", `The disk filled up while writing ${options.out}; free space or lower --rows.`);
    throw error;
  }
  progress.finish(result.rows);

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = {
    rows: result.rows,
    format,
    out: outPath ?? "-",
    bytes: result.bytes,
    seconds: Math.round(seconds * 1000) / 1000,
    peakRssMb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    seed: options.seed,
    messy: options.messy,
    mess: result.mess,
  };
  const human = () => {
    const messParts = Object.entries(result.mess)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${kind} ${count}`);
    return [
      `Wrote ${summary.rows.toLocaleString("en-US")} rows (${format}, ${formatBytes(summary.bytes)}) to ${summary.out} in ${summary.seconds.toFixed(1)} s, peak memory ${summary.peakRssMb} MB.`,
      messParts.length > 0 ? `Mess: ${messParts.join(", ")}.` : "Mess: none.",
    ].join("\n");
  };
  printResult(options.json, summary, human, { toStderr: toStdout });
}
