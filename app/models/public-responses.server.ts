// Public JSON API answers → Responses with the spec's freshness times as Cache-Control, and the one error shape
// `{ error: { code, message } }` every 400 and 404 uses.
import { json } from "@remix-run/node";
import { CACHE_DETAIL, NO_STORE } from "./cache-policy.server";

export function apiJson<T>(data: T, cacheControl: string) {
  return json(data, { headers: { "Cache-Control": cacheControl } });
}

/** An error answer; never cached, so a fixed entity or a corrected link shows at once. */
export function apiError(status: 400 | 404, code: string, message: string): Response {
  return json({ error: { code, message } }, { status, headers: { "Cache-Control": NO_STORE } });
}

export function notFound(message: string): Response {
  return apiError(404, "NOT_FOUND", message);
}

/**
 * A permanent redirect to a same-site path (never a full URL: redirect targets stay on this site).
 * NOTE: cached like the detail it points to, so a later slug change is picked up within 10 minutes.
 */
export function movedPermanently(path: string): Response {
  if (!path.startsWith("/") || path.startsWith("//")) throw new Error(`redirect target must be a same-site path: ${path}`);
  return new Response(null, { status: 301, headers: { Location: path, "Cache-Control": CACHE_DETAIL } });
}
