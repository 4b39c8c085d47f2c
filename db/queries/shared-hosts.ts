// The cache generation several app hosts poll → its current value (one primary-key read; 0 before any change).
import type { DatabaseHandle } from "../client.ts";

/** The generation every host polls; a bump (db/writes/shared-hosts.ts) makes each host empty its in-process caches. */
export const CACHES_GENERATION = "caches";

export async function readCacheGeneration(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.query<{ generation: string | number }>("select generation from cache_generations where name = $1", [CACHES_GENERATION]);
  return Number(rows[0]?.generation ?? 0);
}
