// The database → one backup file, and a backup file → a new database migrated to this version: pg_dump/pg_restore
// (custom format) on a PostgreSQL server, PGlite's own data-dir dump when embedded. A restore goes only into an empty
// target unless forced, and changes nothing when it fails.
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock, openDatabase } from "../../../db/client.ts";
import { runMigrations } from "../../../db/migrate.ts";
import { countAppliedMigrations, countUserRelations, getServerMajorVersion } from "../../../db/queries/database-contents.ts";
import { DirectoryError } from "../../../db/rules/directory-error.ts";
import { readBackupKind, writeAtomically, type BackupKind } from "./backup-file.ts";
import { findPgTool, lastErrorLine, runPgTool, splitPassword } from "./pg-client-tools.ts";

/** Where the database is: a PostgreSQL server (URL) or a PGlite data dir. */
export type BackupTarget = { databaseUrl: string } | { dataDir: string };

export interface BackupResult {
  file: string;
  kind: BackupKind;
  bytes: number;
  migrations: number;
  /** The client that wrote it (server driver), e.g. "pg_dump 15.18". */
  tool?: string;
  durationMs: number;
}

export interface RestoreResult {
  file: string;
  kind: BackupKind;
  /** Migrations recorded in the backup, and after the migration check brought it up to this version. */
  migrationsInBackup: number;
  migrations: number;
  tool?: string;
  durationMs: number;
}

/** An empty database cannot be told from a mistyped DATABASE_URL or DATA_DIR: no backup of one. */
function sourceEmpty(location: string): DirectoryError {
  return new DirectoryError(
    "BACKUP_SOURCE_EMPTY",
    `${location} holds no directory database (no migrations recorded) — check DATABASE_URL or DATA_DIR.`,
  );
}

export async function createBackup(target: BackupTarget, outPath: string): Promise<BackupResult> {
  const started = performance.now();
  const done = (result: Omit<BackupResult, "durationMs" | "file">): BackupResult => ({
    file: outPath,
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  if ("databaseUrl" in target) {
    const handle = await openDatabase({ databaseUrl: target.databaseUrl, migrate: false, maxConnections: 1 });
    let migrations: number;
    let serverMajor: number;
    try {
      migrations = await countAppliedMigrations(handle);
      if (migrations === 0) throw sourceEmpty(handle.location);
      serverMajor = await getServerMajorVersion(handle);
    } finally {
      await handle.close();
    }
    const pgDump = findPgTool("pg_dump", serverMajor, "the server");
    const { url, password } = splitPassword(target.databaseUrl);
    const bytes = await writeAtomically(outPath, async (temporary) => {
      const run = await runPgTool(pgDump, ["--format=custom", `--file=${temporary}`, `--dbname=${url}`], { password });
      if (run.code !== 0) {
        throw new DirectoryError("BACKUP_FAILED", `pg_dump ${pgDump.version} failed: ${lastErrorLine(run.stderr)} — fix the cause and run again.`);
      }
    });
    return done({ kind: "pg_dump", bytes, migrations, tool: `pg_dump ${pgDump.version}` });
  }
  const dataDir = path.resolve(target.dataDir);
  if (!fs.existsSync(path.join(dataDir, "pgdata", "PG_VERSION"))) throw sourceEmpty(`DATA_DIR ${dataDir}`);
  // NOTE: the data dir's lock is held meanwhile: a server running on it must be stopped first (DATA_DIR_LOCKED).
  const handle = await openDatabase({ dataDir, migrate: false });
  let tarball: Uint8Array;
  let migrations: number;
  try {
    migrations = await countAppliedMigrations(handle);
    if (migrations === 0) throw sourceEmpty(`DATA_DIR ${dataDir}`);
    if (!handle.dumpDataDir) throw new Error("a PGlite handle without dumpDataDir");
    tarball = await handle.dumpDataDir();
  } finally {
    await handle.close();
  }
  const bytes = await writeAtomically(outPath, (temporary) => fs.promises.writeFile(temporary, tarball, { mode: 0o600 }));
  return done({ kind: "pglite", bytes, migrations });
}

function notEmpty(what: string): DirectoryError {
  return new DirectoryError(
    "RESTORE_TARGET_NOT_EMPTY",
    `${what} already holds data — restore into a new, empty database (or data dir), or pass --force to replace what it holds.`,
  );
}

function wrongDriver(kind: BackupKind, given: string): DirectoryError {
  return kind === "pg_dump"
    ? new DirectoryError(
        "BACKUP_WRONG_DRIVER",
        `${given} is a pg_dump archive of a PostgreSQL server — restore it with DATABASE_URL set to a new, empty database.`,
      )
    : new DirectoryError(
        "BACKUP_WRONG_DRIVER",
        `${given} is a backup of an embedded (PGlite) database — restore it with DATABASE_URL unset and DATA_DIR naming a new, empty folder.`,
      );
}

export async function restoreBackup(target: BackupTarget, file: string, given: string, options: { force: boolean }): Promise<RestoreResult> {
  const started = performance.now();
  const kind = readBackupKind(file, given);
  const done = (result: Omit<RestoreResult, "durationMs" | "file" | "kind">): RestoreResult => ({
    file,
    kind,
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  if ("databaseUrl" in target) {
    if (kind !== "pg_dump") throw wrongDriver(kind, given);
    return done(await restoreOnServer(target.databaseUrl, file, given, options));
  }
  if (kind !== "pglite") throw wrongDriver(kind, given);
  return done(await restoreDataDir(path.resolve(target.dataDir), file, given, options));
}

async function restoreOnServer(databaseUrl: string, file: string, given: string, options: { force: boolean }) {
  const probe = await openDatabase({ databaseUrl, migrate: false, maxConnections: 1 });
  let serverMajor: number;
  try {
    if (!options.force && (await countUserRelations(probe)) > 0) throw notEmpty(`The database ${probe.location}`);
    serverMajor = await getServerMajorVersion(probe);
  } finally {
    await probe.close();
  }
  const pgRestore = findPgTool("pg_restore", serverMajor, "the server");
  const listed = await runPgTool(pgRestore, ["--list", file]);
  if (listed.code !== 0) {
    throw new DirectoryError(
      "BACKUP_UNREADABLE",
      `${given} cannot be read by pg_restore ${pgRestore.version}: ${lastErrorLine(listed.stderr)} — is it complete?`,
    );
  }
  const dumpedBy = /Dumped by pg_dump version:\s*(\d+)/.exec(listed.stdout);
  if (dumpedBy && Number(dumpedBy[1]) > pgRestore.major) {
    throw new DirectoryError(
      "PG_CLIENT_TOO_OLD",
      `${given} was written by pg_dump ${dumpedBy[1]}, newer than pg_restore ${pgRestore.version} — install the PostgreSQL ${dumpedBy[1]} client tools and put them on PATH.`,
    );
  }
  const { url, password } = splitPassword(databaseUrl);
  // NOTE: one transaction: a restore that fails part-way leaves the target as it was. No owners or grants from the
  // source: the restored objects belong to the user in DATABASE_URL, whatever role owned them there.
  const args = ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${url}`];
  if (options.force) args.push("--clean", "--if-exists");
  const run = await runPgTool(pgRestore, [...args, file], { password });
  if (run.code !== 0) {
    throw new DirectoryError(
      "RESTORE_FAILED",
      `pg_restore ${pgRestore.version} failed and changed nothing: ${lastErrorLine(run.stderr)} — check that the backup file is complete and that the user in DATABASE_URL may create tables and extensions, then run again.`,
    );
  }
  const handle = await openDatabase({ databaseUrl, migrate: false, maxConnections: 1 });
  try {
    const migrationsInBackup = await countAppliedMigrations(handle);
    // The app's migration check: a backup from an older version is brought up to this one.
    await runMigrations(handle);
    return { migrationsInBackup, migrations: await countAppliedMigrations(handle), tool: `pg_restore ${pgRestore.version}` };
  } finally {
    await handle.close();
  }
}

/**
 * The tarball is loaded into a staging data dir inside the target, migrated there, and only then moved into place
 * (a rename); the target's lock is held throughout, so no server opens it half restored.
 */
async function restoreDataDir(dataDir: string, file: string, given: string, options: { force: boolean }) {
  const release = acquireDataDirLock(dataDir);
  const live = path.join(dataDir, "pgdata");
  let staging: string | undefined;
  try {
    if (!options.force && fs.existsSync(live) && fs.readdirSync(live).length > 0) throw notEmpty(`DATA_DIR ${dataDir}`);
    const tarball = await fs.promises.readFile(file);
    staging = fs.mkdtempSync(path.join(dataDir, ".restore-"));
    let counts: { migrationsInBackup: number; migrations: number };
    let handle;
    try {
      handle = await openDatabase({ dataDir: staging, loadDataDir: tarball, migrate: false });
    } catch (error) {
      throw new DirectoryError(
        "BACKUP_UNREADABLE",
        `${given} could not be loaded as a PGlite data dir (${error instanceof Error ? error.message : String(error)}) — is it complete?`,
        { cause: error },
      );
    }
    try {
      const migrationsInBackup = await countAppliedMigrations(handle);
      await runMigrations(handle);
      counts = { migrationsInBackup, migrations: await countAppliedMigrations(handle) };
    } finally {
      await handle.close();
    }
    const replaced = `${live}.replaced-${process.pid}`;
    const hadLive = fs.existsSync(live);
    if (hadLive) fs.renameSync(live, replaced);
    try {
      fs.renameSync(path.join(staging, "pgdata"), live);
    } catch (error) {
      if (hadLive) fs.renameSync(replaced, live);
      throw error;
    }
    fs.rmSync(replaced, { recursive: true, force: true });
    return counts;
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
