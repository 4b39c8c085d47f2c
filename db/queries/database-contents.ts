// Database handle → what a backup or a restore needs to know of it: the server's version, whether it holds anything,
// and the migrations recorded; read-only.
import type { DatabaseHandle } from "../client.ts";

type QueryHandle = Pick<DatabaseHandle, "query">;

/** The server's major version (e.g. 15 for 15.18), from server_version_num (150018). */
export async function getServerMajorVersion(handle: QueryHandle): Promise<number> {
  const [row] = await handle.query<{ server_version_num: string }>("show server_version_num");
  return Math.floor(Number(row?.server_version_num ?? 0) / 10_000);
}

/**
 * Tables, views, sequences and foreign tables outside the system schemas: 0 for a new database (CREATE DATABASE from
 * template1 as shipped), so a restore into anything else is refused unless forced.
 */
export async function countUserRelations(handle: QueryHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>(
    `select count(*)::int as n
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  );
  return row?.n ?? 0;
}

/** Migrations recorded as applied; 0 when the directory's schema is not there (the table is looked up first). */
export async function countAppliedMigrations(handle: QueryHandle): Promise<number> {
  const [table] = await handle.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) return 0;
  const [row] = await handle.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
  return row?.n ?? 0;
}
