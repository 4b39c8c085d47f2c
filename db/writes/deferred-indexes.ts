// A bulk import into a small `businesses` table → its secondary indexes dropped for the import and built once at its
// end, two at a time; the definitions are recorded in the drop's own transaction, so an import killed in between
// leaves them for the next import, count refresh or server start to rebuild. Server driver only.
import type postgres from "postgres";
import type { DatabaseHandle } from "../client.ts";
import { openDedicatedSession } from "./dedicated-session.ts";

/** Held (session-level) by the process whose import deferred the indexes, until it has rebuilt them. */
export const INDEX_DEFERRAL_LOCK = 728_190_434;

export type IndexDeferralMode = "auto" | "always" | "never";

/**
 * NOTE: measured at 278k businesses (PostgreSQL 15, 2 cores): inserting with the 15 secondary indexes cost 41 s of
 * server CPU, with only the unique ones 17 s, and building the 15 afterwards 8 s — about 28 µs per stored row,
 * against 88 µs per inserted row kept up one by one. Deferring pays when the import at least doubles the table.
 * There are 24 since migrations 0032 (businesses_country_rating_sort_idx), 0034 (the seven full-text shards) and 0036
 * (businesses_near_idx, GiST); the figures were not measured again.
 */
const MIN_DEFERRED_ROWS = 20_000;

/** Whether an import of about `incomingRows` into a table of `storedRows` should defer the secondary indexes. */
export function shouldDeferIndexes(mode: IndexDeferralMode, incomingRows: number, storedRows: number): boolean {
  if (mode !== "auto") return mode === "always";
  return incomingRows >= MIN_DEFERRED_ROWS && incomingRows >= 2 * storedRows;
}

/** Rows in a file of `bytes`, estimated low (a generated Google-Maps export averages 1.35 kB a CSV row), so a guess errs towards keeping the indexes. */
export function estimateFileRows(bytes: number): number {
  return Math.floor(bytes / 1500);
}

export interface IndexDeferral {
  /** The indexes dropped (and any an earlier, killed import had left dropped). */
  indexes: string[];
  /** Builds every deferred index, then ends the deferral (the lock is released even when a build fails). */
  restore(): Promise<RestoredIndexes>;
}

export interface RestoredIndexes {
  built: string[];
  seconds: number;
}

// Non-unique indexes that back no constraint: the unique ones stay, because the import's merge looks rows up by
// identity and slug, and place ids must stay unique while it writes.
const SECONDARY_INDEXES = `
  select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
   where i.indrelid = 'businesses'::regclass and not i.indisunique and not i.indisprimary
     and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
   order by c.relname`;

function openSession(handle: DatabaseHandle): postgres.Sql {
  return openDedicatedSession(handle, "business-directory-index-builder");
}

async function tryDeferralLock(session: postgres.Sql): Promise<boolean> {
  const [row] = await session.unsafe<Array<{ ok: boolean }>>("select pg_try_advisory_lock($1::bigint) as ok", [INDEX_DEFERRAL_LOCK]);
  return row?.ok === true;
}

/**
 * Drops the secondary indexes of `businesses` for a bulk import of about `incomingRows`, or returns null: another
 * driver, the rule says no, another process's import holds them deferred, or running queries kept the table busy
 * for 3 s (the import then runs with its indexes).
 */
export async function deferBusinessIndexes(handle: DatabaseHandle, incomingRows: number, mode: IndexDeferralMode): Promise<IndexDeferral | null> {
  if (handle.driver !== "postgres" || mode === "never") return null;
  if (mode === "auto" && incomingRows < MIN_DEFERRED_ROWS) return null;
  const session = openSession(handle);
  try {
    if (mode === "auto") {
      // Counted up to the bound only: the answer is the same for any larger table, and a million-row count is skipped.
      const limit = Math.ceil(incomingRows / 2) + 1;
      const [stored] = await session.unsafe<Array<{ n: number }>>("select count(*)::int as n from (select 1 from businesses limit $1) b", [limit]);
      if (!shouldDeferIndexes(mode, incomingRows, Number(stored?.n ?? 0))) return await closeWith(session, null);
    }
    if (!(await tryDeferralLock(session))) return await closeWith(session, null);
    const dropped = await session
      .begin(async (tx) => {
        await tx.unsafe("set local lock_timeout = '3s'");
        const indexes = await tx.unsafe<Array<{ name: string; definition: string }>>(SECONDARY_INDEXES);
        for (const index of indexes) {
          await tx.unsafe("insert into deferred_indexes (name, definition) values ($1, $2) on conflict (name) do nothing", [
            index.name,
            index.definition,
          ]);
          await tx.unsafe(`drop index if exists ${quoteIdentifier(index.name)}`);
        }
        return indexes.map((index) => index.name);
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === "55P03") return null;
        throw error;
      });
    if (dropped === null) {
      await session.unsafe("select pg_advisory_unlock($1::bigint)", [INDEX_DEFERRAL_LOCK]);
      return await closeWith(session, null);
    }
    const recorded = await session.unsafe<Array<{ name: string }>>("select name from deferred_indexes order by name");
    return {
      indexes: recorded.map((row) => row.name),
      restore: async () => {
        try {
          return await buildDeferredIndexes(handle, session);
        } finally {
          await session.end({ timeout: 5 }).catch(() => undefined);
        }
      },
    };
  } catch (error) {
    await session.end({ timeout: 2 }).catch(() => undefined);
    throw error;
  }
}

async function closeWith<T>(session: postgres.Sql, value: T): Promise<T> {
  await session.end({ timeout: 2 }).catch(() => undefined);
  return value;
}

/**
 * Rebuilds indexes a killed import left dropped; nothing when there are none or a live import holds them (its own
 * end rebuilds them). Cheap when there is nothing to do: one indexed read.
 */
export async function restoreDeferredIndexes(handle: DatabaseHandle): Promise<RestoredIndexes | null> {
  if (handle.driver !== "postgres") return null;
  const [pending] = await handle.query<{ any: boolean }>("select exists (select 1 from deferred_indexes) as any");
  if (!pending?.any) return null;
  const session = openSession(handle);
  try {
    if (!(await tryDeferralLock(session))) return null;
    return await buildDeferredIndexes(handle, session);
  } finally {
    await session.end({ timeout: 5 }).catch(() => undefined);
  }
}

/**
 * Builds every recorded index on two connections (the lock holder and one more), the costliest first; each build
 * and the removal of its record commit together. `holder` holds INDEX_DEFERRAL_LOCK and keeps it until it ends.
 */
async function buildDeferredIndexes(handle: DatabaseHandle, holder: postgres.Sql): Promise<RestoredIndexes> {
  const started = performance.now();
  const pending = await holder.unsafe<Array<{ name: string; definition: string }>>("select name, definition from deferred_indexes");
  // GIN indexes (trigram, full text) take the longest: started first, they do not end up alone at the end.
  const queue = pending.sort((a, b) => Number(/ USING gin /i.test(b.definition)) - Number(/ USING gin /i.test(a.definition)));
  const built: string[] = [];
  const helper = queue.length > 1 ? openSession(handle) : null;
  const buildOn = async (session: postgres.Sql) => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const index = next;
      await session.begin(async (tx) => {
        // NOTE: more sort memory than the server's 64 MB default keeps a large build in memory.
        await tx.unsafe("set local maintenance_work_mem = '128MB'");
        await tx.unsafe(index.definition.replace(/^CREATE INDEX /i, "CREATE INDEX IF NOT EXISTS "));
        await tx.unsafe("delete from deferred_indexes where name = $1", [index.name]);
      });
      built.push(index.name);
    }
  };
  try {
    // Both settle before the lock goes: a failed build on one connection must not leave the other building unlocked.
    const settled = await Promise.allSettled([buildOn(holder), helper ? buildOn(helper) : null]);
    for (const result of settled) if (result.status === "rejected") throw result.reason;
  } finally {
    await helper?.end({ timeout: 5 }).catch(() => undefined);
    await holder.unsafe("select pg_advisory_unlock($1::bigint)", [INDEX_DEFERRAL_LOCK]).catch(() => undefined);
  }
  return { built: built.sort(), seconds: (performance.now() - started) / 1000 };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
