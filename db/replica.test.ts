// ReadReplica's choice and health against fake handles: where a read goes (request marking, replica state, a recent
// write), how lag is judged from the primary's WAL position, and DATABASE_READ_URL's validation.
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.ts";
import { parseEnv } from "./env.ts";
import {
  AFTER_WRITE_MS,
  ReadReplica,
  REPLICA_CHECK_INTERVAL_MS,
  REPLICA_MAX_LAG_SECONDS,
  noteDatabaseWrite,
  retryOnPrimary,
  runWithReadRouting,
} from "./replica.ts";

type Row = { recovering: boolean; caught_up: boolean; since_replay: number | null };

function fakeHandle(name: string, answer: () => Promise<object[]>): DatabaseHandle {
  return { name, query: answer } as unknown as DatabaseHandle;
}

function setup(replicaRow: () => Promise<Row>) {
  let now = 1_000_000;
  const primary = fakeHandle("primary", async () => [{ lsn: "0/3000000" }]);
  const replicaHandle = fakeHandle("replica", async () => [await replicaRow()]);
  const replica = new ReadReplica(replicaHandle, primary, () => now);
  return {
    primary,
    replicaHandle,
    replica,
    advance: (ms: number) => (now += ms),
  };
}

describe("ReadReplica", () => {
  it("reads from the replica only inside a replica-safe request, once a check found it caught up", async () => {
    const { primary, replicaHandle, replica } = setup(async () => ({ recovering: true, caught_up: true, since_replay: 60 }));
    noteDatabaseWrite(-Infinity);
    // Before any check: the primary (and a check starts).
    expect(runWithReadRouting(true, () => replica.choose(primary))).toBe(primary);
    await replica.check();
    expect(replica.status()).toMatchObject({ state: "ok", lagSeconds: 0 });
    expect(runWithReadRouting(true, () => replica.choose(primary))).toBe(replicaHandle);
    expect(runWithReadRouting(false, () => replica.choose(primary))).toBe(primary);
    // Outside any request (CLI, background work): the primary.
    expect(replica.choose(primary)).toBe(primary);
  });

  it("judges lag by the last replayed commit only when the replica is behind the primary's position", async () => {
    let row: Row = { recovering: true, caught_up: false, since_replay: REPLICA_MAX_LAG_SECONDS - 1 };
    const { primary, replica, advance } = setup(async () => row);
    expect(await replica.check()).toMatchObject({ state: "ok", lagSeconds: REPLICA_MAX_LAG_SECONDS - 1 });
    row = { recovering: true, caught_up: false, since_replay: REPLICA_MAX_LAG_SECONDS + 1 };
    advance(REPLICA_CHECK_INTERVAL_MS);
    expect(await replica.check()).toMatchObject({ state: "lagging", lagSeconds: REPLICA_MAX_LAG_SECONDS + 1 });
    expect(runWithReadRouting(true, () => replica.choose(primary))).toBe(primary);
    // Not a standby at all (the primary itself behind another name): nothing to lag behind.
    row = { recovering: false, caught_up: false, since_replay: null };
    expect(await replica.check()).toMatchObject({ state: "ok", lagSeconds: 0 });
  });

  it("keeps reads on the primary for a while after a write", async () => {
    const { primary, replicaHandle, replica, advance } = setup(async () => ({ recovering: true, caught_up: true, since_replay: 1 }));
    await replica.check();
    noteDatabaseWrite(1_000_000);
    expect(runWithReadRouting(true, () => replica.choose(primary))).toBe(primary);
    advance(AFTER_WRITE_MS);
    await replica.check();
    expect(runWithReadRouting(true, () => replica.choose(primary))).toBe(replicaHandle);
  });

  it("marks an unreachable replica and sends the rest of the request to the primary", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" });
    const { primary, replicaHandle, replica } = setup(async () => ({ recovering: true, caught_up: true, since_replay: 0 }));
    noteDatabaseWrite(-Infinity);
    await replica.check();
    const isUnavailable = (error: unknown) => (error as { code?: string }).code === "ECONNREFUSED";
    runWithReadRouting(true, () => {
      expect(retryOnPrimary(refused, isUnavailable)).toBe(false);
      expect(replica.choose(primary)).toBe(replicaHandle);
      expect(retryOnPrimary(new Error("syntax error"), isUnavailable)).toBe(false);
      expect(retryOnPrimary(refused, isUnavailable)).toBe(true);
      expect(replica.choose(primary)).toBe(primary);
    });
    expect(replica.status()).toMatchObject({ state: "unreachable", detail: "connect ECONNREFUSED 127.0.0.1:5433" });
    expect(runWithReadRouting(true, () => replica.choose(primary))).toBe(primary);
  });

  it("counts a failing check as unreachable", async () => {
    const { replica } = setup(async () => {
      throw new Error("the database system is starting up");
    });
    expect(await replica.check()).toMatchObject({ state: "unreachable", detail: "the database system is starting up" });
  });
});

describe("DATABASE_READ_URL", () => {
  it("takes a postgres URL beside DATABASE_URL", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://u:p@primary:5432/d", DATABASE_READ_URL: "postgres://u:p@replica:5432/d" });
    expect(env.DATABASE_READ_URL).toBe("postgres://u:p@replica:5432/d");
  });

  it("refuses another protocol, and a read URL without DATABASE_URL (the embedded database has no replicas)", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://u:p@primary/d", DATABASE_READ_URL: "mysql://replica/d" })).toThrow(
      /DATABASE_READ_URL: must be a URL starting with postgres:\/\//,
    );
    expect(() => parseEnv({ DATABASE_READ_URL: "postgres://u:secret@replica/d" })).toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
    // The message shows the value without its password.
    expect(() => parseEnv({ DATABASE_READ_URL: "postgres://u:secret@replica/d" })).toThrow(/got "postgres:\/\/u:\*\*\*@replica\/d"/);
  });
});
