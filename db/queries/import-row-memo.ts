// Stored import memos (businesses.import_row_hash / import_row_facts) → the keys a re-import looks for, and the facts
// of the businesses it found, with their current content hash (a memo holds only while the business is unchanged).
import type { DatabaseHandle } from "../client.ts";

/** Memo keys per page of the walk: bounded memory for the rows, one index scan per page. */
const PAGE_SIZE = 50_000;

/**
 * Every stored memo key's first `prefixLength` characters with its business id, a page at a time in id order: the
 * caller keeps what it needs of a page, and no page outlives the next (5M keys as strings held 860 MB).
 * NOTE: `order by b.id`, never `order by id`: that names the float8 output column, and PostgreSQL then sorted every
 * row after the page's start for each page (4 minutes for 5M keys, where one walk of the primary key suffices).
 */
export async function* walkImportRowKeys(handle: DatabaseHandle, prefixLength: number): AsyncGenerator<Array<{ id: number; key: string }>> {
  let after = 0;
  for (;;) {
    const page = await handle.query<{ id: number; key: string }>(
      `select b.id::float8 as id, left(b.import_row_hash, ${Math.max(1, Math.trunc(prefixLength))}) as key from businesses b
        where b.id > $1::bigint and b.import_row_hash is not null order by b.id limit ${PAGE_SIZE}`,
      [after],
    );
    if (page.length > 0) yield page.map((row) => ({ id: Number(row.id), key: row.key }));
    if (page.length < PAGE_SIZE) return;
    after = Number((page[page.length - 1] as { id: number }).id);
  }
}

/** The planner's estimate of the stored businesses, or null when the table was never analyzed. */
export async function estimateStoredBusinesses(handle: DatabaseHandle): Promise<number | null> {
  const [estimate] = await handle.query<{ tuples: number }>("select reltuples::float8 as tuples from pg_class where oid = 'businesses'::regclass");
  const tuples = Number(estimate?.tuples ?? -1);
  return tuples >= 0 ? tuples : null;
}

/**
 * Whether the stored businesses number at least `rows` (the planner's estimate, or a count bounded by `rows` when the
 * table was never analyzed): reads no business row on an analyzed table.
 */
export async function hasStoredBusinesses(handle: DatabaseHandle, rows: number): Promise<boolean> {
  const tuples = await estimateStoredBusinesses(handle);
  if (tuples !== null) return tuples >= rows;
  const limit = Math.max(1, Math.ceil(rows));
  const [counted] = await handle.query<{ n: number }>(`select count(*)::int as n from (select 1 from businesses limit ${limit}) b`);
  return Number(counted?.n ?? 0) >= limit;
}

export interface StoredRowMemo {
  id: number;
  key: string | null;
  facts: string | null;
  identityKey: string;
  contentHash: string;
}

/** The memos of the given businesses (missing ids were deleted since the keys were read). */
export async function readImportRowMemos(handle: DatabaseHandle, ids: number[]): Promise<StoredRowMemo[]> {
  if (ids.length === 0) return [];
  const rows = await handle.query<{ id: number; key: string | null; facts: string | null; identity_key: string; content_hash: string }>(
    `select id::float8 as id, import_row_hash as key, import_row_facts as facts, identity_key, content_hash
       from businesses where id = any($1::float8[]::bigint[])`,
    [ids],
  );
  return rows.map((row) => ({ id: Number(row.id), key: row.key, facts: row.facts, identityKey: row.identity_key, contentHash: row.content_hash }));
}
