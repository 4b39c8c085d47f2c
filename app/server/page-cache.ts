// Rendered public answers (HTML documents, `?_data` JSON) → a per-process micro-cache: anonymous GETs only, 200s
// with a public Cache-Control only, fresh for min(max-age, a cap), LRU-bounded by bytes, one render per missing key.
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { hasPrivateCookie } from "../../app/utils/cookie-names.ts";
import { isAdminPath } from "../../app/utils/site-paths.ts";

export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** NOTE: the business page's Open/Closed badge and every count must not look older than this. */
export const DEFAULT_PAGE_CACHE_MAX_AGE_MS = 60_000;
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=_-]+)'/;
/** Headers of the stored answer that must not be replayed (the server sets them per response). */
const DROPPED_HEADERS = new Set(["content-length", "date", "connection", "keep-alive", "transfer-encoding"]);

export interface CacheableRequest {
  method: string;
  path: string;
  cookie: string | undefined;
}

/** True when a request may be answered from the cache: a GET of a public page or its data by a visitor, not an admin. */
export function isCacheableRequest(request: CacheableRequest): boolean {
  if (request.method !== "GET") return false;
  const path = request.path.toLowerCase();
  if (isAdminPath(path)) return false;
  return !hasPrivateCookie(request.cookie);
}

/**
 * Every query parameter a public page or API reads (search filters, paging, views, letters, suggest options) and
 * Remix's own (`_data`, `index`, and `p` / `version` of lazy route discovery's `/__manifest`). NOTE: a route that starts reading a new parameter must be listed here, or its
 * cached answers ignore it; page-cache.test.ts checks the public query schemas' keys against this list.
 */
export const KNOWN_PUBLIC_PARAMETERS: ReadonlySet<string> = new Set([
  "_data",
  "index",
  "p",
  "version",
  "q",
  "location",
  "category",
  "country",
  "city",
  "open_now",
  "verified",
  "min_rating",
  "lat",
  "lng",
  "radius_km",
  "bbox",
  "sort",
  "page",
  "per_page",
  "facets",
  "view",
  "letter",
  "limit",
  "kinds",
]);

/** A path + query with only the known public parameters kept (in their order), e.g. without `?cb=<random>`. */
export function keepKnownParameters(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const params = [...new URLSearchParams(url.slice(queryAt + 1)).entries()];
  const kept = params.filter(([name]) => KNOWN_PUBLIC_PARAMETERS.has(name));
  if (kept.length === params.length) return url;
  const query = new URLSearchParams(kept).toString();
  return `${url.slice(0, queryAt)}${query ? `?${query}` : ""}`;
}

/** Host + path + query with the parameters sorted by name (same-name values keep their order), so `?b&a` = `?a&b`. */
export function normalizeCacheKey(host: string, url: string): string {
  const parsed = new URL(url, "http://placeholder");
  const params = [...parsed.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return `${host.toLowerCase()}${parsed.pathname}${query ? `?${query}` : ""}`;
}

/**
 * How long an answer may be served from the cache, in ms: min(its own max-age / s-maxage, the cap), or null when it
 * must not be stored (not a 200, no Cache-Control, private, no-store, no-cache, Set-Cookie, already compressed, or a Vary beyond encoding).
 */
export function readFreshnessMs(status: number, headers: Headers, capMs: number): number | null {
  // NOTE: an answer the route compressed itself (aggregate JSON) depends on Accept-Encoding: it is not stored.
  if (status !== 200 || headers.has("set-cookie") || headers.has("content-encoding")) return null;
  const vary = headers.get("vary");
  if (vary && vary.split(",").some((name) => name.trim().toLowerCase() !== "accept-encoding")) return null;
  const cacheControl = (headers.get("cache-control") ?? "").toLowerCase();
  if (!cacheControl || /\b(?:private|no-store|no-cache)\b/.test(cacheControl)) return null;
  const maxAge = /\bs-maxage=(\d+)/.exec(cacheControl) ?? /\bmax-age=(\d+)/.exec(cacheControl);
  if (!maxAge) return null;
  const ms = Math.min(Number(maxAge[1]) * 1000, capMs);
  return ms > 0 ? ms : null;
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export interface CachedPage {
  status: number;
  /** Header pairs as rendered (without per-response ones); the CSP nonce, if any, is a `nonce` placeholder slot. */
  headers: Array<[string, string]>;
  /** The body split around the nonce: parts.join(nonce) rebuilds it (one part when there is no nonce). */
  bodyParts: Buffer[];
  /** The nonce the answer was rendered with, or null when it has no Content-Security-Policy nonce. */
  nonce: string | null;
  /** Each body part compressed on its own (raw deflate, byte-aligned), or null when not worth compressing. */
  deflatedParts: Buffer[] | null;
  expiresAt: number;
  bytes: number;
}

function splitBuffer(body: Buffer, separator: string): Buffer[] {
  const needle = Buffer.from(separator);
  const parts: Buffer[] = [];
  let start = 0;
  for (let found = body.indexOf(needle, start); found !== -1; found = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, found));
    start = found + needle.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** Types the compression middleware would compress, above its 1 KB threshold. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript|rss\+xml|atom\+xml))/;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A deflate stored block holding `bytes` as they are (≤ 65,535), not final; starts and ends byte-aligned. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/**
 * A rendered answer → what the cache keeps: the nonce it was rendered with (given by the caller when the HTTP
 * server's security middleware chose it, else read from the answer's CSP header) is remembered so a hit can replace it.
 */
export function toCachedPage(status: number, headers: Headers, body: Buffer, expiresAt: number, renderedNonce?: string | null): CachedPage {
  const nonce = renderedNonce ?? NONCE_IN_CSP.exec(headers.get("content-security-policy") ?? "")?.[1] ?? null;
  const pairs: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name)) pairs.push([name, value]);
  });
  const copy = Buffer.from(body);
  const bodyParts = nonce ? splitBuffer(copy, nonce) : [copy];
  // NOTE: each part is compressed alone and flushed to a byte boundary, so a hit's gzip is these parts with its
  // nonce between them as stored (uncompressed) blocks: no part refers back into a nonce, nothing is recompressed.
  const compress = copy.length >= 1024 && COMPRESSIBLE.test(headers.get("content-type") ?? "") && Buffer.byteLength(nonce ?? "") < 65_536;
  const deflatedParts = compress ? bodyParts.map((part) => zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH })) : null;
  const headerBytes = pairs.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  const deflatedBytes = deflatedParts?.reduce((sum, part) => sum + part.length, 0) ?? 0;
  return { status, headers: pairs, bodyParts, nonce, deflatedParts, expiresAt, bytes: copy.length + deflatedBytes + headerBytes + 200 };
}

/** The gzip member of a stored answer with `nonce` in place of the one it was rendered with. */
function gzipCachedBody(page: CachedPage, deflatedParts: Buffer[], nonce: string | null): Buffer {
  const separator = nonce === null ? null : Buffer.from(nonce);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  deflatedParts.forEach((deflated, index) => {
    if (index > 0 && separator) {
      pieces.push(storedBlock(separator));
      crc = zlib.crc32(separator, crc);
      size += separator.length;
    }
    pieces.push(deflated);
    const part = page.bodyParts[index] as Buffer;
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/**
 * A stored answer with a fresh nonce in the body and the CSP header (as stored when it has none), gzipped from
 * the stored parts when the client takes gzip (`gzipped` then says so and Content-Encoding/Vary are set).
 */
export function renderCachedPage(
  page: CachedPage,
  nonce = createNonce(),
  acceptsGzip = false,
): { headers: Array<[string, string]>; body: Buffer; gzipped: boolean } {
  const old = page.nonce;
  const headers = old
    ? page.headers.map(([name, value]): [string, string] => [name, name === "content-security-policy" ? value.split(old).join(nonce) : value])
    : [...page.headers];
  if (acceptsGzip && page.deflatedParts) {
    headers.push(["content-encoding", "gzip"]);
    if (!headers.some(([name]) => name === "vary")) headers.push(["vary", "Accept-Encoding"]);
    return { headers, body: gzipCachedBody(page, page.deflatedParts, old ? nonce : null), gzipped: true };
  }
  if (!old) return { headers, body: page.bodyParts[0] as Buffer, gzipped: false };
  const separator = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.bodyParts.forEach((part, index) => {
    if (index > 0) pieces.push(separator);
    pieces.push(part);
  });
  return { headers, body: Buffer.concat(pieces), gzipped: false };
}

/** What a render produced: a page to store (and share with the requests that waited for it) or nothing shareable. */
export type RenderOutcome = { page: CachedPage } | { page: null };

export interface PageCacheOptions {
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/** The LRU itself (insertion order of a Map = recency), with single-flight renders and a generation for clears. */
export class PageCache {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, CachedPage>();
  readonly #renders = new Map<string, Promise<RenderOutcome>>();
  #bytes = 0;
  #generation = 0;
  #hits = 0;
  #misses = 0;

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_PAGE_CACHE_MAX_AGE_MS;
    this.#now = options.now ?? Date.now;
  }

  now(): number {
    return this.#now();
  }

  /** A fresh stored answer (now the most recently used), or undefined. */
  get(key: string): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (!page) return undefined;
    this.#entries.delete(key);
    if (page.expiresAt <= this.#now()) {
      this.#bytes -= page.bytes;
      return undefined;
    }
    this.#entries.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.bytes;
    }
    // An answer bigger than an eighth of the budget would evict too much for one page.
    if (page.bytes > this.maxBytes / 8) return;
    this.#entries.set(key, page);
    this.#bytes += page.bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  /** Drops every answer; renders under way finish but are not stored (they may have read the old data). */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#generation += 1;
  }

  /**
   * The stored answer for `key`, or the result of `render` shared by every request that asks while it runs.
   * `hit` is false only for the request whose render produced the answer (it has already been counted and sent
   * by the renderer's own path); a waiter gets `page: null` when the render was not storable and renders itself.
   */
  async lookup(key: string, render: () => Promise<RenderOutcome>): Promise<{ outcome: RenderOutcome; hit: boolean }> {
    const stored = this.get(key);
    if (stored) {
      this.#hits += 1;
      return { outcome: { page: stored }, hit: true };
    }
    const running = this.#renders.get(key);
    if (running) {
      const outcome = await running;
      if (outcome.page) this.#hits += 1;
      return { outcome, hit: outcome.page !== null };
    }
    this.#misses += 1;
    const generation = this.#generation;
    const flight = render();
    this.#renders.set(key, flight);
    try {
      const outcome = await flight;
      if (outcome.page && generation === this.#generation) this.set(key, outcome.page);
      return { outcome, hit: false };
    } finally {
      this.#renders.delete(key);
    }
  }

  stats(): PageCacheStats {
    return { entries: this.#entries.size, bytes: this.#bytes, hits: this.#hits, misses: this.#misses };
  }
}
