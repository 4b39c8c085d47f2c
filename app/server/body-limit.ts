// Request body → refused with 413 (JSON under /api, else a small page) once it is larger than its route's limit:
// at once by Content-Length, by counted bytes for chunked bodies; nothing is buffered, and the connection is closed.
import type { IncomingMessage } from "node:http";
import type express from "express";
import { sendRefusal } from "./request-guards.ts";

/** JSON and form bodies of every route (login, contact, admin page actions): a few KB in real use. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/**
 * The two admin calls that save site code (4 areas of 200 KB) and ad code (4 slots of 50 KB), JSON-escaped or
 * percent-encoded (up to ×3 for non-ASCII text): the routes' own schemas still refuse an area over its size.
 */
export const SITE_CODE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** Routes that stream a file to disk with their own 150 MB cap (app/models/admin-upload.server.ts). */
export const STREAMED_UPLOAD_PATHS: readonly string[] = ["/api/upload-excel", "/api/upload-excel-batch"];
const SITE_CODE_PATHS: readonly string[] = ["/api/admin/site-settings", "/api/admin/advertisement-codes"];

/** Bytes a request to `pathname` may send, or null for a streamed upload (its route enforces its own cap). */
export function readBodyLimit(pathname: string): number | null {
  // NOTE: Remix matches paths case-insensitively and with a trailing slash, so those variants are exempt too;
  // any other spelling (an escaped letter…) gets the small limit, never none.
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  if (STREAMED_UPLOAD_PATHS.includes(path)) return null;
  return SITE_CODE_PATHS.includes(path) ? SITE_CODE_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/** Requests already answered with 413 (the route may still be running and fail on the cut body). */
const refused = new WeakSet<IncomingMessage>();

function refuse(req: express.Request, res: express.Response, limit: number): void {
  if (refused.has(req)) return;
  refused.add(req);
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  // NOTE: with Connection: close, Node closes the socket once the answer is written: the unread rest is never read.
  sendRefusal(req, res, {
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    title: "Request too large",
    message: `The request body is larger than ${Math.round(limit / 1024)} KB; send a smaller body (files go to /api/upload-excel-batch).`,
    headers: { Connection: "close" },
    detail: `over ${limit} bytes from ${req.ip ?? "unknown"}`,
  });
}

/**
 * Express middleware before the page cache and the Remix handler. A body with a Content-Length over the limit is
 * refused before a byte of it is read; a chunked body is counted as the parser hands it over and cut off past the
 * limit (what still arrives before the socket closes is dropped), whether the route reads it or not.
 */
export function createBodyLimitMiddleware(): express.RequestHandler {
  return (req, res, next) => {
    const limit = readBodyLimit(req.path);
    if (limit === null) return next();
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      // Node's parser has checked it is a number and never delivers more than it says.
      if (Number(declared) > limit) return refuse(req, res, limit);
      return next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();
    let received = 0;
    const push = req.push.bind(req);
    // NOTE: the HTTP parser hands every body chunk to `push` as it arrives (before any reader, and while no one
    // reads), so counting here sees the bytes without buffering them or competing with the route's reader.
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (refused.has(req)) return true;
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as Buffer).length;
        if (received > limit) {
          refuse(req, res, limit);
          return true;
        }
      }
      return push(chunk, encoding);
    };
    next();
  };
}

/**
 * Error middleware after the Remix handler: a route still reading a body that was refused fails once its answer
 * can no longer be sent; that failure is expected and is not logged again. Anything else goes on to Express.
 */
export const ignoreRefusedBodyErrors: express.ErrorRequestHandler = (error, req, res, next) => {
  if (refused.has(req) && res.headersSent) return;
  next(error);
};
