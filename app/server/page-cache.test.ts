import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  BusinessesQuerySchema,
  CityListQuerySchema,
  CountryQuerySchema,
  DetailQuerySchema,
  LetterQuerySchema,
} from "../models/public-params.server.ts";
import { SuggestParamsSchema } from "../models/search.server.ts";
import { SearchQuerySchema } from "../../search/engine.ts";
import {
  isCacheableRequest,
  keepKnownParameters,
  KNOWN_PUBLIC_PARAMETERS,
  normalizeCacheKey,
  PageCache,
  readFreshnessMs,
  renderCachedPage,
  toCachedPage,
  type CachedPage,
  type RenderOutcome,
} from "./page-cache.ts";

const html = (text: string) => Buffer.from(`<!DOCTYPE html><html><body>${text}</body></html>`);
const pageOf = (body: Buffer, expiresAt = Number.POSITIVE_INFINITY, headers = new Headers({ "content-type": "text/html" })): CachedPage =>
  toCachedPage(200, headers, body, expiresAt);

describe("isCacheableRequest", () => {
  it("takes anonymous GETs of public pages, even with third-party cookies", () => {
    expect(isCacheableRequest({ method: "GET", path: "/business/cafe-x", cookie: undefined })).toBe(true);
    expect(isCacheableRequest({ method: "GET", path: "/categories", cookie: "_ga=GA1.2.3; consent=yes" })).toBe(true);
  });

  it("never takes admin paths, admin cookies or writes", () => {
    expect(isCacheableRequest({ method: "GET", path: "/admin/businesses", cookie: undefined })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/Admin", cookie: undefined })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/api/admin/stats", cookie: undefined })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/", cookie: "__Host-directory_admin=abc" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/", cookie: "x=1; directory_admin=abc" })).toBe(false);
    expect(isCacheableRequest({ method: "GET", path: "/", cookie: "admin_theme=dark" })).toBe(false);
    expect(isCacheableRequest({ method: "POST", path: "/contact", cookie: undefined })).toBe(false);
    expect(isCacheableRequest({ method: "HEAD", path: "/", cookie: undefined })).toBe(false);
  });
});

describe("normalizeCacheKey", () => {
  it("sorts parameters by name but keeps repeated values in order and keeps hosts apart", () => {
    expect(normalizeCacheKey("http://a", "/search?q=x&city=y")).toBe(normalizeCacheKey("http://a", "/search?city=y&q=x"));
    expect(normalizeCacheKey("http://a", "/s?t=1&t=2")).not.toBe(normalizeCacheKey("http://a", "/s?t=2&t=1"));
    expect(normalizeCacheKey("http://a", "/")).not.toBe(normalizeCacheKey("http://b", "/"));
    expect(normalizeCacheKey("http://a", "/x?")).toBe("http://a/x");
  });
});

describe("readFreshnessMs", () => {
  const cap = 60_000;
  it("is the smaller of the page's max-age and the cap", () => {
    expect(readFreshnessMs(200, new Headers({ "Cache-Control": "public, max-age=600, stale-while-revalidate=300" }), cap)).toBe(60_000);
    expect(readFreshnessMs(200, new Headers({ "Cache-Control": "public, max-age=30" }), cap)).toBe(30_000);
    expect(readFreshnessMs(200, new Headers({ "Cache-Control": "public, max-age=600, s-maxage=5" }), cap)).toBe(5_000);
  });

  it("refuses non-200s, private or uncached answers, cookies, encodings and other Vary", () => {
    const ok = { "Cache-Control": "public, max-age=600" };
    expect(readFreshnessMs(404, new Headers(ok), cap)).toBeNull();
    expect(readFreshnessMs(302, new Headers(ok), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers(), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers({ "Cache-Control": "private, max-age=600" }), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers({ "Cache-Control": "no-store" }), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers({ "Cache-Control": "public, max-age=0" }), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers({ ...ok, "Set-Cookie": "a=b" }), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers({ ...ok, "Content-Encoding": "gzip" }), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers({ ...ok, Vary: "Cookie" }), cap)).toBeNull();
    expect(readFreshnessMs(200, new Headers({ ...ok, Vary: "Accept-Encoding" }), cap)).toBe(60_000);
  });
});

describe("nonce swap", () => {
  it("serves every hit with a new nonce in the body and the CSP header", () => {
    const headers = new Headers({ "content-type": "text/html", "content-security-policy": "script-src 'nonce-OLD+nonce/A=='; object-src 'none'" });
    const page = pageOf(html(`<script nonce="OLD+nonce/A==">1</script><script nonce="OLD+nonce/A==">2</script>`), Infinity, headers);
    const first = renderCachedPage(page);
    const second = renderCachedPage(page);
    const nonceOf = (served: { headers: Array<[string, string]> }) =>
      /'nonce-([^']+)'/.exec(served.headers.find(([name]) => name === "content-security-policy")?.[1] ?? "")?.[1];
    const firstNonce = nonceOf(first) as string;
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second)).not.toBe(firstNonce);
    expect(first.body.toString()).not.toContain("OLD+nonce/A==");
    expect(first.body.toString()).toBe(html(`<script nonce="${firstNonce}">1</script><script nonce="${firstNonce}">2</script>`).toString());
  });

  it("gzips a hit from the stored parts: it unzips to the same page with the new nonce", () => {
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'nonce-N0nce123=='" });
    const filler = "<li>Café Ümit — İstanbul</li>".repeat(400);
    const page = pageOf(html(`<script nonce="N0nce123==">x</script>${filler}<style nonce="N0nce123=="></style>${filler}`), Infinity, headers);
    const served = renderCachedPage(page, "FRESHfresh0123456789AB==", true);
    expect(served.gzipped).toBe(true);
    expect(served.headers).toContainEqual(["content-encoding", "gzip"]);
    expect(served.headers).toContainEqual(["content-security-policy", "script-src 'nonce-FRESHfresh0123456789AB=='"]);
    expect(served.body.length).toBeLessThan(page.bodyParts.reduce((sum, part) => sum + part.length, 0) / 5);
    expect(gunzipSync(served.body).toString()).toBe(renderCachedPage(page, "FRESHfresh0123456789AB==").body.toString());
    const plain = pageOf(Buffer.from(filler));
    expect(gunzipSync(renderCachedPage(plain, undefined, true).body).toString()).toBe(filler);
    expect(renderCachedPage(pageOf(html("tiny")), undefined, true).gzipped).toBe(false);
  });

  it("serves the answer unchanged when it has no CSP header", () => {
    const body = html(`<script nonce="abc">1</script>`);
    expect(renderCachedPage(pageOf(body)).body.equals(body)).toBe(true);
  });
});

describe("PageCache", () => {
  it("keeps entries until they expire", () => {
    let now = 1_000;
    const cache = new PageCache({ now: () => now });
    cache.set("a", pageOf(html("a"), 2_000));
    expect(cache.get("a")).toBeDefined();
    now = 2_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("stays within its byte budget by dropping the least recently used", () => {
    const one = pageOf(Buffer.alloc(1_000, 120));
    const cache = new PageCache({ maxBytes: one.bytes * 8 });
    for (let index = 0; index < 8; index += 1) cache.set(`k${index}`, pageOf(Buffer.alloc(1_000, 120)));
    expect(cache.get("k0")).toBeDefined();
    cache.set("k8", pageOf(Buffer.alloc(1_000, 120)));
    expect(cache.stats()).toMatchObject({ entries: 8, bytes: one.bytes * 8 });
    expect(cache.get("k1")).toBeUndefined();
    expect(cache.get("k0")).toBeDefined();
    expect(cache.get("k8")).toBeDefined();
    cache.set("huge", pageOf(Buffer.alloc(cache.maxBytes, 120)));
    expect(cache.get("huge")).toBeUndefined();
  });

  it("shares one render between concurrent misses of a key", async () => {
    const cache = new PageCache();
    let renders = 0;
    let finish: (outcome: RenderOutcome) => void = () => {};
    const render = () => {
      renders += 1;
      return new Promise<RenderOutcome>((resolve) => (finish = resolve));
    };
    const calls = [cache.lookup("k", render), cache.lookup("k", render), cache.lookup("k", render)];
    finish({ page: pageOf(html("once")) });
    const results = await Promise.all(calls);
    expect(renders).toBe(1);
    expect(results.map((result) => result.hit)).toEqual([false, true, true]);
    expect((await cache.lookup("k", render)).hit).toBe(true);
    expect(renders).toBe(1);
  });

  it("does not store what a render returned after a clear, nor an unstorable answer", async () => {
    const cache = new PageCache();
    let finish: (outcome: RenderOutcome) => void = () => {};
    const pending = cache.lookup("k", () => new Promise<RenderOutcome>((resolve) => (finish = resolve)));
    cache.clear();
    finish({ page: pageOf(html("old data")) });
    await pending;
    expect(cache.get("k")).toBeUndefined();
    await cache.lookup("k", async () => ({ page: null }));
    expect(cache.get("k")).toBeUndefined();
  });
});

describe("keepKnownParameters", () => {
  it("drops parameters no public route reads and keeps the rest as sent", () => {
    expect(keepKnownParameters("/search?q=caf%C3%A9&cb=123&utm_source=x&page=2")).toBe("/search?q=caf%C3%A9&page=2");
    expect(keepKnownParameters("/search?q=a+b&page=2")).toBe("/search?q=a+b&page=2");
    expect(keepKnownParameters("/categories?cb=1")).toBe("/categories");
    expect(keepKnownParameters("/categories")).toBe("/categories");
    // Remix's lazy route discovery: dropping these made every client navigation a full reload.
    expect(keepKnownParameters("/__manifest?p=%2Fsearch&version=abc123&cb=1")).toBe("/__manifest?p=%2Fsearch&version=abc123");
    expect(normalizeCacheKey("h", keepKnownParameters("/search?q=x&cb=1"))).toBe(normalizeCacheKey("h", keepKnownParameters("/search?q=x&cb=2")));
  });

  it("knows every parameter the public query schemas read", () => {
    const keysOf = (schema: unknown): string[] => {
      const found = schema as { shape?: object; in?: { shape?: object }; def?: { in?: { shape?: object } } };
      return Object.keys(found.shape ?? found.in?.shape ?? found.def?.in?.shape ?? {});
    };
    const schemas = [
      SearchQuerySchema,
      SuggestParamsSchema,
      BusinessesQuerySchema,
      LetterQuerySchema,
      CityListQuerySchema,
      DetailQuerySchema,
      CountryQuerySchema,
    ];
    const read = schemas.flatMap(keysOf);
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !KNOWN_PUBLIC_PARAMETERS.has(name))).toEqual([]);
  });
});
