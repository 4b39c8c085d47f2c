// Several app hosts on one database → agreement: an admin write bumps the cache generation, every host polls it
// (one primary-key read a second) and empties its in-process caches when it moves; public API requests that reach
// a render are counted per client across hosts and answered 429 over the limit.
import type express from "express";
import { getDatabase } from "../../db/client.ts";
import { clearNamedCaches } from "../../db/freshness.ts";
import { readCacheGeneration } from "../../db/queries/shared-hosts.ts";
import { bumpCacheGeneration, purgeSharedHostRows } from "../../db/writes/shared-hosts.ts";
import { checkApiRateLimit, isRateLimitedRequest, RATE_WINDOW_SECONDS } from "../models/api-rate-limit.server";
import { NO_STORE } from "../models/cache-policy.server.ts";
import { isAdminPath } from "../utils/site-paths.ts";
import { withRequestId, REQUEST_ID_HEADER } from "./observability.ts";

/** How often each host reads the cache generation: a change elsewhere shows here within this (plus one read). */
export const GENERATION_POLL_MS = 500;
/** How often each host drops finished rate windows and old visitor keys (a few rows each time). */
const PURGE_EVERY_MS = 5 * 60_000;

export interface GenerationWatch {
  stop(): void;
}

/**
 * Polls the cache generation; on a move, empties the named caches (site settings, ads, identity, home) and calls
 * `onChange` (the page cache, the search answers). NOTE: the first read only records the generation: a host that
 * just started has nothing stale. A failed read is retried at the next tick.
 */
export function watchCacheGeneration(onChange: () => void, pollMs = GENERATION_POLL_MS): GenerationWatch {
  let seen: number | undefined;
  let busy = false;
  let lastPurge = Date.now();
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const handle = await getDatabase();
      const generation = await readCacheGeneration(handle);
      if (seen !== undefined && generation !== seen) {
        clearNamedCaches();
        onChange();
      }
      seen = generation;
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await purgeSharedHostRows(handle, RATE_WINDOW_SECONDS);
      }
    } catch {
      // NOTE: a database outage shows on the pages; this host's caches still expire by their own ages meanwhile.
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Admin posts that change no data a visitor sees: they do not empty every host's caches. */
const SESSION_PATHS = new Set(["/api/admin/login", "/api/admin/logout", "/admin/login"]);

/** After a successful admin write here: every host (this one too) empties its caches at its next poll. */
export function announceAdminWrite(req: express.Request, res: express.Response): void {
  if (res.statusCode >= 400 || !isAdminPath(req.path) || SESSION_PATHS.has(req.path.toLowerCase())) return;
  void (async () => bumpCacheGeneration(await getDatabase()))().catch((error: unknown) =>
    console.warn(`other hosts were not told of an admin change (${String(error)}); their caches expire by age`),
  );
}

/**
 * Counts a public API request that is about to be rendered; over the limit, answers 429 RATE_LIMITED with
 * Retry-After and returns true (the caller stops). Page-cache hits never call this.
 */
export async function refuseOverRateLimit(req: express.Request, res: express.Response): Promise<boolean> {
  if (!isRateLimitedRequest(req.method, req.path)) return false;
  const verdict = await checkApiRateLimit(req.ip ?? "unknown");
  if (!verdict.limited) return false;
  const body = {
    error: {
      code: "RATE_LIMITED",
      message: `Too many API requests from your address (limit ${verdict.limit} a minute); wait ${verdict.retryAfterSeconds} s (Retry-After) or cache answers on your side.`,
    },
  };
  res.status(429);
  res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
  res.setHeader("Cache-Control", NO_STORE);
  res.json(withRequestId(body, 429, String(req.headers[REQUEST_ID_HEADER] ?? "")));
  return true;
}

/** Express middleware form of refuseOverRateLimit, for the requests the page cache does not take. */
export function createRateLimitMiddleware(): express.RequestHandler {
  return (req, res, next) => {
    refuseOverRateLimit(req, res).then((refused) => {
      if (!refused) next();
    }, next);
  };
}
