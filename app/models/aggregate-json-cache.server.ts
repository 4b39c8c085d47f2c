// Big list answers read from the aggregate tables → their serialised JSON, gzip and ETag, built once and kept until
// the aggregates are next refreshed (site_totals.refreshed_at moves), then answered as a 200, gzip or 304.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { DatabaseHandle } from "../../db/client.ts";
import { getDatabase } from "../../db/client.ts";
import { readAggregatesStamp } from "../../db/queries/sitemap.ts";

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

/** Distinct answers kept per process; the oldest is dropped first (paged lists make the key space open-ended). */
export const MAX_CACHED_ANSWERS = 500;

/** Answers per key, and the builds under way (concurrent first requests share one). */
const answers = new Map<string, SerializedJson>();
const building = new Map<string, Promise<SerializedJson>>();

async function serializeJson(stamp: string, data: unknown): Promise<SerializedJson> {
  const headers = data instanceof JsonWithHeaders ? data.headers : {};
  const body = new TextEncoder().encode(JSON.stringify(data instanceof JsonWithHeaders ? data.body : data));
  const etag = `"${createHash("sha1").update(body).update(JSON.stringify(headers)).digest("base64url")}"`;
  return { stamp, body, gzipped: new Uint8Array(await gzip(body)), etag, headers };
}

/**
 * The cached answer for `key`, rebuilt with `load` when the aggregates changed since it was built.
 * NOTE: the stamp is read on every call (one indexed read of a few rows): imports run in other processes, so a
 * timer or an in-process signal would serve stale lists after them.
 */
export async function readAggregateJson(key: string, load: (db: DatabaseHandle) => Promise<unknown>, handle?: DatabaseHandle): Promise<SerializedJson> {
  const db = handle ?? (await getDatabase());
  const stamp = await readAggregatesStamp(db);
  const cached = answers.get(key);
  if (cached?.stamp === stamp) return cached;
  const flightKey = `${key}\u0000${stamp}`;
  let flight = building.get(flightKey);
  if (!flight) {
    flight = load(db).then((data) => serializeJson(stamp, data));
    building.set(flightKey, flight);
    flight
      .then((answer) => {
        if (answers.get(key)?.stamp === stamp) return;
        answers.delete(key);
        answers.set(key, answer);
        if (answers.size > MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value as string);
      })
      .catch(() => {})
      .finally(() => building.delete(flightKey));
  }
  return flight;
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
