// Integration tests → a fresh, migrated database per test file on the driver the vitest project names
// (TEST_DB_DRIVER=pglite: in-memory PGlite; postgres: a new database on DATABASE_URL's server, dropped after).
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle, type DriverName } from "../client.ts";

export function testDriver(): DriverName {
  const driver = process.env.TEST_DB_DRIVER ?? "pglite";
  if (driver !== "pglite" && driver !== "postgres") throw new Error(`TEST_DB_DRIVER must be pglite or postgres, got ${driver}`);
  return driver;
}

export interface TestDatabase extends DatabaseHandle {
  /** The URL of the fresh server database (postgres driver only), for spawned processes. */
  url?: string;
}

/** A fresh database with all migrations applied (on the project's driver unless named); `close()` also drops it on the server. */
export async function createTestDatabase(driver: DriverName = testDriver()): Promise<TestDatabase> {
  if (driver === "pglite") return openDatabase({});
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB_DRIVER=postgres needs DATABASE_URL pointing at a server where we may CREATE DATABASE");
  const name = `directory_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
    try {
      await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await dropper.end({ timeout: 5 });
    }
  };
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
  } catch (error) {
    // A failed migration must not leave a database behind on the shared server.
    await drop();
    throw error;
  }
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await drop();
    },
  };
}
