// One batch of re-resolved places → the changed rows rewritten and the repair's checkpoint advanced, in one
// transaction: a killed repair loses nothing and a re-run continues after the last committed batch.
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { REPAIR_PLACES_JOB } from "../queries/place-repair.ts";
import { jobCheckpoints } from "../schema/index.ts";
import { IMPORT_WRITE_LOCK } from "./import-batch.ts";

/** The place fields of one business as the current rules resolve them. */
export interface PlaceFields {
  countryCode: string | null;
  country: string | null;
  city: string | null;
  citySlug: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
}

export interface PlaceChange extends PlaceFields {
  id: number;
}

/**
 * Rewrites the place fields of `changes` and records that every business up to `lastId` was handled.
 * NOTE: takes the import write lock, so a concurrent import never interleaves with a batch; one array per column
 * (unnest) keeps the statement at eight parameters whatever the batch size.
 */
export async function applyPlaceRepairBatch(
  handle: DatabaseHandle,
  batch: { changes: PlaceChange[]; lastId: number; rowsRead: number },
): Promise<{ processed: number; changed: number }> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_WRITE_LOCK})`);
    const { changes } = batch;
    if (changes.length > 0) {
      const column = <K extends keyof PlaceChange>(key: K) => sql.param(changes.map((change) => change[key]));
      await tx.execute(sql`
        update businesses as b
        set country_code = v.country_code, country = v.country, city = v.city, city_slug = v.city_slug,
            latitude = v.latitude, longitude = v.longitude, time_zone = v.time_zone, updated_at = now()
        from unnest(${column("id")}::bigint[], ${column("countryCode")}::text[], ${column("country")}::text[], ${column("city")}::text[],
                    ${column("citySlug")}::text[], ${column("latitude")}::float8[], ${column("longitude")}::float8[], ${column("timeZone")}::text[])
             as v(id, country_code, country, city, city_slug, latitude, longitude, time_zone)
        where b.id = v.id`);
    }
    const [checkpoint] = await tx
      .insert(jobCheckpoints)
      .values({ job: REPAIR_PLACES_JOB, cursor: { lastId: batch.lastId, changed: changes.length }, processed: batch.rowsRead })
      .onConflictDoUpdate({
        target: jobCheckpoints.job,
        set: {
          cursor: sql`jsonb_build_object('lastId', ${batch.lastId}::bigint, 'changed', coalesce((${jobCheckpoints.cursor} ->> 'changed')::int, 0) + ${changes.length}::int)`,
          processed: sql`${jobCheckpoints.processed} + ${batch.rowsRead}`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ processed: jobCheckpoints.processed, cursor: jobCheckpoints.cursor });
    return { processed: checkpoint?.processed ?? batch.rowsRead, changed: Number(checkpoint?.cursor.changed ?? changes.length) };
  });
}

/** Forgets where the place repair stopped: the next run starts from the first business. */
export async function clearPlaceRepairCheckpoint(handle: DatabaseHandle): Promise<void> {
  await handle.db.delete(jobCheckpoints).where(eq(jobCheckpoints.job, REPAIR_PLACES_JOB));
}
