// Built Remix app → the same app whose loaders and actions answer a database outage with 503 and Retry-After: pages
// show the root error boundary's "We'll be right back", resource routes (the JSON API) `{ error: { code, message } }`.
// Nothing is cached and nothing restarts: the next request after the database is back is answered as usual.
// A loader that failed on the read replica (DATABASE_READ_URL) runs once more on the primary instead.
import type { HeadersFunction, ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable } from "../../db/client.ts";
import { retryOnPrimary } from "../../db/replica.ts";
import { NO_STORE } from "../../app/models/cache-policy.server.ts";

export const OUTAGE_RETRY_AFTER_SECONDS = 30;
const LOG_EVERY_MS = 10_000;

type RouteModule = ServerBuild["routes"][string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;

/** The 503 a route throws instead of a connection error; JSON for resource routes (no component). */
export function databaseOutageResponse(resource: boolean): Response {
  const headers = { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS), "Cache-Control": NO_STORE };
  if (!resource) return new Response("Service Unavailable", { status: 503, headers });
  const body = {
    error: {
      code: "DATABASE_UNAVAILABLE",
      message: `The database is briefly unavailable; retry in ${OUTAGE_RETRY_AFTER_SECONDS} seconds.`,
    },
  };
  return new Response(JSON.stringify(body), { status: 503, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}

/**
 * A page's headers plus the Retry-After of the Response its error boundary shows.
 * NOTE: Remix hands a thrown Response's headers only to the boundary route's `headers`, and uses none when the
 * route exports none, so a 503 page would lose its Retry-After.
 */
function keepRetryAfter(own: RouteModule["headers"]): HeadersFunction {
  return (args) => {
    const headers = new Headers(typeof own === "function" ? own(args) : (own ?? args.parentHeaders));
    const retryAfter = args.errorHeaders?.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
}

/** Wraps every route's loader and action (and a page's headers); other errors pass through untouched. */
export function answerDatabaseOutages(build: ServerBuild): ServerBuild {
  let lastLog = 0;
  const wrap = (handler: Handler | undefined, resource: boolean): Handler | undefined => {
    if (!handler) return undefined;
    const run: Handler = async (args) => {
      try {
        return await handler(args);
      } catch (error) {
        // NOTE: only reads use the replica (public GETs): running such a loader again changes nothing twice.
        if (retryOnPrimary(error, isDatabaseUnavailable)) return handler(args);
        throw error;
      }
    };
    return async (args) => {
      try {
        return await run(args);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        const now = Date.now();
        if (now - lastLog >= LOG_EVERY_MS) {
          lastLog = now;
          console.error(`database unavailable, answering 503: ${(error as Error).message.split("\n")[0]}`);
        }
        throw databaseOutageResponse(resource);
      }
    };
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const resource = !route.module.default;
    const module = { ...route.module, loader: wrap(route.module.loader, resource), action: wrap(route.module.action, resource) };
    if (!resource) module.headers = keepRetryAfter(route.module.headers);
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
