// Database handle → schema at the latest migration; the one code path for PGlite and the Postgres server.
// NOTE: drizzle-kit migrate cannot load PGlite extensions, so migrations are always applied from here.
import { DirectoryError } from "./rules/directory-error.ts";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgliteClient } from "./pglite-remote.ts";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/** Any lock id works as long as every process uses the same one. */
const MIGRATION_LOCK_ID = 728_190_431;

/**
 * Finds db/migrations by walking up from this module: it works from the source tree (db/migrate.ts) and from
 * the Remix server bundle (build/index.js), which both sit below the project root.
 */
export function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    for (const candidate of [path.join(dir, "migrations"), path.join(dir, "db", "migrations")]) {
      if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new DirectoryError("MIGRATIONS_NOT_FOUND", `no db/migrations folder above ${start}; run from the project folder.`);
    dir = parent;
  }
}

interface MigratableHandle {
  driver: "pglite" | "postgres";
  pglite?: PgliteClient;
  /** Server URL (postgres driver): migrations run on a dedicated single connection holding the lock. */
  connectionUrl?: string;
}

/** Migrations recorded as applied (0 before the first); the table is looked up first, a query naming it would fail. */
async function countAppliedMigrations(query: (text: string) => Promise<Array<{ n?: number; present?: boolean }>>): Promise<number> {
  const [table] = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) return 0;
  return Number((await query("select count(*)::int as n from drizzle.__drizzle_migrations"))[0]?.n ?? 0);
}

/**
 * After migrations that changed a database holding data: VACUUM (ANALYZE) of the business table. NOTE: a migration
 * that rewrites the table (a column type change, a stored generated column) leaves it with an empty visibility map,
 * and autovacuum never returns to a table that gets no inserts or deletes: every index-only scan of the sort, list and
 * walk indexes then read the heap row by row (at 1M businesses a country sorted by rating took 261–381 ms p95 with an
 * empty map, 91 ms once vacuumed, on a loaded machine). Runs outside the migration's transaction, after its lock.
 */
const RESTORE_VISIBILITY = "vacuum (analyze) businesses";

export async function runMigrations(handle: MigratableHandle, migrationsFolder = findMigrationsFolder()): Promise<void> {
  if (handle.driver === "pglite") {
    if (!handle.pglite) throw new Error("PGlite handle without a client");
    // NOTE: imported here so processes on a PostgreSQL server never load PGlite (see openPglite in client.ts).
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const pglite = handle.pglite;
    const countApplied = () => countAppliedMigrations(async (text) => (await pglite.query<{ n?: number; present?: boolean }>(text)).rows);
    const before = await countApplied();
    await migratePglite(drizzlePglite(pglite as unknown as PGlite), { migrationsFolder });
    if (before > 0 && (await countApplied()) > before) await pglite.exec(RESTORE_VISIBILITY);
    return;
  }
  if (!handle.connectionUrl) throw new Error("postgres handle without a connection URL");
  // Several app processes may start at once: one migrates, the others wait on the advisory lock.
  // NOTE: max 1 keeps the lock, the migration and the unlock on the same session.
  const single = postgres(handle.connectionUrl, { max: 1, onnotice: () => {} });
  try {
    await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    let [before, after] = [0, 0];
    try {
      const countApplied = () => countAppliedMigrations((text) => single.unsafe<Array<{ n?: number; present?: boolean }>>(text));
      before = await countApplied();
      await migratePostgres(drizzlePostgres(single), { migrationsFolder });
      after = await countApplied();
    } finally {
      await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
    if (before > 0 && after > before) await single.unsafe(RESTORE_VISIBILITY);
  } finally {
    await single.end({ timeout: 5 });
  }
}

/**
 * Refuses a database that is empty or behind this code's migrations, changing nothing (read-only commands). Like
 * drizzle's migrator, "applied" means the newest recorded migration is as new as the journal's newest.
 */
export async function assertMigrated(
  handle: { query<T extends object>(text: string, params?: unknown[]): Promise<T[]> },
  location: string,
): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  const latest = Math.max(...journal.entries.map((entry) => entry.when));
  const [table] = await handle.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) {
    throw new DirectoryError(
      "DATABASE_NOT_MIGRATED",
      `The database ${location} is empty (no directory schema) — check DATABASE_URL or DATA_DIR, or create the schema with \`directory migrate\` (or an import).`,
    );
  }
  const [applied] = await handle.query<{ count: number; newest: string | null }>(
    "select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations",
  );
  if (Number(applied?.newest ?? 0) < latest) {
    throw new DirectoryError(
      "DATABASE_OUTDATED",
      `The database ${location} has ${applied?.count ?? 0} of this version's ${journal.entries.length} migrations applied — run \`directory migrate\` to bring it up to date.`,
    );
  }
}
