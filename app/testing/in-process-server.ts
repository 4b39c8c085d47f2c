// Integration tests → the built app (`build/`, rebuilt when stale) served over real HTTP inside the test process,
// on the database the test opened (useFreshProcessDatabase), so both drivers see the same requests.
import { getDatabase } from "../../db/client.ts";
import { loadServerBundle } from "../../ingest-cli/commands/start.ts";
import type { RunningServer, StartServerOptions } from "../server/index.ts";
import { ensureBuilt } from "./directory-server.ts";

export interface InProcessServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The server bundle on a free loopback port. NOTE: the bundle carries its own copy of db/client.ts: pass the test's
 * handle as `database` (else the bundle opens one from the environment on its first query).
 */
export async function startBuiltServer(options: Omit<StartServerOptions, "root" | "port" | "host"> = {}): Promise<RunningServer> {
  await ensureBuilt();
  const bundle = await loadServerBundle();
  // NOTE: request lines would fill the test run's output; LOG_LEVEL=info shows them.
  return bundle.startServer({ logLevel: process.env.LOG_LEVEL ?? "warn", ...options, port: 0, host: "127.0.0.1" });
}

/** The production server on the test's process-wide handle (getDatabase() with the test's env: open it first). */
export async function startBuiltApp(options: Pick<StartServerOptions, "trustProxy"> = {}): Promise<InProcessServer> {
  process.env.NODE_ENV = "production";
  const server = await startBuiltServer({ ...options, database: await getDatabase() });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
