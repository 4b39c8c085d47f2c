// The built server on a database of businesses → server-rendered public pages under closed-loop load on loopback:
// requests/s and p50/p95/p99 at the concurrency that saturates the machine, each page's throughput against a
// static file served in the same run (target ≥ 1/100), p95 ≤ 50 ms, initial JS ≤ 150 KB gzipped, Cache-Control,
// and the share of answers the server's page cache gave.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import postgres from "postgres";
import { CACHE_DETAIL, CACHE_FEATURED, CACHE_LISTS } from "../../app/models/cache-policy.server.ts";
import { driveClosedLoop, findFreePort, requestOnce, startBuiltServer, stopServer, summarizeLatencies, type HttpTarget } from "./bench-http.ts";

export const STATIC_BASELINE_NAME = "static file (Node http, from memory, 1 process)";
export const MIN_THROUGHPUT_SHARE = 1 / 100;
export const MAX_P95_MS = 50;
export const MAX_INITIAL_JS_BYTES = 150 * 1024;

export interface LoadLevel {
  concurrency: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers the server marked `X-Page-Cache: hit`. */
  cacheHits: number;
}

export interface SsrFigure {
  name: string;
  example: string;
  /** Distinct paths the load cycled through. */
  paths: number;
  /** Every concurrency tried; the figure's own numbers are those of `saturated`. */
  levels: LoadLevel[];
  saturated: LoadLevel;
  /** requests/s ÷ the static file's requests/s. */
  throughputShare: number | null;
  initialJsGzipBytes: number | null;
  cacheControl: string | null;
  expectedCacheControl: string | null;
  /** Share of the timed answers served from the page cache (null for the static rows). */
  hitRatio: number | null;
  /** The targets a page missed (empty when met; always empty for the static rows, which have none). */
  misses: string[];
}

export interface SsrReport {
  /** How the measured server ran: its worker processes and whether its page cache was on. */
  server: { workers: number; pageCache: boolean };
  figures: SsrFigure[];
  hashedAsset: { path: string; cacheControl: string | null; immutable: boolean } | null;
}

export interface SsrBenchOptions {
  databaseUrl: string;
  cliPath: string;
  /** Concurrent keep-alive connections tried per page, e.g. [2, 4, 8, 16]. */
  concurrencies: number[];
  /** Length of each timed run. */
  seconds: number;
  /** Upper bound of requests per timed run (the run ends at whichever bound comes first). */
  maxRequests: number;
  /** Server processes (WEB_CONCURRENCY); default: what `directory start` picks, one per core. */
  workers?: number;
  /** false = the server runs with PAGE_CACHE_MB=0, so every page is rendered (default true, as deployed). */
  pageCache?: boolean;
  onStep?: (message: string) => void;
}

/**
 * NOTE: the bench sends `Sec-Purpose: prefetch` so the server does not count its requests as page views: the
 * measured database stays unchanged, and the page is still rendered the way a browser gets it (not the bot path).
 */
const LOAD_HEADERS = { "Accept-Encoding": "gzip", "Sec-Purpose": "prefetch", "User-Agent": "Mozilla/5.0 (directory bench)" };

/** The smallest concurrency whose throughput is within `share` of the best one: more connections only add queueing. */
export function pickSaturatingLevel(levels: LoadLevel[], share = 0.9): LoadLevel {
  if (levels.length === 0) throw new DirectoryError("BENCH_NO_LEVELS", "no load level was measured.");
  const best = Math.max(...levels.map((level) => level.requestsPerSecond));
  const sorted = [...levels].sort((a, b) => a.concurrency - b.concurrency);
  return sorted.find((level) => level.requestsPerSecond >= share * best) as LoadLevel;
}

/** Latencies of one run → the level's figures. */
export function summarizeLevel(concurrency: number, latenciesMs: number[], elapsedMs: number, cacheHits = 0): LoadLevel {
  return {
    concurrency,
    requests: latenciesMs.length,
    requestsPerSecond: elapsedMs > 0 ? Math.round((latenciesMs.length / elapsedMs) * 1000) : 0,
    ...summarizeLatencies(latenciesMs),
    cacheHits,
  };
}

/** Script and module-preload URLs of a page: what a browser fetches before the page is interactive. */
export function listInitialScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1] as string);
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1] as string);
  for (const match of html.matchAll(/\bimport\s*(?:[^"';]*?\sfrom\s*)?"(\/[^"]+\.js)"/g)) urls.add(match[1] as string);
  return [...urls].filter((url) => url.startsWith("/"));
}

type Target = HttpTarget;

/** One timed run of the shared closed loop over `paths` (round-robin, so many pages are hit); any non-200 fails it. */
async function runClosedLoop(target: Target, paths: string[], concurrency: number, seconds: number, maxRequests: number): Promise<LoadLevel> {
  const latencies: number[] = [];
  let cacheHits = 0;
  const { elapsedMs } = await driveClosedLoop({
    target,
    concurrency,
    seconds,
    maxRequests,
    next: (index) => ({ path: paths[index % paths.length] as string, headers: LOAD_HEADERS }),
    onOutcome: ({ path, ms, answer, error }) => {
      if (error) throw error;
      if (answer?.status !== 200)
        throw new DirectoryError("BENCH_REQUEST_FAILED", `${path} answered ${answer?.status}: ${answer?.body.toString("utf8", 0, 300)}`);
      latencies.push(ms);
      if (answer.headers["x-page-cache"] === "hit") cacheHits += 1;
    },
  });
  return summarizeLevel(concurrency, latencies, elapsedMs, cacheHits);
}

/**
 * The baseline server: Node's own `http` answering one file from memory with no routing, middleware or disk read
 * (faster than Express static or python's http.server; no nginx-class server is assumed to be installed), in one
 * process or in as many cluster workers as the app has, so the app's processes do not beat a one-process baseline.
 */
const STATIC_SERVER_SOURCE = `
const cluster = require("node:cluster");
const http = require("node:http");
const [port, workers] = process.argv.slice(2).map(Number);
if (cluster.isPrimary && workers > 1) {
  let ready = 0;
  for (let i = 0; i < workers; i += 1) cluster.fork().on("listening", () => { if (++ready === workers) process.stdout.write("ready\\n"); });
  process.on("SIGTERM", () => { for (const w of Object.values(cluster.workers)) w.process.kill("SIGTERM"); process.exit(0); });
} else {
  const body = Buffer.from(process.env.BENCH_STATIC_BODY, "base64");
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "image/svg+xml", "Content-Length": body.length, "Cache-Control": "public, max-age=3600" });
    res.end(body);
  });
  server.keepAliveTimeout = 65000;
  server.listen(port, "127.0.0.1", () => { if (cluster.isPrimary) process.stdout.write("ready\\n"); });
}
`;

async function startStaticServer(body: Buffer, workers: number): Promise<{ child: ChildProcess; target: Target; cleanup: () => void }> {
  const port = await findFreePort();
  // NOTE: cluster workers re-run the primary's script file, so the source is written to one (not `node -e`).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-static-"));
  const script = path.join(dir, "static-server.cjs");
  fs.writeFileSync(script, STATIC_SERVER_SOURCE);
  const child = spawn(process.execPath, [script, String(port), String(workers)], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BENCH_STATIC_BODY: body.toString("base64") },
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new DirectoryError("BENCH_STATIC_SERVER_FAILED", `exited ${code}`)));
    child.stdout?.once("data", () => resolve());
  });
  return { child, target: { host: "127.0.0.1", port }, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

interface Probe {
  name: string;
  paths: string[];
  expectedCacheControl: string | null;
  page: boolean;
}

/** The biggest city and a spread of business slugs, read from the data so any database works. */
async function readPagePaths(databaseUrl: string, slugCount: number): Promise<{ city: string; businesses: string[] }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [city] = await sql<Array<{ countryCode: string; citySlug: string }>>`
      select country_code as "countryCode", city_slug as "citySlug" from city_counts order by business_count desc limit 1`;
    if (!city) throw new DirectoryError("BENCH_EMPTY_DATABASE", "the SSR bench needs businesses; import some first.");
    const slugs = await sql<Array<{ slug: string }>>`
      select slug from businesses tablesample system (1) repeatable (13) where is_approved limit ${slugCount}`;
    return {
      city: `/cities/${city.countryCode.toLowerCase()}/${encodeURIComponent(city.citySlug)}`,
      businesses: slugs.map((row) => `/business/${encodeURIComponent(row.slug)}`),
    };
  } finally {
    await sql.end();
  }
}

/** Sum of the gzipped sizes of a page's initial scripts, fetched from the server (compression level as served). */
async function measureInitialJs(agent: http.Agent, target: Target, html: string): Promise<{ bytes: number; firstAsset: string | null }> {
  const scripts = listInitialScripts(html);
  let bytes = 0;
  for (const script of scripts) {
    const answer = await requestOnce(agent, target, script, { "Accept-Encoding": "identity" });
    if (answer.status !== 200) throw new DirectoryError("BENCH_ASSET_MISSING", `${script} answered ${answer.status}`);
    bytes += gzipSync(answer.body).length;
  }
  return { bytes, firstAsset: scripts.find((script) => script.startsWith("/build/")) ?? null };
}

function headerText(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

export async function runSsrBench(options: SsrBenchOptions): Promise<SsrReport> {
  const step = options.onStep ?? (() => {});
  step("reading the biggest city and business slugs");
  const pages = await readPagePaths(options.databaseUrl, 500);
  const workers = options.workers ?? os.availableParallelism();
  const pageCache = options.pageCache ?? true;
  step(`starting the built server: ${workers} worker(s), page cache ${pageCache ? "on" : "off"} (builds first when stale)`);
  const app = await startBuiltServer({ ...options, env: { WEB_CONCURRENCY: String(workers), ...(pageCache ? {} : { PAGE_CACHE_MB: "0" }) } });
  const appTarget = { host: "127.0.0.1", port: Number(new URL(app.base).port) };
  const staticServers: Array<Awaited<ReturnType<typeof startStaticServer>>> = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const favicon = await requestOnce(agent, appTarget, "/favicon.svg", { "Accept-Encoding": "identity" });
    if (favicon.status !== 200) throw new DirectoryError("BENCH_ASSET_MISSING", `/favicon.svg answered ${favicon.status}`);
    staticServers.push(await startStaticServer(favicon.body, 1));
    if (workers > 1) staticServers.push(await startStaticServer(favicon.body, workers));
    const probes: Array<Probe & { target: Target }> = [
      ...staticServers.map((server, index) => ({
        name: index === 0 ? STATIC_BASELINE_NAME : `static file (Node http, from memory, ${workers} processes)`,
        paths: ["/favicon.svg"],
        expectedCacheControl: null,
        page: false,
        target: server.target,
      })),
      { name: "static file via the app (Express static)", paths: ["/favicon.svg"], expectedCacheControl: null, page: false, target: appTarget },
      { name: "home", paths: ["/"], expectedCacheControl: CACHE_FEATURED, page: true, target: appTarget },
      { name: "category list", paths: ["/categories"], expectedCacheControl: CACHE_LISTS, page: true, target: appTarget },
      { name: "city detail (biggest city)", paths: [pages.city], expectedCacheControl: CACHE_DETAIL, page: true, target: appTarget },
      { name: "business detail", paths: pages.businesses, expectedCacheControl: CACHE_DETAIL, page: true, target: appTarget },
    ];
    let hashedAsset: SsrReport["hashedAsset"] = null;
    const measured: Array<Omit<SsrFigure, "throughputShare" | "hitRatio" | "misses">> = [];
    for (const probe of probes) {
      const first = await requestOnce(agent, probe.target, probe.paths[0] as string, { ...LOAD_HEADERS, "Accept-Encoding": "identity" });
      if (first.status !== 200) throw new DirectoryError("BENCH_REQUEST_FAILED", `${probe.paths[0]} answered ${first.status}`);
      let initialJsGzipBytes: number | null = null;
      if (probe.page) {
        const js = await measureInitialJs(agent, probe.target, first.body.toString("utf8"));
        initialJsGzipBytes = js.bytes;
        if (!hashedAsset && js.firstAsset) {
          const asset = await requestOnce(agent, probe.target, js.firstAsset, { "Accept-Encoding": "identity" });
          const cacheControl = headerText(asset.headers["cache-control"]);
          hashedAsset = { path: js.firstAsset, cacheControl, immutable: Boolean(cacheControl?.includes("immutable")) };
        }
      }
      step(`${probe.name}: warming up, then ${options.concurrencies.join("/")} connections × ${options.seconds} s`);
      await runClosedLoop(probe.target, probe.paths, 2, Math.min(2, options.seconds), options.maxRequests);
      const levels: LoadLevel[] = [];
      for (const concurrency of options.concurrencies)
        levels.push(await runClosedLoop(probe.target, probe.paths, concurrency, options.seconds, options.maxRequests));
      measured.push({
        name: probe.name,
        example: probe.paths[0] as string,
        paths: probe.paths.length,
        levels,
        saturated: pickSaturatingLevel(levels),
        initialJsGzipBytes,
        cacheControl: headerText(first.headers["cache-control"]),
        expectedCacheControl: probe.expectedCacheControl,
      });
    }
    // The baseline is the fastest static server of the run (one process or as many as the app has).
    const baselineRps = Math.max(0, ...measured.slice(0, staticServers.length).map((figure) => figure.saturated.requestsPerSecond));
    const figures = measured.map((figure, index): SsrFigure => {
      const isPage = (probes[index] as Probe).page;
      const throughputShare = index < staticServers.length || baselineRps === 0 ? null : figure.saturated.requestsPerSecond / baselineRps;
      const answered = figure.levels.reduce((sum, level) => sum + level.requests, 0);
      const hitRatio = isPage && answered > 0 ? figure.levels.reduce((sum, level) => sum + level.cacheHits, 0) / answered : null;
      return { ...figure, throughputShare, hitRatio, misses: isPage ? listMisses({ ...figure, throughputShare }) : [] };
    });
    return { server: { workers, pageCache }, figures, hashedAsset };
  } finally {
    agent.destroy();
    for (const server of staticServers) {
      await stopServer(server.child);
      server.cleanup();
    }
    await stopServer(app.child);
  }
}

/** Which of the targets a page figure misses. */
export function listMisses(
  figure: Pick<SsrFigure, "throughputShare" | "saturated" | "initialJsGzipBytes" | "cacheControl" | "expectedCacheControl">,
): string[] {
  const misses: string[] = [];
  if ((figure.throughputShare ?? 0) < MIN_THROUGHPUT_SHARE) misses.push("throughput");
  if (!(figure.saturated.p95Ms <= MAX_P95_MS)) misses.push("p95");
  if ((figure.initialJsGzipBytes ?? 0) > MAX_INITIAL_JS_BYTES) misses.push("initial JS");
  if (figure.cacheControl !== figure.expectedCacheControl) misses.push("Cache-Control");
  return misses;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatSsrBenchTable(report: SsrReport): string {
  const rows = report.figures.map((f) => {
    const s = f.saturated;
    const share = f.throughputShare === null ? "—" : `1/${Math.round(1 / f.throughputShare)}`;
    const levels = f.levels.map((level) => `${level.concurrency}: ${level.requestsPerSecond}/s`).join(", ");
    const cache = f.cacheControl === null ? "—" : `\`${f.cacheControl}\``;
    const hits = f.hitRatio === null ? "—" : `${Math.round(f.hitRatio * 100)} %`;
    const met = f.expectedCacheControl === null ? "—" : f.misses.length === 0 ? "yes" : `NO (${f.misses.join(", ")})`;
    return `| ${f.name} | ${f.paths} | ${s.concurrency} | ${s.requestsPerSecond} | ${s.p50Ms} ms | ${s.p95Ms} ms | ${s.p99Ms} ms | ${share} | ${hits} | ${f.initialJsGzipBytes === null ? "—" : kb(f.initialJsGzipBytes)} | ${cache} | ${met} | ${levels} |`;
  });
  const asset = report.hashedAsset
    ? `hashed asset ${report.hashedAsset.path}: \`${report.hashedAsset.cacheControl ?? "no Cache-Control"}\` (${report.hashedAsset.immutable ? "immutable" : "NOT immutable"})`
    : "hashed asset: none found in the pages";
  return [
    `Server: ${report.server.workers} worker process(es), page cache ${report.server.pageCache ? "on" : "off"}.`,
    "",
    "| SSR (HTTP, loopback) | paths | connections (saturating) | req/s | p50 | p95 | p99 | req/s ÷ static | page-cache hits | initial JS (gzip) | Cache-Control | met | req/s by connections |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `Targets: req/s ≥ 1/100 of the fastest static server, p95 ≤ ${MAX_P95_MS} ms, initial JS ≤ ${kb(MAX_INITIAL_JS_BYTES)} gzipped, the spec's Cache-Control. ${asset}.`,
  ].join("\n");
}
