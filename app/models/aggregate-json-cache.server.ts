// Big list answers read from the aggregate tables → their serialised JSON, gzip and ETag, built once and kept until
// the aggregates are next refreshed (site_totals.refreshed_at moves), then answered as a 200, gzip or 304.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { DatabaseHandle } from "../../db/client.ts";
import { getReadDatabase } from "../../db/client.ts";
import { StampedCache } from "../../db/freshness.ts";

const gzip = promisify(zlib.gzip);

export interface SerializedJson {
  /** The aggregates stamp the answer was built from. */
  stamp: string;
  body: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Headers that belong to this answer (a page's X-Total-Count and Link), sent with the 200 and the 304. */
  headers: Record<string, string>;
}

/** A loaded answer with headers of its own: the body is serialised, the headers are kept beside it. */
export class JsonWithHeaders {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
  ) {}
}

/** Distinct answers kept per process; the least recently used is dropped first (paged lists make the key space open-ended). */
export const MAX_CACHED_ANSWERS = 500;

/** Answers per key at the stamp they were built from (concurrent first requests share one build). */
const answers = new StampedCache<SerializedJson>({ max: MAX_CACHED_ANSWERS });

async function serializeJson(stamp: string, data: unknown): Promise<SerializedJson> {
  const headers = data instanceof JsonWithHeaders ? data.headers : {};
  const body = new TextEncoder().encode(JSON.stringify(data instanceof JsonWithHeaders ? data.body : data));
  const etag = `"${createHash("sha1").update(body).update(JSON.stringify(headers)).digest("base64url")}"`;
  return { stamp, body, gzipped: new Uint8Array(await gzip(body)), etag, headers };
}

/** The cached answer for `key`, rebuilt with `load` when the aggregates changed since it was built (db/freshness.ts). */
export async function readAggregateJson(
  key: string,
  load: (db: DatabaseHandle) => Promise<unknown>,
  handle?: DatabaseHandle,
): Promise<SerializedJson> {
  const db = handle ?? (await getReadDatabase());
  return answers.read(db, key, async (stamp) => serializeJson(stamp, await load(db)));
}

/** A cached answer as a Response: 304 when the client holds it, gzip when the client takes it. */
export function sendSerializedJson(request: Request, answer: SerializedJson, cacheControl: string): Response {
  const headers = new Headers({ ...answer.headers, "Cache-Control": cacheControl, ETag: answer.etag, Vary: "Accept-Encoding" });
  const held = request.headers.get("If-None-Match");
  if (held && held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  // NOTE: an answer that already names its Content-Encoding passes the server's compression middleware untouched.
  const gzipped = /\bgzip\b/i.test(request.headers.get("Accept-Encoding") ?? "");
  if (gzipped) headers.set("Content-Encoding", "gzip");
  const bytes = gzipped ? answer.gzipped : answer.body;
  headers.set("Content-Length", String(bytes.length));
  return new Response(bytes, { status: 200, headers });
}
