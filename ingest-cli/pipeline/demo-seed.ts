// Generated demo businesses → the same normalise + upsert path as real files, marked as test data so
// "delete test data" removes them; runs only into an empty database unless forced.
import type { DatabaseHandle } from "../../db/client.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import { upsertBusinesses, type BusinessInput, type UpsertResult } from "../../db/writes/businesses.ts";
import { generateBusinesses } from "./generate/index.ts";
import { normalizeBusiness, type RawBusiness } from "./normalize/business.ts";

export const DEMO_ROWS = 300;
export const DEMO_SEED = 20_251_212;
const BATCH_SIZE = 500;

export async function countBusinesses(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
  return rows[0]?.n ?? 0;
}

export async function seedDemoData(
  handle: DatabaseHandle,
  options: { rows?: number; seed?: number } = {},
): Promise<UpsertResult & { rejected: number }> {
  const total: UpsertResult & { rejected: number } = { inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  let batch: BusinessInput[] = [];
  const flush = async () => {
    const result = await upsertBusinesses(handle, batch);
    total.inserted += result.inserted;
    total.updated += result.updated;
    total.unchanged += result.unchanged;
    batch = [];
  };
  for (const generated of generateBusinesses({ rows: options.rows ?? DEMO_ROWS, seed: options.seed ?? DEMO_SEED, messy: 0 })) {
    const normalized = normalizeBusiness(generated as unknown as RawBusiness, { isTest: true, source: "demo" });
    if (!normalized.ok) {
      total.rejected++;
      continue;
    }
    batch.push(normalized.business);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  if (batch.length > 0) await flush();
  await refreshAggregates(handle);
  return total;
}

export async function seedDemoDataIfEmpty(handle: DatabaseHandle): Promise<UpsertResult & { rejected: number }> {
  if ((await countBusinesses(handle)) > 0) return { inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  return seedDemoData(handle);
}
