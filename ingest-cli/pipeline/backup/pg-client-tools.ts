// "pg_dump" / "pg_restore" → the newest installed client binary (PATH, then /usr/lib/postgresql/<ver>/bin), refused
// with a fix when missing or older than the PostgreSQL major version it must work with; and a runner for it.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DirectoryError } from "../../../db/rules/directory-error.ts";

export type PgToolName = "pg_dump" | "pg_restore";

export interface PgTool {
  name: PgToolName;
  path: string;
  /** As the tool prints it, e.g. "15.18". */
  version: string;
  major: number;
}

/** Debian and Ubuntu install each client version here; PATH's pg_dump may be another version's or a wrapper. */
const DEBIAN_CLIENT_ROOT = "/usr/lib/postgresql";

/** PATH's folders, then each /usr/lib/postgresql/<version>/bin. */
function clientFolders(): string[] {
  const fromPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  let versioned: string[] = [];
  try {
    versioned = fs.readdirSync(DEBIAN_CLIENT_ROOT).map((version) => path.join(DEBIAN_CLIENT_ROOT, version, "bin"));
  } catch {
    // Not a Debian-style installation: PATH only.
  }
  return [...fromPath, ...versioned];
}

function candidatePaths(name: PgToolName, folders: string[]): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const folder of folders) {
    const file = path.join(folder, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      const real = fs.realpathSync(file);
      if (seen.has(real)) continue;
      seen.add(real);
      found.push(file);
    } catch {
      // Not there or not executable.
    }
  }
  return found;
}

/** "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → 15.18; 9.6-style versions give their first number. */
function readVersion(file: string, name: PgToolName): PgTool | undefined {
  try {
    const text = execFileSync(file, ["--version"], { encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "ignore"] });
    const match = /\)\s+(\d+)(?:\.(\d+))?/.exec(text);
    const [, major, minor] = match ?? [];
    if (!major) return undefined;
    return { name, path: file, version: minor ? `${major}.${minor}` : major, major: Number(major) };
  } catch {
    return undefined;
  }
}

/**
 * The newest `name` installed, which must be of major version `minimumMajor` or newer (pg_dump refuses a newer
 * server; pg_restore cannot read an archive written by a newer pg_dump).
 */
export function findPgTool(name: PgToolName, minimumMajor: number, why: string, folders = clientFolders()): PgTool {
  const tools = candidatePaths(name, folders)
    .map((file) => readVersion(file, name))
    .filter((tool): tool is PgTool => tool !== undefined)
    .sort((a, b) => b.major - a.major);
  const install = `install the PostgreSQL ${minimumMajor} (or newer) client tools (Debian/Ubuntu: apt-get install postgresql-client-${minimumMajor}) and put their bin folder on PATH`;
  const newest = tools[0];
  if (!newest) {
    throw new DirectoryError("PG_CLIENT_NOT_FOUND", `${name} was not found on PATH nor under ${DEBIAN_CLIENT_ROOT}/<version>/bin — ${install}.`);
  }
  if (newest.major < minimumMajor) {
    throw new DirectoryError(
      "PG_CLIENT_TOO_OLD",
      `${name} ${newest.version} (${newest.path}) is older than ${why} (PostgreSQL ${minimumMajor}) — ${install}.`,
    );
  }
  return newest;
}

/** A postgres:// URL → the URL without its password, and the password for PGPASSWORD (never on a command line). */
export function splitPassword(databaseUrl: string): { url: string; password?: string } {
  const parsed = new URL(databaseUrl);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = "";
  return { url: parsed.toString(), password };
}

/** Runs the tool to its end; resolves with its exit code and the last 8 KB of its stderr (its own error lines). */
export function runPgTool(
  tool: PgTool,
  args: string[],
  options: { password?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...(options.password ? { PGPASSWORD: options.password } : {}) };
    const child = spawn(tool.path, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (stdout.length < 1024 * 1024) stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8192);
    });
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

/** The tool's last error line, for a message. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr.trim().split("\n").filter(Boolean);
  return (lines.findLast((line) => /error/i.test(line)) ?? lines.at(-1) ?? "no message").trim();
}
