// Readiness for load balancers (/readyz): is the database answering, migrated to this version, is search up, and is the
// read replica (DATABASE_READ_URL) usable? A busy embedded
// database (searches queued ahead of the ping) is healthy: its answer of the last few seconds stands in for a slow ping.
import { getDatabase } from "../../db/client.ts";
import { assertMigrated } from "../../db/migrate.ts";
import { pingDatabase } from "../../db/queries/health.ts";
import { observeSearchFallback } from "../../db/telemetry.ts";
import { getSearchEngine } from "../../search/index.ts";

export interface Health {
  ok: boolean;
  database: { ok: boolean; driver?: string; latencyMs?: number; error?: string; busy?: boolean };
}

/** A ping answered within this long vouches for the database while a newer ping waits behind other statements. */
const RECENT_ANSWER_MS = 5_000;
/** How long a health check waits for its own ping before it answers from a recent one. */
const PING_WAIT_MS = 50;

let lastAnswer: { at: number; health: Health } | null = null;
let pingUnderWay: Promise<Health> | null = null;

async function pingNow(): Promise<Health> {
  let health: Health;
  try {
    const handle = await getDatabase();
    const latencyMs = Math.round((await pingDatabase(handle)) * 100) / 100;
    health = { ok: true, database: { ok: true, driver: handle.driver, latencyMs } };
  } catch (error) {
    health = { ok: false, database: { ok: false, error: error instanceof Error ? error.message.split("\n")[0] : "unknown error" } };
  }
  lastAnswer = { at: Date.now(), health };
  return health;
}

/**
 * One ping at a time (a flood of health checks adds one statement, not one each). A failed ping answers at once.
 * The embedded database runs one statement at a time, so under load a ping waits behind the searches queued before
 * it: when it takes longer than 50 ms and that database answered in the last 5 s, that answer is given.
 */
export async function getHealth(): Promise<Health> {
  const ping = (pingUnderWay ??= pingNow().finally(() => {
    pingUnderWay = null;
  }));
  // NOTE: a server's pool answers a ping beside other queries; only the embedded database queues it behind them.
  const recent =
    lastAnswer && lastAnswer.health.database.driver === "pglite" && Date.now() - lastAnswer.at <= RECENT_ANSWER_MS && lastAnswer.health.ok
      ? lastAnswer.health
      : null;
  if (!recent) return ping;
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([ping, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PING_WAIT_MS)))]);
  clearTimeout(timer);
  return waited ?? { ok: true, database: { ...recent.database, busy: true } };
}

export interface Readiness {
  /**
   * "ok"; "degraded" when only the search engine is down (search answers from PostgreSQL) or the read replica is not
   * usable (the primary answers its reads); "down" otherwise.
   */
  status: "ok" | "degraded" | "down";
  database: Health["database"];
  migrations: { ok: boolean; error?: string };
  search: { engine: "meilisearch" | "postgres"; state: "up" | "fallback" | "down"; detail?: string };
  /** Lagging or unreachable: public reads fall back to the primary (degraded, still ready). */
  replica: { state: "ok" | "lagging" | "unreachable" | "not configured"; lagSeconds?: number | null; detail?: string };
}

/** How long a readiness answer is reused: a flood of probes costs one check per second. */
const READINESS_TTL_MS = 1_000;
/** A search engine that has not answered its health call by then counts as down. */
const SEARCH_PROBE_TIMEOUT_MS = 2_000;

let readiness: { at: number; answer: Promise<Readiness> } | null = null;

async function checkMigrations(): Promise<Readiness["migrations"]> {
  try {
    const handle = await getDatabase();
    await assertMigrated(handle, handle.location);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.split("\n")[0] : "unknown error" };
  }
}

async function checkSearch(): Promise<Readiness["search"]> {
  const engine = getSearchEngine();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; detail?: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${SEARCH_PROBE_TIMEOUT_MS} ms` }), SEARCH_PROBE_TIMEOUT_MS);
  });
  const health = await Promise.race([engine.health().catch((error: unknown) => ({ ok: false, detail: String(error) })), timeout]);
  clearTimeout(timer);
  if (engine.name === "meilisearch") observeSearchFallback(!health.ok);
  // NOTE: a down Meilisearch is a fallback, not an outage: every search still answers from PostgreSQL.
  const state = health.ok ? "up" : engine.name === "meilisearch" ? "fallback" : "down";
  return { engine: engine.name, state, ...(health.detail ? { detail: health.detail.split("\n")[0] } : {}) };
}

async function checkReplica(): Promise<Readiness["replica"]> {
  const replica = await getDatabase()
    .then((handle) => handle.replica)
    .catch(() => undefined);
  if (!replica) return { state: "not configured" };
  const status = await replica.freshStatus();
  // "unknown" only before a first check, which freshStatus has just run.
  const state = status.state === "unknown" ? "unreachable" : status.state;
  return { state, lagSeconds: status.lagSeconds, ...(status.detail ? { detail: status.detail } : {}) };
}

async function checkReadiness(): Promise<Readiness> {
  const [health, migrations, search, replica] = await Promise.all([getHealth(), checkMigrations(), checkSearch(), checkReplica()]);
  const down = !health.ok || !migrations.ok;
  const degraded = search.state !== "up" || (replica.state !== "ok" && replica.state !== "not configured");
  return { status: down ? "down" : degraded ? "degraded" : "ok", database: health.database, migrations, search, replica };
}

/** Readiness for a load balancer: the database answers, its migrations are this version's, the search engine's state. */
export function getReadiness(): Promise<Readiness> {
  const now = Date.now();
  if (!readiness || now - readiness.at > READINESS_TTL_MS) readiness = { at: now, answer: checkReadiness() };
  return readiness.answer;
}
