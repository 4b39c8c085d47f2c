// Generated data + a PostgreSQL server → timed ingestion figures, each next to a baseline measured in the same
// run (psql \copy paths), as ratios against the targets: import ≤ 1.5× SQL, re-import ≤ 0.5× import, export ≤ 2×
// psql \copy out, sitemaps ≤ 3× a psql slug dump, XLSX peak RSS ≤ 1.5 GB and parse ≥ 20k rows/s.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "../../db/client.ts";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import { openSource } from "../pipeline/read/index.ts";
import { buildBaselineImportScript } from "./baseline-sql.ts";

export interface BenchFigure {
  name: string;
  seconds: number;
  baseline: string;
  baselineSeconds: number | null;
  ratio: number | null;
  target: string;
  ok: boolean;
  detail?: string;
}

export interface IngestBenchOptions {
  rows: number;
  xlsxRows: number;
  batchSize: number;
  /** A server where the bench may CREATE and DROP its own database. */
  databaseUrl: string;
  workDir: string;
  keepDatabase?: boolean;
  cliPath: string;
  onStep?: (message: string) => void;
}

interface TimedRun {
  seconds: number;
  code: number | null;
  stdout: string;
  stderr: string;
  peakRssMb: number | null;
  /** The child's user + system CPU seconds (all its threads), when GNU time measured it. */
  cpuSeconds: number | null;
}

const TIME_BIN = "/usr/bin/time";

/** Runs a command, timing it; under GNU time when present so the child's peak RSS is known. */
function timedRun(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<TimedRun> {
  const useTime = fs.existsSync(TIME_BIN);
  const rssFile = useTime ? path.join(os.tmpdir(), `directory-bench-rss-${process.pid}-${Date.now()}.txt`) : null;
  const [bin, argv] = useTime && rssFile ? [TIME_BIN, ["-f", "%M %U %S", "-o", rssFile, command, ...args]] : [command, args];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, argv, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      let peakRssMb: number | null = null;
      let cpuSeconds: number | null = null;
      if (rssFile && fs.existsSync(rssFile)) {
        const [kb, user, system] = (fs.readFileSync(rssFile, "utf8").trim().split("\n").pop() ?? "").split(" ").map(Number);
        peakRssMb = Number.isFinite(kb) ? Math.round((kb as number) / 102.4) / 10 : null;
        cpuSeconds = Number.isFinite(user) && Number.isFinite(system) ? Math.round(((user as number) + (system as number)) * 10) / 10 : null;
        fs.rmSync(rssFile, { force: true });
      }
      resolve({ seconds, code, stdout, stderr, peakRssMb, cpuSeconds });
    });
  });
}

function must(run: TimedRun, what: string): TimedRun {
  if (run.code !== 0 && run.code !== 2) throw new DirectoryError("BENCH_STEP_FAILED", `${what} exited ${run.code}: ${run.stderr.slice(-2000)}`);
  return run;
}

function figure(
  name: string,
  run: TimedRun | number,
  baseline: string,
  baselineRun: TimedRun | number | null,
  maxRatio: number,
  detail?: string,
): BenchFigure {
  const seconds = typeof run === "number" ? run : run.seconds;
  const baselineSeconds = baselineRun === null ? null : typeof baselineRun === "number" ? baselineRun : baselineRun.seconds;
  const ratio = baselineSeconds ? Math.round((seconds / baselineSeconds) * 100) / 100 : null;
  return {
    name,
    seconds: Math.round(seconds * 100) / 100,
    baseline,
    baselineSeconds: baselineSeconds === null ? null : Math.round(baselineSeconds * 100) / 100,
    ratio,
    target: `≤ ${maxRatio}×`,
    ok: ratio !== null && ratio <= maxRatio,
    detail,
  };
}

export async function runIngestBench(options: IngestBenchOptions): Promise<BenchFigure[]> {
  const step = options.onStep ?? (() => {});
  fs.mkdirSync(options.workDir, { recursive: true });
  const csvPath = path.join(options.workDir, `bench-${options.rows}.csv`);
  const xlsxPath = path.join(options.workDir, `bench-${options.xlsxRows}.xlsx`);
  step(`generating ${options.rows.toLocaleString("en-US")} rows of CSV`);
  if (!fs.existsSync(csvPath)) await writeGeneratedFile({ rows: options.rows, seed: 42, messy: 0.05, out: csvPath, format: "csv" });

  const admin = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  const dbName = `directory_bench_${Date.now().toString(36)}`;
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(options.databaseUrl);
  url.pathname = `/${dbName}`;
  const benchUrl = url.toString();
  const env = { ...process.env, DATABASE_URL: benchUrl, MEILI_URL: "" };
  const figures: BenchFigure[] = [];
  try {
    const handle = await openDatabase({ databaseUrl: benchUrl });
    await handle.close();
    const reset = async () => {
      const sql = postgres(benchUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe("truncate businesses, slug_redirects, import_runs, import_row_issues, count_grain restart identity cascade");
      await sql.unsafe("vacuum analyze businesses");
      await sql.end();
    };

    step("baseline: psql \\copy into staging + one INSERT … SELECT … ON CONFLICT");
    const scriptPath = path.join(options.workDir, "baseline-import.sql");
    fs.writeFileSync(scriptPath, buildBaselineImportScript(csvPath));
    const baselineImport = must(await timedRun("psql", [benchUrl, "-q", "-f", scriptPath]), "baseline import");
    await reset();

    step("directory import (first run)");
    const importArgs = [options.cliPath, "import", csvPath, "--batch-size", String(options.batchSize), "--max-size", "100000", "--json"];
    const firstImport = must(await timedRun(process.execPath, importArgs, env), "import");
    const firstCounts = (JSON.parse(firstImport.stdout) as Array<{ counts: Record<string, number> }>)[0]?.counts;
    figures.push(
      figure(
        `CSV import, ${options.rows.toLocaleString("en-US")} rows`,
        firstImport,
        "psql \\copy + INSERT … SELECT … ON CONFLICT",
        baselineImport,
        1.5,
        `${Math.round((firstCounts?.totalRows ?? 0) / firstImport.seconds).toLocaleString("en-US")} rows/s, node CPU ${firstImport.cpuSeconds ?? "?"} s (psql ${baselineImport.cpuSeconds ?? "?"} s), peak RSS ${firstImport.peakRssMb ?? "?"} MB`,
      ),
    );

    step("directory import (same file again)");
    const reImport = must(await timedRun(process.execPath, importArgs, env), "re-import");
    figures.push(
      figure(
        "CSV re-import of the same file",
        reImport,
        "first import",
        firstImport,
        0.5,
        `node CPU ${reImport.cpuSeconds ?? "?"} s, peak RSS ${reImport.peakRssMb ?? "?"} MB`,
      ),
    );

    step("export: psql \\copy (select …) to vs directory export");
    const exportColumns =
      "id, name, slug, category, type, full_address, street, city, postal_code, country, country_code, phone, latitude, longitude, rating, reviews, reviews_link, photo, logo, located_in, working_hours, verified, about, place_id, created_at, updated_at, url";
    const psqlExport = must(
      await timedRun("psql", [
        benchUrl,
        "-q",
        "-c",
        `\\copy (select ${exportColumns} from businesses order by id) to '${path.join(options.workDir, "psql-export.csv")}' with (format csv, header true)`,
      ]),
      "psql export",
    );
    const ourExport = must(
      await timedRun(
        process.execPath,
        [options.cliPath, "export", "--out", path.join(options.workDir, "export.csv"), "--fields", exportColumns.replace(/\s+/g, ""), "--json"],
        env,
      ),
      "export",
    );
    figures.push(figure("Export, all 27 fields", ourExport, "psql \\copy (select …) to", psqlExport, 2, `peak RSS ${ourExport.peakRssMb ?? "?"} MB`));

    step("sitemaps: psql slug dump vs directory sitemap");
    const psqlSlugs = must(
      await timedRun("psql", [
        benchUrl,
        "-q",
        "-c",
        `\\copy (select slug, updated_at from businesses where is_approved order by id) to '${path.join(options.workDir, "psql-slugs.txt")}'`,
      ]),
      "psql slugs",
    );
    const ourSitemap = must(
      await timedRun(
        process.execPath,
        [options.cliPath, "sitemap", "--out", path.join(options.workDir, "sitemaps"), "--base-url", "https://directory.example.com", "--json"],
        env,
      ),
      "sitemap",
    );
    figures.push(figure("Sitemaps", ourSitemap, "psql \\copy of the same slugs", psqlSlugs, 3, `peak RSS ${ourSitemap.peakRssMb ?? "?"} MB`));

    step(`generating ${options.xlsxRows.toLocaleString("en-US")} rows of XLSX`);
    if (!fs.existsSync(xlsxPath)) await writeGeneratedFile({ rows: options.xlsxRows, seed: 43, messy: 0.05, out: xlsxPath, format: "xlsx" });
    const xlsxMb = fs.statSync(xlsxPath).size / 1048576;
    step("XLSX parse speed (reader only)");
    const parseStarted = performance.now();
    const parseCpuStarted = process.cpuUsage();
    const source = await openSource(xlsxPath, { maxBytes: 1024 * 1048576 });
    let parsed = 0;
    for await (const item of source.items) if (item.kind === "record") parsed++;
    await source.close();
    const parseSeconds = (performance.now() - parseStarted) / 1000;
    const parseCpu = process.cpuUsage(parseCpuStarted);
    const parseCpuSeconds = (parseCpu.user + parseCpu.system) / 1e6;
    const parseRate = Math.round(parsed / parseSeconds);
    figures.push({
      name: `XLSX parse, ${xlsxMb.toFixed(0)} MB workbook`,
      seconds: Math.round(parseSeconds * 100) / 100,
      baseline: "target 20,000 rows/s",
      baselineSeconds: null,
      ratio: null,
      target: "≥ 20k rows/s",
      ok: parseRate >= 20_000,
      detail: `${parseRate.toLocaleString("en-US")} rows/s; CPU ${parseCpuSeconds.toFixed(1)} s (${Math.round(parsed / parseCpuSeconds).toLocaleString("en-US")} rows/s on CPU time)`,
    });
    step("XLSX import");
    const xlsxImport = must(
      await timedRun(
        process.execPath,
        [options.cliPath, "import", xlsxPath, "--batch-size", String(options.batchSize), "--max-size", "100000", "--json"],
        env,
      ),
      "xlsx import",
    );
    figures.push({
      name: `XLSX import, ${xlsxMb.toFixed(0)} MB workbook`,
      seconds: Math.round(xlsxImport.seconds * 100) / 100,
      baseline: "peak RSS target 1,536 MB",
      baselineSeconds: null,
      ratio: null,
      target: "peak RSS ≤ 1.5 GB",
      ok: (xlsxImport.peakRssMb ?? Infinity) <= 1536,
      detail: `peak RSS ${xlsxImport.peakRssMb ?? "?"} MB, ${Math.round(options.xlsxRows / xlsxImport.seconds).toLocaleString("en-US")} rows/s`,
    });
  } finally {
    if (!options.keepDatabase) await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
  return figures;
}

export function formatBenchTable(figures: BenchFigure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.seconds} s | ${f.baseline}${f.baselineSeconds === null ? "" : ` (${f.baselineSeconds} s)`} | ${f.ratio === null ? "—" : `${f.ratio}×`} | ${f.target} | ${f.ok ? "yes" : "NO"} | ${f.detail ?? ""} |`,
  );
  return ["| measurement | time | baseline | ratio | target | met | detail |", "|---|---|---|---|---|---|---|", ...rows].join("\n");
}
