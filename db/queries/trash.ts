// The trash (deleted businesses within the restore window) → its entries newest first, keyset-paged, and its
// deletion batches with their sizes: what `directory restore --list` and the admin trash screen show.
import type { DatabaseHandle } from "../client.ts";

export interface TrashEntry {
  id: number;
  businessId: number;
  name: string;
  slug: string;
  city: string | null;
  countryCode: string | null;
  batchId: string;
  reason: string;
  deletedBy: string;
  /** ISO time. */
  deletedAt: string;
}

export interface TrashBatch {
  batchId: string;
  reason: string;
  deletedBy: string;
  deletedAt: string;
  count: number;
}

const ENTRY_COLUMNS = `d.id::float8 as id, d.business_id::float8 as "businessId", d.name, d.slug, d.row->>'city' as city,
  d.row->>'country_code' as "countryCode", d.batch_id as "batchId", d.reason, d.deleted_by as "deletedBy",
  to_char(d.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "deletedAt"`;

/** Entries older than `beforeId` (newest first), optionally of one batch; `limit + 1` read to tell whether more exist. */
export async function listTrashEntries(
  handle: DatabaseHandle,
  options: { limit: number; beforeId?: number; batchId?: string },
): Promise<{ entries: TrashEntry[]; nextBeforeId: number | null }> {
  const params: unknown[] = [options.limit + 1];
  const where: string[] = [];
  if (options.beforeId !== undefined) {
    params.push(options.beforeId);
    where.push(`d.id < $${params.length}`);
  }
  if (options.batchId !== undefined) {
    params.push(options.batchId);
    where.push(`d.batch_id = $${params.length}`);
  }
  const rows = await handle.query<TrashEntry>(
    `select ${ENTRY_COLUMNS} from deleted_businesses d ${where.length > 0 ? `where ${where.join(" and ")}` : ""} order by d.id desc limit $1`,
    params,
  );
  const more = rows.length > options.limit;
  const entries = (more ? rows.slice(0, options.limit) : rows).map((row) => ({ ...row, id: Number(row.id), businessId: Number(row.businessId) }));
  return { entries, nextBeforeId: more ? (entries.at(-1)?.id ?? null) : null };
}

/** The newest deletion batches (one per delete action) with how many entries each still has in the trash. */
export async function listTrashBatches(handle: DatabaseHandle, limit: number): Promise<TrashBatch[]> {
  const rows = await handle.query<TrashBatch>(
    `select batch_id as "batchId", min(reason) as reason, min(deleted_by) as "deletedBy",
            to_char(max(deleted_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "deletedAt", count(*)::int as count
       from deleted_businesses group by batch_id order by max(deleted_at) desc, batch_id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export async function countTrash(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>("select count(*)::int as n from deleted_businesses");
  return Number(row?.n ?? 0);
}

/** Every business, visible or not: the number delete-all's confirmation must repeat. */
export async function countAllBusinesses(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>("select count(*)::int as n from businesses");
  return Number(row?.n ?? 0);
}
