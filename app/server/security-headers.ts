// Request path + nonce → the security headers every response carries (a nonce-based CSP that lets admin-supplied
// site code run on public pages, a stricter one for the back-office), and the Express middleware that sets them.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getEnv } from "../../db/env.ts";
import { getAppEnv } from "../models/env.server";
import { listMapOrigins } from "../utils/map-style";
import { isAdminPath } from "../utils/site-paths";

/**
 * The middleware hands its nonce to the Remix render in this request header (overwriting whatever a client sent
 * under that name), so the document's nonce attributes and the response's CSP header always carry the same value.
 */
export const NONCE_REQUEST_HEADER = "x-directory-csp-nonce";

/** 16 random bytes in base64: 22 characters and "==". */
const NONCE_PATTERN = /^[A-Za-z0-9+/]{22}==$/;

export type PolicyArea = "public" | "admin";

export interface SecurityHeaderOptions {
  nonce: string;
  pathname: string;
  production: boolean;
  /** MAP_STYLE_URL as parsed (null: maps off): its origins are allowed by name (a local tile server may be plain http). */
  mapStyleUrl?: string | null;
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function isValidNonce(value: string | null | undefined): value is string {
  return typeof value === "string" && NONCE_PATTERN.test(value);
}

/** The back-office (pages, their `?_data` and /api/admin) never carries site code, so it gets the strict policy. */
export function getPolicyArea(pathname: string): PolicyArea {
  return isAdminPath(pathname) ? "admin" : "public";
}

/**
 * NOTE: public pages run the administrator's head/footer code and ad code, which load third-party scripts we
 * cannot list. Our server adds the response's nonce to every <script> of that code and `'strict-dynamic'` lets
 * those scripts load further scripts; an injected script without the nonce still cannot run, and host lists
 * ('self', https:) are ignored for scripts. Images, styles, fonts, frames and connections may go to any https
 * host there (trackers and ad networks need it); the map style's origins (style, tiles, glyphs, sprites) are also
 * named in connect-src, so a plain-http tile server works and the maps survive a narrower connect-src. Inline
 * `style=` attributes need 'unsafe-inline' for styles (React renders widths and heights that way); no nonce is put in
 * style-src, which would disable it.
 */
export function buildContentSecurityPolicy({ nonce, area, mapStyleUrl }: { nonce: string; area: PolicyArea; mapStyleUrl?: string | null }): string {
  const mapOrigins = listMapOrigins(mapStyleUrl);
  const publicArea = area === "public";
  const directives: Array<[string, ...string[]]> = [
    ["default-src", "'self'"],
    publicArea ? ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'"] : ["script-src", "'self'", `'nonce-${nonce}'`],
    ["style-src", "'self'", "'unsafe-inline'", ...(publicArea ? ["https:"] : [])],
    ["img-src", "'self'", "data:", "blob:", ...(publicArea ? ["https:"] : [])],
    ["font-src", "'self'", "data:", ...(publicArea ? ["https:"] : [])],
    ["connect-src", "'self'", ...(publicArea ? ["https:", ...mapOrigins] : [])],
    ["worker-src", "'self'", "blob:"],
    ["frame-src", ...(publicArea ? ["'self'", "https:"] : ["'none'"])],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** Every header a response of `pathname` carries; HSTS only in production (local http would be pinned to https). */
export function buildSecurityHeaders({ nonce, pathname, production, mapStyleUrl }: SecurityHeaderOptions): Record<string, string> {
  const area = getPolicyArea(pathname);
  const headers: Record<string, string> = {
    "Content-Security-Policy": buildContentSecurityPolicy({ nonce, area, mapStyleUrl }),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // /search offers "near me" (geolocation); the back-office has no use for it.
    "Permissions-Policy": `accelerometer=(), camera=(), geolocation=(${area === "public" ? "self" : ""}), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()`,
  };
  if (production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** The nonce the middleware chose for this request, or null when the app runs without it. */
export function readRequestNonce(request: Request): string | null {
  const nonce = request.headers.get(NONCE_REQUEST_HEADER);
  return isValidNonce(nonce) ? nonce : null;
}

/** For responses the middleware did not see (the app behind another server): set the same headers here. */
export function applySecurityHeaders(headers: Headers, request: Request, nonce: string): void {
  const values = buildSecurityHeaders({
    nonce,
    pathname: new URL(request.url).pathname,
    production: getEnv().NODE_ENV === "production",
    mapStyleUrl: getAppEnv().MAP_STYLE_URL,
  });
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
}

/**
 * Express middleware, first in the chain: a fresh nonce per request, every security header on the response
 * (static files, redirects and errors included), and the nonce passed on to the Remix render.
 */
export function createSecurityHeadersMiddleware(options: { production?: boolean; mapStyleUrl?: string | null } = {}) {
  const production = options.production ?? getEnv().NODE_ENV === "production";
  const mapStyleUrl = options.mapStyleUrl ?? getAppEnv().MAP_STYLE_URL ?? null;
  return function securityHeaders(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const nonce = createNonce();
    req.headers[NONCE_REQUEST_HEADER] = nonce;
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    for (const [name, value] of Object.entries(buildSecurityHeaders({ nonce, pathname, production, mapStyleUrl }))) res.setHeader(name, value);
    next();
  };
}
