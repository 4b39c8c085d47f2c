// The server bundle's entry (remix.config.js `server`): this app's Remix build plus the web host around it, so one
// process holds one copy of db/client.ts, the environment and the caches. The CLI and the tests call these exports.
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "@remix-run/dev/server-build";
import { serveDirectory, type ServeOptions } from "./serve.ts";
import { startHttpServer, type RunningServer, type StartServerOptions } from "./start-server.ts";

/** The project root: build/index.js sits one folder below it. */
const BUNDLE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `directory start` / `serve`: prepare the database and serve until a signal (see serve.ts). */
export function serve(options: Omit<ServeOptions, "root">): Promise<void> {
  return serveDirectory(build, { ...options, root: BUNDLE_ROOT });
}

/** One HTTP server on this bundle's build (tests: port 0, and the handle they opened as `database`). */
export function startServer(options: Omit<StartServerOptions, "root">): Promise<RunningServer> {
  return startHttpServer(build, { ...options, root: BUNDLE_ROOT });
}

export type { RunningServer, StartServerOptions };
