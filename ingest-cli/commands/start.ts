// `directory start` / `directory serve`: parse the options, build the app if stale (`start`), then hand over to the
// server bundle's `serve` (migrate, ensure the admin, seed demo data into an empty database, serve).
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { Command } from "commander";
import { z } from "zod";
import { CliError, parseOptions, wholeNumber } from "./shared.ts";

const ServeOptionsSchema = z.object({
  port: wholeNumber("--port", 1, 65535, 3000).optional(),
  host: z.string().optional(),
  seed: z.boolean().default(true),
  workers: wholeNumber("--workers", 1, 64, 2).optional(),
});

/** Project root = two folders above this file (ingest-cli/commands). */
export const PROJECT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

const BUILD_INPUTS = [
  "app",
  "db",
  "search",
  "ingest-cli/pipeline",
  "remix.config.js",
  "tailwind.config.ts",
  "postcss.config.js",
  "package-lock.json",
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when build/ is missing or older than any source the server bundle is built from. */
export function isBuildStale(root = PROJECT_ROOT): boolean {
  const marker = path.join(root, "build", "index.js");
  if (!fs.existsSync(marker) || !fs.existsSync(path.join(root, "public", "build"))) return true;
  const built = fs.statSync(marker).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

export function runBuild(root = PROJECT_ROOT): void {
  const require = createRequire(import.meta.url);
  let cli: string;
  try {
    cli = path.join(path.dirname(require.resolve("@remix-run/dev/package.json")), "dist", "cli.js");
  } catch {
    throw new CliError(
      "BUILD_TOOL_MISSING",
      "The build is missing or stale and @remix-run/dev is not installed: run `npm install` (with dev dependencies) or `npm run build`.",
    );
  }
  process.stderr.write("Building the app (remix build)…\n");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new CliError("BUILD_FAILED", "`remix build` failed; see the output above.");
}

/** The server bundle (app/server/index.ts compiled into build/index.js). NOTE: the CLI starting the app is the one import that runs upward. */
export type ServerBundle = typeof import("../../app/server/index.ts");

export async function loadServerBundle(root = PROJECT_ROOT): Promise<ServerBundle> {
  return (await import(pathToFileURL(path.join(root, "build", "index.js")).href)) as ServerBundle;
}

async function prepareAndServe(raw: unknown, build: boolean): Promise<void> {
  const options = parseOptions(ServeOptionsSchema, raw);
  // NOTE: set before the bundle loads: its environment modules read process.env once.
  process.env.NODE_ENV ??= "production";
  // Cluster workers re-run this command: the primary has built already.
  if (build && cluster.isPrimary && isBuildStale()) runBuild();
  const bundle = await loadServerBundle();
  await bundle.serve({ port: options.port, host: options.host, workers: options.workers, seed: options.seed });
}

export function register(program: Command): void {
  for (const [name, build, description] of [
    ["start", true, "Build if needed, migrate, ensure the admin, seed demo data when empty, and serve (npm start)"],
    ["serve", false, "Migrate, ensure the admin, seed demo data when empty, and serve an existing build"],
  ] as const) {
    program
      .command(name)
      .description(description)
      .option("--port <port>", "port to listen on (default: PORT or 3000)")
      .option("--host <host>", "interface to bind (default: HOST, else 127.0.0.1; 0.0.0.0 for every interface)")
      .option("--no-seed", "do not seed demo data into an empty database")
      .option("--workers <n>", "server processes (default: WEB_CONCURRENCY, else one per core; always 1 with the embedded database)")
      .action(async (raw: unknown) => prepareAndServe(raw, build));
  }
}
