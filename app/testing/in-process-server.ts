// Integration tests → the built app (`build/`, rebuilt when stale) served over real HTTP inside the test process,
// on the database the test pointed DATABASE_URL / DATA_DIR at, so both drivers see the same requests.
import { PROJECT_ROOT } from "../../ingest-cli/commands/start.ts";
import { startHttpServer, type StartServerOptions } from "../../ingest-cli/commands/start-server.ts";
import { ensureBuilt } from "./directory-server.ts";

export interface InProcessServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the production server on a free loopback port. NOTE: the bundle's copy of db/client.ts shares the test's
 * database handle through globalThis, so call getDatabase() (with the test's env) before the first request.
 */
export async function startBuiltApp(options: Pick<StartServerOptions, "trustProxy"> = {}): Promise<InProcessServer> {
  process.env.NODE_ENV = "production";
  await ensureBuilt();
  const server = await startHttpServer({ ...options, root: PROJECT_ROOT, port: 0, host: "127.0.0.1" });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
