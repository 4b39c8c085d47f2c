// A normalised business's shape and rank score, and the removal of test data. Imported rows (files, the demo seed,
// test fixtures) have one writer, the import's batch merge (import-batch.ts): one identity, slug and content-hash rule.
import type { DatabaseHandle } from "../client.ts";
import type { NewBusiness } from "../schema/index.ts";

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

export async function deleteTestBusinesses(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.query<{ n: number }>(
    "with gone as (delete from businesses where is_test returning 1) select count(*)::int as n from gone",
  );
  return rows[0]?.n ?? 0;
}
