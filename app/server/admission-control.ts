// Public requests that need a render or a query (not static files, not page-cache hits, not health or admin) →
// admitted while this process runs fewer than `maxInFlight` of them and the client fewer than `maxPerClient`;
// up to `maxQueued` more wait at most `maxWaitMs` for a turn; everything beyond is answered 503 + Retry-After at
// once. A flood therefore costs a bounded amount of work, and the event loop stays free for everything else.
import os from "node:os";
import type express from "express";
import { NO_STORE } from "../../app/models/cache-policy.server.ts";
import { isAdminPath } from "../../app/utils/site-paths.ts";

export const SHED_RETRY_AFTER_SECONDS = 2;

export interface AdmissionLimits {
  /** Requests being worked on at once in this process. */
  maxInFlight: number;
  /** Requests waiting for a turn in this process. */
  maxQueued: number;
  /** Requests of one client address working or waiting at once. */
  maxPerClient: number;
  /** The longest a request waits for a turn before it is shed. */
  maxWaitMs: number;
}

/**
 * NOTE: renders are CPU work on the event loop (≈ 8–10 ms each) and PGlite runs one statement at a time: one turn
 * per core (at least two) keeps the cores busy while a static file or health check waits at most a render slice or
 * two. Two per core was measured too: under the flood test it answered fewer requests and doubled static p95.
 */
export function defaultAdmissionLimits(cores = os.availableParallelism()): AdmissionLimits {
  const maxInFlight = Math.max(2, cores);
  // NOTE: 8 per address at the least, so a browser's burst of prefetches or a default 8-connection bench is never shed.
  return { maxInFlight, maxQueued: 4 * maxInFlight, maxPerClient: Math.max(8, 2 * maxInFlight), maxWaitMs: 2_000 };
}

export type Admission = { admitted: true; release: () => void } | { admitted: false; reason: "SERVER_BUSY" | "TOO_MANY_REQUESTS_FROM_CLIENT" };

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

/** Counting semaphore with a bounded FIFO queue and a per-client cap. */
export class AdmissionControl {
  readonly limits: AdmissionLimits;
  #inFlight = 0;
  readonly #queue: Waiter[] = [];
  readonly #perClient = new Map<string, number>();
  #shed = 0;

  constructor(limits: AdmissionLimits = defaultAdmissionLimits()) {
    this.limits = limits;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#queue.length;
  }

  /** Requests answered 503 since the start. */
  get shed(): number {
    return this.#shed;
  }

  async admit(client: string): Promise<Admission> {
    const mine = this.#perClient.get(client) ?? 0;
    if (mine >= this.limits.maxPerClient) return this.#refuse("TOO_MANY_REQUESTS_FROM_CLIENT");
    if (this.#inFlight >= this.limits.maxInFlight) {
      if (this.#queue.length >= this.limits.maxQueued) return this.#refuse("SERVER_BUSY");
      this.#perClient.set(client, mine + 1);
      const granted = await new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          grant: () => {
            clearTimeout(waiter.timer);
            resolve(true);
          },
          timer: setTimeout(() => {
            const index = this.#queue.indexOf(waiter);
            if (index !== -1) this.#queue.splice(index, 1);
            resolve(false);
          }, this.limits.maxWaitMs),
        };
        this.#queue.push(waiter);
      });
      if (!granted) {
        this.#leave(client);
        return this.#refuse("SERVER_BUSY");
      }
    } else {
      this.#perClient.set(client, mine + 1);
      this.#inFlight += 1;
    }
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.#leave(client);
        const next = this.#queue.shift();
        // The slot passes straight to the next waiter: inFlight stays as it is.
        if (next) next.grant();
        else this.#inFlight -= 1;
      },
    };
  }

  #leave(client: string): void {
    const left = (this.#perClient.get(client) ?? 1) - 1;
    if (left > 0) this.#perClient.set(client, left);
    else this.#perClient.delete(client);
  }

  #refuse(reason: "SERVER_BUSY" | "TOO_MANY_REQUESTS_FROM_CLIENT"): Admission {
    this.#shed += 1;
    return { admitted: false, reason };
  }
}

/** Paths that never wait for a turn: probes (answered before admission anyway), the back-office (its operator must get in) and assets. */
export function isAdmissionExempt(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === "/healthz" || lower === "/readyz" || lower === "/metrics" || isAdminPath(lower) || lower.startsWith("/assets/");
}

const BUSY_MESSAGES = {
  SERVER_BUSY: `The site is busy right now; retry in ${SHED_RETRY_AFTER_SECONDS} seconds.`,
  TOO_MANY_REQUESTS_FROM_CLIENT: `Too many requests from your address at once; wait for the ones under way, then retry in ${SHED_RETRY_AFTER_SECONDS} seconds.`,
} as const;

const BUSY_PAGE = (message: string, requestId: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Busy — please retry</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937}h1{font-size:1.5rem}</style></head>` +
  `<body><h1>We're busy right now</h1><p>${message}</p><p><a href="/">Back to the home page</a></p><p>Request ID: <code>${requestId}</code></p></body></html>`;

/** The answer to a shed request: 503 JSON under /api, a small page otherwise; never cached. */
export function sendShed(req: express.Request, res: express.Response, reason: "SERVER_BUSY" | "TOO_MANY_REQUESTS_FROM_CLIENT"): void {
  const message = BUSY_MESSAGES[reason];
  res.status(503);
  res.setHeader("Retry-After", String(SHED_RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", NO_STORE);
  if (req.path.startsWith("/api/") || "_data" in req.query) res.json({ error: { code: reason, message } });
  // NOTE: the id is the server's own (observability.ts keeps only a well-formed incoming one): safe in HTML as it is.
  else res.type("html").send(BUSY_PAGE(message, String(req.headers["x-request-id"] ?? "")));
}

/** Express middleware: holds a request's turn until its answer is finished or its connection closes. */
export function createAdmissionMiddleware(control: AdmissionControl): express.RequestHandler {
  return (req, res, next) => {
    if (isAdmissionExempt(req.path)) return next();
    void control.admit(req.ip ?? "unknown").then((admission) => {
      if (!admission.admitted) return sendShed(req, res, admission.reason);
      // NOTE: a client that left while it waited has no "close" to come: its turn is given back now.
      if (req.socket.destroyed) return admission.release();
      res.once("close", admission.release);
      next();
    }, next);
  };
}
