// Request method + Origin → refused before Remix with 405 (a method no route takes: TRACE, OPTIONS, PUT on a page…)
// or 403 (a page form posted from another origin), each with a code and one log line, instead of Remix's bare 500.
import type express from "express";
import { NO_STORE } from "../../app/models/cache-policy.server.ts";

const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
/** What the JSON API routes answer to (DELETE: the admin's delete calls); each route still checks its own. */
const API_METHODS = ["GET", "HEAD", "POST", "DELETE"] as const;
const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

function wantsJson(req: express.Request): boolean {
  return isApiPath(req.path) || "_data" in req.query || req.accepts(["html", "json"]) === "json";
}

export interface Refusal {
  status: 403 | 405 | 413;
  code: string;
  title: string;
  message: string;
  headers?: Record<string, string>;
  /** Added to the log line (never client text: the path is the only client value logged, quoted). */
  detail?: string;
}

/** A refusal before Remix: one log line, never cached, `{ error: { code, message } }` under /api, else a small page. */
export function sendRefusal(req: express.Request, res: express.Response, refusal: Refusal): void {
  console.warn(
    `${refusal.status} ${req.method} ${JSON.stringify(req.path.slice(0, 200))}: ${refusal.code}${refusal.detail ? ` (${refusal.detail})` : ""}`,
  );
  res.status(refusal.status).set({ "Cache-Control": NO_STORE, ...refusal.headers });
  // HEAD answers carry no body; Express leaves it out.
  if (wantsJson(req)) res.json({ error: { code: refusal.code, message: refusal.message } });
  else
    res
      .type("html")
      .send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${refusal.title}</title></head><body><h1>${refusal.title}</h1><p>${refusal.message}</p><p>Code: ${refusal.code}</p><p>Request ID: <code>${String(req.headers["x-request-id"] ?? "")}</code></p></body></html>`,
      );
}

/** The host an Origin header names (with its port), or null for "null", garbage or a non-http scheme. */
function originOf(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * True when a browser says this mutation came from a page of another origin. With SITE_URL the Origin must be
 * exactly it (a forged Host cannot widen it); without, its host must be the Host header's. On a page route, it must
 * also match X-Forwarded-Host when one is sent: Remix aborts such a page action itself, with a bare 500.
 */
export function isForeignMutation(req: Pick<express.Request, "method" | "path" | "headers">, siteUrl: string | undefined): boolean {
  const sent = req.headers.origin;
  if (!MUTATIONS.has(req.method) || sent === undefined) return false;
  const origin = originOf(sent);
  if (!origin) return true;
  const host = req.headers.host;
  if (siteUrl ? origin.origin !== new URL(siteUrl).origin : origin.host !== host) return true;
  if (isApiPath(req.path)) return false;
  const forwarded = String(req.headers["x-forwarded-host"] ?? "")
    .split(",")[0]
    ?.trim();
  return origin.host !== (forwarded || host);
}

/**
 * Express middleware before the page cache and the Remix handler: methods no route answers get 405 with Allow
 * (OPTIONS too: the site offers no CORS), and page form posts from another origin get 403 FOREIGN_ORIGIN.
 * NOTE: JSON API routes keep their own origin checks (admin calls answer `{ success, code, message }`).
 */
export function createRequestGuardMiddleware(options: { siteUrl?: string }): express.RequestHandler {
  return (req, res, next) => {
    const allowed: readonly string[] = isApiPath(req.path) ? API_METHODS : PAGE_METHODS;
    if (!allowed.includes(req.method)) {
      return sendRefusal(req, res, {
        status: 405,
        code: "METHOD_NOT_ALLOWED",
        title: "Method not allowed",
        message: `${req.method.slice(0, 20)} is not accepted here; use ${allowed.join(", ")}.`,
        headers: { Allow: allowed.join(", ") },
      });
    }
    if (!isApiPath(req.path) && isForeignMutation(req, options.siteUrl)) {
      return sendRefusal(req, res, {
        status: 403,
        code: "FOREIGN_ORIGIN",
        title: "Forbidden",
        message: "This form was sent from another site's page; open this site's own page and send it from there.",
      });
    }
    next();
  };
}
