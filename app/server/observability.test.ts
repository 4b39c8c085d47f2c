// The pure rules of observability.ts: who may read /metrics (a remote peer cannot be faked from loopback in the
// integration test), which request ids are kept, the route kinds, and where a JSON error gets its request id.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { chooseRequestId, classifyRoute, decideMetricsAccess, withRequestId } from "./observability.ts";

const TOKEN = "a-metrics-token-of-enough-length-0123";

function from(remoteAddress: string, headers: Record<string, string> = {}): Pick<IncomingMessage, "headers" | "socket"> {
  return { headers, socket: { remoteAddress } as IncomingMessage["socket"] };
}

describe("decideMetricsAccess", () => {
  it("lets a direct loopback peer in without a token, and nobody else", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(decideMetricsAccess(from(address), { behindProxy: false })).toBe(200);
    expect(decideMetricsAccess(from("203.0.113.7"), { behindProxy: false })).toBe(404);
    expect(decideMetricsAccess(from("203.0.113.7"), { behindProxy: false, metricsToken: TOKEN })).toBe(401);
  });

  it("never takes a forwarding header or a trusted proxy's loopback connection for a local scrape", () => {
    expect(decideMetricsAccess(from("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }), { behindProxy: false })).toBe(404);
    expect(decideMetricsAccess(from("127.0.0.1", { forwarded: "for=127.0.0.1" }), { behindProxy: false })).toBe(404);
    expect(decideMetricsAccess(from("127.0.0.1"), { behindProxy: true })).toBe(404);
    expect(decideMetricsAccess(from("127.0.0.1"), { behindProxy: true, metricsToken: TOKEN })).toBe(401);
  });

  it("takes only the exact bearer token, from anywhere, and refuses a wrong one even from loopback", () => {
    expect(decideMetricsAccess(from("203.0.113.7", { authorization: `Bearer ${TOKEN}` }), { behindProxy: true, metricsToken: TOKEN })).toBe(200);
    expect(decideMetricsAccess(from("127.0.0.1", { authorization: `Bearer ${TOKEN}x` }), { behindProxy: false, metricsToken: TOKEN })).toBe(401);
    expect(decideMetricsAccess(from("127.0.0.1", { authorization: `Basic ${TOKEN}` }), { behindProxy: false, metricsToken: TOKEN })).toBe(401);
    expect(decideMetricsAccess(from("127.0.0.1", { authorization: "Bearer anything-at-all-here" }), { behindProxy: false })).toBe(401);
  });
});

describe("chooseRequestId", () => {
  it("keeps a well-formed incoming id and replaces anything else with a UUID", () => {
    expect(chooseRequestId("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    for (const bad of [undefined, "", "short", "with space 1234", "a\nb-injected-line", "<script>alert(1)</script>", "x".repeat(200), ["a", "b"]]) {
      expect(chooseRequestId(bad as string | undefined)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe("classifyRoute", () => {
  it("names a low-cardinality kind, never the URL", () => {
    expect(classifyRoute("/")).toBe("page");
    expect(classifyRoute("/business/some-slug")).toBe("page");
    expect(classifyRoute("/api/search")).toBe("api");
    expect(classifyRoute("/api/admin/stats")).toBe("admin");
    expect(classifyRoute("/admin/businesses")).toBe("admin");
    expect(classifyRoute("/build/entry.client-ABC.js")).toBe("asset");
    expect(classifyRoute("/favicon.svg")).toBe("asset");
    expect(classifyRoute("/METRICS")).toBe("probe");
    expect(classifyRoute("/readyz")).toBe("probe");
  });
});

describe("withRequestId", () => {
  it("puts the id inside `error`, else at the top of an error object, and leaves successes alone", () => {
    expect(withRequestId({ error: { code: "X", message: "m" } }, 404, "id-1")).toEqual({ error: { code: "X", message: "m", requestId: "id-1" } });
    expect(withRequestId({ success: false, code: "X", message: "m" }, 401, "id-1")).toEqual({
      success: false,
      code: "X",
      message: "m",
      requestId: "id-1",
    });
    expect(withRequestId({ ok: true }, 200, "id-1")).toEqual({ ok: true });
    expect(withRequestId(["a"], 400, "id-1")).toEqual(["a"]);
    expect(withRequestId("text", 400, "id-1")).toBe("text");
  });
});
