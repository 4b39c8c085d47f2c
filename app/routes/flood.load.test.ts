// 20 anonymous clients flooding expensive, cache-busted searches at the real server (`directory serve`, as
// `npm start` runs it) → static files and /healthz stay fast, cached pages stay fast, and the flood is shed with
// 503 + Retry-After instead of queueing. On PGlite (the embedded default) and on a PostgreSQL server.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DriverName } from "../../db/client.ts";
import { createTestDatabase, type TestDatabase } from "../../db/testing/test-database.ts";
import { requestOnce, summarizeLatencies, type HttpTarget } from "../../ingest-cli/bench/bench-http.ts";
import { ensureBuilt, startDirectoryServer, type DirectoryServer } from "~/testing/directory-server";

const FLOOD_CLIENTS = 20;
const FLOOD_SECONDS = 20;
/** Every flood client stops after this many requests, whatever the time (a bound, not the expected count). */
const MAX_REQUESTS_PER_CLIENT = 4_000;
const TYPOS = ["resturant", "bakry", "dentst", "cafe londn", "plumbr", "hotl", "pharmcy", "barbr shop", "gymm", "florst"];

interface Probe {
  path: string;
  latenciesMs: number[];
  statuses: Map<number, number>;
}

function randomToken(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * The attacker's next request: an expensive search page or API call, cache-busted twice: a junk parameter, and on
 * every other request a typo never seen before (which no cache can hold).
 */
function floodPath(index: number): string {
  const typo = TYPOS[index % TYPOS.length] as string;
  const q = encodeURIComponent(index % 2 === 0 ? typo : `${typo}${randomToken().slice(0, 3)}`);
  const cb = randomToken();
  switch (index % 4) {
    case 0:
      return `/search?q=${q}&cb=${cb}`;
    case 1:
      return `/api/search?q=${q}&open_now=1&cb=${cb}`;
    case 2:
      return `/api/search?q=${q}&sort=rating&cb=${cb}`;
    default:
      return `/search?q=${q}&open_now=1&min_rating=3&cb=${cb}`;
  }
}

async function flood(target: HttpTarget, until: number, statuses: Map<number, number>, retryAfter: Set<string>): Promise<void> {
  await Promise.all(
    Array.from({ length: FLOOD_CLIENTS }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let sent = 0; sent < MAX_REQUESTS_PER_CLIENT && Date.now() < until; sent += 1) {
        try {
          const answer = await requestOnce(agent, target, floodPath(client * 7 + sent), { "user-agent": `flood-${client}` });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 503 && typeof answer.headers["retry-after"] === "string") retryAfter.add(answer.headers["retry-after"]);
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }
      }
      agent.destroy();
    }),
  );
}

/** Visitors other than the attacker: another loopback address (Linux routes all of 127.0.0.0/8 to loopback). */
const VISITOR_ADDRESS = "127.0.0.2";

/** One GET from the visitors' address on a fresh connection (so cluster workers take turns), with its status. */
function visit(target: HttpTarget, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: target.host, port: target.port, path, localAddress: VISITOR_ADDRESS, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** A visitor's request every 100 ms to `path` until `until`, latencies recorded. */
async function probe(target: HttpTarget, path: string, until: number): Promise<Probe> {
  const result: Probe = { path, latenciesMs: [], statuses: new Map() };
  while (Date.now() < until) {
    const started = performance.now();
    const status = await visit(target, path);
    result.latenciesMs.push(performance.now() - started);
    result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return result;
}

const DRIVERS: DriverName[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

describe.each(DRIVERS)("a flood of expensive anonymous searches (%s)", (driver) => {
  let server: DirectoryServer;
  let serverDatabase: TestDatabase | undefined;
  let target: HttpTarget;

  beforeAll(async () => {
    await ensureBuilt();
    const extraEnv: Record<string, string> = {};
    if (driver === "postgres") {
      serverDatabase = await createTestDatabase("postgres");
      extraEnv.DATABASE_URL = serverDatabase.url as string;
    }
    server = await startDirectoryServer(fs.mkdtempSync(path.join(os.tmpdir(), "directory-flood-")), extraEnv);
    const url = new URL(server.url);
    target = { host: url.hostname, port: Number(url.port) };
  });

  afterAll(async () => {
    await server?.stop();
    await serverDatabase?.close();
  });

  it("keeps static files, /healthz and cached pages fast, and sheds the flood with 503 + Retry-After", { timeout: 120_000 }, async () => {
    // The cached page: rendered before the flood (by every worker), then answered from the page cache during it.
    for (let round = 0; round < 4; round += 1) expect(await visit(target, "/categories")).toBe(200);
    expect(await visit(target, "/healthz")).toBe(200);

    const statuses = new Map<number, number>();
    const retryAfter = new Set<string>();
    const until = Date.now() + FLOOD_SECONDS * 1000;
    const floodDone = flood(target, until, statuses, retryAfter);
    // Probes start after the flood has built up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const probes = await Promise.all([probe(target, "/favicon.svg", until), probe(target, "/healthz", until), probe(target, "/categories", until)]);
    await floodDone;

    const summary = Object.fromEntries(
      probes.map((one) => [
        one.path,
        { ...summarizeLatencies(one.latenciesMs), n: one.latenciesMs.length, statuses: Object.fromEntries(one.statuses) },
      ]),
    );
    console.info(`flood (${driver}): ${JSON.stringify({ flood: Object.fromEntries(statuses), retryAfter: [...retryAfter], probes: summary })}`);
    const [favicon, healthz, cached] = probes as [Probe, Probe, Probe];
    expect([...favicon.statuses.keys()]).toEqual([200]);
    expect([...healthz.statuses.keys()]).toEqual([200]);
    expect([...cached.statuses.keys()]).toEqual([200]);
    expect(summarizeLatencies(favicon.latenciesMs).p95Ms).toBeLessThanOrEqual(100);
    expect(summarizeLatencies(healthz.latenciesMs).p95Ms).toBeLessThanOrEqual(100);
    expect(summarizeLatencies(cached.latenciesMs).p95Ms).toBeLessThanOrEqual(250);
    // Nothing failed hard: every flood request got an answer, searches or a shed 503 with Retry-After.
    expect(statuses.get(0) ?? 0).toBe(0);
    expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    // One address asking for more than its share is shed, with a time to come back.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect([...retryAfter]).toEqual(["2"]);
    // And the site still answers a real search after the flood.
    expect(await visit(target, "/api/search?q=bakery")).toBe(200);
  });
});
