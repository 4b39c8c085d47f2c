// Tests → the real `directory` bin in a child process, against a fresh database of the project's driver.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../db/client.ts";
import { createTestDatabase, testDriver } from "../../db/testing/test-database.ts";

const BIN = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "bin", "directory.mjs");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Variables for the child; `undefined` removes one inherited from this process. */
export type CliEnv = Record<string, string | undefined>;

export function runDirectory(args: string[], options: { env?: CliEnv; input?: string; timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...options.env };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/**
 * Environment that points a child process at a fresh, empty, migrated database (read-only commands such as `stats`
 * and `validate` refuse one that is not); `cleanup` removes it.
 */
export async function createCliDatabaseEnv(): Promise<{ env: CliEnv; cleanup(): Promise<void> }> {
  if (testDriver() === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-cli-"));
    await (await openDatabase({ dataDir: dir })).close();
    return {
      env: { DATA_DIR: dir, DATABASE_URL: undefined, MEILI_URL: undefined },
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = await createTestDatabase();
  return { env: { DATABASE_URL: database.url, MEILI_URL: undefined }, cleanup: () => database.close() };
}

/**
 * One query against the database a child process uses (`env` from createCliDatabaseEnv). NOTE: PGlite allows one
 * process per data dir, so the handle is open only for this query, never while a child runs.
 */
export async function queryCliDatabase<T extends object>(env: CliEnv, text: string, params: unknown[] = []): Promise<T[]> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
  try {
    return await handle.query<T>(text, params);
  } finally {
    await handle.close();
  }
}
