// `directory backup --out FILE | restore-backup FILE`: the whole database to one file and back (pg_dump custom format
// on a PostgreSQL server, PGlite's data-dir dump when embedded); results on stdout, JSON with --json.
// NOTE: `restore` is taken by the trash (deleted businesses back), hence `restore-backup` for a whole database.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { getEnv } from "../../db/env.ts";
import { createBackup, restoreBackup, type BackupTarget } from "../pipeline/backup/database-backup.ts";
import { assertWritableTarget, CliError, EXIT, formatBytes, parseOptions, printResult } from "./shared.ts";

const BackupOptionsSchema = z.object({
  out: z.string().trim().min(1, "must name the backup file to write, e.g. --out directory.backup").max(4096),
  force: z.boolean().default(false),
  json: z.boolean().default(false),
});

const RestoreBackupOptionsSchema = z.object({
  force: z.boolean().default(false),
  json: z.boolean().default(false),
});

function targetFromEnv(): BackupTarget {
  const env = getEnv();
  return env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function runBackup(raw: unknown): Promise<void> {
  const options = parseOptions(BackupOptionsSchema, raw);
  const out = path.resolve(options.out);
  if (fs.existsSync(out) && !fs.statSync(out).isDirectory() && !options.force) {
    throw new CliError(
      "BACKUP_OUTPUT_EXISTS",
      `--out ${options.out} already exists — choose another file name, or pass --force to replace it.`,
      EXIT.USAGE,
    );
  }
  assertWritableTarget(out, options.out);
  const result = await createBackup(targetFromEnv(), out);
  printResult(
    options.json,
    result,
    () =>
      `Backed up the database (${result.migrations} migrations applied) to ${options.out} (${result.kind === "pg_dump" ? `${result.tool}, custom format` : "PGlite data-dir dump"}, ${formatBytes(result.bytes)}) in ${seconds(result.durationMs)}.\n` +
      `Restore it into a new, empty database with: directory restore-backup ${options.out}`,
  );
}

async function runRestoreBackup(file: string, raw: unknown): Promise<void> {
  const options = parseOptions(RestoreBackupOptionsSchema, raw);
  const result = await restoreBackup(targetFromEnv(), path.resolve(file), file, options);
  printResult(options.json, result, () => {
    const migrated =
      result.migrations > result.migrationsInBackup ? `, then migrated from ${result.migrationsInBackup} to ${result.migrations} migrations` : "";
    return `Restored ${file} (${result.kind === "pg_dump" ? result.tool : "PGlite data-dir dump"})${migrated} in ${seconds(result.durationMs)}.\nRun \`directory reindex\` if the site uses Meilisearch.`;
  });
}

export function register(program: Command): void {
  program
    .command("backup")
    .description("Write the whole database to one file: pg_dump custom format on a PostgreSQL server, PGlite's data-dir dump when embedded")
    .requiredOption("--out <file>", "the backup file to write (under a temporary name first, renamed when complete)")
    .option("--force", "replace --out if it exists")
    .option("--json", "print the result as JSON")
    .action(runBackup);

  program
    .command("restore-backup")
    .description("Restore a `directory backup` file into a new, empty database (DATABASE_URL) or data dir (DATA_DIR), then migrate it")
    .argument("<file>", "the backup file written by `directory backup --out`")
    .option("--force", "restore into a database or data dir that is not empty, replacing what it holds")
    .option("--json", "print the result as JSON")
    .action(runRestoreBackup);
}
