// Backup files on disk: which kind a file is (by its first bytes), and writing one atomically (a temporary file beside
// the target, fsynced, then renamed), so a failed or interrupted backup never leaves a half file under the name.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DirectoryError } from "../../../db/rules/directory-error.ts";

/** pg_dump's custom format begins with "PGDMP"; PGlite's dumpDataDir("gzip") is a gzipped tarball (1f 8b). */
export type BackupKind = "pg_dump" | "pglite";

/** The file's kind, or a DirectoryError saying why it cannot be a backup (missing, a folder, unreadable, other bytes). */
export function readBackupKind(file: string, given: string): BackupKind {
  let head: Buffer;
  try {
    const stats = fs.statSync(file);
    if (!stats.isFile())
      throw new DirectoryError("BACKUP_NOT_FOUND", `${given} is not a file — give the path of a backup written by \`directory backup --out\`.`);
    const fd = fs.openSync(file, "r");
    try {
      head = Buffer.alloc(5);
      head = head.subarray(0, fs.readSync(fd, head, 0, 5, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if (error instanceof DirectoryError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new DirectoryError("BACKUP_NOT_FOUND", `${given} does not exist — check the path of the backup file.`, { cause: error });
    }
    throw new DirectoryError("BACKUP_UNREADABLE", `${given} cannot be read (${code ?? String(error)}) — check its permissions.`, { cause: error });
  }
  if (head.toString("latin1") === "PGDMP") return "pg_dump";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  throw new DirectoryError(
    "BACKUP_FORMAT_UNKNOWN",
    `${given} is not a directory backup (neither a pg_dump custom-format archive nor a PGlite data-dir dump) — give a file written by \`directory backup --out\`.`,
  );
}

/**
 * Runs `write(temporaryPath)`, then fsyncs and renames the file to `target` (replacing it). On a failure, Ctrl-C or
 * SIGTERM the temporary file is removed and the target is left as it was.
 */
export async function writeAtomically(target: string, write: (temporaryPath: string) => Promise<void>): Promise<number> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}-${randomBytes(4).toString("hex")}`);
  const removeTemporary = () => fs.rmSync(temporary, { force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    removeTemporary();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    await write(temporary);
    const fd = fs.openSync(temporary, "r+");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    const bytes = fs.statSync(temporary).size;
    fs.renameSync(temporary, target);
    return bytes;
  } catch (error) {
    removeTemporary();
    throw error;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
