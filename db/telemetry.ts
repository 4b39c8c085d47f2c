// Process events (queries, search answers, import batches, requests) → one pino logger and one prom-client registry
// per process, plus per-request notes (cache, engine) the HTTP log line picks up; nothing secret is ever passed in.
// NOTE: kept on globalThis like getDatabase: the CLI (run from source) and the server bundle each carry a copy of
// this module, and two registries would split a process's counts (or refuse the second registration).
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { createRequire } from "node:module";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { getEnv } from "./env.ts";

/** What the code under one request learned about it, for that request's log line and metrics. */
export interface RequestNotes {
  /** The search engine that answered ("meilisearch", "postgres", or "postgres-fallback" while Meilisearch is down). */
  engine?: string;
  /** Whether the search answer came from the in-process result cache. */
  searchCache?: "hit" | "miss";
}

interface Telemetry {
  registry: Registry;
  requests: AsyncLocalStorage<RequestNotes>;
  logger?: Logger;
  loggerDestination?: LoggerOptions["destination"];
  queryDuration: Histogram<"driver" | "outcome">;
  queriesInFlight: Gauge<"driver">;
  poolMax: Gauge<"driver">;
  searchAnswers: Counter<"engine" | "cache">;
  searchFallback: Gauge;
  importRows: Counter;
  importBatchDuration: Histogram;
  importRowsPerSecond: Gauge;
  replicaReads: Counter<"target">;
  replicaLag: Gauge;
  replicaUsable: Gauge;
}

// NOTE: pino-pretty is loaded only for a terminal: every CLI run and server start would otherwise pay for it.
const require = createRequire(import.meta.url);
const KEY = Symbol.for("business-directory.telemetry");
type GlobalWithTelemetry = typeof globalThis & { [KEY]?: Telemetry };

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createTelemetry(): Telemetry {
  const registry = new Registry();
  return {
    registry,
    requests: new AsyncLocalStorage<RequestNotes>(),
    queryDuration: new Histogram({
      name: "directory_db_query_duration_seconds",
      help: "Database statements sent through the handle's query() (most reads and writes), by driver and outcome.",
      labelNames: ["driver", "outcome"],
      buckets: SECONDS_BUCKETS,
      registers: [registry],
    }),
    queriesInFlight: new Gauge({
      name: "directory_db_queries_in_flight",
      help: "Statements waiting for or holding a pooled connection now (postgres.js exposes no pool counters; compare with directory_db_pool_max).",
      labelNames: ["driver"],
      registers: [registry],
    }),
    poolMax: new Gauge({
      name: "directory_db_pool_max",
      help: "Connections the process's pool may open (PGlite: 1, one statement at a time).",
      labelNames: ["driver"],
      registers: [registry],
    }),
    searchAnswers: new Counter({
      name: "directory_search_answers_total",
      help: "Search answers by the engine that produced them and the result cache's verdict (hit ratio: cache=hit / all).",
      labelNames: ["engine", "cache"],
      registers: [registry],
    }),
    searchFallback: new Gauge({
      name: "directory_search_fallback",
      help: "1 while Meilisearch is configured but down and searches answer from PostgreSQL, else 0 (last answer seen).",
      registers: [registry],
      aggregator: "max",
    }),
    importRows: new Counter({
      name: "directory_import_rows_total",
      help: "Rows committed by import batches (rate() = rows per second).",
      registers: [registry],
    }),
    importBatchDuration: new Histogram({
      name: "directory_import_batch_duration_seconds",
      help: "Import batch writes, from send to commit.",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    importRowsPerSecond: new Gauge({
      name: "directory_import_rows_per_second",
      help: "Rows per second of the last committed import batch.",
      registers: [registry],
    }),
    replicaReads: new Counter({
      name: "directory_db_replica_reads_total",
      help: "Replica-safe reads (public pages and APIs) by the database that answered them: replica, or primary (after a write, replica lagging or unreachable). Only with DATABASE_READ_URL.",
      labelNames: ["target"],
      registers: [registry],
    }),
    replicaLag: new Gauge({
      name: "directory_db_replica_lag_seconds",
      help: "The read replica's replication lag at its last check (0 when it has replayed all the primary wrote).",
      registers: [registry],
      aggregator: "max",
    }),
    replicaUsable: new Gauge({
      name: "directory_db_replica_usable",
      help: "1 while the read replica is reachable and within the lag bound (public reads go to it), else 0.",
      registers: [registry],
      aggregator: "min",
    }),
  };
}

function telemetry(): Telemetry {
  const store = globalThis as GlobalWithTelemetry;
  store[KEY] ??= createTelemetry();
  return store[KEY];
}

/** The process's metrics registry (the HTTP server adds its own metrics to it and serves it). */
export function getMetricsRegistry(): Registry {
  return telemetry().registry;
}

export interface LoggerOptions {
  /** Where lines go: the server writes to stdout; the CLI keeps stdout for its output and logs to stderr. */
  destination: "stdout" | "stderr";
  /** The level when LOG_LEVEL is unset. */
  defaultLevel: string;
}

/**
 * The process's logger: JSON lines, or pino-pretty's readable lines when the destination is a terminal; the level
 * is LOG_LEVEL's (validated in db/env.ts). Without options: the one made so far, else the CLI's (stderr, warn).
 * With options: one for them (the server asks for stdout once it starts, after the CLI may have logged).
 */
export function getLogger(options?: LoggerOptions): Logger {
  const state = telemetry();
  if (state.logger && (!options || state.loggerDestination === options.destination)) return state.logger;
  const { destination, defaultLevel } = options ?? { destination: "stderr", defaultLevel: "warn" };
  const fd = destination === "stdout" ? 1 : 2;
  const level = getEnv().LOG_LEVEL ?? defaultLevel;
  const tty = (fd === 1 ? process.stdout : process.stderr).isTTY;
  // NOTE: pino-pretty as a stream in this thread (no transport worker): a terminal is a person reading, not a load.
  // stdout (the server's request lines) is written asynchronously; stderr (the CLI's few lines) at once.
  const stream = tty
    ? (require("pino-pretty") as typeof import("pino-pretty"))({ destination: fd, colorize: true, sync: true })
    : pino.destination({ dest: fd, sync: fd === 2 });
  state.logger = pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, stream);
  state.loggerDestination = destination;
  return state.logger;
}

/** Runs `work` with a fresh notes object for one request; `noteRequest` anywhere beneath it adds to that object. */
export function runWithRequestNotes<T>(notes: RequestNotes, work: () => T): T {
  return telemetry().requests.run(notes, work);
}

export function noteRequest(fields: Partial<RequestNotes>): void {
  const notes = telemetry().requests.getStore();
  if (notes) Object.assign(notes, fields);
}

/** The pool size a handle was opened with. */
export function observePoolSize(driver: string, max: number): void {
  telemetry().poolMax.set({ driver }, max);
}

/** One statement through a handle: its latency and outcome; call `start` before it and the returned end after. */
export function startQuery(driver: string): (ok: boolean) => void {
  const state = telemetry();
  const started = performance.now();
  state.queriesInFlight.inc({ driver });
  return (ok) => {
    state.queriesInFlight.dec({ driver });
    state.queryDuration.observe({ driver, outcome: ok ? "ok" : "error" }, (performance.now() - started) / 1000);
  };
}

/** A search answer: which engine gave it, whether the result cache did, and whether Meilisearch was down. */
export function observeSearchAnswer(answer: { engine: string; degraded: boolean }, cacheHit: boolean | null): void {
  const state = telemetry();
  const engine = answer.degraded ? "postgres-fallback" : answer.engine;
  const cache = cacheHit === null ? "uncached" : cacheHit ? "hit" : "miss";
  state.searchAnswers.inc({ engine, cache });
  state.searchFallback.set(answer.degraded ? 1 : 0);
  noteRequest({ engine, ...(cacheHit === null ? {} : { searchCache: cacheHit ? "hit" : "miss" }) });
}

/** Sets the search-fallback gauge from a health probe (readyz) rather than a search answer. */
export function observeSearchFallback(degraded: boolean): void {
  telemetry().searchFallback.set(degraded ? 1 : 0);
}

/** A replica-safe read and the database chosen for it (db/replica.ts). */
export function observeReplicaRead(target: "replica" | "primary"): void {
  telemetry().replicaReads.inc({ target });
}

/** The read replica's last check: usable or not, and its lag when it answered. */
export function observeReplicaCheck(usable: boolean, lagSeconds: number | null): void {
  const state = telemetry();
  state.replicaUsable.set(usable ? 1 : 0);
  if (lagSeconds !== null) state.replicaLag.set(lagSeconds);
}

/**
 * A committed import batch: counted in the metrics and logged as one line (info level; the CLI shows it with
 * LOG_LEVEL=info). `aggregateFacts`: the written rows whose count keys it returned for a small import's refresh (0
 * once the import is known to refresh every count).
 */
export function observeImportBatch(batch: { runId: number | null; batch: number; rows: number; aggregateFacts: number; seconds: number }): void {
  const state = telemetry();
  state.importRows.inc(batch.rows);
  state.importBatchDuration.observe(batch.seconds);
  const rowsPerSecond = batch.seconds > 0 ? batch.rows / batch.seconds : 0;
  state.importRowsPerSecond.set(rowsPerSecond);
  getLogger().info(
    {
      event: "import_batch",
      runId: batch.runId,
      batch: batch.batch,
      rows: batch.rows,
      aggregateFacts: batch.aggregateFacts,
      durationMs: Math.round(batch.seconds * 10_000) / 10,
      rowsPerSecond: Math.round(rowsPerSecond),
    },
    "import batch committed",
  );
}
