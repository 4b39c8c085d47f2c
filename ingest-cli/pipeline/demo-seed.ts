// Generated demo businesses → importRows, the same mapping, normaliser and batch writer as a generated file's import,
// marked as test data so "delete test data" removes them; runs only into an empty database unless forced.
import type { DatabaseHandle } from "../../db/client.ts";
import { DEMO_SOURCE } from "../../db/writes/businesses.ts";
import { listColumns, generateBusinesses } from "./generate/index.ts";
import { importRows } from "./import/import-rows.ts";

export const DEMO_ROWS = 300;
export const DEMO_SEED = 20_251_212;

export interface DemoSeedResult {
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export async function countBusinesses(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
  return rows[0]?.n ?? 0;
}

/** `isTest: false` loads the same generated businesses as real ones (the browser tests' shared server, which uploads more). */
export async function seedDemoData(
  handle: DatabaseHandle,
  options: { rows?: number; seed?: number; isTest?: boolean } = {},
): Promise<DemoSeedResult> {
  const generated = generateBusinesses({ rows: options.rows ?? DEMO_ROWS, seed: options.seed ?? DEMO_SEED, messy: 0 });
  const result = await importRows(handle, generated as Iterable<Record<string, unknown>>, {
    headers: listColumns(),
    isTest: options.isTest ?? true,
    source: DEMO_SOURCE,
  });
  return { inserted: result.inserted, updated: result.updated, unchanged: result.unchanged, rejected: result.rejected };
}

export async function seedDemoDataIfEmpty(handle: DatabaseHandle): Promise<DemoSeedResult> {
  if ((await countBusinesses(handle)) > 0) return { inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  return seedDemoData(handle);
}
