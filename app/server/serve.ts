// Serve options + environment → migrate, ensure the admin, seed demo data into an empty database, then serve the
// app from one worker process per core (PostgreSQL) or one process (PGlite) until SIGINT/SIGTERM.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import cluster, { type Worker } from "node:cluster";
import { isIP } from "node:net";
import os from "node:os";
import type { ServerBuild } from "@remix-run/node";
import { closeDatabase, getDatabase, useWebSessions } from "../../db/client.ts";
import { getEnv } from "../../db/env.ts";
import { ensureAdminUser } from "../../db/writes/admin-users.ts";
import { seedDemoDataIfEmpty } from "../../ingest-cli/pipeline/demo-seed.ts";
import { recoverInterruptedImports } from "../../ingest-cli/pipeline/import/interrupted-runs.ts";
import { DEFAULT_HOST, getAppEnv, HostSchema } from "../models/env.server";
import { DEFAULT_PAGE_CACHE_BYTES, DEFAULT_PAGE_CACHE_MAX_AGE_MS } from "./page-cache.ts";
import { shareMetricsAcrossCluster } from "./observability.ts";
import { startHttpServer, type RunningServer } from "./start-server.ts";

export interface ServeOptions {
  /** The folder holding public/ (the project root). */
  root: string;
  /** --port; absent: PORT, else 3000. */
  port?: number;
  /** --host, unchecked; absent: HOST, else 127.0.0.1. */
  host?: string;
  /** --workers; absent: WEB_CONCURRENCY, else one per core (always 1 on PGlite). */
  workers?: number;
  /** Seed demo data into an empty database (`--no-seed` turns it off). */
  seed: boolean;
}

/** A refusal of the serve options, with a stable code the CLI prints. */
export class ServeOptionError extends DirectoryError {
  constructor(
    override readonly code: "INVALID_HOST" | "WORKERS_NEED_POSTGRES",
    message: string,
  ) {
    super(code, message);
    this.name = "ServeOptionError";
  }
}

/** Message a worker sends after a successful write, and the primary relays to the other workers. */
const CLEAR_PAGE_CACHE = "directory:clear-page-cache";
/** A worker that dies sooner than this after starting is restarted after a pause (no crash loop at full speed). */
const QUICK_CRASH_MS = 5_000;
const SHUTDOWN_GRACE_MS = 10_000;

export { DEFAULT_HOST };

/** The interface to bind: --host, else HOST, else 127.0.0.1 (a container or a public server sets HOST=0.0.0.0). */
export function resolveHost(requested: string | undefined, envHost: string | undefined): string {
  if (requested === undefined) return envHost ?? DEFAULT_HOST;
  const parsed = HostSchema.safeParse(requested);
  if (!parsed.success)
    throw new ServeOptionError("INVALID_HOST", `--host ${JSON.stringify(requested.slice(0, 100))}: ${parsed.error.issues[0]?.message}.`);
  return parsed.data;
}

/**
 * Workers: --workers, else WEB_CONCURRENCY, else one per core. PGlite allows one process per data dir, so one
 * (hosting platforms set WEB_CONCURRENCY on their own: only an explicit --workers above 1 is refused).
 */
export function resolveWorkerCount(
  requested: number | undefined,
  envCount: number | undefined,
  hasDatabaseUrl: boolean,
  cores = os.availableParallelism(),
): number {
  if (!hasDatabaseUrl) {
    if (requested !== undefined && requested > 1)
      throw new ServeOptionError(
        "WORKERS_NEED_POSTGRES",
        "The embedded database (PGlite) allows one process: drop --workers or set DATABASE_URL to a PostgreSQL server.",
      );
    return 1;
  }
  return requested ?? envCount ?? Math.max(1, cores);
}

/** The address to print for a bound interface (every interface: localhost). */
function shownHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return isIP(host) === 6 ? `[${host}]` : host;
}

function serveHere(build: ServerBuild, root: string, port: number, host: string, onDataChanged?: () => void): Promise<RunningServer> {
  const tuning = getAppEnv();
  return startHttpServer(build, {
    root,
    port,
    host,
    trustProxy: tuning.TRUST_PROXY,
    pageCacheBytes: tuning.PAGE_CACHE_MB === undefined ? DEFAULT_PAGE_CACHE_BYTES : Math.round(tuning.PAGE_CACHE_MB * 1024 * 1024),
    pageCacheMaxAgeMs: tuning.PAGE_CACHE_MAX_AGE === undefined ? DEFAULT_PAGE_CACHE_MAX_AGE_MS : tuning.PAGE_CACHE_MAX_AGE * 1000,
    onDataChanged,
  });
}

/** Resolves on the first SIGINT/SIGTERM (or `disconnect` for a worker whose primary is gone) with its name. */
function waitForStop(extra: NodeJS.Signals[] | "worker"): Promise<string> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
    if (extra === "worker") process.once("disconnect", () => resolve("primary gone"));
  });
}

/** A cluster worker: serve, relay data changes through the primary, stop gracefully. */
async function runWorker(build: ServerBuild, root: string, port: number, host: string): Promise<void> {
  shareMetricsAcrossCluster();
  const server = await serveHere(build, root, port, host, () => process.send?.({ type: CLEAR_PAGE_CACHE }));
  process.on("message", (message: { type?: string } | null) => {
    if (message?.type === CLEAR_PAGE_CACHE) server.clearPageCache();
  });
  await waitForStop("worker");
  await server.close();
  await closeDatabase();
  // NOTE: the IPC channel to the primary keeps a worker's event loop alive; closing it lets the worker exit.
  if (process.connected) process.disconnect();
}

/** The primary: fork `count` workers, restart any that dies, relay cache clears, and stop them all on a signal. */
async function runPrimary(count: number, port: number, host: string): Promise<void> {
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  // One /metrics scrape (answered by whichever worker takes it) sums every worker's registry through this process.
  shareMetricsAcrossCluster();
  cluster.on("message", (from, message: { type?: string } | null) => {
    if (message?.type !== CLEAR_PAGE_CACHE) return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
  });
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    process.stderr.write(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.\n`);
    setTimeout(fork, lived < QUICK_CRASH_MS ? 1_000 : 0);
  });
  let announced = false;
  cluster.on("listening", () => {
    if (announced) return;
    announced = true;
    process.stderr.write(`Business Directory listening on http://${shownHost(host)}:${port} (${count} workers)\n`);
  });
  for (let index = 0; index < count; index += 1) fork();
  const signal = await waitForStop([]);
  stopping = true;
  process.stderr.write(`${signal}: shutting down ${count} workers…\n`);
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const force = setTimeout(() => worker.process.kill("SIGKILL"), SHUTDOWN_GRACE_MS);
          worker.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          worker.process.kill("SIGTERM");
        }),
    ),
  );
}

/**
 * `directory start` / `serve` once the build is current. NOTE: cluster workers re-run the CLI, which calls this
 * again: a worker only serves (the primary prepared the database before forking).
 */
export async function serveDirectory(build: ServerBuild, options: ServeOptions): Promise<void> {
  useWebSessions();
  const env = getEnv();
  const appEnv = getAppEnv();
  const port = options.port ?? appEnv.PORT;
  const host = resolveHost(options.host, appEnv.HOST);
  if (cluster.isWorker) return runWorker(build, options.root, port, host);
  const workers = resolveWorkerCount(options.workers, appEnv.WEB_CONCURRENCY, Boolean(env.DATABASE_URL));
  const handle = await getDatabase();
  process.stderr.write(`Database: ${handle.driver} (${handle.location}), migrations applied.\n`);
  await recoverInterruptedImports(handle, { startup: true, log: (line) => process.stderr.write(`${line}\n`) });
  if (appEnv.ADMIN_USERNAME && appEnv.ADMIN_PASSWORD) {
    const outcome = await ensureAdminUser(handle, appEnv.ADMIN_USERNAME, appEnv.ADMIN_PASSWORD);
    process.stderr.write(`Admin user "${appEnv.ADMIN_USERNAME}": ${outcome}.\n`);
  } else {
    process.stderr.write("No ADMIN_USERNAME/ADMIN_PASSWORD set: create an administrator with `directory admin create <username>`.\n");
  }
  if (options.seed) {
    const seeded = await seedDemoDataIfEmpty(handle);
    if (seeded.inserted > 0) process.stderr.write(`Empty database: seeded ${seeded.inserted} demo businesses (marked as test data).\n`);
  }
  if (workers > 1) {
    // The workers open their own connections; the primary only supervises.
    await closeDatabase();
    return runPrimary(workers, port, host);
  }
  const server = await serveHere(build, options.root, port, host);
  process.stderr.write(`Business Directory listening on http://${shownHost(host)}:${server.port}\n`);
  const signal = await waitForStop([]);
  process.stderr.write(`${signal}: shutting down…\n`);
  await server.close();
  await closeDatabase();
}
