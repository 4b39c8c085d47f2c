// HTTP requests → a request id (a proxy's well-formed X-Request-Id, else a new one, echoed back), one JSON log line
// each (pino-http; no cookies, credentials or raw client addresses), latency/error metrics per route kind, and the
// cheap probes /healthz, /readyz and /metrics, answered before the page cache and admission control.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import cluster from "node:cluster";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import { pinoHttp } from "pino-http";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, type Registry } from "prom-client";
import { getLogger, getMetricsRegistry, runWithRequestNotes, type RequestNotes } from "../../db/telemetry.ts";
import { NO_STORE } from "../models/cache-policy.server.ts";
import { getReadiness } from "../models/health.server.ts";
import { isAdminPath } from "../utils/site-paths.ts";
import type { AdmissionControl } from "./admission-control.ts";

export const REQUEST_ID_HEADER = "x-request-id";
/** A proxy's id is kept when it is plain text of a sane length (a UUID, a hex or base64url token); else a new one is made. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:+/=-]{7,127}$/;
export const PROBE_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);
const STATIC_FILE = /\.(?:js|mjs|css|map|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|webmanifest)$/;
/** IPC between a cluster worker answering /metrics and the primary that gathers every worker's registry. */
const METRICS_REQUEST = "directory:metrics-request";
const METRICS_ANSWER = "directory:metrics-answer";
const METRICS_IPC_TIMEOUT_MS = 5_000;

export type RouteKind = "page" | "api" | "admin" | "asset" | "probe";

/** A request's low-cardinality kind for metrics labels (never the raw URL). */
export function classifyRoute(path: string): RouteKind {
  const lower = path.toLowerCase();
  if (PROBE_PATHS.has(lower)) return "probe";
  if (isAdminPath(lower) || lower.startsWith("/api/admin")) return "admin";
  if (lower === "/api" || lower.startsWith("/api/")) return "api";
  if (lower.startsWith("/build/") || lower.startsWith("/assets/") || STATIC_FILE.test(lower)) return "asset";
  return "page";
}

/** The incoming X-Request-Id when well formed (a proxy's), else a new random id. */
export function chooseRequestId(sent: string | string[] | undefined): string {
  return typeof sent === "string" && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** The request id this server gave `req` (set by the logging middleware). */
export function readRequestId(req: IncomingMessage): string {
  const id = (req as IncomingMessage & { id?: unknown }).id;
  return typeof id === "string" ? id : "";
}

interface HttpMetrics {
  duration: Histogram<"kind" | "status_class">;
  errors: Counter<"kind" | "status">;
  pageCache: Counter<"result">;
}

/**
 * The server's metrics, on the process registry that also holds the database, search and import ones (db/telemetry.ts).
 * NOTE: made once per process (globalThis): a test may start several servers in one process.
 */
function httpMetrics(registry: Registry, admission: () => AdmissionControl | undefined): HttpMetrics {
  const store = globalThis as typeof globalThis & { [HTTP_METRICS]?: HttpMetrics & { admission: () => AdmissionControl | undefined } };
  const existing = store[HTTP_METRICS];
  if (existing) {
    existing.admission = admission;
    return existing;
  }
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const metrics = {
    admission,
    duration: new Histogram({
      name: "directory_http_request_duration_seconds",
      help: "Answers by route kind (page, api, admin, asset, probe) and status class, from the request to the last byte.",
      labelNames: ["kind", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    errors: new Counter({
      name: "directory_http_errors_total",
      help: "Answers with a 5xx status by route kind and status (503: shed by admission control or database unavailable).",
      labelNames: ["kind", "status"],
      registers: [registry],
    }),
    pageCache: new Counter({
      name: "directory_page_cache_requests_total",
      help: "Cacheable requests by the page cache's verdict (hit ratio: result=hit / (hit + miss)).",
      labelNames: ["result"],
      registers: [registry],
    }),
  };
  const inFlight = new Gauge({
    name: "directory_admission_in_flight",
    help: "Public requests holding an admission turn now.",
    registers: [registry],
    collect() {
      this.set(metrics.admission()?.inFlight ?? 0);
    },
  });
  const queued = new Gauge({
    name: "directory_admission_queued",
    help: "Public requests waiting for an admission turn now.",
    registers: [registry],
    collect() {
      this.set(metrics.admission()?.queued ?? 0);
    },
  });
  void inFlight;
  void queued;
  store[HTTP_METRICS] = metrics;
  return metrics;
}
const HTTP_METRICS = Symbol.for("business-directory.http-metrics");

/** A per-process salt: client hashes correlate one visitor's requests in this process's logs and reveal nothing else. */
const CLIENT_SALT = randomBytes(16);
function hashClient(ip: string | undefined): string {
  return createHash("sha256")
    .update(CLIENT_SALT)
    .update(ip ?? "unknown")
    .digest("base64url")
    .slice(0, 12);
}

type LoggedRequest = IncomingMessage & { id?: string; notes?: RequestNotes; startedAt?: number; kind?: RouteKind; ip?: string; path?: string };

/** The one log line's fields: nothing from headers but the cache verdict; the path without its query (search text stays out). */
function describeAnswer(req: LoggedRequest, res: ServerResponse): Record<string, unknown> {
  const notes = req.notes ?? {};
  const cache = res.getHeader("x-page-cache");
  return {
    method: req.method,
    route: (req.path ?? "").slice(0, 200),
    kind: req.kind,
    status: res.statusCode,
    durationMs: Math.round((performance.now() - (req.startedAt ?? performance.now())) * 100) / 100,
    cache: typeof cache === "string" ? cache : "none",
    engine: notes.engine ?? null,
    searchCache: notes.searchCache ?? null,
    client: hashClient(req.ip),
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

export interface ObservabilityOptions {
  admission: AdmissionControl;
  /** Opens /metrics to other hosts with `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string;
  /** Whether X-Forwarded-* headers are believed (TRUST_PROXY set): then a loopback peer may be a proxy. */
  behindProxy: boolean;
  /** The log level instead of LOG_LEVEL's (in-process test servers: "warn", so a run's output stays readable). */
  logLevel?: string;
}

/**
 * Express middleware, first in the chain: gives the request its id and notes, logs it once when it ends, counts it
 * in the metrics. Probes (healthz, readyz, metrics) log at debug level: a load balancer asks every few seconds.
 */
export function createRequestObservation(options: ObservabilityOptions): express.RequestHandler {
  const metrics = httpMetrics(getMetricsRegistry(), () => options.admission);
  const logger = getLogger({ destination: "stdout", defaultLevel: "info" });
  // NOTE: the process's logger, import batches included: an in-process test server shares it with the test.
  if (options.logLevel) logger.level = options.logLevel;
  const log = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = chooseRequestId(req.headers[REQUEST_ID_HEADER]);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customAttributeKeys: { reqId: "requestId" },
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    customLogLevel: (req, res, error) => {
      if ((req as LoggedRequest).kind === "probe" && res.statusCode < 500) return "debug";
      return error || res.statusCode >= 500 ? "error" : "info";
    },
    customSuccessMessage: () => "request completed",
    customErrorMessage: () => "request failed",
    customSuccessObject: (req, res) => describeAnswer(req as LoggedRequest, res),
    customErrorObject: (req, res, error) => ({
      ...describeAnswer(req as LoggedRequest, res),
      // The message only: a stack or an error's own fields could carry a request's values.
      error: error.message.split("\n")[0]?.slice(0, 300),
    }),
  });
  return (req, res, next) => {
    const logged = req as LoggedRequest;
    logged.startedAt = performance.now();
    logged.kind = classifyRoute(req.path);
    const notes: RequestNotes = {};
    logged.notes = notes;
    res.once("close", () => {
      const kind = logged.kind ?? "page";
      const status = res.statusCode;
      metrics.duration.observe({ kind, status_class: `${Math.floor(status / 100)}xx` }, (performance.now() - (logged.startedAt ?? 0)) / 1000);
      if (status >= 500) metrics.errors.inc({ kind, status: String(status) });
      const cache = res.getHeader("x-page-cache");
      if (cache === "hit" || cache === "miss") metrics.pageCache.inc({ result: cache });
    });
    runWithRequestNotes(notes, () =>
      log(req, res, () => {
        const id = readRequestId(req);
        req.headers[REQUEST_ID_HEADER] = id;
        const json = res.json.bind(res);
        res.json = (body: unknown) => json(withRequestId(body, res.statusCode, id));
        next();
      }),
    );
  };
}

/**
 * A JSON error body with the request id in it: inside `error` when the body has one (`{ error: { code, message } }`),
 * else at the top (the admin calls' `{ success: false, code, message }`); other bodies and successes as they are.
 */
export function withRequestId(body: unknown, status: number, id: string): unknown {
  if (status < 400 || !id || body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const error = (body as { error?: unknown }).error;
  if (error !== null && typeof error === "object" && !Array.isArray(error)) return { ...body, error: { ...error, requestId: id } };
  return { ...body, requestId: id };
}

type RouteModule = ServerBuild["routes"][string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;

/** A Response answered or thrown by a route: a JSON error gets the request id (the header set by createRequestObservation). */
async function tagJsonError(value: unknown, request: Request): Promise<unknown> {
  if (!(value instanceof Response) || value.status < 400 || value.headers.has("content-encoding")) return value;
  if (!(value.headers.get("content-type") ?? "").includes("application/json")) return value;
  const id = request.headers.get(REQUEST_ID_HEADER) ?? "";
  const text = await value.text();
  let body = text;
  try {
    body = JSON.stringify(withRequestId(JSON.parse(text), value.status, id));
  } catch {
    // Not JSON after all: sent as it was.
  }
  const headers = new Headers(value.headers);
  headers.delete("content-length");
  return new Response(body, { status: value.status, statusText: value.statusText, headers });
}

/** The loader of a resource route that has only an action. */
const refuseGet: Handler = ({ request }) => {
  throw new Response(JSON.stringify({ error: { code: "METHOD_NOT_ALLOWED", message: `${request.method} is not accepted here; send POST.` } }), {
    status: 405,
    headers: { "Content-Type": "application/json; charset=utf-8", Allow: "POST", "Cache-Control": NO_STORE },
  });
};

/** Wraps every route's loader and action so the JSON errors they return or throw name the request id. */
export function addRequestIdToJsonErrors(build: ServerBuild): ServerBuild {
  const wrap = (handler: Handler | undefined): Handler | undefined => {
    if (!handler) return undefined;
    return async (args) => {
      try {
        return await tagJsonError(await handler(args), args.request);
      } catch (error) {
        throw await tagJsonError(error, args.request);
      }
    };
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    // NOTE: a GET to a resource route that only takes POST got Remix's own 400 `{ message: "Unexpected Server Error" }`
    // (and an error in the log), an error no route could tag: it is answered 405 with a code instead.
    const loader = route.module.loader ?? (!route.module.default && route.module.action ? refuseGet : undefined);
    routes[id] = { ...route, module: { ...route.module, loader: wrap(loader), action: wrap(route.module.action) } };
  }
  return { ...build, routes };
}

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];

/** True when `sent` equals `expected`, compared in constant time (a token's prefix must not leak by timing). */
function tokensMatch(sent: string, expected: string): boolean {
  const a = createHash("sha256").update(sent).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Who may read /metrics:
 * - a request with an Authorization header: only with `Bearer <METRICS_TOKEN>` (else 401, also from loopback);
 * - without one: only a direct loopback peer — the socket's own address, never X-Forwarded-For (a forged header
 *   cannot make a remote client "loopback"), with no forwarding header at all and no TRUST_PROXY (a proxy on this
 *   host connects from loopback on behalf of remote clients);
 * - anyone else: 401 when a token is configured (a scraper should send it), else 404 (nothing to find here).
 */
export function decideMetricsAccess(
  req: Pick<IncomingMessage, "headers" | "socket">,
  options: Pick<ObservabilityOptions, "metricsToken" | "behindProxy">,
): 200 | 401 | 404 {
  const authorization = req.headers.authorization;
  if (authorization !== undefined) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    return options.metricsToken && token && tokensMatch(token, options.metricsToken) ? 200 : 401;
  }
  const direct = !options.behindProxy && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
  if (direct && LOOPBACK.test(req.socket.remoteAddress ?? "")) return 200;
  return options.metricsToken ? 401 : 404;
}

/** Every worker's metrics summed by the primary (cluster), or this process's own. */
function gatherMetrics(registry: Registry): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary process did not gather the workers' metrics within 5 s"));
    }, METRICS_IPC_TIMEOUT_MS);
    const onMessage = (message: { type?: string; id?: string; text?: string; error?: string } | null) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined || message.text === undefined) reject(new Error(message.error ?? "no metrics"));
      else resolve(message.text);
    };
    process.on("message", onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/**
 * In a cluster worker: answers the primary's prom-client requests with this process's registry. In the primary:
 * relays a worker's /metrics request to every worker and sends back the sum (prom-client's AggregatorRegistry).
 */
export function shareMetricsAcrossCluster(): void {
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([getMetricsRegistry()]);
    new AggregatorRegistry();
    return;
  }
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string } | null) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (error: Error) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, error: error.message }),
    );
  });
}

/** Express router for the probes; mounted after the logging middleware and before everything that costs. */
export function createProbeMiddleware(options: ObservabilityOptions): express.RequestHandler {
  const startedAt = Date.now();
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !PROBE_PATHS.has(req.path)) return next();
    if (req.path === "/metrics" && decideMetricsAccess(req, options) === 404) return next();
    // NOTE: set here, not before the check above: the app appends its own Cache-Control to every other answer.
    res.setHeader("Cache-Control", NO_STORE);
    if (req.path === "/healthz") {
      // Alive: the event loop answers. No database: a load balancer restarting a process over an outage helps nobody.
      res.json({ ok: true, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) });
      return;
    }
    if (req.path === "/readyz") {
      getReadiness().then((readiness) => res.status(readiness.status === "down" ? 503 : 200).json(readiness), next);
      return;
    }
    if (req.path === "/metrics") {
      const access = decideMetricsAccess(req, options);
      if (access === 401) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res.status(401).json({ error: { code: "METRICS_TOKEN_REQUIRED", message: "Send Authorization: Bearer <METRICS_TOKEN> to read /metrics." } });
        return;
      }
      const registry = getMetricsRegistry();
      gatherMetrics(registry).then((text) => res.type(registry.contentType).send(text), next);
      return;
    }
    next();
  };
}
