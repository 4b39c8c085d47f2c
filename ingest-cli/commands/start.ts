// `directory start` / `directory serve`: (build if stale,) migrate, ensure the admin, seed demo data into an
// empty database, then serve the Remix app with compression and immutable hashed assets.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { getEnv } from "../../db/env.ts";
import { ensureAdminUser } from "../../db/writes/admin-users.ts";
import { seedDemoDataIfEmpty } from "../pipeline/demo-seed.ts";
import { CliError, parseOptions } from "./shared.ts";
import { startHttpServer } from "./start-server.ts";

const ServeOptionsSchema = z.object({
  port: z.coerce.number().int().min(1).max(65535).optional(),
  host: z.string().min(1).default("0.0.0.0"),
  seed: z.boolean().default(true),
});

/** Project root = two folders above this file (ingest-cli/commands). */
export const PROJECT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

const BUILD_INPUTS = ["app", "db", "search", "ingest-cli/pipeline", "remix.config.js", "tailwind.config.ts", "postcss.config.js", "package-lock.json"];

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

function runBuild(root = PROJECT_ROOT): void {
  const require = createRequire(import.meta.url);
  let cli: string;
  try {
    cli = path.join(path.dirname(require.resolve("@remix-run/dev/package.json")), "dist", "cli.js");
  } catch {
    throw new CliError("BUILD_TOOL_MISSING", "The build is missing or stale and @remix-run/dev is not installed: run `npm install` (with dev dependencies) or `npm run build`.");
  }
  process.stderr.write("Building the app (remix build)…\n");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new CliError("BUILD_FAILED", "`remix build` failed; see the output above.");
}

async function prepareAndServe(raw: unknown, build: boolean): Promise<void> {
  const options = parseOptions(ServeOptionsSchema, raw);
  process.env.NODE_ENV ??= "production";
  const env = getEnv();
  if (build && isBuildStale()) runBuild();
  const handle = await getDatabase();
  process.stderr.write(`Database: ${handle.driver} (${handle.location}), migrations applied.\n`);
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const outcome = await ensureAdminUser(handle, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    process.stderr.write(`Admin user "${env.ADMIN_USERNAME}": ${outcome}.\n`);
  } else {
    process.stderr.write("No ADMIN_USERNAME/ADMIN_PASSWORD set: create an administrator with `directory admin create <username>`.\n");
  }
  if (options.seed) {
    const seeded = await seedDemoDataIfEmpty(handle);
    if (seeded.inserted > 0) process.stderr.write(`Empty database: seeded ${seeded.inserted} demo businesses (marked as test data).\n`);
  }
  const port = options.port ?? env.PORT;
  const server = await startHttpServer({ root: PROJECT_ROOT, port, host: options.host });
  process.stderr.write(`Business Directory listening on http://localhost:${server.port}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stderr.write(`${signal}: shutting down…\n`);
      server
        .close()
        .then(() => closeDatabase())
        .finally(resolve);
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
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
      .option("--host <host>", "interface to bind", "0.0.0.0")
      .option("--no-seed", "do not seed demo data into an empty database")
      .action(async (raw: unknown) => prepareAndServe(raw, build));
  }
}
