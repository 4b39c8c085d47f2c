// `directory bench`: each measurement next to a baseline taken in the same run; a table (or JSON) of figures and
// ratios against the targets. `--suite ingest` (default): import, re-import, export, sitemaps, XLSX on generated
// data. `--suite reads`: the built server over HTTP (search, lists, deep pages, suggest vs a business lookup), on a
// freshly imported database or, with --skip-load, on the database at --database-url as it is. `--suite ssr`: the
// server-rendered public pages under closed-loop load against a static file served in the same run. `--suite load`
// (or `--load`): a mixed load of pages, searches and API calls while an import writes into the same database, with the
// server's RSS over time; `--soak-minutes N` runs it long enough to judge whether RSS is stable; `--hosts N` spreads it
// over N app hosts on the same database (with admin changes that every host must show within 2 s) and
// `--read-database-url` gives them a streaming replica to read from. `--suite reads
// --engine postgres|meilisearch|both`: the same searches on each search engine side by side, with facet accuracy,
// reindex time, memory and disk (ingest-cli/bench/run-engine-bench.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Option, type Command } from "commander";
import postgres from "postgres";
import { z } from "zod";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { formatBenchTable, runIngestBench, type BenchFigure } from "../bench/run-ingest-bench.ts";
import {
  formatLoadBenchTable,
  BENCH_ADMIN,
  listLoadRunProblems,
  MAX_HOSTS,
  resolveReadDatabaseUrl,
  runLoadBench,
  type LoadReport,
} from "../bench/run-load-bench.ts";
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { formatReadBenchTable, runReadBench, type ReadFigure } from "../bench/run-read-bench.ts";
import {
  ENGINE_CHOICES,
  formatEngineBenchTables,
  isEngineRunClean,
  listBenchEngines,
  resolveMeilisearchSource,
  runEngineBench,
  type EngineBenchReport,
} from "../bench/run-engine-bench.ts";
import { formatSsrBenchTable, runSsrBench, type SsrReport } from "../bench/run-ssr-bench.ts";
import { CliError, EXIT, parseOptions, printResult } from "./shared.ts";

const BenchOptionsSchema = z.object({
  suite: z.enum(["ingest", "reads", "ssr", "load", "all"]).default("ingest"),
  engine: z.enum(ENGINE_CHOICES).optional(),
  load: z.boolean().default(false),
  rows: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  xlsxRows: z.coerce.number().int().min(1000).max(1_048_575).optional(),
  batchSize: z.coerce.number().int().min(1).max(10_000).default(2000),
  databaseUrl: z.string().url().optional(),
  skipLoad: z.boolean().default(false),
  requests: z.coerce.number().int().min(5).max(10_000).default(100),
  warmup: z.coerce.number().int().min(0).max(1000).default(5),
  seconds: z.coerce.number().min(1).max(3600).optional(),
  soakMinutes: z.coerce.number().int().min(3).max(60).optional(),
  concurrency: z
    .string()
    .optional()
    .transform((list) => list?.split(",").map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().min(1).max(64)).min(1).optional()),
  maxRequests: z.coerce.number().int().min(100).max(10_000_000).optional(),
  importRows: z.coerce.number().int().min(1000).max(1_000_000).default(20_000),
  sampleSeconds: z.coerce.number().min(0.2).max(60).default(1),
  workers: z.coerce.number().int().min(1).max(64).optional(),
  hosts: z.coerce.number().int().min(1).max(MAX_HOSTS).optional(),
  readDatabaseUrl: z.string().optional(),
  adminEvery: z.coerce.number().min(1).max(3600).optional(),
  pageCache: z.boolean().default(true),
  workDir: z.string().optional(),
  keep: z.boolean().default(false),
  json: z.boolean().default(false),
});
type BenchOptions = z.infer<typeof BenchOptionsSchema>;

const CLI_PATH = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "bin", "directory.mjs");
const step = (message: string) => process.stderr.write(`bench: ${message}…\n`);

/** A fresh database with `rows` generated businesses imported through the CLI; dropped afterwards unless kept. */
async function withLoadedDatabase<T>(
  options: BenchOptions,
  serverUrl: string,
  workDir: string,
  run: (url: string, imported: { rows: number; seconds: number }) => Promise<T>,
): Promise<T> {
  const csvPath = path.join(workDir, `bench-${options.rows}.csv`);
  step(`generating ${options.rows.toLocaleString("en-US")} rows of CSV (kept in ${workDir})`);
  fs.mkdirSync(workDir, { recursive: true });
  if (!fs.existsSync(csvPath)) await writeGeneratedFile({ rows: options.rows, seed: 42, messy: 0.05, out: csvPath, format: "csv" });
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const dbName = `directory_bench_${options.suite}_${Date.now().toString(36)}`;
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  try {
    step(`importing into ${dbName}`);
    const importStarted = performance.now();
    const imported = spawnSync(process.execPath, [CLI_PATH, "import", csvPath, "--batch-size", String(options.batchSize), "--max-size", "100000"], {
      env: { ...process.env, DATABASE_URL: url.toString(), MEILI_URL: "" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (imported.status !== 0 && imported.status !== 2) throw new CliError("BENCH_STEP_FAILED", `import exited ${imported.status}`);
    const seconds = Math.round((performance.now() - importStarted) / 10) / 100;
    return await run(url.toString(), { rows: options.rows, seconds });
  } finally {
    if (!options.keep) await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    else process.stderr.write(`bench: kept database ${dbName}\n`);
    await admin.end();
  }
}

export function register(program: Command): void {
  program
    .command("bench")
    .description(
      "Measure ingestion (--suite ingest), reads and search over HTTP (--suite reads), server-rendered pages under load (--suite ssr) against same-run baselines, or a mixed load during an import (--suite load) (needs a PostgreSQL server)",
    )
    .option("--suite <suite>", "ingest, reads, ssr, load or all (all = ingest, reads and ssr)", "ingest")
    .addOption(
      new Option(
        "--engine <engine>",
        "reads: the same searches side by side per search engine, with facet accuracy, reindex, memory and disk (meilisearch: MEILI_BIN, MEILI_URL or `meilisearch` on PATH)",
      ).choices(ENGINE_CHOICES),
    )
    .option("--load", "the same as --suite load")
    .option("--rows <n>", "businesses to generate for the CSV measurements / the read database", "100000")
    .option("--xlsx-rows <n>", "rows of the XLSX workbook (default: rows, at most 280,000 ≈ 150 MB)")
    .option("--batch-size <n>", "import batch size", "2000")
    .option("--database-url <url>", "server where the bench may create and drop its own database (default DATABASE_URL)")
    .option(
      "--skip-load",
      "reads, ssr, load: measure the database at --database-url as it is instead of importing --rows into a new one (load: its import writes into that database)",
    )
    .option("--requests <n>", "reads: timed requests per figure", "100")
    .option("--warmup <n>", "reads: untimed rounds first", "5")
    .option("--seconds <n>", "ssr: length of each timed load run (default 4); load: length of the timed load (default 60)")
    .option("--soak-minutes <n>", "load: a soak of N minutes (at least 3) that judges whether the server's RSS is stable")
    .option("--concurrency <list>", "ssr: keep-alive connections tried per page (default 2,4,8,16); load: one number (default 8)")
    .option("--max-requests <n>", "ssr, load: upper bound of requests per timed run (default 100,000 / 1,000,000)")
    .option("--import-rows <n>", "load: rows of the generated file imported mid-run", "20000")
    .option("--sample-seconds <n>", "load: how often the server's RSS is sampled", "1")
    .option("--workers <n>", "ssr, load: server worker processes (default: one per core, as `directory start`; load sums the RSS of all of them)")
    .option("--no-page-cache", "ssr, load: run the server with its page cache off (every page rendered)")
    .option(
      "--hosts <n>",
      `load: app hosts (1-${MAX_HOSTS}, default 1): separate \`directory start\` processes on their own loopback ports and the same database, each with --workers, the requests dealt round-robin; with 2 or more, an admin (\`${BENCH_ADMIN}\`, created or given a new random password) saves the site settings through one host every few seconds and each other host must show the change within 2 s (the settings are put back afterwards)`,
    )
    .option(
      "--read-database-url <url>",
      "load: a streaming replica of the --database-url server (pg_basebackup -R), postgres://user:password@host:port; every host gets it as DATABASE_READ_URL with the bench's database name, and the report shows each host's reads on the replica and the primary",
    )
    .option(
      "--admin-every <seconds>",
      "load, --hosts 2+: seconds between admin changes (default 5; 15 with a replica, since each change keeps reads on the primary for 10 s)",
    )
    .option("--work-dir <dir>", "where generated files go (kept between runs of the same size)")
    .option("--keep", "keep the bench database afterwards")
    .option("--json", "print the figures as JSON")
    .action(async (raw: unknown) => {
      const options = parseOptions(BenchOptionsSchema, raw);
      if (options.load) options.suite = "load";
      if (options.soakMinutes !== undefined && options.seconds !== undefined) {
        throw new CliError("INVALID_OPTION", "Give either --soak-minutes or --seconds, not both (--soak-minutes N is --seconds N×60).");
      }
      if (options.engine !== undefined && options.suite !== "reads")
        throw new CliError(
          "INVALID_OPTION",
          `--engine compares search engines in the reads suite; add --suite reads (got --suite ${options.suite}).`,
        );
      const engines = options.engine === undefined ? [] : listBenchEngines(options.engine);
      const meilisearch = engines.includes("meilisearch") ? resolveMeilisearchSource(process.env) : undefined;
      const loadConcurrency = options.suite === "load" ? readLoadConcurrency(options.concurrency) : 0;
      for (const [given, flag] of [
        [options.hosts, "--hosts"],
        [options.readDatabaseUrl, "--read-database-url"],
        [options.adminEvery, "--admin-every"],
      ] as const) {
        if (given !== undefined && options.suite !== "load")
          throw new CliError("INVALID_OPTION", `${flag} belongs to the load suite; add --suite load (got --suite ${options.suite}).`);
      }
      const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
      if (!databaseUrl)
        throw new CliError(
          "DATABASE_URL_REQUIRED",
          "The bench compares against psql on a PostgreSQL server: pass --database-url or set DATABASE_URL.",
        );
      if (options.readDatabaseUrl !== undefined) checkReadDatabaseUrl(options.readDatabaseUrl, databaseUrl);
      const workDir = options.workDir ?? path.join(os.tmpdir(), "directory-bench");
      let figures: BenchFigure[] | undefined;
      let reads: ReadFigure[] | undefined;
      let ssr: SsrReport | undefined;
      let load: LoadReport | undefined;
      let engineReport: EngineBenchReport | undefined;
      if (options.suite === "ingest" || options.suite === "all") {
        figures = await runIngestBench({
          rows: options.rows,
          xlsxRows: options.xlsxRows ?? Math.min(options.rows, 280_000),
          batchSize: options.batchSize,
          databaseUrl,
          workDir,
          keepDatabase: options.keep,
          cliPath: CLI_PATH,
          onStep: step,
        });
      }
      if (options.suite !== "ingest") {
        const measure = async (url: string, imported?: { rows: number; seconds: number }) => {
          if (engines.length > 0) {
            engineReport = await runEngineBench({
              databaseUrl: url,
              cliPath: CLI_PATH,
              requests: options.requests,
              warmup: options.warmup,
              engines,
              meilisearch,
              imported,
              onStep: step,
            });
            return;
          }
          if (options.suite === "load") {
            load = await runLoadBench({
              databaseUrl: url,
              cliPath: CLI_PATH,
              concurrency: loadConcurrency,
              seconds: options.soakMinutes !== undefined ? options.soakMinutes * 60 : (options.seconds ?? 60),
              maxRequests: options.maxRequests ?? 1_000_000,
              importRows: options.importRows,
              sampleSeconds: options.sampleSeconds,
              serverArgs: options.workers === undefined ? [] : ["--workers", String(options.workers)],
              hosts: options.hosts ?? 1,
              readDatabaseUrl: options.readDatabaseUrl,
              adminChangeSeconds: options.adminEvery,
              workDir,
              onStep: step,
            });
            return;
          }
          if (options.suite !== "ssr")
            reads = await runReadBench({ databaseUrl: url, cliPath: CLI_PATH, requests: options.requests, warmup: options.warmup, onStep: step });
          if (options.suite !== "reads") {
            ssr = await runSsrBench({
              databaseUrl: url,
              cliPath: CLI_PATH,
              concurrencies: options.concurrency ?? [2, 4, 8, 16],
              seconds: Math.min(options.seconds ?? 4, 60),
              maxRequests: options.maxRequests ?? 100_000,
              workers: options.workers,
              pageCache: options.pageCache,
              onStep: step,
            });
          }
        };
        await (options.skipLoad ? measure(databaseUrl) : withLoadedDatabase(options, databaseUrl, workDir, measure));
      }
      const [one, five, fifteen] = os.loadavg().map((n) => Math.round(n * 100) / 100);
      printResult(
        options.json,
        {
          machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), loadAverage: [one, five, fifteen] },
          ...(figures ? { figures } : {}),
          ...(reads ? { reads } : {}),
          ...(ssr ? { ssr } : {}),
          ...(load ? { load } : {}),
          ...(engineReport ? { engines: engineReport } : {}),
        },
        () =>
          [
            figures ? formatBenchTable(figures) : "",
            reads ? formatReadBenchTable(reads) : "",
            ssr ? formatSsrBenchTable(ssr) : "",
            load ? formatLoadBenchTable(load) : "",
            engineReport ? formatEngineBenchTables(engineReport) : "",
            `load average: ${one}, ${five}, ${fifteen}`,
          ]
            .filter(Boolean)
            .join("\n\n"),
      );
      const loadProblems = load ? listLoadRunProblems(load) : [];
      if (loadProblems.length > 0) {
        process.stderr.write(`error BENCH_LOAD_FAILED: ${loadProblems.join("; ")}; see the errors, hosts, admin changes and import lines above.\n`);
        process.exitCode = EXIT.FATAL;
      }
      const engineRun = engineReport ? isEngineRunClean(engineReport) : undefined;
      if (engineRun?.fellBack) {
        process.stderr.write(
          "error BENCH_ENGINE_FELL_BACK: Meilisearch figures marked FELL BACK were answered by the PostgreSQL fallback, so they are not Meilisearch's; see the server's warnings above and fix the Meilisearch server.\n",
        );
        process.exitCode = EXIT.FATAL;
      }
      if (engineRun?.facetsDiffer) {
        process.stderr.write("error BENCH_FACETS_DIFFER: an engine's facet counts differ from the exact SQL counts (rows marked DIFFERS above).\n");
        process.exitCode = EXIT.FATAL;
      }
    });
}

/** --read-database-url checked before any work (a usage error, exit 64): a postgres:// URL of a server other than the primary's. */
function checkReadDatabaseUrl(raw: string, databaseUrl: string): void {
  try {
    resolveReadDatabaseUrl(raw, databaseUrl);
  } catch (error) {
    if (error instanceof DirectoryError) throw new CliError(error.code, error.message, EXIT.USAGE);
    throw error;
  }
}

/** The load suite runs at one concurrency: the given one, or 8 keep-alive connections. */
function readLoadConcurrency(list: number[] | undefined): number {
  if (list === undefined) return 8;
  if (list.length !== 1)
    throw new CliError("INVALID_OPTION", `--suite load runs at one concurrency; give one number to --concurrency (got ${list.join(",")}).`);
  return list[0] as number;
}
