// Deleting businesses → their rows move to the trash (deleted_businesses) and their identities get tombstones, in the
// delete's own statement; restoring moves them back (a slug taken meanwhile gets the next option of the slug rule)
// and lifts the tombstones. Trash entries older than the restore window are purged on every delete.
import { randomBytes } from "node:crypto";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { DirectoryError } from "../rules/directory-error.ts";
import { listSlugOptions } from "../rules/slug.ts";
import type { DatabaseHandle, Db } from "../client.ts";
import { businesses } from "../schema/index.ts";
import { AUDIT_SAMPLE_SIZE } from "./audit-log.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** Days a deleted business can be restored; older trash entries are purged (their tombstones stay). */
export const TRASH_RETENTION_DAYS = 30;

export type TrashReason = "delete" | "delete-filter" | "test-data" | "delete-all";

export interface TrashMeta {
  reason: TrashReason;
  /** Who deleted: an admin's username, or "cli". */
  deletedBy: string;
  /** One id per delete action; `newDeletionBatchId()` when not given. */
  batchId?: string;
}

/** A deleted business's list keys, as stored when it was deleted (what its counts must drop). */
export interface TrashedBusiness {
  id: number;
  name: string;
  slug: string;
  isApproved: boolean;
  status: string;
  categorySlug: string | null;
  countryCode: string | null;
  citySlug: string | null;
}

/** "20261126-044012-3fa9": sortable, short enough to type after `directory restore --batch`. */
export function newDeletionBatchId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${randomBytes(2).toString("hex")}`;
}

async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * The one delete statement: the matching businesses leave `businesses` (their redirects and aliases cascade), their
 * rows, old slugs and aliases (`_aliases` in the row) land in the trash, their identity keys, the identities merged
 * into them and the `pid:<place id>` of each get tombstones, so no re-import brings a merged identity back either. `returning` picks what comes back.
 * NOTE: every part sees the table as it was before the statement, so the redirects are read before the cascade.
 */
function trashStatement(where: SQL, meta: TrashMeta, batchId: string, returning: SQL): SQL {
  return sql`with gone as (delete from businesses b where ${where} returning b.*),
    trashed as (
      insert into deleted_businesses (business_id, identity_key, place_id, name, slug, row, redirects, batch_id, reason, deleted_by)
      select g.id, g.identity_key, g.place_id, g.name, g.slug,
             to_jsonb(g) - 'search_vector' - 'open_week' || jsonb_build_object('_aliases', coalesce((
               select jsonb_agg(jsonb_build_object('identity_key', a.identity_key, 'place_id', a.place_id, 'merge_id', a.merge_id))
                 from business_aliases a where a.business_id = g.id), '[]'::jsonb)),
             coalesce((select array_agg(r.old_slug order by r.old_slug) from slug_redirects r where r.business_id = g.id), '{}'),
             ${batchId}, ${meta.reason}, ${meta.deletedBy}
        from gone g
      returning id, business_id, identity_key, place_id
    ),
    tombstoned as (
      insert into business_tombstones (identity_key, trash_id)
      select distinct on (k.key) k.key, t.id
        from trashed t cross join lateral (
          values (t.identity_key), ('pid:' || t.place_id)
          union all select a.identity_key from business_aliases a where a.business_id = t.business_id
          union all select 'pid:' || a.place_id from business_aliases a where a.business_id = t.business_id
        ) as k(key)
       where k.key is not null
       order by k.key, t.id
      on conflict (identity_key) do update set trash_id = excluded.trash_id, created_at = now()
    )
    ${returning}`;
}

/** Drops trash entries past the restore window; their tombstones stay (trash_id becomes null). */
export async function purgeExpiredTrash(executor: Executor, days = TRASH_RETENTION_DAYS): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    executor,
    sql`with gone as (delete from deleted_businesses where deleted_at < now() - make_interval(days => ${days}::int) returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Moves the businesses matching `where` to the trash and returns each one's list keys (for scoped count updates). */
export async function trashBusinessRows(executor: Executor, where: SQL, meta: TrashMeta): Promise<TrashedBusiness[]> {
  await purgeExpiredTrash(executor);
  const batchId = meta.batchId ?? newDeletionBatchId();
  return rowsOf<TrashedBusiness>(
    executor,
    trashStatement(
      where,
      meta,
      batchId,
      sql`select g.id::float8 as id, g.name, g.slug, g.is_approved as "isApproved", g.status, g.category_slug as "categorySlug",
                 g.country_code as "countryCode", g.city_slug as "citySlug"
            from gone g`,
    ),
  ).then((rows) => rows.map((row) => ({ ...row, id: Number(row.id) })));
}

/** The first businesses (lowest ids) of a bulk delete, for its audit entry: what the delete touched. */
export interface TrashedSample {
  id: number;
  slug: string;
  name: string;
}

/**
 * Moves the businesses matching `where` to the trash; the count and a sample of AUDIT_SAMPLE_SIZE come back, never
 * every row (delete-all of a million rows).
 */
export async function trashBusinessesCounted(
  executor: Executor,
  where: SQL,
  meta: TrashMeta,
): Promise<{ count: number; batchId: string; sample: TrashedSample[] }> {
  await purgeExpiredTrash(executor);
  const batchId = meta.batchId ?? newDeletionBatchId();
  const rows = await rowsOf<{ n: number; sample: TrashedSample[] | string }>(
    executor,
    trashStatement(
      where,
      meta,
      batchId,
      sql`select count(*)::int as n,
                 (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'slug', s.slug, 'name', s.name) order by s.id), '[]'::jsonb)
                    from (select g.id, g.slug, g.name from gone g order by g.id limit ${AUDIT_SAMPLE_SIZE}) s) as sample
            from gone`,
    ),
  );
  const sample = rows[0]?.sample ?? [];
  return { count: Number(rows[0]?.n ?? 0), batchId, sample: typeof sample === "string" ? (JSON.parse(sample) as TrashedSample[]) : sample };
}

export interface TrashSelection {
  /** Trash entry ids (`directory restore --list` shows them). */
  ids?: number[];
  batchId?: string;
  all?: boolean;
}

export interface RestoreResult {
  restored: number;
  /** Restored businesses whose slug had been taken meanwhile. */
  renamed: Array<{ id: number; from: string; to: string }>;
  /** Entries left in the trash: their identity or place id is held by a business again. */
  conflicts: Array<{ trashId: number; businessId: number; name: string; reason: string }>;
  /** Business ids put back (what a search index must pick up). */
  restoredIds: number[];
  dryRun: boolean;
}

const RESTORE_CHUNK = 2000;

/** Columns a restore writes back from the stored row: every column but the generated ones (search vector, open week). */
const RESTORE_COLUMNS = Object.values(getTableColumns(businesses))
  .filter((column) => !column.generated)
  .map((column) => column.name);

class DryRunRollback extends Error {}

function selectionWhere(selection: TrashSelection): SQL {
  if (selection.all) return sql`true`;
  if (selection.batchId !== undefined) return sql`d.batch_id = ${selection.batchId}`;
  if (selection.ids && selection.ids.length > 0) return sql`d.id = any(${sql.param(selection.ids)}::bigint[])`;
  throw new DirectoryError("RESTORE_SELECTION_REQUIRED", "Name what to restore: trash ids, a deletion batch, or all of it.");
}

type TrashEntry = { id: number; business_id: number; identity_key: string; place_id: string | null; name: string; slug: string };

/** Restores one chunk of trash entries in the caller's transaction; see `restoreFromTrash`. */
async function restoreChunk(tx: Tx, entries: TrashEntry[], result: RestoreResult): Promise<void> {
  const keys = entries.map((entry) => entry.identity_key);
  const placeIds = entries.flatMap((entry) => (entry.place_id ? [entry.place_id] : []));
  const businessIds = entries.map((entry) => entry.business_id);
  const held = await rowsOf<{ id: number; identity_key: string; place_id: string | null }>(
    tx,
    sql`select id::float8 as id, identity_key, place_id from businesses
         where identity_key = any(${sql.param(keys)}::text[]) or place_id = any(${sql.param(placeIds)}::text[]) or id = any(${sql.param(businessIds)}::bigint[])`,
  );
  const heldKeys = new Set(held.map((row) => row.identity_key));
  const heldPlaces = new Set(held.flatMap((row) => (row.place_id ? [row.place_id] : [])));
  // NOTE: an id is only held again after `truncate … restart identity` (tests, a wiped database).
  const heldIds = new Set(held.map((row) => Number(row.id)));
  const free: TrashEntry[] = [];
  for (const entry of entries) {
    const clash = heldKeys.has(entry.identity_key)
      ? "identity"
      : entry.place_id && heldPlaces.has(entry.place_id)
        ? "place id"
        : heldIds.has(Number(entry.business_id))
          ? "id"
          : null;
    if (clash) {
      result.conflicts.push({
        trashId: entry.id,
        businessId: entry.business_id,
        name: entry.name,
        reason: `its ${clash} is held by another business`,
      });
    } else {
      free.push(entry);
    }
  }
  if (free.length === 0) return;

  // The slug rule's options, first free one wins (a slug another entry of this chunk took counts as taken).
  const optionsOf = new Map(free.map((entry) => [entry.id, listSlugOptions(entry.slug, entry.identity_key)]));
  const wanted = [...new Set([...optionsOf.values()].flat())];
  const taken = new Set(
    (await rowsOf<{ slug: string }>(tx, sql`select slug from businesses where slug = any(${sql.param(wanted)}::text[])`)).map((row) => row.slug),
  );
  const slugs: string[] = [];
  for (const entry of free) {
    const slug = (optionsOf.get(entry.id) ?? []).find((option) => !taken.has(option));
    if (slug === undefined) throw new DirectoryError("SLUG_EXHAUSTED", `no free slug for business #${entry.business_id} (${entry.slug})`);
    taken.add(slug);
    slugs.push(slug);
    if (slug !== entry.slug) result.renamed.push({ id: entry.business_id, from: entry.slug, to: slug });
  }
  const ids = free.map((entry) => entry.id);
  const columns = sql.raw(RESTORE_COLUMNS.join(", "));
  // NOTE: updated_at is now(), as every other write sets it: the search index's catch-up after an outage scans by
  // updated_at, and would miss a business restored with the stamp it had before its deletion.
  const restoredValue: Record<string, string> = { slug: "s.slug", updated_at: "now()" };
  const values = sql.raw(RESTORE_COLUMNS.map((name) => restoredValue[name] ?? `r.${name}`).join(", "));
  // NOTE: the business keeps its id (ids are never reused), so links by id and the search index stay right.
  await tx.execute(sql`insert into businesses (${columns}) overriding system value
    select ${values}
      from unnest(${sql.param(ids)}::bigint[], ${sql.param(slugs)}::text[]) as s(trash_id, slug)
      join deleted_businesses d on d.id = s.trash_id
      cross join lateral jsonb_populate_record(null::businesses, d.row) as r`);
  await tx.execute(sql`insert into slug_redirects (old_slug, business_id)
    select o.slug, d.business_id from deleted_businesses d cross join lateral unnest(d.redirects) as o(slug)
     where d.id = any(${sql.param(ids)}::bigint[]) and not exists (select 1 from businesses b where b.slug = o.slug)
    on conflict (old_slug) do nothing`);
  // The identities merged into it resolve to it again (its merges stay undoable where their record still exists).
  await tx.execute(sql`insert into business_aliases (identity_key, place_id, business_id, merge_id)
    select x.identity_key, x.place_id, d.business_id, m.id
      from deleted_businesses d
      cross join lateral jsonb_to_recordset(coalesce(d.row -> '_aliases', '[]'::jsonb)) as x(identity_key text, place_id text, merge_id bigint)
      left join business_merges m on m.id = x.merge_id
     where d.id = any(${sql.param(ids)}::bigint[])
    on conflict (identity_key) do nothing`);
  const tombstoneKeys = free.flatMap((entry) => (entry.place_id ? [entry.identity_key, `pid:${entry.place_id}`] : [entry.identity_key]));
  await tx.execute(sql`delete from business_tombstones
    where identity_key = any(${sql.param(tombstoneKeys)}::text[]) or trash_id = any(${sql.param(ids)}::bigint[])`);
  await tx.execute(sql`delete from deleted_businesses where id = any(${sql.param(ids)}::bigint[])`);
  result.restored += free.length;
  result.restoredIds.push(...free.map((entry) => Number(entry.business_id)));
}

/**
 * Puts trash entries back, in chunks of 2,000 (each its own transaction, so a huge restore never holds one long lock):
 * the row with its id and data, its old slugs as redirects where free, its tombstones lifted. `dryRun` rolls every
 * chunk back and reports what would happen.
 */
export async function restoreFromTrash(
  handle: DatabaseHandle,
  selection: TrashSelection,
  options: { dryRun?: boolean } = {},
): Promise<RestoreResult> {
  const where = selectionWhere(selection);
  const result: RestoreResult = { restored: 0, renamed: [], conflicts: [], restoredIds: [], dryRun: options.dryRun ?? false };
  let after = 0;
  for (;;) {
    let chunkSize = 0;
    try {
      await handle.db.transaction(async (tx) => {
        const entries = await rowsOf<TrashEntry>(
          tx,
          sql`select d.id::float8 as id, d.business_id::float8 as business_id, d.identity_key, d.place_id, d.name, d.slug
                from deleted_businesses d where ${where} and d.id > ${after} order by d.id limit ${RESTORE_CHUNK} for update`,
        );
        chunkSize = entries.length;
        const last = entries.at(-1);
        if (last) after = Number(last.id);
        await restoreChunk(tx, entries, result);
        if (result.dryRun) throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
    if (chunkSize < RESTORE_CHUNK) break;
  }
  return result;
}

/** What lifting re-import blocks did: the identities now free, and the ones still in the trash (restore those). */
export interface LiftResult {
  lifted: string[];
  inTrash: Array<{ identityKey: string; trashId: number }>;
  unknown: string[];
}

/**
 * Lifts the tombstones of identities whose trash entries were purged (past the restore window), so the next import
 * may bring them back. A key is an identity key ("pid:…", "na:…") or a bare place id. An identity still in the trash
 * is left alone: restoring it brings its row back with its id and history.
 */
export async function liftTombstones(handle: DatabaseHandle, keys: readonly string[]): Promise<LiftResult> {
  const wanted = [...new Set(keys.map((key) => (/^(?:pid|na|ng|nc):/.test(key) ? key : `pid:${key}`)))];
  const found = await handle.query<{ identity_key: string; trash_id: number | null }>(
    "select identity_key, trash_id::float8 as trash_id from business_tombstones where identity_key = any($1::text[])",
    [wanted],
  );
  const purged = found.filter((row) => row.trash_id === null).map((row) => row.identity_key);
  const lifted =
    purged.length === 0
      ? []
      : (
          await handle.query<{ identity_key: string }>(
            "delete from business_tombstones where identity_key = any($1::text[]) and trash_id is null returning identity_key",
            [purged],
          )
        ).map((row) => row.identity_key);
  const seen = new Set(found.map((row) => row.identity_key));
  return {
    lifted,
    inTrash: found.filter((row) => row.trash_id !== null).map((row) => ({ identityKey: row.identity_key, trashId: Number(row.trash_id) })),
    unknown: wanted.filter((key) => !seen.has(key)),
  };
}
