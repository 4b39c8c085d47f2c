// One batch of re-resolved places → the changed rows rewritten and the repair's checkpoint advanced, in one
// transaction: a killed repair loses nothing and a re-run continues after the last committed batch.
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { REPAIR_PLACES_JOB } from "../queries/place-repair.ts";
import { jobCheckpoints } from "../schema/index.ts";
import { CITY_REDIRECT_UPSERT } from "./city-redirects.ts";
import { IMPORT_WRITE_LOCK } from "./import-batch.ts";

/** The place fields of one business as the current rules resolve them. */
export interface PlaceFields {
  countryCode: string | null;
  country: string | null;
  city: string | null;
  citySlug: string | null;
  district: string | null;
  cityGeonameId: number | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  phoneE164: string | null;
}

export interface PlaceChange extends PlaceFields {
  id: number;
}

/** A city page that moved: the businesses of `oldSlug` in `countryCode` now live under `newSlug`. */
export interface CitySlugMove {
  countryCode: string;
  oldSlug: string;
  newSlug: string;
}

/**
 * Rewrites the place fields of `changes` and records that every business up to `lastId` was handled.
 * NOTE: takes the import write lock, so a concurrent import never interleaves with a batch; one array per column
 * (unnest) keeps the statement's parameters fixed whatever the batch size.
 */
export async function applyPlaceRepairBatch(
  handle: DatabaseHandle,
  batch: { changes: PlaceChange[]; cityMoves: CitySlugMove[]; lastId: number; rowsRead: number },
): Promise<{ processed: number; changed: number }> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_WRITE_LOCK})`);
    const { changes } = batch;
    if (changes.length > 0) {
      const column = <K extends keyof PlaceChange>(key: K) => sql.param(changes.map((change) => change[key]));
      await tx.execute(sql`
        update businesses as b
        set country_code = v.country_code, country = v.country, city = v.city, city_slug = v.city_slug, district = v.district,
            city_geoname_id = v.city_geoname_id, latitude = v.latitude, longitude = v.longitude, time_zone = v.time_zone,
            phone_e164 = v.phone_e164, updated_at = now()
        from unnest(${column("id")}::bigint[], ${column("countryCode")}::text[], ${column("country")}::text[], ${column("city")}::text[],
                    ${column("citySlug")}::text[], ${column("district")}::text[], ${column("cityGeonameId")}::int[],
                    ${column("latitude")}::float8[], ${column("longitude")}::float8[], ${column("timeZone")}::text[], ${column("phoneE164")}::text[])
             as v(id, country_code, country, city, city_slug, district, city_geoname_id, latitude, longitude, time_zone, phone_e164)
        where b.id = v.id`);
    }
    if (batch.cityMoves.length > 0) {
      // The old city page answers 301 to the new one (app/models/cities.server.ts), as after a re-import that moves it.
      const move = <K extends keyof CitySlugMove>(key: K) => sql.param(batch.cityMoves.map((entry) => entry[key]));
      await tx.execute(sql`${sql.raw(CITY_REDIRECT_UPSERT[0])}
        select * from unnest(${move("countryCode")}::text[], ${move("oldSlug")}::text[], ${move("newSlug")}::text[]) as v(country_code, old_slug, new_slug)
        ${sql.raw(CITY_REDIRECT_UPSERT[1])}`);
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
