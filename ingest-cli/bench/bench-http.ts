// Helpers the HTTP benches share: the built server started on a free loopback port, one keep-alive request, the
// closed-loop client (bounded by time and by request count), percentiles, rounding.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";

/** Nearest-rank percentile of an ascending list (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

export interface LatencySummary {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/** Latencies in any order → p50/p95/p99, rounded (NaN when there are none). */
export function summarizeLatencies(latenciesMs: number[]): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return { p50Ms: round2(percentile(sorted, 50)), p95Ms: round2(percentile(sorted, 95)), p99Ms: round2(percentile(sorted, 99)) };
}

export interface HttpTarget {
  host: string;
  port: number;
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** One GET on a (keep-alive) agent; redirects are answers, not followed. */
export function requestOnce(agent: http.Agent, target: HttpTarget, path: string, headers: Record<string, string>): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, host: target.host, port: target.port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

export interface ClosedLoopOutcome {
  /** Position of the request in the run (0, 1, 2, …): what `next` was called with. */
  index: number;
  path: string;
  ms: number;
  /** The answer, or the socket error that replaced it. */
  answer: HttpAnswer | null;
  error: Error | null;
}

export interface ClosedLoopOptions {
  target: HttpTarget;
  concurrency: number;
  seconds: number;
  maxRequests: number;
  /** The request to send as the `index`-th one of the run (to `target` unless it names another host). */
  next: (index: number) => { path: string; headers: Record<string, string>; target?: HttpTarget };
  /** Every answer or socket error, as it arrives; throwing ends the run with that error. */
  onOutcome: (outcome: ClosedLoopOutcome) => void;
}

/**
 * Closed loop: `concurrency` requests in flight on keep-alive connections (to whichever hosts `next` names), each one
 * followed by the next as soon as its answer is read, until `seconds` pass or `maxRequests` are sent (whichever first).
 */
export async function driveClosedLoop(options: ClosedLoopOptions): Promise<{ issued: number; elapsedMs: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && issued < options.maxRequests) {
      const index = issued++;
      const { path, headers, target } = options.next(index);
      const sent = performance.now();
      let answer: HttpAnswer | null = null;
      let error: Error | null = null;
      try {
        answer = await requestOnce(agent, target ?? options.target, path, headers);
      } catch (caught) {
        error = caught instanceof Error ? caught : new Error(String(caught));
      }
      options.onOutcome({ index, path, ms: performance.now() - sent, answer, error });
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { issued, elapsedMs: performance.now() - started };
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface StartedServer {
  child: ChildProcess;
  base: string;
}

/**
 * `directory start` (builds when stale) on a free loopback port; resolves when /healthz answers 200. `serverArgs` go
 * to `directory start` as they are (e.g. `--workers 2`); `env` overrides the server's settings (e.g. PAGE_CACHE_MB).
 */
export async function startBuiltServer(options: {
  databaseUrl: string;
  cliPath: string;
  serverArgs?: string[];
  env?: Record<string, string>;
  /** Every chunk the server writes to stderr (the bench checks it for a search engine that fell back). */
  onStderr?: (text: string) => void;
}): Promise<StartedServer> {
  const port = await findFreePort();
  const args = [options.cliPath, "start", "--host", "127.0.0.1", "--port", String(port), "--no-seed", ...(options.serverArgs ?? [])];
  const child = spawn(process.execPath, args, {
    // PostgreSQL search unless the caller names a Meilisearch in `env` (the read bench's --engine meilisearch); no API
    // rate limit, because every bench request comes from one loopback address.
    env: { ...process.env, MEILI_URL: "", RATE_LIMIT_PER_MINUTE: "0", ...options.env, DATABASE_URL: options.databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr = `${stderr}${chunk}`.slice(-4000);
    options.onStderr?.(String(chunk));
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new DirectoryError("BENCH_SERVER_FAILED", `the server exited ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return { child, base };
    } catch {
      // Not listening yet (building or migrating).
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new DirectoryError("BENCH_SERVER_TIMEOUT", `no healthy server after 10 minutes: ${stderr}`);
}

/**
 * Stops a server this bench started (by its own handle): SIGTERM, then SIGKILL when it has not exited after
 * `graceMs`, so a server that hangs on shutdown cannot hang the bench. Says which of the two ended it.
 */
export async function stopServer(child: ChildProcess, graceMs = 15_000): Promise<"exited" | "killed"> {
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  if (ended()) return "exited";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    exited.then(() => "exited" as const),
    new Promise<"killed">((resolve) => (timer = setTimeout(() => resolve("killed"), graceMs))),
  ]);
  clearTimeout(timer);
  if (outcome === "killed" && !ended()) {
    child.kill("SIGKILL");
    await exited;
  }
  return outcome;
}
