// A cheap round trip that proves the database answers (health checks, 503 pages).
import type { DatabaseHandle } from "../client.ts";

export async function pingDatabase(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  await handle.query("select 1");
  return performance.now() - started;
}
