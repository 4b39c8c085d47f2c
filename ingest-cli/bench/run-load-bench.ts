// A database of businesses + the real built server → a mixed closed-loop load (pages, searches, API calls) on
// loopback while `directory import` writes into the same database: throughput, p50/p95/p99 per kind and overall,
// every failed request (any status other than 2xx/3xx, or a socket error), the server's RSS over time (its whole
// process tree, so cluster workers count) and the import's own duration; long runs also judge whether RSS is stable.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import {
  driveClosedLoop,
  round2,
  startBuiltServer,
  stopServer,
  summarizeLatencies,
  type ClosedLoopOutcome,
  type LatencySummary,
} from "./bench-http.ts";

/** The soak's verdict: the last minute's mean RSS within this share of the first minute's (after warm-up). */
export const RSS_STABLE_SHARE = 0.1;
export const SOAK_WARMUP_SECONDS = 60;
export const SOAK_WINDOW_SECONDS = 60;

export interface MixKind {
  kind: string;
  /** Requests of this kind per cycle of the schedule. */
  weight: number;
  paths: string[];
}

export interface KindFigure extends LatencySummary {
  kind: string;
  requests: number;
  errors: number;
  requestsPerSecond: number;
}

export interface RssSample {
  atSeconds: number;
  rssBytes: number;
  processes: number;
}

export interface SoakVerdict {
  judged: boolean;
  /** Mean RSS of the first minute after the warm-up, and of the run's last minute (null when not judged). */
  firstMinuteMeanBytes: number | null;
  lastMinuteMeanBytes: number | null;
  /** (last − first) ÷ first. */
  change: number | null;
  stable: boolean | null;
  verdict: string;
}

export interface ImportFigure {
  rows: number;
  seed: number;
  /** Seconds after the timed load started. */
  startedAtSeconds: number;
  durationSeconds: number;
  finishedDuringLoad: boolean;
  exitCode: number | null;
  status: string;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface LoadReport {
  concurrency: number;
  seconds: number;
  maxRequests: number;
  elapsedSeconds: number;
  requests: number;
  requestsPerSecond: number;
  overall: KindFigure;
  kinds: KindFigure[];
  errors: { total: number; byKind: Array<{ kind: string; count: number; examples: string[] }> };
  memory: {
    source: string;
    sampleSeconds: number;
    processes: number;
    startBytes: number | null;
    peakBytes: number | null;
    endBytes: number | null;
    /** Sum of the processes' own high-water marks (VmHWM) at the end: an upper bound of the peak between samples. */
    highWaterBytes: number | null;
  };
  import: ImportFigure;
  soak: SoakVerdict;
  /** How the server ended after the load: on SIGTERM, or killed because it had not exited 15 s later. */
  serverStop: "exited" | "killed";
  rssSamples: RssSample[];
}

export interface LoadBenchOptions {
  /** A database that already holds businesses; the import writes into it. */
  databaseUrl: string;
  cliPath: string;
  concurrency: number;
  /** Length of the timed load (after a short untimed warm-up). */
  seconds: number;
  /** Upper bound of timed requests (the run ends at whichever bound comes first). */
  maxRequests: number;
  importRows: number;
  importSeed?: number;
  /** Seconds into the timed load at which the import starts (default: a fifth of the run, at most 10 s). */
  importAtSeconds?: number;
  sampleSeconds: number;
  /** Extra `directory start` arguments, e.g. ["--workers", "2"]. */
  serverArgs?: string[];
  workDir?: string;
  onStep?: (message: string) => void;
}

/**
 * Smooth weighted round-robin: one cycle holds each kind `weight` times, spread out so no kind comes in a long run
 * (the order nginx uses for weighted upstreams). Deterministic, so two runs send the same sequence.
 */
export function buildMixSchedule(kinds: Array<Pick<MixKind, "kind" | "weight">>): string[] {
  const live = kinds.filter((k) => k.weight > 0);
  const total = live.reduce((sum, k) => sum + k.weight, 0);
  const current = live.map(() => 0);
  const schedule: string[] = [];
  for (let slot = 0; slot < total; slot++) {
    let best = 0;
    live.forEach((k, i) => {
      current[i] = (current[i] as number) + k.weight;
      if ((current[i] as number) > (current[best] as number)) best = i;
    });
    current[best] = (current[best] as number) - total;
    schedule.push((live[best] as MixKind).kind);
  }
  return schedule;
}

/** Request number `index` → its kind and path: the schedule picks the kind, each kind walks its own paths in turn. */
export function createMixPicker(kinds: MixKind[]): (index: number) => { kind: string; path: string } {
  const usable = kinds.filter((k) => k.weight > 0 && k.paths.length > 0);
  if (usable.length === 0) throw new DirectoryError("BENCH_EMPTY_MIX", "no request kind has paths to load.");
  const schedule = buildMixSchedule(usable);
  const byName = new Map(usable.map((k) => [k.kind, k]));
  const seen = new Map<string, number>();
  const rankInCycle = schedule.map((kind) => {
    const rank = seen.get(kind) ?? 0;
    seen.set(kind, rank + 1);
    return rank;
  });
  return (index) => {
    const slot = index % schedule.length;
    const kind = byName.get(schedule[slot] as string) as MixKind;
    const occurrence = Math.floor(index / schedule.length) * kind.weight + (rankInCycle[slot] as number);
    return { kind: kind.kind, path: kind.paths[occurrence % kind.paths.length] as string };
  };
}

export interface LoadSample {
  kind: string;
  ms: number;
  /** Null when the request succeeded (2xx or 3xx); otherwise what went wrong. */
  failure: string | null;
}

/** An answer → null when it counts as served (2xx/3xx), else a one-line description of the failure. */
export function describeFailure(outcome: Pick<ClosedLoopOutcome, "path" | "answer" | "error">): string | null {
  if (outcome.error) return `${outcome.path}: ${(outcome.error as NodeJS.ErrnoException).code ?? outcome.error.message}`;
  const status = outcome.answer?.status ?? 0;
  if (status >= 200 && status < 400) return null;
  return `${outcome.path}: HTTP ${status} ${outcome.answer?.body.toString("utf8", 0, 160).replace(/\s+/g, " ") ?? ""}`.trim();
}

/** Timed samples → one figure per kind (in the order given) and one overall; latencies are those of served requests. */
export function summarizeLoad(
  samples: LoadSample[],
  elapsedMs: number,
  kindOrder: string[],
): { overall: KindFigure; kinds: KindFigure[]; errors: LoadReport["errors"] } {
  const figure = (kind: string, list: LoadSample[]): KindFigure => ({
    kind,
    requests: list.length,
    errors: list.filter((s) => s.failure !== null).length,
    requestsPerSecond: elapsedMs > 0 ? round2((list.length / elapsedMs) * 1000) : 0,
    ...summarizeLatencies(list.filter((s) => s.failure === null).map((s) => s.ms)),
  });
  const grouped = new Map<string, LoadSample[]>(kindOrder.map((kind) => [kind, []]));
  for (const sample of samples) {
    if (!grouped.has(sample.kind)) grouped.set(sample.kind, []);
    grouped.get(sample.kind)?.push(sample);
  }
  const kinds = [...grouped].map(([kind, list]) => figure(kind, list));
  const byKind = [...grouped]
    .map(([kind, list]) => {
      const failures = list.map((s) => s.failure).filter((f): f is string => f !== null);
      return { kind, count: failures.length, examples: [...new Set(failures)].slice(0, 3) };
    })
    .filter((entry) => entry.count > 0);
  return { overall: figure("overall", samples), kinds, errors: { total: byKind.reduce((sum, e) => sum + e.count, 0), byKind } };
}

/**
 * RSS samples → whether memory is stable: the mean of the last minute against the mean of the first minute after
 * the warm-up, within ±10 %. Runs too short to hold a warm-up and two separate minutes are not judged.
 */
export function judgeRssStability(
  samples: RssSample[],
  runSeconds: number,
  warmupSeconds = SOAK_WARMUP_SECONDS,
  windowSeconds = SOAK_WINDOW_SECONDS,
): SoakVerdict {
  const notJudged = (verdict: string): SoakVerdict => ({
    judged: false,
    firstMinuteMeanBytes: null,
    lastMinuteMeanBytes: null,
    change: null,
    stable: null,
    verdict,
  });
  if (runSeconds < warmupSeconds + 2 * windowSeconds) {
    return notJudged(
      `not judged: the run (${runSeconds} s) is shorter than ${warmupSeconds + 2 * windowSeconds} s (warm-up + two separate minutes); use --soak-minutes`,
    );
  }
  const mean = (list: RssSample[]) => list.reduce((sum, s) => sum + s.rssBytes, 0) / list.length;
  const first = samples.filter((s) => s.atSeconds >= warmupSeconds && s.atSeconds < warmupSeconds + windowSeconds);
  const last = samples.filter((s) => s.atSeconds > runSeconds - windowSeconds && s.atSeconds <= runSeconds);
  if (first.length === 0 || last.length === 0) return notJudged("not judged: no RSS samples in the first or the last minute");
  const firstMean = mean(first);
  const lastMean = mean(last);
  const change = (lastMean - firstMean) / firstMean;
  const stable = Math.abs(change) <= RSS_STABLE_SHARE;
  const pct = `${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)} %`;
  return {
    judged: true,
    firstMinuteMeanBytes: Math.round(firstMean),
    lastMinuteMeanBytes: Math.round(lastMean),
    change: round2(change * 100) / 100,
    stable,
    verdict: `${stable ? "STABLE" : "NOT STABLE"}: last minute ${mb(lastMean)} vs first minute after warm-up ${mb(firstMean)} (${pct}; limit ±${RSS_STABLE_SHARE * 100} %)`,
  };
}

/** A /proc/<pid>/status field in bytes (`VmRSS:   123 kB`), or null when absent. */
export function readStatusBytes(statusText: string, field: "VmRSS" | "VmHWM"): number | null {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s*kB`, "m").exec(statusText);
  return match ? Number(match[1]) * 1024 : null;
}

/** The parent pid from /proc/<pid>/stat (after the last ")", since the command name may hold spaces and parens). */
export function readParentPid(statText: string): number | null {
  const fields = statText.slice(statText.lastIndexOf(")") + 2).split(" ");
  const parent = Number(fields[1]);
  return Number.isInteger(parent) ? parent : null;
}

/** A root pid and every process's parent → the root and all its descendants. */
export function listProcessTree(root: number, parents: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (tree.includes(pid)) continue;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function readProcFile(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * The server's memory: VmRSS and VmHWM summed over its process tree (cluster workers are children of the primary),
 * read from /proc; null where /proc is not available (not Linux).
 */
export function readProcessTreeMemory(root: number): { rssBytes: number; hwmBytes: number; processes: number } | null {
  if (readProcFile(`/proc/${root}/status`) === null) return null;
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcFile(`/proc/${entry}/stat`);
    const parent = stat === null ? null : readParentPid(stat);
    if (parent !== null) parents.set(Number(entry), parent);
  }
  let rssBytes = 0;
  let hwmBytes = 0;
  let processes = 0;
  for (const pid of listProcessTree(root, parents)) {
    const status = readProcFile(`/proc/${pid}/status`);
    if (status === null) continue;
    rssBytes += readStatusBytes(status, "VmRSS") ?? 0;
    hwmBytes += readStatusBytes(status, "VmHWM") ?? 0;
    processes++;
  }
  return { rssBytes, hwmBytes, processes };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

interface LoadPaths {
  slugs: string[];
  categories: string[];
  cities: string[];
  countries: string[];
  words: string[];
}

/** Slugs, places and search words read from the data itself, so any generated or real database works. */
async function readLoadPaths(databaseUrl: string, size: number): Promise<LoadPaths> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    let slugs = await sql<
      Array<{ slug: string }>
    >`select slug from businesses tablesample system (1) repeatable (17) where is_approved limit ${size}`;
    // NOTE: a 1 % page sample of a small table can be empty; small tables are cheap to read in order instead.
    if (slugs.length < size / 2) slugs = await sql<Array<{ slug: string }>>`select slug from businesses where is_approved order by id limit ${size}`;
    if (slugs.length === 0) throw new DirectoryError("BENCH_EMPTY_DATABASE", "the load bench needs approved businesses; import some first.");
    const categories = await sql<Array<{ slug: string }>>`select category_slug as slug from category_counts order by business_count desc limit 50`;
    const cities = await sql<Array<{ code: string; slug: string }>>`
      select country_code as code, city_slug as slug from city_counts order by business_count desc limit 50`;
    const countries = await sql<Array<{ code: string }>>`select country_code as code from country_counts order by business_count desc limit 30`;
    const words = await sql<Array<{ word: string }>>`
      select t.word from category_counts c, regexp_split_to_table(lower(c.category), '[^[:alpha:]]+') as t(word)
       where length(t.word) >= 4 group by t.word order by sum(c.business_count) desc limit 100`;
    return {
      slugs: slugs.map((row) => encodeURIComponent(row.slug)),
      categories: categories.map((row) => encodeURIComponent(row.slug)),
      cities: cities.map((row) => `${row.code.toLowerCase()}/${encodeURIComponent(row.slug)}`),
      countries: countries.map((row) => row.code.toLowerCase()),
      words: words.length > 0 ? words.map((row) => row.word) : ["restaurant", "hotel", "cafe"],
    };
  } finally {
    await sql.end();
  }
}

/** The request mix: mostly page views (as visitors browse), then searches and API calls; weights per 100 requests. */
export function buildLoadMix(paths: LoadPaths): MixKind[] {
  const cityNames = paths.cities.map((city) => decodeURIComponent(city.split("/")[1] as string).replace(/-/g, " "));
  const located = paths.words.slice(0, 20).flatMap((word, i) => [`${word} in ${cityNames[i % Math.max(1, cityNames.length)] ?? ""}`.trim(), word]);
  const texts = [...new Set([...paths.words, ...located])];
  const prefixes = [
    ...new Set([...paths.words, ...cityNames.map((c) => c.toLowerCase())].flatMap((w) => [w.slice(0, 3), w.slice(0, 4), w.slice(0, 6)])),
  ];
  const search = (text: string) => new URLSearchParams({ q: text }).toString();
  return [
    { kind: "page: home", weight: 6, paths: ["/"] },
    { kind: "page: lists", weight: 6, paths: ["/categories", "/countries", "/cities", "/businesses", "/cities/b", "/categories?letter=s"] },
    {
      kind: "page: category/city/country",
      weight: 12,
      paths: interleave([
        paths.categories.map((c) => `/categories/${c}`),
        paths.cities.map((c) => `/cities/${c}`),
        paths.countries.map((c) => `/countries/${c}`),
      ]),
    },
    { kind: "page: business", weight: 24, paths: paths.slugs.map((slug) => `/business/${slug}`) },
    { kind: "page: search", weight: 8, paths: texts.map((text) => `/search?${search(text)}`) },
    { kind: "api: search", weight: 12, paths: texts.map((text) => `/api/search?${search(text)}`) },
    { kind: "api: suggest", weight: 14, paths: prefixes.map((prefix) => `/api/suggest?q=${encodeURIComponent(prefix)}`) },
    {
      kind: "api: businesses",
      weight: 10,
      paths: interleave([
        paths.slugs.map((slug) => `/api/businesses/${slug}`),
        ["/api/businesses?page=1", "/api/businesses?page=7", "/api/featured-businesses"],
      ]),
    },
    {
      kind: "api: lists and details",
      weight: 8,
      paths: interleave([
        ["/api/categories", "/api/countries", "/api/cities", "/api/homepage-data", "/api/categories?letter=B"],
        paths.categories.map((c) => `/api/categories/${c}?page=1&limit=12`),
        paths.cities.map((c) => `/api/cities/${c}`),
        paths.countries.map((c) => `/api/countries/${c}`),
      ]),
    },
  ];
}

/** Several lists → one, taking from each in turn, so the first items of every list come first. */
function interleave(lists: string[][]): string[] {
  const out: string[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as string);
  return out;
}

/** Browser-like request headers; the bench's user agent is not a bot, so its page views are counted like a visitor's. */
const LOAD_HEADERS = {
  "Accept-Encoding": "gzip",
  Accept: "text/html,application/json;q=0.9,*/*;q=0.8",
  "User-Agent": "Mozilla/5.0 (directory load bench)",
};

interface RunningImport {
  done: Promise<{ exitCode: number | null; stdout: string; endedAt: number }>;
  startedAt: number;
  isRunning: () => boolean;
  stop: () => void;
}

function startImport(options: LoadBenchOptions, file: string): RunningImport {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [options.cliPath, "import", file, "--json", "--max-size", "100000"], {
    env: { ...process.env, DATABASE_URL: options.databaseUrl, MEILI_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr = `${stderr}${chunk}`.slice(-2000)));
  const done = new Promise<{ exitCode: number | null; stdout: string; endedAt: number }>((resolve) => {
    child.once("exit", (code) => resolve({ exitCode: code, stdout: stdout || stderr, endedAt: performance.now() }));
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  return { done, startedAt, isRunning, stop: () => (isRunning() ? child.kill("SIGTERM") : undefined) };
}

function readImportCounts(stdout: string): Pick<ImportFigure, "status" | "inserted" | "updated" | "unchanged" | "rejected"> {
  try {
    const [first] = JSON.parse(stdout) as Array<{
      status?: string;
      counts?: { inserted: number; updated: number; unchanged: number; rejected: number };
    }>;
    return {
      status: first?.status ?? "unknown",
      inserted: first?.counts?.inserted ?? 0,
      updated: first?.counts?.updated ?? 0,
      unchanged: first?.counts?.unchanged ?? 0,
      rejected: first?.counts?.rejected ?? 0,
    };
  } catch {
    return { status: `failed: ${stdout.slice(-300).trim()}`, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  }
}

/** The longest the bench waits for an import that outlasts the load before stopping it and reporting a failure. */
const IMPORT_GRACE_MS = 30 * 60_000;

export async function runLoadBench(options: LoadBenchOptions): Promise<LoadReport> {
  const step = options.onStep ?? (() => {});
  const parent = options.workDir ?? os.tmpdir();
  fs.mkdirSync(parent, { recursive: true });
  const workDir = fs.mkdtempSync(path.join(parent, "directory-load-"));
  const importSeed = options.importSeed ?? Date.now() % 1_000_000_000;
  const importFile = path.join(workDir, `import-${options.importRows}.csv`);
  try {
    step(`generating the ${options.importRows.toLocaleString("en-US")}-row file the import will write mid-run (seed ${importSeed})`);
    await writeGeneratedFile({ rows: options.importRows, seed: importSeed, messy: 0, out: importFile, format: "csv" });
    step("reading slugs, places and search words from the database");
    const mix = buildLoadMix(await readLoadPaths(options.databaseUrl, 2000));
    const pick = createMixPicker(mix);
    step("starting the built server (builds first when stale)");
    const server = await startBuiltServer({ databaseUrl: options.databaseUrl, cliPath: options.cliPath, serverArgs: options.serverArgs });
    const pid = server.child.pid as number;
    const target = { host: "127.0.0.1", port: Number(new URL(server.base).port) };
    const rssSamples: RssSample[] = [];
    let lastHwm: number | null = null;
    let processes = 0;
    let timedStart = performance.now();
    const sample = () => {
      const memory = readProcessTreeMemory(pid);
      if (!memory) return;
      lastHwm = memory.hwmBytes;
      processes = Math.max(processes, memory.processes);
      rssSamples.push({ atSeconds: round2((performance.now() - timedStart) / 1000), rssBytes: memory.rssBytes, processes: memory.processes });
    };
    let running: RunningImport | undefined;
    let report: Omit<LoadReport, "serverStop">;
    let serverStop: LoadReport["serverStop"];
    try {
      const startMemory = readProcessTreeMemory(pid);
      const warmupSeconds = Math.min(5, Math.max(0.5, options.seconds / 10));
      step(`warming up for ${warmupSeconds} s`);
      await driveClosedLoop({
        target,
        concurrency: options.concurrency,
        seconds: warmupSeconds,
        maxRequests: options.maxRequests,
        next: (index) => ({ path: pick(index).path, headers: LOAD_HEADERS }),
        onOutcome: () => {},
      });
      const importAt = options.importAtSeconds ?? Math.min(10, options.seconds / 5);
      step(
        `timed load: ${options.concurrency} connections × ${options.seconds} s (at most ${options.maxRequests.toLocaleString("en-US")} requests), import at ${importAt} s, RSS every ${options.sampleSeconds} s`,
      );
      timedStart = performance.now();
      sample();
      const sampler = setInterval(sample, options.sampleSeconds * 1000);
      const importTimer = setTimeout(() => {
        step("import started");
        running = startImport(options, importFile);
      }, importAt * 1000);
      const samples: LoadSample[] = [];
      let loop: { issued: number; elapsedMs: number };
      try {
        loop = await driveClosedLoop({
          target,
          concurrency: options.concurrency,
          seconds: options.seconds,
          maxRequests: options.maxRequests,
          next: (index) => ({ path: pick(index).path, headers: LOAD_HEADERS }),
          onOutcome: (outcome) => samples.push({ kind: pick(outcome.index).kind, ms: outcome.ms, failure: describeFailure(outcome) }),
        });
      } finally {
        clearInterval(sampler);
        clearTimeout(importTimer);
      }
      sample();
      const loadEndedAt = timedStart + loop.elapsedMs;
      // NOTE: a run that hit its request bound before the import's start time still measures an import.
      running ??= startImport(options, importFile);
      const started = running;
      if (started.isRunning()) step("load finished; waiting for the import");
      const timeout = setTimeout(started.stop, IMPORT_GRACE_MS);
      const ended = await started.done.finally(() => clearTimeout(timeout));
      const summary = summarizeLoad(
        samples,
        loop.elapsedMs,
        mix.map((k) => k.kind),
      );
      const rssValues = rssSamples.map((s) => s.rssBytes);
      report = {
        concurrency: options.concurrency,
        seconds: options.seconds,
        maxRequests: options.maxRequests,
        elapsedSeconds: round2(loop.elapsedMs / 1000),
        requests: samples.length,
        requestsPerSecond: summary.overall.requestsPerSecond,
        ...summary,
        memory: {
          source: "VmRSS of the server's process tree (/proc)",
          sampleSeconds: options.sampleSeconds,
          processes,
          startBytes: startMemory?.rssBytes ?? null,
          peakBytes: rssValues.length > 0 ? Math.max(...rssValues) : null,
          endBytes: rssValues.at(-1) ?? null,
          highWaterBytes: lastHwm,
        },
        import: {
          rows: options.importRows,
          seed: importSeed,
          startedAtSeconds: round2((started.startedAt - timedStart) / 1000),
          durationSeconds: round2((ended.endedAt - started.startedAt) / 1000),
          finishedDuringLoad: ended.endedAt <= loadEndedAt,
          exitCode: ended.exitCode,
          ...readImportCounts(ended.stdout),
        },
        soak: judgeRssStability(rssSamples, Math.floor(loop.elapsedMs / 1000)),
        rssSamples,
      };
    } finally {
      running?.stop();
      serverStop = await stopServer(server.child);
    }
    return { ...report, serverStop };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** True when the run met the bar: no failed request and an import that finished without failing. */
export function isLoadRunClean(report: LoadReport): boolean {
  return report.errors.total === 0 && (report.import.exitCode === 0 || report.import.exitCode === 2) && report.import.status === "succeeded";
}

export function formatLoadBenchTable(report: LoadReport): string {
  const row = (f: KindFigure) =>
    `| ${f.kind} | ${f.requests} | ${f.requestsPerSecond} | ${f.p50Ms} ms | ${f.p95Ms} ms | ${f.p99Ms} ms | ${f.errors} |`;
  const m = report.memory;
  const memory =
    m.startBytes === null
      ? "server RSS: not measured (/proc is not available on this system)"
      : `server RSS (${m.processes} process${m.processes === 1 ? "" : "es"}, every ${m.sampleSeconds} s): start ${mb(m.startBytes)}, peak ${mb(m.peakBytes ?? 0)}, end ${mb(m.endBytes ?? 0)} (VmHWM sum ${mb(m.highWaterBytes ?? 0)})`;
  const i = report.import;
  const errors =
    report.errors.total === 0
      ? "errors: 0"
      : `errors: ${report.errors.total} — ${report.errors.byKind.map((e) => `${e.kind}: ${e.count} (${e.examples.join("; ")})`).join(" | ")}`;
  return [
    `| load (HTTP, loopback, ${report.concurrency} connections, ${report.elapsedSeconds} s) | requests | req/s | p50 | p95 | p99 | errors |`,
    "|---|---|---|---|---|---|---|",
    ...report.kinds.map(row),
    row({ ...report.overall, kind: "**overall**" }),
    "",
    errors,
    memory,
    `import of ${i.rows.toLocaleString("en-US")} rows (seed ${i.seed}) started at ${i.startedAtSeconds} s: ${i.status} in ${i.durationSeconds} s (${i.finishedDuringLoad ? "within the load" : "outlasted the load"}; inserted ${i.inserted}, updated ${i.updated}, unchanged ${i.unchanged}, rejected ${i.rejected}; exit ${i.exitCode})`,
    `RSS stability: ${report.soak.verdict}`,
    `server shutdown: ${report.serverStop === "exited" ? "exited on SIGTERM" : "did NOT exit within 15 s of SIGTERM (killed)"}`,
  ].join("\n");
}
