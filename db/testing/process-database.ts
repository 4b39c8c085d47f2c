// Integration tests of app code → the process-wide handle (`getDatabase()`, which models and the built server use)
// pointed at a fresh database of the test's driver: a PGlite folder of its own, or a new database on the server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDatabase, getDatabase, type DatabaseHandle } from "../client.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database.ts";

export interface ProcessTestDatabase {
  handle: DatabaseHandle;
  /** The server database's URL (postgres driver only), for processes the test spawns. */
  url?: string;
  /** Closes the process-wide handle, drops the server database and removes the PGlite folder. */
  release(): Promise<void>;
}

/**
 * NOTE: getDatabase() reads DATABASE_URL / DATA_DIR once, at its first call in the process; call this before
 * anything opens the handle (a loader, a model, the built server's first request).
 */
export async function useFreshProcessDatabase(label: string): Promise<ProcessTestDatabase> {
  let dataDir: string | undefined;
  let serverDatabase: TestDatabase | undefined;
  if (testDriver() === "pglite") {
    delete process.env.DATABASE_URL;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `directory-${label}-`));
    process.env.DATA_DIR = dataDir;
  } else {
    serverDatabase = await createTestDatabase();
    process.env.DATABASE_URL = serverDatabase.url;
  }
  const handle = await getDatabase();
  return {
    handle,
    ...(serverDatabase?.url ? { url: serverDatabase.url } : {}),
    async release() {
      await closeDatabase();
      await serverDatabase?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
