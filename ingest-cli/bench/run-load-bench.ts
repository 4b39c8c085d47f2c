// A database of businesses + the real built server (one host, or up to four on the same database, optionally reading
// from a streaming replica) → a mixed closed-loop load (pages, searches, API calls) on loopback, spread round-robin over
// the hosts, while `directory import` writes into the same database: throughput, p50/p95/p99 per kind and overall,
// every failed request (any status other than 2xx/3xx, or a socket error) in all and per host, the hosts' RSS over time
// (their whole process trees, so cluster workers count) and the import's own duration; with a replica, how many reads
// each host sent to it and to the primary; with several hosts, an admin change through one host every few seconds
// that must show on every other host within 2 s. Long runs also judge whether RSS is stable.
import { AFTER_WRITE_MS } from "../../db/replica.ts";
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { writeGeneratedFile } from "../pipeline/generate/index.ts";
import {
  driveClosedLoop,
  round2,
  type HttpTarget,
  type StartedServer,
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

/** One app host of the run: the requests the balancer gave it, its failures and, with a replica, where its reads went. */
export interface HostFigure {
  host: number;
  url: string;
  requests: number;
  errors: number;
  /** With --read-database-url: the host's /metrics and /readyz at the end (reads counted over the timed load). */
  replica: HostReplicaFigure | null;
  stop: "exited" | "killed";
}

export interface HostReplicaFigure {
  /** Replica-safe reads answered by the replica / by the primary during the timed load (directory_db_replica_reads_total). */
  replicaReads: number;
  primaryReads: number;
  /** directory_db_replica_usable and directory_db_replica_lag_seconds at the end (null when the metric was absent). */
  usable: number | null;
  lagSeconds: number | null;
  /** /readyz at the end: its status and replica state (`ok`, `lagging`, `unreachable`, or what it answered instead). */
  readyStatus: string;
  readyReplicaState: string;
}

/** The cross-host check: admin changes through one host and how long the others took to show them. */
export interface PropagationFigure {
  everySeconds: number;
  withinMs: number;
  changes: number;
  /** One per change and other host: the change seen there within `withinMs`. */
  checks: number;
  failures: number;
  /** The slowest host to show a change (null when none did), and every check's time in the order made. */
  worstMs: number | null;
  timesMs: number[];
  examples: string[];
}

export interface LoadReport {
  concurrency: number;
  hosts: HostFigure[];
  /** The replica's server (password hidden), or null without --read-database-url. */
  readDatabase: string | null;
  propagation: PropagationFigure | null;
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
  /** How the servers ended after the load: all on SIGTERM, or one killed because it had not exited 15 s later. */
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
  /** Extra `directory start` arguments for every host, e.g. ["--workers", "2"]. */
  serverArgs?: string[];
  /** App hosts (`directory start` processes on their own ports, same database), 1–4; the load goes round-robin. */
  hosts?: number;
  /** A streaming replica of `databaseUrl`'s server, given to every host as DATABASE_READ_URL (same database name). */
  readDatabaseUrl?: string;
  /** With several hosts: seconds between admin changes (default: 5, or 15 with a replica; see adminChangeEverySeconds). */
  adminChangeSeconds?: number;
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

/** The most app hosts one run starts (each is a `directory start` with its own workers on this one machine). */
export const MAX_HOSTS = 4;
/** An admin change through one host must show on every other host within this. */
export const PROPAGATION_WITHIN_MS = 2_000;
/** Admin changes every this many seconds without a replica. */
export const ADMIN_CHANGE_SECONDS = 5;

/**
 * Request number → host number, round-robin as a load balancer deals them; shifted by one host each cycle of the mix
 * schedule, so that when the host count divides the cycle every kind still reaches every host.
 */
export function createHostSpreader(hosts: number, cycleLength: number): (index: number) => number {
  if (!Number.isInteger(hosts) || hosts < 1 || hosts > MAX_HOSTS)
    throw new DirectoryError("INVALID_HOSTS", `hosts must be a whole number from 1 to ${MAX_HOSTS} (got ${hosts}).`);
  const cycle = Math.max(1, cycleLength);
  return (index) => (index + Math.floor(index / cycle)) % hosts;
}

/** A PostgreSQL URL → `host:port/database` (user and password left out), for reports and messages. */
export function describeDatabaseServer(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}

/**
 * --read-database-url → what every host gets as DATABASE_READ_URL: a postgres:// (or postgresql://) URL of another
 * server than the primary's, naming the primary's database (a physical replica holds the same databases, and the bench
 * may have just created its own on the primary).
 */
export function resolveReadDatabaseUrl(raw: string, primaryUrl: string): string {
  const fix = "give postgres://user:password@host:port of a streaming replica of the --database-url server (pg_basebackup -R)";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DirectoryError("INVALID_READ_DATABASE_URL", `--read-database-url is not a URL; ${fix}.`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    throw new DirectoryError("INVALID_READ_DATABASE_URL", `--read-database-url must start with postgres:// (got ${url.protocol}//); ${fix}.`);
  if (!url.hostname) throw new DirectoryError("INVALID_READ_DATABASE_URL", `--read-database-url names no host; ${fix}.`);
  const primary = new URL(primaryUrl);
  if (url.hostname === primary.hostname && (url.port || "5432") === (primary.port || "5432"))
    throw new DirectoryError(
      "INVALID_READ_DATABASE_URL",
      `--read-database-url names the primary's own server (${url.hostname}:${url.port || "5432"}); ${fix}.`,
    );
  url.pathname = primary.pathname;
  return url.toString();
}

/**
 * Seconds between admin changes. NOTE: every change sends every host's reads to the primary for AFTER_WRITE_MS (the
 * replica may still be behind it), so with a replica the changes come less often than that, or the replica would never
 * be read during the run.
 */
export function adminChangeEverySeconds(withReplica: boolean, given?: number): number {
  return given ?? (withReplica ? Math.ceil(AFTER_WRITE_MS / 1000) + ADMIN_CHANGE_SECONDS : ADMIN_CHANGE_SECONDS);
}

/** A host's /metrics text → its replica read counters (0 when never counted) and the replica gauges (null when absent). */
export function readReplicaMetrics(text: string): Pick<HostReplicaFigure, "replicaReads" | "primaryReads" | "usable" | "lagSeconds"> {
  const value = (name: string) => {
    const match = new RegExp(`^${name.replace(/[{}]/g, "\\$&")} (\\S+)$`, "m").exec(text);
    return match ? Number(match[1]) : null;
  };
  return {
    replicaReads: value('directory_db_replica_reads_total{target="replica"}') ?? 0,
    primaryReads: value('directory_db_replica_reads_total{target="primary"}') ?? 0,
    usable: value("directory_db_replica_usable"),
    lagSeconds: value("directory_db_replica_lag_seconds"),
  };
}

/** One admin change seen (or not) on one other host: milliseconds from the change's answer, or what went wrong. */
export interface PropagationCheck {
  change: number;
  host: number;
  ms: number | null;
  failure: string | null;
}

/** The checks of a run → how many changes, how many failed, and the slowest host to show one. */
export function summarizePropagation(checks: PropagationCheck[], changes: number, everySeconds: number): PropagationFigure {
  const seen = checks.filter((c) => c.ms !== null).map((c) => c.ms as number);
  const failures = checks.map((c) => c.failure).filter((f): f is string => f !== null);
  return {
    everySeconds,
    withinMs: PROPAGATION_WITHIN_MS,
    changes,
    checks: checks.length,
    failures: failures.length,
    worstMs: seen.length > 0 ? Math.round(Math.max(...seen)) : null,
    timesMs: seen.map((ms) => Math.round(ms)),
    examples: [...new Set(failures)].slice(0, 3),
  };
}

export interface LoadSample {
  kind: string;
  /** The host (0-based) that answered; absent in single-host callers' samples. */
  host?: number;
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

/** Timed samples → requests and failures per host (0-based, every host listed even when it got nothing). */
export function countByHost(samples: LoadSample[], hosts: number): Array<{ host: number; requests: number; errors: number }> {
  const counts = Array.from({ length: hosts }, (_, host) => ({ host, requests: 0, errors: 0 }));
  for (const sample of samples) {
    const entry = counts[sample.host ?? 0];
    if (!entry) continue;
    entry.requests++;
    if (sample.failure !== null) entry.errors++;
  }
  return counts;
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
 * The servers' memory: VmRSS and VmHWM summed over their process trees (cluster workers are children of each host's
 * primary), read from /proc; null where /proc is not available (not Linux).
 */
export function readProcessTreeMemory(roots: number | number[]): { rssBytes: number; hwmBytes: number; processes: number } | null {
  const rootList = Array.isArray(roots) ? roots : [roots];
  if (rootList.every((root) => readProcFile(`/proc/${root}/status`) === null)) return null;
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
  for (const pid of new Set(rootList.flatMap((root) => listProcessTree(root, parents)))) {
    const status = readProcFile(`/proc/${pid}/status`);
    if (status === null) continue;
    rssBytes += readStatusBytes(status, "VmRSS") ?? 0;
    hwmBytes += readStatusBytes(status, "VmHWM") ?? 0;
    processes++;
  }
  return { rssBytes, hwmBytes, processes };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const percentOf = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : "—");

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

/** The administrator the bench creates (or whose password it resets) to make its cross-host changes. */
export const BENCH_ADMIN = "directory-bench";
/** The four site-code fields a site-settings save writes (the identity fields left out are kept). */
const SITE_CODE_FIELDS = ["head_tags", "footer_tags", "analytics_code", "facebook_pixel"] as const;
type SiteCode = Record<(typeof SITE_CODE_FIELDS)[number], string>;

interface AdminSession {
  cookie: string;
  csrfToken: string;
}

/** `directory admin create` with a fresh random password (piped on stdin, never on a command line). */
async function createBenchAdmin(options: LoadBenchOptions): Promise<{ username: string; password: string }> {
  const password = randomBytes(24).toString("base64url");
  const child = spawn(process.execPath, [options.cliPath, "admin", "create", BENCH_ADMIN, "--password-stdin"], {
    env: { ...process.env, DATABASE_URL: options.databaseUrl },
    stdio: ["pipe", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr = `${stderr}${chunk}`.slice(-2000)));
  child.stdin?.end(password);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new DirectoryError("BENCH_ADMIN_FAILED", `\`directory admin create ${BENCH_ADMIN}\` exited ${code}: ${stderr.trim()}`);
  return { username: BENCH_ADMIN, password };
}

/** The JSON login through a host (its own origin), then the session's CSRF token from the admin shell's data. */
async function logInAdmin(base: string, credentials: { username: string; password: string }): Promise<AdminSession> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify(credentials),
    signal: AbortSignal.timeout(30_000),
  });
  if (login.status !== 200)
    throw new DirectoryError("BENCH_ADMIN_FAILED", `admin login answered ${login.status}: ${(await login.text()).slice(0, 200)}`);
  const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const shell = await fetch(`${base}/admin?_data=routes%2Fadmin`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(30_000) });
  const { csrfToken } = (await shell.json()) as { csrfToken?: string };
  if (!csrfToken) throw new DirectoryError("BENCH_ADMIN_FAILED", `the admin shell answered ${shell.status} without a CSRF token`);
  return { cookie, csrfToken };
}

async function readSiteCode(base: string): Promise<SiteCode> {
  const response = await fetch(`${base}/api/admin/site-settings`, { signal: AbortSignal.timeout(30_000) });
  const body = (await response.json()) as Partial<SiteCode>;
  return Object.fromEntries(SITE_CODE_FIELDS.map((field) => [field, body[field] ?? ""])) as SiteCode;
}

/** The admin API's site-settings save through one host; null when saved, else what went wrong. */
async function saveSiteCode(base: string, session: AdminSession, code: SiteCode): Promise<string | null> {
  try {
    const response = await fetch(`${base}/api/admin/site-settings`, {
      method: "POST",
      headers: { Cookie: session.cookie, Origin: base, "X-CSRF-Token": session.csrfToken, "Content-Type": "application/json" },
      body: JSON.stringify(code),
      signal: AbortSignal.timeout(10_000),
    });
    return response.status === 200 ? null : `site-settings save answered HTTP ${response.status} ${(await response.text()).slice(0, 160)}`;
  } catch (error) {
    return `site-settings save failed: ${String(error)}`;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a host's home page until it carries `marker`: the milliseconds it took from `since`, or a failure. */
async function waitForMarker(base: string, marker: string, since: number): Promise<{ ms: number | null; failure: string | null }> {
  const deadline = since + PROPAGATION_WITHIN_MS;
  let last = "";
  for (;;) {
    try {
      const response = await fetch(`${base}/`, {
        headers: { "User-Agent": LOAD_HEADERS["User-Agent"] },
        signal: AbortSignal.timeout(Math.max(200, Math.ceil(deadline - performance.now()) + 200)),
      });
      const body = await response.text();
      if (response.ok && body.includes(marker)) {
        const ms = Math.round(performance.now() - since);
        return {
          ms,
          failure: ms <= PROPAGATION_WITHIN_MS ? null : `change ${marker} shown on ${base} after ${ms} ms (over ${PROPAGATION_WITHIN_MS} ms)`,
        };
      }
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    if (performance.now() >= deadline)
      return { ms: null, failure: `change ${marker} not shown on ${base} within ${PROPAGATION_WITHIN_MS} ms (last: ${last})` };
    await sleep(100);
  }
}

/**
 * Every `everySeconds` (the first half-way into the first interval) until `ended()`: a site-settings save through the
 * next host in turn, with a unique marker in the head code, then every other host's home page polled until it shows it.
 */
async function runAdminChanges(context: {
  bases: string[];
  session: AdminSession;
  original: SiteCode;
  everySeconds: number;
  ended: () => boolean;
  runId: string;
}): Promise<{ changes: number; checks: PropagationCheck[] }> {
  const checks: PropagationCheck[] = [];
  const started = performance.now();
  let changes = 0;
  for (let change = 0; ; change++) {
    const due = started + (change + 0.5) * context.everySeconds * 1000;
    while (!context.ended() && performance.now() < due) await sleep(Math.min(100, due - performance.now()));
    if (context.ended()) break;
    const writer = change % context.bases.length;
    const marker = `directory-bench-${context.runId}-${change}`;
    const code = { ...context.original, head_tags: `${context.original.head_tags}<meta name="directory-bench-probe" content="${marker}">` };
    const failure = await saveSiteCode(context.bases[writer] as string, context.session, code);
    const saved = performance.now();
    changes++;
    const others = context.bases.map((base, host) => ({ base, host })).filter(({ host }) => host !== writer);
    const results = await Promise.all(
      others.map(async ({ base, host }) =>
        failure === null ? { host, ...(await waitForMarker(base, marker, saved)) } : { host, ms: null, failure: `change ${change}: ${failure}` },
      ),
    );
    for (const result of results) checks.push({ change, host: result.host, ms: result.ms, failure: result.failure });
  }
  return { changes, checks };
}

/** Each host's replica counters, scraped from its /metrics (loopback). */
async function scrapeReplicaMetrics(base: string): Promise<ReturnType<typeof readReplicaMetrics>> {
  const response = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(10_000) });
  return readReplicaMetrics(await response.text());
}

async function readReadiness(base: string): Promise<{ status: string; replica: string }> {
  try {
    const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { status?: string; replica?: { state?: string } };
    return { status: `${body.status ?? "unknown"} (HTTP ${response.status})`, replica: body.replica?.state ?? "not reported" };
  } catch (error) {
    return { status: `no answer (${String(error)})`, replica: "unknown" };
  }
}

/** `hosts` built servers on their own free ports, one after the other (the first builds when stale); all stopped on a failure. */
async function startHosts(options: LoadBenchOptions, hosts: number, readDatabaseUrl: string | undefined): Promise<StartedServer[]> {
  const started: StartedServer[] = [];
  try {
    for (let host = 0; host < hosts; host++) {
      started.push(
        await startBuiltServer({
          databaseUrl: options.databaseUrl,
          cliPath: options.cliPath,
          serverArgs: options.serverArgs,
          env: readDatabaseUrl ? { DATABASE_READ_URL: readDatabaseUrl } : { DATABASE_READ_URL: "" },
        }),
      );
    }
    return started;
  } catch (error) {
    for (const server of started) await stopServer(server.child);
    throw error;
  }
}

export async function runLoadBench(options: LoadBenchOptions): Promise<LoadReport> {
  const step = options.onStep ?? (() => {});
  const hostCount = options.hosts ?? 1;
  const readDatabaseUrl = options.readDatabaseUrl === undefined ? undefined : resolveReadDatabaseUrl(options.readDatabaseUrl, options.databaseUrl);
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
    const spread = createHostSpreader(
      hostCount,
      mix.filter((k) => k.weight > 0 && k.paths.length > 0).reduce((sum, k) => sum + k.weight, 0),
    );
    const credentials = hostCount > 1 ? await createBenchAdmin(options) : null;
    step(
      `starting ${hostCount === 1 ? "the built server" : `${hostCount} app hosts`} (builds first when stale)${readDatabaseUrl ? ` reading from the replica at ${describeDatabaseServer(readDatabaseUrl)}` : ""}`,
    );
    const servers = await startHosts(options, hostCount, readDatabaseUrl);
    const bases = servers.map((server) => server.base);
    const pids = servers.map((server) => server.child.pid as number);
    const targets: HttpTarget[] = bases.map((base) => ({ host: "127.0.0.1", port: Number(new URL(base).port) }));
    const request = (index: number) => ({ path: pick(index).path, headers: LOAD_HEADERS, target: targets[spread(index)] });
    const rssSamples: RssSample[] = [];
    let lastHwm: number | null = null;
    let processes = 0;
    let timedStart = performance.now();
    const sample = () => {
      const memory = readProcessTreeMemory(pids);
      if (!memory) return;
      lastHwm = memory.hwmBytes;
      processes = Math.max(processes, memory.processes);
      rssSamples.push({ atSeconds: round2((performance.now() - timedStart) / 1000), rssBytes: memory.rssBytes, processes: memory.processes });
    };
    let running: RunningImport | undefined;
    let report: Omit<LoadReport, "serverStop" | "hosts"> & { hosts: Array<Omit<HostFigure, "stop">> };
    let session: AdminSession | null = null;
    let original: SiteCode | null = null;
    let restoreFailure: string | null = null;
    const stops: Array<"exited" | "killed"> = [];
    try {
      if (credentials) {
        session = await logInAdmin(bases[0] as string, credentials);
        original = await readSiteCode(bases[0] as string);
      }
      const startMemory = readProcessTreeMemory(pids);
      const warmupSeconds = Math.min(5, Math.max(0.5, options.seconds / 10));
      step(`warming up for ${warmupSeconds} s`);
      await driveClosedLoop({
        target: targets[0] as HttpTarget,
        concurrency: options.concurrency,
        seconds: warmupSeconds,
        maxRequests: options.maxRequests,
        next: request,
        onOutcome: () => {},
      });
      const metricsBefore = readDatabaseUrl ? await Promise.all(bases.map(scrapeReplicaMetrics)) : null;
      const importAt = options.importAtSeconds ?? Math.min(10, options.seconds / 5);
      const everySeconds = adminChangeEverySeconds(readDatabaseUrl !== undefined, options.adminChangeSeconds);
      step(
        `timed load: ${options.concurrency} connections × ${options.seconds} s over ${hostCount} host${hostCount === 1 ? "" : "s"} (at most ${options.maxRequests.toLocaleString("en-US")} requests), import at ${importAt} s, RSS every ${options.sampleSeconds} s${session ? `, an admin change every ${everySeconds} s` : ""}`,
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
      let loadEnded = false;
      const changes =
        session && original
          ? runAdminChanges({ bases, session, original, everySeconds, ended: () => loadEnded, runId: Date.now().toString(36) })
          : Promise.resolve(null);
      try {
        loop = await driveClosedLoop({
          target: targets[0] as HttpTarget,
          concurrency: options.concurrency,
          seconds: options.seconds,
          maxRequests: options.maxRequests,
          next: request,
          onOutcome: (outcome) =>
            samples.push({ kind: pick(outcome.index).kind, host: spread(outcome.index), ms: outcome.ms, failure: describeFailure(outcome) }),
        });
      } finally {
        loadEnded = true;
        clearInterval(sampler);
        clearTimeout(importTimer);
      }
      sample();
      const loadEndedAt = timedStart + loop.elapsedMs;
      const propagation = await changes;
      const metricsAfter = readDatabaseUrl ? await Promise.all(bases.map(scrapeReplicaMetrics)) : null;
      const readiness = readDatabaseUrl ? await Promise.all(bases.map(readReadiness)) : null;
      if (session && original) {
        step("restoring the site settings the admin changes replaced");
        restoreFailure = await saveSiteCode(bases[0] as string, session, original);
      }
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
      const propagationFigure = propagation
        ? summarizePropagation(
            restoreFailure === null
              ? propagation.checks
              : [...propagation.checks, { change: -1, host: 0, ms: null, failure: `restoring the settings: ${restoreFailure}` }],
            propagation.changes,
            everySeconds,
          )
        : null;
      report = {
        concurrency: options.concurrency,
        hosts: countByHost(samples, hostCount).map((counts, host) => {
          const before = metricsBefore?.[host];
          const after = metricsAfter?.[host];
          const ready = readiness?.[host];
          return {
            ...counts,
            url: bases[host] as string,
            replica:
              before && after && ready
                ? {
                    replicaReads: after.replicaReads - before.replicaReads,
                    primaryReads: after.primaryReads - before.primaryReads,
                    usable: after.usable,
                    lagSeconds: after.lagSeconds,
                    readyStatus: ready.status,
                    readyReplicaState: ready.replica,
                  }
                : null,
          };
        }),
        readDatabase: readDatabaseUrl ? describeDatabaseServer(readDatabaseUrl) : null,
        propagation: propagationFigure,
        seconds: options.seconds,
        maxRequests: options.maxRequests,
        elapsedSeconds: round2(loop.elapsedMs / 1000),
        requests: samples.length,
        requestsPerSecond: summary.overall.requestsPerSecond,
        ...summary,
        memory: {
          source: `VmRSS of the ${hostCount === 1 ? "server's process tree" : `${hostCount} hosts' process trees`} (/proc)`,
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
      for (const server of servers) stops.push(await stopServer(server.child));
    }
    return {
      ...report,
      hosts: report.hosts.map((host, index) => ({ ...host, stop: stops[index] ?? "exited" })),
      serverStop: stops.includes("killed") ? "killed" : "exited",
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** What keeps a run from being clean: failed requests, an import that failed, a missed change, an unread replica. */
export function listLoadRunProblems(report: LoadReport): string[] {
  const problems: string[] = [];
  if (report.errors.total > 0) problems.push(`${report.errors.total} failed request${report.errors.total === 1 ? "" : "s"}`);
  if (!((report.import.exitCode === 0 || report.import.exitCode === 2) && report.import.status === "succeeded"))
    problems.push(`the import did not succeed (${report.import.status}, exit ${report.import.exitCode})`);
  if (report.propagation && report.propagation.failures > 0)
    problems.push(
      `${report.propagation.failures} admin change${report.propagation.failures === 1 ? "" : "s"} not shown on another host within ${report.propagation.withinMs} ms`,
    );
  if (report.readDatabase !== null && report.hosts.reduce((sum, host) => sum + (host.replica?.replicaReads ?? 0), 0) === 0)
    problems.push("the replica answered no read during the load (see each host's replica line)");
  return problems;
}

/** True when the run met the bar: no failed request, an import that finished without failing, every admin change seen
 * on every other host in time, and, with a replica, reads answered by it. */
export function isLoadRunClean(report: LoadReport): boolean {
  return listLoadRunProblems(report).length === 0;
}

export function formatLoadBenchTable(report: LoadReport): string {
  const row = (f: KindFigure) =>
    `| ${f.kind} | ${f.requests} | ${f.requestsPerSecond} | ${f.p50Ms} ms | ${f.p95Ms} ms | ${f.p99Ms} ms | ${f.errors} |`;
  const m = report.memory;
  const memory =
    m.startBytes === null
      ? "server RSS: not measured (/proc is not available on this system)"
      : `${report.hosts.length > 1 ? `RSS of ${report.hosts.length} hosts` : "server RSS"} (${m.processes} process${m.processes === 1 ? "" : "es"}, every ${m.sampleSeconds} s): start ${mb(m.startBytes)}, peak ${mb(m.peakBytes ?? 0)}, end ${mb(m.endBytes ?? 0)} (VmHWM sum ${mb(m.highWaterBytes ?? 0)})`;
  const i = report.import;
  const errors =
    report.errors.total === 0
      ? "errors: 0"
      : `errors: ${report.errors.total} — ${report.errors.byKind.map((e) => `${e.kind}: ${e.count} (${e.examples.join("; ")})`).join(" | ")}`;
  const hostLines = report.hosts.map((h) => {
    const r = h.replica;
    const replica = r
      ? `; reads: replica ${r.replicaReads}, primary ${r.primaryReads} (${percentOf(r.replicaReads, r.replicaReads + r.primaryReads)} on the replica), replica usable ${r.usable ?? "?"}, lag ${r.lagSeconds ?? "?"} s; /readyz ${r.readyStatus}, replica ${r.readyReplicaState}`
      : "";
    return `host ${h.host + 1} (${h.url}): ${h.requests} requests, ${h.errors} errors${replica}${h.stop === "killed" ? "; did NOT exit within 15 s of SIGTERM" : ""}`;
  });
  const p = report.propagation;
  const propagation = p
    ? `admin changes (site settings, one every ${p.everySeconds} s through the hosts in turn): ${p.changes} made, ${p.checks - p.failures} of ${p.checks} seen on the other host${report.hosts.length > 2 ? "s" : ""} within ${p.withinMs} ms, worst ${p.worstMs === null ? "—" : `${p.worstMs} ms`}${p.failures > 0 ? `; ${p.failures} FAILED (${p.examples.join("; ")})` : ""}`
    : "";
  return [
    `| load (HTTP, loopback, ${report.concurrency} connections, ${report.hosts.length > 1 ? `${report.hosts.length} hosts round-robin, ` : ""}${report.elapsedSeconds} s) | requests | req/s | p50 | p95 | p99 | errors |`,
    "|---|---|---|---|---|---|---|",
    ...report.kinds.map(row),
    row({ ...report.overall, kind: "**overall**" }),
    "",
    errors,
    ...(report.hosts.length > 1 || report.readDatabase !== null ? hostLines : []),
    ...(report.readDatabase !== null ? [`read replica: ${report.readDatabase} (DATABASE_READ_URL of every host)`] : []),
    ...(propagation ? [propagation] : []),
    memory,
    `import of ${i.rows.toLocaleString("en-US")} rows (seed ${i.seed}) started at ${i.startedAtSeconds} s: ${i.status} in ${i.durationSeconds} s (${i.finishedDuringLoad ? "within the load" : "outlasted the load"}; inserted ${i.inserted}, updated ${i.updated}, unchanged ${i.unchanged}, rejected ${i.rejected}; exit ${i.exitCode})`,
    `RSS stability: ${report.soak.verdict}`,
    `server shutdown: ${report.serverStop === "exited" ? "exited on SIGTERM" : "did NOT exit within 15 s of SIGTERM (killed)"}`,
  ].join("\n");
}
