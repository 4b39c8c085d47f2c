// Liveness/readiness for load balancers and the container health check: is the database answering?
import { getDatabase } from "../../db/client.ts";
import { pingDatabase } from "../../db/queries/health.ts";

export async function getHealth(): Promise<{ ok: boolean; database: { ok: boolean; driver?: string; latencyMs?: number; error?: string } }> {
  try {
    const handle = await getDatabase();
    const latencyMs = Math.round((await pingDatabase(handle)) * 100) / 100;
    return { ok: true, database: { ok: true, driver: handle.driver, latencyMs } };
  } catch (error) {
    return { ok: false, database: { ok: false, error: error instanceof Error ? error.message.split("\n")[0] : "unknown error" } };
  }
}
