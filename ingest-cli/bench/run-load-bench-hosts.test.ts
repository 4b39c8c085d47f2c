import { describe, expect, it } from "vitest";
import {
  adminChangeEverySeconds,
  countByHost,
  createHostSpreader,
  formatLoadBenchTable,
  isLoadRunClean,
  listLoadRunProblems,
  readReplicaMetrics,
  resolveReadDatabaseUrl,
  summarizePropagation,
  type LoadReport,
} from "./run-load-bench.ts";

const PRIMARY = "postgres://postgres:secret@127.0.0.1:5432/directory_1m";

describe("load bench over several hosts: the balancer", () => {
  it("deals consecutive requests to the hosts in turn, and every kind of the mix reaches every host", () => {
    const spread = createHostSpreader(2, 100);
    expect(Array.from({ length: 6 }, (_, i) => spread(i))).toEqual([0, 1, 0, 1, 0, 1]);
    // Slot 0 of the mix cycle (always the same kind) goes to host 0, then host 1 in the next cycle.
    expect([spread(0), spread(100), spread(200), spread(300)]).toEqual([0, 1, 0, 1]);
    const three = createHostSpreader(3, 100);
    const perHost = [0, 0, 0];
    const slotHosts = new Map<number, Set<number>>();
    for (let i = 0; i < 3000; i++) {
      const host = three(i);
      perHost[host] = (perHost[host] as number) + 1;
      slotHosts.set(i % 100, (slotHosts.get(i % 100) ?? new Set()).add(host));
    }
    expect(perHost).toEqual([1000, 1000, 1000]);
    for (const hosts of slotHosts.values()) expect(hosts.size).toBe(3);
    expect(createHostSpreader(1, 100)(12345)).toBe(0);
  });

  it("refuses a host count outside 1-4", () => {
    for (const hosts of [0, 5, 1.5]) expect(() => createHostSpreader(hosts, 100)).toThrow(expect.objectContaining({ code: "INVALID_HOSTS" }));
  });

  it("counts requests and failures per host, listing a host that got none", () => {
    const samples = [
      { kind: "a", host: 0, ms: 1, failure: null },
      { kind: "a", host: 1, ms: 1, failure: "/x: HTTP 500" },
      { kind: "b", host: 0, ms: 1, failure: null },
    ];
    expect(countByHost(samples, 3)).toEqual([
      { host: 0, requests: 2, errors: 0 },
      { host: 1, requests: 1, errors: 1 },
      { host: 2, requests: 0, errors: 0 },
    ]);
  });
});

describe("load bench over several hosts: --read-database-url", () => {
  it("takes a postgres:// URL of another server and names the primary's database on it", () => {
    expect(resolveReadDatabaseUrl("postgres://postgres:secret@127.0.0.1:5433/postgres", PRIMARY)).toBe(
      "postgres://postgres:secret@127.0.0.1:5433/directory_1m",
    );
    expect(resolveReadDatabaseUrl("postgresql://reader@replica.internal", PRIMARY)).toBe("postgresql://reader@replica.internal/directory_1m");
  });

  it("refuses what is not a URL of a replica, with INVALID_READ_DATABASE_URL and without echoing the password", () => {
    for (const raw of [
      "replica:5433",
      "http://127.0.0.1:5433/directory",
      "postgres://postgres:pw@127.0.0.1:5432/x",
      "postgres://postgres:pw@127.0.0.1/x",
    ]) {
      let caught: unknown;
      try {
        resolveReadDatabaseUrl(raw, PRIMARY);
      } catch (error) {
        caught = error;
      }
      expect(caught, raw).toMatchObject({ code: "INVALID_READ_DATABASE_URL" });
      expect((caught as Error).message, raw).toMatch(/pg_basebackup -R/);
      expect((caught as Error).message, raw).not.toContain("pw@");
    }
  });

  it("spaces admin changes so that a replica is read between them (each keeps reads on the primary for 10 s)", () => {
    expect(adminChangeEverySeconds(false)).toBe(5);
    expect(adminChangeEverySeconds(true)).toBe(15);
    expect(adminChangeEverySeconds(true, 30)).toBe(30);
  });

  it("reads the replica counters and gauges from a host's /metrics", () => {
    const text = [
      "# HELP directory_db_replica_reads_total Replica-safe reads …",
      "# TYPE directory_db_replica_reads_total counter",
      'directory_db_replica_reads_total{target="replica"} 1234',
      'directory_db_replica_reads_total{target="primary"} 56',
      "directory_db_replica_lag_seconds 0.25",
      "directory_db_replica_usable 1",
      "directory_db_replica_usable_other 7",
    ].join("\n");
    expect(readReplicaMetrics(text)).toEqual({ replicaReads: 1234, primaryReads: 56, usable: 1, lagSeconds: 0.25 });
    expect(readReplicaMetrics("process_cpu_seconds_total 3")).toEqual({ replicaReads: 0, primaryReads: 0, usable: null, lagSeconds: null });
  });
});

describe("load bench over several hosts: propagation and the report", () => {
  it("sums the cross-host checks: worst time, failures and their examples", () => {
    const figure = summarizePropagation(
      [
        { change: 0, host: 1, ms: 310, failure: null },
        { change: 1, host: 0, ms: 2400, failure: "change 1 shown on B after 2400 ms (over 2000 ms)" },
        { change: 2, host: 1, ms: null, failure: "change 2 not shown on B within 2000 ms" },
      ],
      3,
      5,
    );
    expect(figure).toEqual({
      everySeconds: 5,
      withinMs: 2000,
      changes: 3,
      checks: 3,
      failures: 2,
      worstMs: 2400,
      timesMs: [310, 2400],
      examples: ["change 1 shown on B after 2400 ms (over 2000 ms)", "change 2 not shown on B within 2000 ms"],
    });
    expect(summarizePropagation([], 0, 5)).toMatchObject({ changes: 0, failures: 0, worstMs: null });
  });

  const kind = { kind: "page: home", requests: 10, errors: 0, requestsPerSecond: 5, p50Ms: 2, p95Ms: 3, p99Ms: 4 };
  const replica = (replicaReads: number) => ({
    replicaReads,
    primaryReads: 40,
    usable: 1,
    lagSeconds: 0,
    readyStatus: "ok (HTTP 200)",
    readyReplicaState: "ok",
  });
  const report = (changes: Partial<LoadReport> = {}): LoadReport => ({
    concurrency: 8,
    hosts: [
      { host: 0, url: "http://127.0.0.1:4001", requests: 6, errors: 0, replica: replica(60), stop: "exited" },
      { host: 1, url: "http://127.0.0.1:4002", requests: 4, errors: 0, replica: replica(20), stop: "exited" },
    ],
    readDatabase: "127.0.0.1:5433/directory_1m",
    propagation: summarizePropagation([{ change: 0, host: 1, ms: 420, failure: null }], 1, 15),
    seconds: 2,
    maxRequests: 1000,
    elapsedSeconds: 2,
    requests: 10,
    requestsPerSecond: 5,
    overall: { ...kind, kind: "overall" },
    kinds: [kind],
    errors: { total: 0, byKind: [] },
    memory: { source: "", sampleSeconds: 1, processes: 4, startBytes: 2 ** 28, peakBytes: 2 ** 29, endBytes: 2 ** 28, highWaterBytes: 2 ** 29 },
    import: {
      rows: 1000,
      seed: 1,
      startedAtSeconds: 1,
      durationSeconds: 1,
      finishedDuringLoad: true,
      exitCode: 0,
      status: "succeeded",
      inserted: 1000,
      updated: 0,
      unchanged: 0,
      rejected: 0,
    },
    soak: { judged: false, firstMinuteMeanBytes: null, lastMinuteMeanBytes: null, change: null, stable: null, verdict: "not judged" },
    serverStop: "exited",
    rssSamples: [],
    ...changes,
  });

  it("reports each host's requests, replica reads and /readyz, the replica, the changes and the hosts' summed RSS", () => {
    const table = formatLoadBenchTable(report());
    expect(table).toContain("| load (HTTP, loopback, 8 connections, 2 hosts round-robin, 2 s) |");
    expect(table).toContain(
      "host 1 (http://127.0.0.1:4001): 6 requests, 0 errors; reads: replica 60, primary 40 (60.0 % on the replica), replica usable 1, lag 0 s; /readyz ok (HTTP 200), replica ok",
    );
    expect(table).toContain("host 2 (http://127.0.0.1:4002): 4 requests, 0 errors; reads: replica 20, primary 40 (33.3 % on the replica)");
    expect(table).toContain("read replica: 127.0.0.1:5433/directory_1m (DATABASE_READ_URL of every host)");
    expect(table).toContain(
      "admin changes (site settings, one every 15 s through the hosts in turn): 1 made, 1 of 1 seen on the other host within 2000 ms, worst 420 ms",
    );
    expect(table).toMatch(/RSS of 2 hosts \(4 processes, every 1 s\): start 256\.0 MB, peak 512\.0 MB/);
    expect(isLoadRunClean(report())).toBe(true);
  });

  it("is not clean when a change was missed or the replica served nothing, and says which", () => {
    const missed = report({ propagation: summarizePropagation([{ change: 0, host: 1, ms: null, failure: "change 0 not shown" }], 1, 15) });
    expect(listLoadRunProblems(missed)).toEqual(["1 admin change not shown on another host within 2000 ms"]);
    expect(formatLoadBenchTable(missed)).toContain("0 of 1 seen on the other host within 2000 ms, worst —; 1 FAILED (change 0 not shown)");
    const unread = report({
      hosts: report().hosts.map((host) => ({ ...host, replica: replica(0) })),
    });
    expect(listLoadRunProblems(unread)).toEqual(["the replica answered no read during the load (see each host's replica line)"]);
    expect(isLoadRunClean(unread)).toBe(false);
  });

  it("keeps the one-host report as it was (no host or replica lines)", () => {
    const single = report({
      hosts: [{ host: 0, url: "http://127.0.0.1:4001", requests: 10, errors: 0, replica: null, stop: "exited" }],
      readDatabase: null,
      propagation: null,
    });
    const table = formatLoadBenchTable(single);
    expect(table).toContain("| load (HTTP, loopback, 8 connections, 2 s) |");
    expect(table).not.toMatch(/^host 1/m);
    expect(table).not.toContain("admin changes");
    expect(table).toMatch(/^server RSS \(4 processes/m);
    expect(listLoadRunProblems(single)).toEqual([]);
  });
});
