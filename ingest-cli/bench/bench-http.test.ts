import http from "node:http";
import type net from "node:net";
import { describe, expect, it } from "vitest";
import { driveClosedLoop, percentile, round2, summarizeLatencies } from "./bench-http.ts";

describe("bench HTTP helpers: percentiles", () => {
  it("takes the nearest rank of an ascending list", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
  });

  it("is NaN for no samples, and rounds figures to two decimals", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(round2(12.3456)).toBe(12.35);
  });

  it("summarizes unsorted latencies as p50/p95/p99", () => {
    const shuffled = Array.from({ length: 200 }, (_, i) => ((i * 37) % 200) + 1);
    expect(summarizeLatencies(shuffled)).toEqual({ p50Ms: 100, p95Ms: 190, p99Ms: 198 });
  });
});

describe("bench HTTP helpers: the closed loop", () => {
  it("stops at the request bound, and reports every answer and status", async () => {
    const server = http.createServer((request, response) => {
      response.writeHead(request.url === "/missing" ? 404 : 200).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const statuses: number[] = [];
      const { issued } = await driveClosedLoop({
        target: { host: "127.0.0.1", port },
        concurrency: 3,
        seconds: 30,
        maxRequests: 25,
        next: (index) => ({ path: index % 5 === 0 ? "/missing" : "/", headers: {} }),
        onOutcome: ({ answer, error }) => {
          expect(error).toBeNull();
          statuses.push(answer?.status ?? 0);
        },
      });
      expect(issued).toBe(25);
      expect(statuses).toHaveLength(25);
      expect(statuses.filter((status) => status === 404)).toHaveLength(5);
    } finally {
      server.close();
    }
  });

  it("stops at the time bound, and turns a refused connection into an outcome instead of a crash", async () => {
    const errors: string[] = [];
    const started = performance.now();
    const { issued } = await driveClosedLoop({
      target: { host: "127.0.0.1", port: 1 },
      concurrency: 2,
      seconds: 0.3,
      maxRequests: 1_000_000,
      next: () => ({ path: "/", headers: {} }),
      onOutcome: ({ error }) => errors.push(error?.message ?? "none"),
    });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(issued).toBeGreaterThan(0);
    expect(errors).toHaveLength(issued);
    expect(errors.every((message) => message.includes("ECONNREFUSED"))).toBe(true);
  });
});
