// DATABASE_READ_URL → a read replica beside the primary, and the rule for when a read may use it: only inside a request
// the server marked replica-safe (a public GET without an admin cookie), while the replica answers and lags at most
// REPLICA_MAX_LAG_SECONDS, and not within AFTER_WRITE_MS of a write answered by this process; else the primary.
import { AsyncLocalStorage } from "node:async_hooks";
import type { DatabaseHandle } from "./client.ts";
import { getLogger, observeReplicaCheck, observeReplicaRead } from "./telemetry.ts";

export type ReplicaState = "ok" | "lagging" | "unreachable";

export interface ReplicaStatus {
  /** "unknown" until the first check has answered. */
  state: ReplicaState | "unknown";
  /** Seconds the replica's data is behind the primary's (0: it has replayed everything); null when not measured. */
  lagSeconds: number | null;
  detail?: string;
}

/** A replica further behind than this is not read from (the primary answers) until it catches up. */
export const REPLICA_MAX_LAG_SECONDS = 5;
/** The replica's reachability and lag are re-checked at most this often (on use, never on a timer). */
export const REPLICA_CHECK_INTERVAL_MS = 2_000;
/** A check that has not answered by then counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * After a write answered by this process (or announced by another), reads stay on the primary this long: the longest
 * a replica that passed its last check can still be behind (the bound, plus the check's age), with a margin. So the
 * writer, and the page cache refilled after the write, never see the data from before it.
 */
export const AFTER_WRITE_MS = REPLICA_MAX_LAG_SECONDS * 1000 + 2 * REPLICA_CHECK_INTERVAL_MS + 1000;

interface Routing {
  /** Whether this request's reads may go to the replica (false once it fell back to the primary). */
  replica: boolean;
  /** The replica this request read from, if it did. */
  used: ReadReplica | null;
}

interface SharedRouting {
  requests: AsyncLocalStorage<Routing>;
  lastWriteAt: number;
}

// NOTE: on globalThis like the telemetry: the CLI (run from source) and the server bundle each carry a copy of this module.
const KEY = Symbol.for("business-directory.read-routing");
function shared(): SharedRouting {
  const store = globalThis as typeof globalThis & { [KEY]?: SharedRouting };
  store[KEY] ??= { requests: new AsyncLocalStorage<Routing>(), lastWriteAt: -Infinity };
  return store[KEY];
}

/** Runs one request's work; its replica-safe reads (getReadDatabase) may use the replica only when `replica` is true. */
export function runWithReadRouting<T>(replica: boolean, work: () => T): T {
  return shared().requests.run({ replica, used: null }, work);
}

/** A write was answered (here or by another process of this site): reads stay on the primary for AFTER_WRITE_MS. */
export function noteDatabaseWrite(now = Date.now()): void {
  shared().lastWriteAt = now;
}

/** SQLSTATE of a standby query cancelled because it conflicted with the WAL being replayed. */
const RECOVERY_CONFLICT = "40001";

/**
 * After `error` in a request that read from the replica: true when the request should run again on the primary (the
 * replica is unreachable, which is marked so every other request skips it until it answers a check again, or the
 * query was cancelled by a replay conflict). The rest of this request then reads from the primary.
 */
export function retryOnPrimary(error: unknown, isUnavailable: (error: unknown) => boolean): boolean {
  const routing = shared().requests.getStore();
  if (!routing?.used) return false;
  const unavailable = isUnavailable(error);
  const conflict = String((error as { code?: unknown } | null)?.code ?? "") === RECOVERY_CONFLICT;
  if (!unavailable && !conflict) return false;
  if (unavailable) routing.used.markUnreachable(error);
  routing.replica = false;
  routing.used = null;
  return true;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]?.slice(0, 300) ?? "";
}

/** The replica's pool and health; the primary is asked for its WAL position so an idle primary does not look like lag. */
export class ReadReplica {
  #status: ReplicaStatus = { state: "unknown", lagSeconds: null };
  #checkedAt = -Infinity;
  #checking: Promise<ReplicaStatus> | null = null;

  constructor(
    readonly handle: DatabaseHandle,
    private readonly primary: Pick<DatabaseHandle, "query">,
    private readonly now: () => number = Date.now,
  ) {}

  /** The last check's answer, and a new check started in the background when it is older than the interval. */
  status(): ReplicaStatus {
    if (this.now() - this.#checkedAt >= REPLICA_CHECK_INTERVAL_MS) void this.check();
    return this.#status;
  }

  /** A check's answer no older than the interval (readiness probes wait for it). */
  async freshStatus(): Promise<ReplicaStatus> {
    if (this.now() - this.#checkedAt < REPLICA_CHECK_INTERVAL_MS) return this.#status;
    return this.check();
  }

  /** The handle for a replica-safe read: this replica when the request, its health and the last write allow it. */
  choose(primary: DatabaseHandle): DatabaseHandle {
    const { requests, lastWriteAt } = shared();
    const routing = requests.getStore();
    if (!routing?.replica) return primary;
    const usable = this.status().state === "ok" && this.now() - lastWriteAt >= AFTER_WRITE_MS;
    observeReplicaRead(usable ? "replica" : "primary");
    if (!usable) return primary;
    routing.used = this;
    return this.handle;
  }

  /** A query failed to reach the replica: skip it until a check (at most one interval later) finds it again. */
  markUnreachable(error: unknown): void {
    this.#set({ state: "unreachable", lagSeconds: null, detail: firstLine(error) });
  }

  /** One check at a time: the primary's WAL position, then how far the replica has replayed and since when. */
  check(): Promise<ReplicaStatus> {
    this.#checking ??= this.#measure()
      .then((status) => this.#set(status))
      .finally(() => {
        this.#checking = null;
      });
    return this.#checking;
  }

  async #measure(): Promise<ReplicaStatus> {
    // NOTE: without the primary's position (primary down) the replica's own received position is the target.
    const target = await this.primary
      .query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")
      .then((rows) => rows[0]?.lsn ?? null)
      .catch(() => null);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    try {
      // NOTE: now() - pg_last_xact_replay_timestamp() alone grows while the primary is idle (nothing to replay):
      // a replica that has replayed up to the primary's position has no lag, whatever that timestamp says.
      const rows = await Promise.race([
        this.handle.query<{ recovering: boolean; caught_up: boolean; since_replay: number | null }>(
          `select pg_is_in_recovery() as recovering,
                  coalesce(pg_last_wal_replay_lsn() >= coalesce($1::pg_lsn, pg_last_wal_receive_lsn()), false) as caught_up,
                  extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since_replay`,
          [target],
        ),
        timeout,
      ]);
      const row = rows[0];
      if (!row) return { state: "unreachable", lagSeconds: null, detail: "the check returned no row" };
      // A read URL that is no standby (the primary itself, a pooler in front of it) has nothing to lag behind.
      if (!row.recovering || row.caught_up) return { state: "ok", lagSeconds: 0 };
      const lag = row.since_replay === null ? null : Math.max(0, Math.round(row.since_replay * 1000) / 1000);
      if (lag !== null && lag <= REPLICA_MAX_LAG_SECONDS) return { state: "ok", lagSeconds: lag };
      return {
        state: "lagging",
        lagSeconds: lag,
        detail: `replication lag above ${REPLICA_MAX_LAG_SECONDS} s: public reads go to the primary until the replica catches up`,
      };
    } catch (error) {
      return { state: "unreachable", lagSeconds: null, detail: firstLine(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  #set(status: ReplicaStatus): ReplicaStatus {
    const before = this.#status.state;
    // One log line per change of state, not per check: an operator sees when public reads left the replica and came back.
    if (status.state !== before && !(before === "unknown" && status.state === "ok")) {
      const fields = { event: "read_replica", state: status.state, lagSeconds: status.lagSeconds, detail: status.detail };
      if (status.state === "ok") getLogger().info(fields, "read replica usable again: public reads go to it");
      else getLogger().warn(fields, `read replica ${status.state}: public reads go to the primary`);
    }
    this.#status = status;
    this.#checkedAt = this.now();
    observeReplicaCheck(status.state === "ok", status.lagSeconds);
    return status;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
