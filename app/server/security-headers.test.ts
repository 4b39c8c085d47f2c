import { describe, expect, it } from "vitest";
import {
  buildContentSecurityPolicy,
  buildSecurityHeaders,
  createNonce,
  createSecurityHeadersMiddleware,
  getPolicyArea,
  isValidNonce,
  NONCE_REQUEST_HEADER,
  readRequestNonce,
} from "./security-headers";
import { DEFAULT_MAP_STYLE_URL } from "../utils/map-style";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((part) => {
      const [name, ...values] = part.split(" ");
      return [name as string, values];
    }),
  );
}

describe("security headers", () => {
  it("gives every page the fixed headers, and HSTS only in production", () => {
    const headers = buildSecurityHeaders({ nonce: NONCE, pathname: "/", production: false });
    expect(headers).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(buildSecurityHeaders({ nonce: NONCE, pathname: "/", production: true })["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it("lets public pages (where /search asks for the position) use geolocation, and the back-office nothing", () => {
    expect(buildSecurityHeaders({ nonce: NONCE, pathname: "/search", production: false })["Permissions-Policy"]).toContain("geolocation=(self)");
    expect(buildSecurityHeaders({ nonce: NONCE, pathname: "/admin/settings", production: false })["Permissions-Policy"]).toContain("geolocation=()");
    expect(buildSecurityHeaders({ nonce: NONCE, pathname: "/", production: false })["Permissions-Policy"]).toContain("camera=()");
  });

  it("runs only nonced scripts on public pages and lets them load more (admin-supplied trackers)", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: NONCE, area: "public" }));
    expect(policy.get("script-src")).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'", "https:"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https:"]);
    for (const [name, value] of [
      ["object-src", "'none'"],
      ["base-uri", "'self'"],
      ["form-action", "'self'"],
      ["frame-ancestors", "'none'"],
    ] as const) {
      expect(policy.get(name)).toEqual([value]);
    }
  });

  it("keeps the back-office to its own origin: no third-party scripts, connections, images or frames", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: NONCE, area: "admin", mapStyleUrl: "http://tiles.local/style.json" }));
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
  });

  it("names the map style's origin in connect-src on public pages, plain http (a local tile server) too", () => {
    expect(
      directives(buildContentSecurityPolicy({ nonce: NONCE, area: "public", mapStyleUrl: "http://tiles.local:8080/s.json" })).get("connect-src"),
    ).toEqual(["'self'", "https:", "http://tiles.local:8080"]);
    expect(
      directives(buildContentSecurityPolicy({ nonce: NONCE, area: "public", mapStyleUrl: "https://tiles.example/s.json" })).get("connect-src"),
    ).toEqual(["'self'", "https:", "https://tiles.example"]);
    // The default style (OpenFreeMap) serves style, tiles, glyphs and sprites from one origin; maps off: none.
    expect(directives(buildContentSecurityPolicy({ nonce: NONCE, area: "public", mapStyleUrl: DEFAULT_MAP_STYLE_URL })).get("connect-src")).toEqual([
      "'self'",
      "https:",
      "https://tiles.openfreemap.org",
    ]);
    expect(directives(buildContentSecurityPolicy({ nonce: NONCE, area: "public", mapStyleUrl: null })).get("connect-src")).toEqual([
      "'self'",
      "https:",
    ]);
    expect(directives(buildContentSecurityPolicy({ nonce: NONCE, area: "public", mapStyleUrl: "not a url" })).get("connect-src")).toEqual([
      "'self'",
      "https:",
    ]);
  });

  it("treats admin pages, their data requests and /api/admin as the back-office, nothing else", () => {
    for (const path of ["/admin", "/admin/login", "/admin/businesses", "/admin-legacy", "/api/admin", "/api/admin/stats"])
      expect(getPolicyArea(path)).toBe("admin");
    for (const path of ["/", "/administrators-guide", "/api/administer", "/business/x", "/api/search"]) expect(getPolicyArea(path)).toBe("public");
  });

  it("makes a fresh, well-formed nonce every time and ignores a malformed one in the request", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(isValidNonce(nonce)).toBe(true);
    expect(readRequestNonce(new Request("http://x/", { headers: { [NONCE_REQUEST_HEADER]: NONCE } }))).toBe(NONCE);
    expect(readRequestNonce(new Request("http://x/", { headers: { [NONCE_REQUEST_HEADER]: "abc' 'unsafe-inline" } }))).toBeNull();
    expect(readRequestNonce(new Request("http://x/"))).toBeNull();
  });

  it("middleware: overwrites a client-sent nonce and sends the same one in the response's policy", () => {
    const middleware = createSecurityHeadersMiddleware({ production: false, mapStyleUrl: null });
    const req = { url: "/admin/login?redirectTo=%2Fadmin", headers: { [NONCE_REQUEST_HEADER]: NONCE } as Record<string, string> };
    const sent: Record<string, string> = {};
    let called = false;
    middleware(req as never, { setHeader: (name: string, value: string) => (sent[name] = value) } as never, () => (called = true));
    const nonce = req.headers[NONCE_REQUEST_HEADER] as string;
    expect(called).toBe(true);
    expect(nonce).not.toBe(NONCE);
    expect(sent["Content-Security-Policy"]).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(sent["Permissions-Policy"]).toContain("geolocation=()");
  });
});
