// Approved businesses → documents for an external search index (keyset pages, by id), the ids a write touched,
// and the upkeep the Postgres engine needs after a bulk change (planner statistics).
import type { DatabaseHandle } from "../client.ts";

/** Display columns of a business document for an external index (Meilisearch); approved rows only. */
export interface BusinessDocumentRow {
  id: number;
  slug: string;
  name: string;
  category: string | null;
  category_slug: string | null;
  type: string | null;
  city: string | null;
  city_slug: string | null;
  country_code: string | null;
  country: string | null;
  full_address: string | null;
  street: string | null;
  district: string | null;
  description: string | null;
  rating: number | null;
  reviews: number;
  rank_score: number;
  verified: boolean;
  photo: string | null;
  phone: string | null;
  phone_e164: string | null;
  latitude: number | null;
  longitude: number | null;
  working_hours: unknown;
  special_hours: unknown;
  time_zone: string | null;
  status: string;
}

const DOCUMENT_COLUMNS = `id::int as id, slug, name, category, category_slug, type, city, city_slug, country_code, country,
  full_address, street, district, description, rating, reviews, rank_score, verified and not is_test as verified, photo, phone,
  phone_e164, latitude, longitude, working_hours, special_hours, time_zone, status`;

/** Keyset page of approved businesses after `afterId`, in id order: a full rebuild never uses OFFSET. */
export async function listBusinessDocumentsAfter(handle: DatabaseHandle, afterId: number, limit: number): Promise<BusinessDocumentRow[]> {
  return handle.query<BusinessDocumentRow>(`select ${DOCUMENT_COLUMNS} from businesses where is_approved and id > $1 order by id limit $2`, [
    afterId,
    limit,
  ]);
}

/** These businesses as documents; ids that are gone or unapproved are simply absent. */
export async function listBusinessDocumentsByIds(handle: DatabaseHandle, ids: number[]): Promise<BusinessDocumentRow[]> {
  if (ids.length === 0) return [];
  return handle.query<BusinessDocumentRow>(`select ${DOCUMENT_COLUMNS} from businesses where is_approved and id = any($1::bigint[]) order by id`, [
    ids,
  ]);
}

/** Keyset page of approved business ids after `afterId`: what an external index should hold, compared in id order. */
export async function listApprovedBusinessIdsAfter(handle: DatabaseHandle, afterId: number, limit: number): Promise<number[]> {
  const rows = await handle.query<{ id: number }>("select id::int as id from businesses where is_approved and id > $1 order by id limit $2", [
    afterId,
    limit,
  ]);
  return rows.map((row) => Number(row.id));
}

/** The database's clock in ms: write times (updated_at, deleted_at) are compared against it, never the app's clock. */
export async function readDatabaseClockMs(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ ms: number }>("select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms");
  return Number(row?.ms);
}

/**
 * Ids of businesses written since `sinceMs` (database clock): updated or created, deleted to the trash, merged into
 * another, or un-merged. An external index re-reads exactly these to catch up with writes it missed.
 * NOTE: no index on updated_at: one sequential scan per catch-up (after a rebuild or an outage), never per request.
 */
export async function listBusinessIdsWrittenSince(handle: DatabaseHandle, sinceMs: number): Promise<number[]> {
  const rows = await handle.query<{ id: number }>(
    `with since as (select to_timestamp($1::float8 / 1000) as at)
     select id::int as id from businesses, since where updated_at >= since.at
     union select business_id::int from deleted_businesses, since where deleted_at >= since.at
     union select merged_id::int from business_merges, since where merged_at >= since.at or undone_at >= since.at
     order by 1`,
    [sinceMs],
  );
  return rows.map((row) => Number(row.id));
}

/** Ids of businesses in (afterId, throughId]: a fix-slugs batch's range, for updating an external index. */
export async function listBusinessIdsInRange(handle: DatabaseHandle, afterId: number, throughId: number): Promise<number[]> {
  const rows = await handle.query<{ id: number }>("select id::int as id from businesses where id > $1 and id <= $2 order by id", [
    afterId,
    throughId,
  ]);
  return rows.map((row) => Number(row.id));
}

/** Ids of the businesses marked as test data: read before they are deleted, so an external index can forget them. */
export async function listTestBusinessIds(handle: DatabaseHandle): Promise<number[]> {
  const rows = await handle.query<{ id: number }>("select id::int as id from businesses where is_test order by id");
  return rows.map((row) => Number(row.id));
}

export async function countApprovedBusinesses(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>("select count(*)::int as n from businesses where is_approved");
  return Number(row?.n ?? 0);
}

const COUNT_TABLES_TO_ANALYZE = ["category_counts", "city_counts", "country_counts", "search_top_ranked", "search_top_rated", "search_top_reviewed"];

/** Refreshes planner statistics after a bulk change (the Postgres engine's "reindex"); `only` one part of them. */
export async function analyzeSearchTables(handle: DatabaseHandle, only?: "businesses" | "count tables"): Promise<void> {
  const tables =
    only === "businesses" ? ["businesses"] : only === "count tables" ? COUNT_TABLES_TO_ANALYZE : ["businesses", ...COUNT_TABLES_TO_ANALYZE];
  for (const table of tables) await handle.query(`analyze ${table}`);
}
