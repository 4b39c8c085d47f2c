// Request → streamed HTML (bots get the whole document at once, browsers the shell first); public page views are counted here.
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { recordPageVisit } from "~/models/page-visits.server";
import { createCoalescingStream } from "~/utils/coalesce-stream.server";
import { isAdminPath } from "~/utils/site-paths";

const ABORT_DELAY_MS = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  if (responseStatusCode === 200 && !isAdminPath(new URL(request.url).pathname)) recordPageVisit(request);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
      {
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
  const routeId = new URL(request.url).searchParams.get("_data") ?? "";
  if (response.status === 200 && routeId.startsWith("routes/") && !routeId.startsWith("routes/admin")) recordPageVisit(request);
  return response;
};
