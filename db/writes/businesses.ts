// A normalised business's shape and rank score, test data hidden once real data exists, and its removal (to the trash). Imported rows (files, the demo seed,
// test fixtures) have one writer, the import's batch merge (import-batch.ts): one identity, slug and content-hash rule.
import type { DatabaseHandle } from "../client.ts";
import { sql } from "drizzle-orm";
import type { NewBusiness } from "../schema/index.ts";
import { trashBusinessesCounted, type TrashedSample } from "./trash.ts";

export type BusinessInput = Omit<NewBusiness, "id" | "createdAt" | "updatedAt" | "searchVector">;

/** Popularity for ordering: verified first-class, then rating weighted by how many reviews back it. */
export function computeRankScore(input: {
  rating?: number | null;
  reviews?: number | null;
  verified?: boolean | null;
  photo?: string | null;
}): number {
  const rating = input.rating ?? 0;
  const reviews = Math.max(0, input.reviews ?? 0);
  const score = rating * Math.log10(reviews + 1) + (input.verified ? 1 : 0) + (input.photo ? 0.25 : 0);
  return Math.round(score * 10_000) / 10_000;
}

/** Moves every business marked is_test to the trash (with tombstones, like any delete); returns how many. */
export async function deleteTestBusinesses(handle: DatabaseHandle, deletedBy: string): Promise<{ count: number; sample: TrashedSample[] }> {
  const result = await handle.db.transaction((tx) => trashBusinessesCounted(tx, sql`b.is_test`, { reason: "test-data", deletedBy }));
  return { count: result.count, sample: result.sample };
}

/**
 * Demo data never passes for real: once any real (non-test) business exists, the approved demo businesses are
 * unapproved, so every public list, count, sitemap and search (all keyed on is_approved) drops them at once.
 * Returns the ids it hid ([] when there is no real business yet, or nothing left to hide). NOTE: reads only the
 * is_test partial index and the first real row; the caller refreshes the counts.
 */
export async function hideDemoBusinessesOnceRealExist(handle: DatabaseHandle): Promise<number[]> {
  const rows = await handle.query<{ id: number }>(
    `update businesses set is_approved = false, updated_at = now()
      where is_test and is_approved and exists (select 1 from businesses where not is_test)
      returning id::int as id`,
  );
  return rows.map((row) => row.id);
}
