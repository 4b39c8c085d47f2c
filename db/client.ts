// Env → one database handle per process: PGlite in DATA_DIR when DATABASE_URL is unset, postgres.js otherwise.
// Same drizzle schema, same migrations, same queries on both; PGlite's data dir is guarded by a lock file.
import { DirectoryError } from "./rules/directory-error.ts";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { getEnv } from "./env.ts";
import { assertMigrated, runMigrations } from "./migrate.ts";
import type { PgliteClient, RemotePglite } from "./pglite-remote.ts";
import { ReadReplica } from "./replica.ts";
import * as schema from "./schema/index.ts";
import { observePoolSize, startQuery } from "./telemetry.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DriverName = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  driver: DriverName;
  /** Raw SQL with $1… parameters returning plain rows on either driver (for COPY-free bulk work and tests). */
  query<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
  /** The embedded database (in a worker thread), for driver-specific bulk paths (COPY through blobs). */
  pglite?: PgliteClient;
  /** PGlite only: its own dump of the data dir, a gzipped tarball (`directory backup`). */
  dumpDataDir?(): Promise<Uint8Array>;
  sql?: postgres.Sql;
  connectionUrl?: string;
  /** Where the data lives, for messages: a data dir, ":memory:", or the URL without its password. */
  location: string;
  /** DATABASE_READ_URL's replica: public reads use it through getReadDatabase(), nothing else does. */
  replica?: ReadReplica;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; ignored when databaseUrl is set. Omit both for an in-memory PGlite. */
  dataDir?: string;
  /** Apply pending migrations after opening (default true). */
  migrate?: boolean;
  /**
   * Open only a database that exists and is fully migrated, creating and migrating nothing (read-only commands): a
   * missing data dir, an empty or older database is refused with a DirectoryError. Implies migrate: false.
   */
  existing?: boolean;
  /** postgres.js pool size (default 10). */
  maxConnections?: number;
  /** PGlite only: a new data dir is filled from this tarball (PGlite's dumpDataDir) before migrations run. */
  loadDataDir?: Uint8Array;
  /** A streaming replica of databaseUrl's cluster for public reads (DATABASE_READ_URL); needs databaseUrl. */
  readUrl?: string;
}

export class DatabaseLockedError extends DirectoryError {
  constructor(dataDir: string, holder: LockInfo) {
    super(
      "DATA_DIR_LOCKED",
      `The embedded database in ${dataDir} is already open by another process (pid ${holder.pid} on ${holder.hostname}, started ${holder.startedAt}). ` +
        `PGlite allows one process per data dir: stop that process first, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server. ` +
        `If no directory process is running there, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = "DatabaseLockedError";
  }
}

interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Linux: the kernel's boot id and the holder's start time in clock ticks since boot (a reused pid differs). */
  bootId?: string;
  pidStartTicks?: string;
}

const LOCK_FILE = "directory.lock";
/** The holder rewrites its lock's mtime this often; a lock from another host is stale once it stops for LOCK_STALE_MS. */
const LOCK_HEARTBEAT_MS = 10_000;
const LOCK_STALE_MS = 60_000;
/** Data dirs this process holds open: a second opener in the same process is refused like another process. */
const openDataDirs = new Set<string>();

function readProcText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Linux: a process's start time in clock ticks since boot (field 22 of /proc/PID/stat), or undefined elsewhere. */
function readProcessStartTicks(pid: number): string | undefined {
  const stat = readProcText(`/proc/${pid}/stat`);
  // NOTE: the command name (field 2) may hold spaces and parentheses: fields are counted after its last ")".
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields?.[19];
}

function readBootId(): string | undefined {
  return readProcText("/proc/sys/kernel/random/boot_id")?.trim();
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Is the lock's holder still the process that wrote it? Same host: the pid must be alive and, where the kernel tells
 * (Linux), be the same process since the same boot (a pid reused after a reboot or by another program is not); a
 * lock written without those details must at least name a Node process.
 * Another host (a container restarted with a new name, a shared folder): only a heartbeat younger than a minute counts.
 */
function isLockHeld(holder: LockInfo, lockAgeMs: number): boolean {
  if (holder.hostname !== os.hostname()) return lockAgeMs < LOCK_STALE_MS;
  if (!isProcessAlive(holder.pid)) return false;
  if (holder.bootId && holder.pidStartTicks) {
    const bootId = readBootId();
    if (bootId && bootId !== holder.bootId) return false;
    const ticks = readProcessStartTicks(holder.pid);
    if (ticks && ticks !== holder.pidStartTicks) return false;
    return true;
  }
  // A lock without those details: the pid must at least be a Node program (where the kernel tells).
  const command = readProcText(`/proc/${holder.pid}/cmdline`);
  return command === undefined || /(?:^|\/)node(?:js)?\0/.test(command);
}

/** The data dir and everything in it private to this user (PGlite creates its files with the process's umask). */
function makePrivate(dataDir: string): void {
  const visit = (target: string, isDirectory: boolean) => {
    try {
      const mode = fs.statSync(target).mode & 0o777;
      const wanted = isDirectory ? 0o700 : mode & 0o700;
      if (mode !== wanted) fs.chmodSync(target, wanted);
    } catch {
      // A file PGlite removed meanwhile, or one we do not own: nothing to tighten.
    }
    if (!isDirectory) return;
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(target, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (!entry.isSymbolicLink()) visit(path.join(target, entry.name), entry.isDirectory());
  };
  visit(dataDir, true);
}

/** Takes the data dir's lock or throws DatabaseLockedError; a stale lock (see isLockHeld) is taken over. */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  makePrivate(dataDir);
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    bootId: readBootId(),
    pidStartTicks: readProcessStartTicks(process.pid),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(mine), { flag: "wx", mode: 0o600 });
      openDataDirs.add(dataDir);
      const heartbeat = setInterval(() => {
        const now = new Date();
        fs.utimes(lockPath, now, now, () => {});
      }, LOCK_HEARTBEAT_MS).unref();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        openDataDirs.delete(dataDir);
        process.off("exit", release);
        makePrivate(dataDir);
        try {
          const current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
          if (current.pid === process.pid && current.hostname === mine.hostname) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: LockInfo | undefined;
      let ageMs = Number.POSITIVE_INFINITY;
      try {
        ageMs = Date.now() - fs.statSync(lockPath).mtimeMs;
        holder = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
      } catch {
        holder = undefined;
      }
      const heldHere = holder?.pid === process.pid && holder.hostname === os.hostname() && openDataDirs.has(dataDir);
      const heldElsewhere = holder !== undefined && !(holder.pid === process.pid && holder.hostname === os.hostname()) && isLockHeld(holder, ageMs);
      if (holder && (heldHere || heldElsewhere)) throw new DatabaseLockedError(dataDir, holder);
      // NOTE: a stale lock (dead or reused pid, another boot, a silent other host, an unreadable file) is removed and taken.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryError("DATA_DIR_LOCKED", `could not take the lock ${lockPath}; if no directory process is running, delete it.`);
}

/** Error codes of a database that is down, restarting, unreachable or locked by another process. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "DATA_DIR_LOCKED",
  "53300",
  "57P01",
  "57P02",
  "57P03",
]);

/**
 * True for an error that says the database is briefly out of reach (not a bug in a query): callers answer 503 and
 * postgres.js reconnects on the next query once the server is back. Node and postgres.js put the code on the error;
 * PostgreSQL's connection-exception class is 08xxx.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? "");
  if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://…";
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.readUrl && !options.databaseUrl) {
    throw new DirectoryError(
      "READ_URL_NEEDS_DATABASE_URL",
      "DATABASE_READ_URL names a replica, but DATABASE_URL is unset: the embedded database (PGlite) has no replicas. Unset DATABASE_READ_URL or set DATABASE_URL.",
    );
  }
  if (options.existing && !options.databaseUrl && options.dataDir) assertPgliteDataDirExists(options.dataDir);
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.maxConnections ?? 10)
    : await openPglite(options.dataDir, options.loadDataDir);
  try {
    if (options.existing) await assertMigrated(handle, handle.location);
    else if (options.migrate ?? true) await runMigrations(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return options.readUrl ? withReplica(handle, options.readUrl, options.maxConnections ?? 10) : handle;
}

/**
 * The primary's handle with the replica's beside it (its own pool, connected on first use; nothing is migrated
 * there: a replica is read-only and replays the primary's migrations). Closing the handle closes both.
 */
function withReplica(primary: DatabaseHandle, readUrl: string, max: number): DatabaseHandle {
  const replica = new ReadReplica(
    openPostgres(readUrl, max, {
      metricLabel: "postgres-replica",
      applicationName: "business-directory-read",
      connectTimeoutSeconds: REPLICA_CONNECT_TIMEOUT_SECONDS,
    }),
    primary,
  );
  return {
    ...primary,
    replica,
    async close() {
      await Promise.all([primary.close(), replica.close()]);
    },
  };
}

/** A data dir that holds a PGlite database, checked before the lock (which would create the folder). */
function assertPgliteDataDirExists(dataDir: string): void {
  const absolute = path.resolve(dataDir);
  if (!fs.existsSync(absolute)) {
    throw new DirectoryError(
      "DATA_DIR_NOT_FOUND",
      `DATA_DIR ${absolute} does not exist, and this command creates no database — fix DATA_DIR (or set DATABASE_URL), or create the database there with \`directory migrate\` or an import.`,
    );
  }
  if (!fs.existsSync(path.join(absolute, "pgdata", "PG_VERSION"))) {
    throw new DirectoryError(
      "DATABASE_NOT_FOUND",
      `DATA_DIR ${absolute} holds no database (no pgdata/ inside), and this command creates none — fix DATA_DIR (or set DATABASE_URL), or create the database there with \`directory migrate\` or an import.`,
    );
  }
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Uint8Array): Promise<DatabaseHandle> {
  const absolute = dataDir ? path.resolve(dataDir) : undefined;
  const release = absolute ? acquireDataDirLock(absolute) : () => {};
  let client: RemotePglite;
  // NOTE: the drizzle adapter is loaded here, not at the top: it pulls PGlite in (≈ 0.4 s to import), which every
  // CLI run and server start against a PostgreSQL server would otherwise pay for nothing.
  const [{ RemotePglite: Remote }, { drizzle: drizzlePglite }] = await Promise.all([import("./pglite-remote.ts"), import("drizzle-orm/pglite")]);
  try {
    // NOTE: no btree_gin here. With btree_gin's library loaded, PGlite 0.5.16 intermittently traps ("null function")
    // in pg_trgm's % and <-> operators, then answers nothing or spins forever; migration 0005 skips the location
    // index where btree_gin is not available, so PGlite keeps the text-only search index.
    client = await Remote.open(
      absolute ? path.join(absolute, "pgdata") : undefined,
      [`set pg_trgm.similarity_threshold = ${TRIGRAM_SIMILARITY_THRESHOLD}`],
      loadDataDir,
    );
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  // One worker thread running one statement at a time.
  observePoolSize("pglite", 1);
  let closed = false;
  return {
    db,
    driver: "pglite",
    pglite: client,
    dumpDataDir: () => client.dumpDataDir(),
    location: absolute ?? ":memory:",
    async query<T extends object>(text: string, params: unknown[] = []) {
      const end = startQuery("pglite");
      try {
        const result = await client.query<T>(text, params);
        end(true);
        return result.rows;
      } catch (error) {
        end(false);
        throw error;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * pg_trgm's `%` threshold on every connection: the lowest trigram similarity any search look-up accepts (typo
 * corrections 0.4, fuzzy names and "did you mean" 0.5). The index prunes candidates by it, so at the default 0.3
 * a short typo such as "saoln" rechecked 5,500 city names (15 ms) to keep 3 that the look-up then rejected.
 */
export const TRIGRAM_SIMILARITY_THRESHOLD = "0.4";

/** A server that does not accept the connection in this time counts as unavailable (postgres.js default: 30 s). */
const CONNECT_TIMEOUT_SECONDS = 10;
/** The replica's: shorter, since the primary can answer instead. */
const REPLICA_CONNECT_TIMEOUT_SECONDS = 2;

interface PoolTuning {
  /** The `driver` label of this pool's query metrics. */
  metricLabel: string;
  /** Seen in pg_stat_activity and the server's log (%a): which pool a statement came from. */
  applicationName: string;
  connectTimeoutSeconds: number;
}

/**
 * Whether the pools this process opens serve web requests (useWebSessions): their sessions then plan no parallel
 * workers. NOTE: a request whose query starts parallel workers waits for their start-up and takes the cores the other
 * requests need: at 1M businesses on 2 cores under load, text + "open now" searches took p50 86 ms with them and
 * 54 ms without. Batch commands (count refreshes, exports, sitemaps) keep the server's default.
 */
let webSessions = false;

/** Call before the process opens its database: every pool it opens afterwards is a web server's (see above). */
export function useWebSessions(enabled = true): void {
  webSessions = enabled;
}

const PRIMARY_POOL: PoolTuning = { metricLabel: "postgres", applicationName: "business-directory", connectTimeoutSeconds: CONNECT_TIMEOUT_SECONDS };

/**
 * postgres.js's socket factory with Nagle's algorithm off (postgres.js leaves it on). NOTE: with it on, a small
 * message written while a large one (COPY data) is still unacknowledged waits for the server's delayed ACK, 40 ms on
 * Linux: an import batch's statement after its COPY sat idle that long, a sixth of the batch. The socket is returned
 * still connecting, as postgres.js's own is: writes wait in it, and a refused or timed-out connection reaches
 * postgres.js through the socket's error and close events, which is how it schedules the next attempt.
 */
function openSocketWithoutDelay() {
  let attempt = 0;
  return (options: { host: string[]; port: number[]; path?: string | false }) => {
    if (options.path) return net.connect(options.path);
    const index = attempt++ % Math.max(options.host.length, 1);
    const host = options.host[index] ?? "localhost";
    const port = options.port[index] ?? options.port[0] ?? 5432;
    return Object.assign(net.connect({ host, port, noDelay: true }), { host, port });
  };
}

function openPostgres(url: string, max: number, tuning: PoolTuning = PRIMARY_POOL): DatabaseHandle {
  const options = {
    max,
    onnotice: () => {},
    // NOTE: DateStyle is pinned because COPY text (sitemaps) is read as ISO timestamps; a server configured with
    // another style would otherwise change what those bytes look like.
    connection: {
      application_name: tuning.applicationName,
      DateStyle: "ISO, MDY",
      "pg_trgm.similarity_threshold": TRIGRAM_SIMILARITY_THRESHOLD,
      // NOTE: no JIT either: a search statement costed above jit_above_cost (100,000) compiled 128 functions before
      // running, 144 ms of a 60 ms search ("restaurant" near New York at 5M, whose word and grid cells the planner
      // estimates right at 19k rows; migration 0037).
      ...(webSessions ? { max_parallel_workers_per_gather: "0", jit: "off" } : {}),
    },
    // NOTE: postgres.js waits up to 20 s between reconnect attempts after repeated failures (its default backoff),
    // and every query queued meanwhile waits too: during an outage pages hung for that long, and after it the site
    // stayed down until the timer fired. Capped at 1 s, a request fails fast (503) and recovery is prompt.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    connect_timeout: tuning.connectTimeoutSeconds,
    // NOTE: `socket` is a documented option that postgres.js's type definitions leave out.
    socket: openSocketWithoutDelay(),
  };
  const sql = postgres(url, options as postgres.Options<Record<string, postgres.PostgresType>>);
  observePoolSize(tuning.metricLabel, max);
  const db = drizzlePostgres(sql, { schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    sql,
    connectionUrl: url,
    location: redactUrl(url),
    async query<T extends object>(text: string, params: unknown[] = []) {
      const end = startQuery(tuning.metricLabel);
      try {
        const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
        end(true);
        return rows as unknown as T[];
      } catch (error) {
        end(false);
        throw error;
      }
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/** The process-wide handle (or its opening), set by getDatabase() or handed over by adoptDatabase(). */
let processHandle: Promise<DatabaseHandle> | undefined;

/**
 * The process-wide handle from the environment, opened and migrated on first use; with `existing`, opened only if
 * the database exists and is fully migrated (see OpenDatabaseOptions.existing).
 */
export function getDatabase(options: { existing?: boolean } = {}): Promise<DatabaseHandle> {
  if (!processHandle) {
    const env = getEnv();
    const opening = openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
      existing: options.existing,
      readUrl: env.DATABASE_READ_URL,
    });
    processHandle = opening;
    opening.catch(() => {
      if (processHandle === opening) processHandle = undefined;
    });
  }
  return processHandle;
}

/**
 * The handle for a public read that may be a little behind (public pages, lists, search, suggest, sitemaps): the
 * replica when one is configured and the request and its health allow it (db/replica.ts), else the primary. Admin
 * screens and writes call getDatabase(); so does everything outside a request the server marked replica-safe.
 */
export async function getReadDatabase(): Promise<DatabaseHandle> {
  const primary = await getDatabase();
  return primary.replica ? primary.replica.choose(primary) : primary;
}

/**
 * Makes `handle` this module's process-wide handle. NOTE: for a caller holding another copy of this module — a test
 * (run from source) starting the server bundle — so both use one handle; two PGlite instances on one data dir would
 * corrupt it. The caller keeps closing it.
 */
export function adoptDatabase(handle: DatabaseHandle): void {
  processHandle = Promise.resolve(handle);
}

/** Closes the process-wide handle if one was opened (CLI commands call this before exiting). */
export async function closeDatabase(): Promise<void> {
  const opening = processHandle;
  if (!opening) return;
  processHandle = undefined;
  const handle = await opening.catch(() => undefined);
  await handle?.close();
}
