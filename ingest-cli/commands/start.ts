// `directory start` / `directory serve`: (build if stale,) migrate, ensure the admin, seed demo data into an
// empty database, then serve the Remix app from one worker process per core (PostgreSQL) or one process (PGlite).
import { spawnSync } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import fs from "node:fs";
import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { getEnv } from "../../db/env.ts";
import { ensureAdminUser } from "../../db/writes/admin-users.ts";
import { seedDemoDataIfEmpty } from "../pipeline/demo-seed.ts";
import { recoverInterruptedImports } from "../pipeline/import/interrupted-runs.ts";
import { CliError, parseOptions } from "./shared.ts";
import { DEFAULT_PAGE_CACHE_BYTES, DEFAULT_PAGE_CACHE_MAX_AGE_MS } from "./page-cache.ts";
import { startHttpServer, type RunningServer } from "./start-server.ts";

const ServeOptionsSchema = z.object({
  port: z.coerce.number().int().min(1).max(65535).optional(),
  host: z.string().optional(),
  seed: z.boolean().default(true),
  workers: z.coerce.number().int().min(1).max(64).optional(),
});

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** The interface to bind when neither --host nor HOST names one: this machine only. */
export const DEFAULT_HOST = "127.0.0.1";
const HostSchema = z
  .string()
  .trim()
  .refine((value) => isIP(value) !== 0 || /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(value), {
    message: "must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name such as localhost",
  });

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
/** One trusted proxy: loopback/linklocal/uniquelocal, an IP address, or a subnet (10.0.0.0/8, fd00::/8). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: how many proxies in front of the server (1, 2…) or which ones (a comma list of addresses, subnets or
 * loopback/linklocal/uniquelocal), as Express's "trust proxy" takes them. Unset or 0: no X-Forwarded-* header counts.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] | undefined => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops === 0 ? undefined : hops;
    } else {
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyEntry)) return entries;
    }
    ctx.addIssue({ code: "custom", message: "must be a number of proxies (1-10) or a comma list of loopback, linklocal, uniquelocal, IP addresses or subnets (10.0.0.0/8)" });
    return z.NEVER;
  });

/** Server tuning read from the environment (validated here: only the server reads it). */
const ServeEnvSchema = z.object({
  WEB_CONCURRENCY: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(1).max(64).optional()),
  PAGE_CACHE_MB: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().min(0).max(4096).optional()),
  PAGE_CACHE_MAX_AGE: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(0).max(3600).optional()),
  HOST: z.preprocess(emptyToUndefined, HostSchema.optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, TrustProxySchema.optional()),
});

/** Message a worker sends after a successful write, and the primary relays to the other workers. */
const CLEAR_PAGE_CACHE = "directory:clear-page-cache";
/** A worker that dies sooner than this after starting is restarted after a pause (no crash loop at full speed). */
const QUICK_CRASH_MS = 5_000;
const SHUTDOWN_GRACE_MS = 10_000;

export function readServeEnv(source: Record<string, string | undefined> = process.env): z.infer<typeof ServeEnvSchema> {
  const parsed = ServeEnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError("INVALID_ENV", `${String(issue?.path[0])}: ${issue?.message}. Fix the variable or unset it.`);
  }
  return parsed.data;
}

/** The interface to bind: --host, else HOST, else 127.0.0.1 (a container or a public server sets HOST=0.0.0.0). */
export function resolveHost(requested: string | undefined, envHost: string | undefined): string {
  if (requested === undefined) return envHost ?? DEFAULT_HOST;
  const parsed = HostSchema.safeParse(requested);
  if (!parsed.success) throw new CliError("INVALID_HOST", `--host ${JSON.stringify(requested.slice(0, 100))}: ${parsed.error.issues[0]?.message}.`);
  return parsed.data;
}

/** The address to print for a bound interface (every interface: localhost). */
function shownHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * Workers: --workers, else WEB_CONCURRENCY, else one per core. PGlite allows one process per data dir, so one
 * (hosting platforms set WEB_CONCURRENCY on their own: only an explicit --workers above 1 is refused).
 */
export function resolveWorkerCount(requested: number | undefined, envCount: number | undefined, hasDatabaseUrl: boolean, cores = os.availableParallelism()): number {
  if (!hasDatabaseUrl) {
    if (requested !== undefined && requested > 1) throw new CliError("WORKERS_NEED_POSTGRES", "The embedded database (PGlite) allows one process: drop --workers or set DATABASE_URL to a PostgreSQL server.");
    return 1;
  }
  return requested ?? envCount ?? Math.max(1, cores);
}

/** Project root = two folders above this file (ingest-cli/commands). */
export const PROJECT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

const BUILD_INPUTS = ["app", "db", "search", "ingest-cli/pipeline", "remix.config.js", "tailwind.config.ts", "postcss.config.js", "package-lock.json"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when build/ is missing or older than any source the server bundle is built from. */
export function isBuildStale(root = PROJECT_ROOT): boolean {
  const marker = path.join(root, "build", "index.js");
  if (!fs.existsSync(marker) || !fs.existsSync(path.join(root, "public", "build"))) return true;
  const built = fs.statSync(marker).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

export function runBuild(root = PROJECT_ROOT): void {
  const require = createRequire(import.meta.url);
  let cli: string;
  try {
    cli = path.join(path.dirname(require.resolve("@remix-run/dev/package.json")), "dist", "cli.js");
  } catch {
    throw new CliError("BUILD_TOOL_MISSING", "The build is missing or stale and @remix-run/dev is not installed: run `npm install` (with dev dependencies) or `npm run build`.");
  }
  process.stderr.write("Building the app (remix build)…\n");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new CliError("BUILD_FAILED", "`remix build` failed; see the output above.");
}

async function serveHere(port: number, host: string, onDataChanged?: () => void): Promise<RunningServer> {
  const tuning = readServeEnv();
  return startHttpServer({
    root: PROJECT_ROOT,
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
async function runWorker(port: number, host: string): Promise<void> {
  const server = await serveHere(port, host, () => process.send?.({ type: CLEAR_PAGE_CACHE }));
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

async function prepareAndServe(raw: unknown, build: boolean): Promise<void> {
  const options = parseOptions(ServeOptionsSchema, raw);
  process.env.NODE_ENV ??= "production";
  const env = getEnv();
  const port = options.port ?? env.PORT;
  const host = resolveHost(options.host, readServeEnv().HOST);
  if (cluster.isWorker) return runWorker(port, host);
  const workers = resolveWorkerCount(options.workers, readServeEnv().WEB_CONCURRENCY, Boolean(env.DATABASE_URL));
  if (build && isBuildStale()) runBuild();
  const handle = await getDatabase();
  process.stderr.write(`Database: ${handle.driver} (${handle.location}), migrations applied.\n`);
  await recoverInterruptedImports(handle, { startup: true, log: (line) => process.stderr.write(`${line}\n`) });
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const outcome = await ensureAdminUser(handle, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    process.stderr.write(`Admin user "${env.ADMIN_USERNAME}": ${outcome}.\n`);
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
  const server = await serveHere(port, host);
  process.stderr.write(`Business Directory listening on http://${shownHost(host)}:${server.port}\n`);
  const signal = await waitForStop([]);
  process.stderr.write(`${signal}: shutting down…\n`);
  await server.close();
  await closeDatabase();
}

export function register(program: Command): void {
  for (const [name, build, description] of [
    ["start", true, "Build if needed, migrate, ensure the admin, seed demo data when empty, and serve (npm start)"],
    ["serve", false, "Migrate, ensure the admin, seed demo data when empty, and serve an existing build"],
  ] as const) {
    program
      .command(name)
      .description(description)
      .option("--port <port>", "port to listen on (default: PORT or 3000)")
      .option("--host <host>", `interface to bind (default: HOST, else ${DEFAULT_HOST}; 0.0.0.0 for every interface)`)
      .option("--no-seed", "do not seed demo data into an empty database")
      .option("--workers <n>", "server processes (default: WEB_CONCURRENCY, else one per core; always 1 with the embedded database)")
      .action(async (raw: unknown) => prepareAndServe(raw, build));
  }
}
