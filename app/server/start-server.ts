// Built Remix app → an HTTP server: compression, immutable hashed assets, short-lived public files, the page cache, the app.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createFetchHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { adoptDatabase, getDatabase, type DatabaseHandle } from "../../db/client.ts";
import { readAggregatesStamp } from "../../db/queries/sitemap.ts";
import { noteDatabaseWrite, runWithReadRouting } from "../../db/replica.ts";
import { flushBeforeShutdown, recordCachedPageView } from "../entry.server";
import { getAppEnv } from "../models/env.server";
import { createSecurityHeadersMiddleware, NONCE_REQUEST_HEADER } from "./security-headers.ts";
import {
  isCacheableRequest,
  keepKnownParameters,
  normalizeCacheKey,
  PageCache,
  readFreshnessMs,
  renderCachedPage,
  toCachedPage,
  type RenderOutcome,
} from "./page-cache.ts";
import { answerDatabaseOutages } from "./database-outage.ts";
import { AdmissionControl, createAdmissionMiddleware, isAdmissionExempt, sendShed } from "./admission-control.ts";
import { createBodyLimitMiddleware, ignoreRefusedBodyErrors } from "./body-limit.ts";
import { createRequestGuardMiddleware } from "./request-guards.ts";
import { addRequestIdToJsonErrors, createProbeMiddleware, createRequestObservation } from "./observability.ts";
import { clearSearchAnswers } from "../../search/index.ts";
import { announceAdminWrite, createRateLimitMiddleware, refuseOverRateLimit, watchCacheGeneration } from "./shared-hosts.ts";

export interface RunningServer {
  port: number;
  /** Empties this process's page cache and keeps reads off the replica for a few seconds (another process changed data). */
  clearPageCache(): void;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** The folder holding public/ (the project root). */
  root: string;
  /** A handle the caller opened (a test running from source): the bundle's db/client.ts adopts it. */
  database?: DatabaseHandle;
  port: number;
  host: string;
  /** Page cache budget in bytes; 0 or absent = no cache (`directory start` passes its configured budget). */
  pageCacheBytes?: number;
  /** The longest an answer is served from the cache, whatever its own max-age. */
  pageCacheMaxAgeMs?: number;
  /** How often the database's aggregates stamp is re-read (a change there empties the cache). */
  pageCacheStampMs?: number;
  /** Called after this process answered a successful write (other processes should empty their caches). */
  onDataChanged?: () => void;
  /** Who may start a render or a query at once (default: limits for this machine's cores). */
  admission?: AdmissionControl;
  /** Express's "trust proxy" (TRUST_PROXY): whose X-Forwarded-For/-Proto/-Host count; absent = nobody's. */
  trustProxy?: number | string[];
  /** The request log's level instead of LOG_LEVEL's (in-process test servers). */
  logLevel?: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const CLOSE_GRACE_MS = 5_000;
/** How long a cache hit waits for the aggregates stamp's re-read before it is answered anyway. */
const STAMP_WAIT_MS = 50;

function toFetchRequest(req: express.Request, res: express.Response, url = req.originalUrl): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${url}`, { method: req.method, headers, signal: controller.signal });
}

/** gzip when the client lists it without q=0 (the compression middleware's choice for these answers too). */
function acceptsGzip(req: express.Request): boolean {
  return req.acceptsEncodings("gzip", "identity") === "gzip";
}

function sendBuffered(res: express.Response, status: number, headers: Array<[string, string]>, body: Buffer, cacheState: string): void {
  res.status(status);
  for (const [name, value] of headers) res.append(name, value);
  res.setHeader("X-Page-Cache", cacheState);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * The page cache as Express middleware in front of the Remix handler. Visibility of a data change:
 * a successful write through this process empties its cache at once (and `onDataChanged` tells the others);
 * an import or count refresh from anywhere moves site_totals.refreshed_at, read at most every `stampMs`;
 * anything else (opening hours turning a badge, a visit count) is at most `maxAgeMs` old.
 */
function createPageCacheMiddleware(
  build: ServerBuild,
  options: StartServerOptions,
  admission: AdmissionControl,
): { middleware: express.RequestHandler; cache: PageCache } {
  const cache = new PageCache({ maxBytes: options.pageCacheBytes, maxAgeMs: options.pageCacheMaxAgeMs });
  const handle = createFetchHandler(build, build.mode);
  const stampMs = options.pageCacheStampMs ?? 1_000;
  let stamp: string | undefined;
  let stampReadAt = -Infinity;
  let stampRead: Promise<void> | undefined;

  /**
   * NOTE: a re-read is waited for at most STAMP_WAIT_MS, then runs on beside the answer: a database busy with a queue of
   * searches (PGlite runs one statement at a time) never holds up a hit for long, and a quiet one is read in time.
   */
  const checkStamp = async () => {
    if (cache.now() - stampReadAt < stampMs) return;
    const first = stamp === undefined;
    stampRead ??= (async () => {
      try {
        const next = await readAggregatesStamp(await getDatabase());
        if (stamp !== undefined && next !== stamp) cache.clear();
        stamp = next;
      } catch {
        // NOTE: without the stamp, entries still expire after maxAgeMs; a failing database shows on the renders.
        cache.clear();
      } finally {
        stampReadAt = cache.now();
        stampRead = undefined;
      }
    })();
    if (first) {
      await stampRead;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([stampRead, new Promise<void>((resolve) => (timer = setTimeout(resolve, STAMP_WAIT_MS)))]);
    clearTimeout(timer);
  };

  const render = async (req: express.Request, res: express.Response, url: string): Promise<RenderOutcome> => {
    // A public API answer about to be rendered counts towards its client's limit; a cache hit never gets here.
    if (await refuseOverRateLimit(req, res)) return { page: null };
    const turn = isAdmissionExempt(req.path) ? null : await admission.admit(req.ip ?? "unknown");
    if (turn && !turn.admitted) {
      sendShed(req, res, turn.reason);
      return { page: null };
    }
    try {
      return await renderAdmitted(req, res, url);
    } finally {
      if (turn?.admitted) turn.release();
    }
  };

  const renderAdmitted = async (req: express.Request, res: express.Response, url: string): Promise<RenderOutcome> => {
    const response = await handle(toFetchRequest(req, res, url));
    const maxAge = readFreshnessMs(response.status, response.headers, cache.maxAgeMs);
    if (maxAge === null) {
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      res.setHeader("X-Page-Cache", "bypass");
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
      return { page: null };
    }
    const page = toCachedPage(response.status, response.headers, Buffer.from(await response.arrayBuffer()), cache.now() + maxAge, requestNonce(req));
    // The renderer's own answer keeps the nonce it was rendered with (its CSP header already names it).
    const own = renderCachedPage(page, page.nonce ?? undefined, acceptsGzip(req));
    sendBuffered(res, page.status, own.headers, own.body, "miss");
    return { page };
  };

  const middleware: express.RequestHandler = (req, res, next) => {
    if (!SAFE_METHODS.has(req.method)) {
      res.on("finish", () => {
        if (res.statusCode < 400) {
          cache.clear();
          options.onDataChanged?.();
        }
      });
    }
    if (!isCacheableRequest({ method: req.method, path: req.path, cookie: req.headers.cookie })) return next();
    // NOTE: parameters no public route reads (`?cb=<random>`, tracking tags) are left out of both the key and the
    // render, so junk cannot bypass the cache and what is stored is exactly what the key names.
    const url = keepKnownParameters(req.originalUrl);
    const key = normalizeCacheKey(`${req.protocol}://${req.get("host") ?? ""}`, url);
    void (async () => {
      await checkStamp();
      let rendered = false;
      const { outcome, hit } = await cache.lookup(key, () => {
        rendered = true;
        return render(req, res, url);
      });
      if (rendered) return;
      if (!outcome.page) {
        // A render other requests waited for was not storable (an error page, a redirect, a shed 503): render this one too.
        await render(req, res, url);
        return;
      }
      // NOTE: the security middleware has already sent this request's nonce in its CSP header: the body must carry it.
      const fresh = renderCachedPage(outcome.page, requestNonce(req) ?? undefined, acceptsGzip(req));
      sendBuffered(res, outcome.page.status, fresh.headers, fresh.body, hit ? "hit" : "miss");
      // Documents and `?_data` navigations are page views; resource routes (JSON APIs, feeds) are not.
      const isDocument = fresh.headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));
      if (isDocument || "_data" in req.query) recordCachedPageView(toFetchRequest(req, res));
    })().catch(next);
  };
  return { middleware, cache };
}

/**
 * Which database this request's public reads may use (DATABASE_READ_URL, db/replica.ts): the replica only for what
 * the page cache could serve anyone (a public GET without an admin cookie); an admin screen, a write and the admin's
 * browsing read the primary, and so does everyone for a few seconds after a successful write.
 */
const routeReads: express.RequestHandler = (req, res, next) => {
  if (!SAFE_METHODS.has(req.method)) {
    res.on("finish", () => {
      if (res.statusCode < 400) noteDatabaseWrite();
    });
  }
  runWithReadRouting(isCacheableRequest({ method: req.method, path: req.path, cookie: req.headers.cookie }), next);
};

/** The nonce the security middleware chose for this request (and put in its CSP header), if it ran. */
function requestNonce(req: express.Request): string | null {
  const value = req.headers[NONCE_REQUEST_HEADER];
  return typeof value === "string" ? value : null;
}

/** Serves `compiled` (this bundle's own Remix build, see index.ts) on options.host:options.port. */
export async function startHttpServer(compiled: ServerBuild, options: StartServerOptions): Promise<RunningServer> {
  if (options.database) adoptDatabase(options.database);
  // Every loader and action answers 503 (page or JSON) while the database is unreachable, cached or not.
  // Every JSON error (an API's `{ error: { code, message } }`) carries the request id, so a report can be traced.
  const build = addRequestIdToJsonErrors(answerDatabaseOutages(compiled));
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  const admission = options.admission ?? new AdmissionControl();
  const observability = {
    admission,
    metricsToken: getAppEnv().METRICS_TOKEN,
    behindProxy: options.trustProxy !== undefined,
    logLevel: options.logLevel,
  };
  // First: every answer, refusals and probes included, gets its request id, its log line and its metrics.
  app.use(createRequestObservation(observability));
  app.use(createSecurityHeadersMiddleware());
  app.use(compression());
  // The app reads the client address from this header (login throttling, audit log); set from the socket
  // (or a trusted proxy's X-Forwarded-For), it overwrites whatever a client sent under that name.
  app.use((req, _res, next) => {
    req.headers["x-directory-client-ip"] = req.ip ?? "unknown";
    next();
  });
  // Probes before the guards, the body limit, the page cache and admission control: cheap, never cached or queued.
  app.use(createProbeMiddleware(observability));
  app.use(createRequestGuardMiddleware({ siteUrl: getAppEnv().SITE_URL }));
  app.use(createBodyLimitMiddleware());
  app.use(routeReads);

  // Fingerprinted by the compiler: safe to cache forever.
  app.use("/build", express.static(path.join(options.root, "public", "build"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(path.join(options.root, "public"), { maxAge: "1h", index: false }));
  // A successful admin write tells every host (this one too) through the cache generation.
  app.use((req, res, next) => {
    if (!SAFE_METHODS.has(req.method)) res.on("finish", () => announceAdminWrite(req, res));
    next();
  });
  const pageCache = (options.pageCacheBytes ?? 0) > 0 ? createPageCacheMiddleware(build, options, admission) : undefined;
  if (pageCache) app.use(pageCache.middleware);
  app.use(createRateLimitMiddleware());
  app.use(createAdmissionMiddleware(admission));
  // NOTE: a regex, not "*": Express decodes a "*" param and answers a bare-text 400 to a malformed escape (%E0%A4%A);
  // Remix tolerates it and answers with its own 404 page or JSON.
  app.all(/.*/, createRequestHandler({ build: build, mode: build.mode }));
  app.use(ignoreRefusedBodyErrors);

  const server = await new Promise<import("node:http").Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, () => resolve(listening));
    listening.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new DirectoryError("PORT_IN_USE", `port ${options.port} is taken; set PORT or pass --port.`) : error),
    );
  });
  server.keepAliveTimeout = 65_000;
  // NOTE: another host's change also sends this host's reads to the primary for a while: pages re-rendered from a
  // replica still behind that change would be cached stale for PAGE_CACHE_MAX_AGE.
  const generation = watchCacheGeneration(() => {
    pageCache?.cache.clear();
    clearSearchAnswers();
    noteDatabaseWrite();
  }, getAppEnv().CACHE_GENERATION_POLL_MS);
  return {
    port: (server.address() as AddressInfo).port,
    clearPageCache: () => {
      pageCache?.cache.clear();
      noteDatabaseWrite();
    },
    // Graceful: stop accepting, let answers under way finish (idle keep-alive sockets close now), cut the rest after 5 s.
    close: async () => {
      generation.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      });
      await flushBeforeShutdown();
    },
  };
}
