// A normalised business's shape and rank score, demo data hidden once by real data, and test data's removal (to the trash). Imported rows (files, the demo seed,
// test fixtures) have one writer, the import's batch merge (import-batch.ts): one identity, slug and content-hash rule.
import type { DatabaseHandle } from "../client.ts";
import { sql } from "drizzle-orm";
import type { NewBusiness } from "../schema/index.ts";
import { AUDIT_SAMPLE_SIZE, type AuditActor } from "./audit-log.ts";
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

/** The `source` the demo seed writes on its businesses (with is_test): what marks a row as demo data. */
export const DEMO_SOURCE = "demo";

/** What a real import is, for the audit entry of the demo businesses it hid. */
export interface DemoHidingCause {
  runId: number | null;
  file: string;
}

/**
 * Demo data never passes for real: the demo businesses (is_test rows the demo seed wrote, never other test data or a
 * real row) that are public and were never hidden before are unapproved and stamped demo_hidden_at, so every public
 * list, count, sitemap and search (all keyed on is_approved) drops them; the audit entry (who, which import, how
 * many, a sample) is written in the same statement. Once per business: an admin's later re-approval sticks, and a
 * second call hides nothing. Returns the hidden ids (for the search index); the caller refreshes the counts.
 */
export async function hideDemoBusinesses(handle: DatabaseHandle, who: AuditActor, cause: DemoHidingCause): Promise<number[]> {
  const rows = await handle.query<{ id: number }>(
    `with hidden as (
       update businesses set is_approved = false, demo_hidden_at = now(), updated_at = now()
        where is_test and source = $4 and is_approved and demo_hidden_at is null
       returning id, slug, name
     ),
     logged as (
       insert into audit_log (user_id, actor, ip, action, target, row_count, details)
       select $1::bigint, $2, $3, 'demo-data.hide', 'businesses', count(*)::int,
              jsonb_build_object('runId', $5::bigint, 'file', $6::text, 'sample',
                (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'slug', s.slug, 'name', s.name) order by s.id), '[]'::jsonb)
                   from (select id, slug, name from hidden order by id limit ${AUDIT_SAMPLE_SIZE}) s))
         from hidden having count(*) > 0
     )
     select id::int as id from hidden order by id`,
    [who.userId, who.actor, who.ip, DEMO_SOURCE, cause.runId, cause.file],
  );
  return rows.map((row) => row.id);
}
