// Request → streamed HTML (bots get the whole document at once, browsers the shell first) whose scripts carry the
// response's CSP nonce; public page views are counted here.
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/csp-nonce";
import { RequestIdContext } from "~/components/request-id";
import { waitForBackgroundWork } from "~/models/background-work.server";
import { flushPageVisits, recordPageVisit } from "~/models/page-visits.server";
import { applySecurityHeaders, createNonce, readRequestNonce } from "~/server/security-headers";
import { createCoalescingStream } from "~/utils/coalesce-stream.server";
import { isAdminPath } from "~/utils/site-paths";
import { NO_STORE } from "~/models/cache-policy.server";

const ABORT_DELAY_MS = 5_000;
/** NOTE: below the 10 s after which a cluster primary kills a worker that is still stopping. */
const BACKGROUND_GRACE_MS = 7_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const admin = isAdminPath(new URL(request.url).pathname);
  if (responseStatusCode === 200 && !admin) recordPageVisit(request);
  // Back-office pages hold private data: not kept by any cache, the browser's included (a shared machine).
  if (admin) responseHeaders.set("Cache-Control", NO_STORE);
  // The Express middleware already sent the headers with this nonce; without it, this render sets them itself.
  let nonce = readRequestNonce(request);
  if (!nonce) {
    nonce = createNonce();
    applySecurityHeaders(responseHeaders, request, nonce);
  }
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={responseStatusCode >= 400 ? (request.headers.get("x-request-id") ?? "") : ""}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = createCoalescingStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; before it, onShellError rejects the whole response.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}

/**
 * A client-side navigation fetches each new route's loader as `?_data=<route id>`; one public page view is
 * counted per leaf page route (root and the admin area are not pages a visitor views).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (response.status === 200 && isCountedDataRoute(request)) recordPageVisit(request);
  if (!readRequestNonce(request)) applySecurityHeaders(response.headers, request, createNonce());
  if (isAdminPath(new URL(request.url).pathname)) response.headers.set("Cache-Control", NO_STORE);
  return response;
};

/**
 * Errors Remix reports: a request it refuses itself (4xx: a method a route has no loader or action for) is one
 * line; anything else keeps its stack. A request whose client has gone is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const detail = typeof error.data === "string" ? error.data : error.statusText;
    console.warn(
      `${error.status} ${request.method} ${JSON.stringify(new URL(request.url).pathname.slice(0, 200))}: ${detail.split("\n")[0]?.slice(0, 300)}`,
    );
    return;
  }
  console.error(error);
};

function isCountedDataRoute(request: Request): boolean {
  const routeId = new URL(request.url).searchParams.get("_data") ?? "";
  return routeId.startsWith("routes/") && !routeId.startsWith("routes/admin");
}

/** The same rule for a 200 answered from the HTTP server's page cache, which renders nothing (app/server/start-server.ts). */
export function recordCachedPageView(request: Request): void {
  const url = new URL(request.url);
  if (url.searchParams.has("_data") ? isCountedDataRoute(request) : !isAdminPath(url.pathname)) recordPageVisit(request);
}

/**
 * Called by the HTTP server once it has stopped taking requests: lets background work (a resumed import) end, then
 * writes the buffered page views before the database closes (else the buffer's timer would reopen a connection and hold the process open).
 */
export async function flushBeforeShutdown(): Promise<void> {
  if (!(await waitForBackgroundWork(BACKGROUND_GRACE_MS)))
    console.error("a resumed import was still running at shutdown: the next start marks it interrupted, resumable from /admin/reports.");
  await flushPageVisits().catch((error) => console.error("page visits not saved:", error));
}
