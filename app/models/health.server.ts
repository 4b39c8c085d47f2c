// Liveness/readiness for load balancers and the container health check: is the database answering? A busy embedded
// database (searches queued ahead of the ping) is healthy: its answer of the last few seconds stands in for a slow ping.
import { getDatabase } from "../../db/client.ts";
import { pingDatabase } from "../../db/queries/health.ts";

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
