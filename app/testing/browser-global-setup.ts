// Browser tests' global setup: build if stale, start the real server on a free port with a fresh DATA_DIR,
// hand its URL to the tests, and stop it (by its own PID) afterwards. Skips the server when no Chromium exists.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium.ts";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    project.provide("browserBaseUrl", "");
    return;
  }
  const { isBuildStale } = await import("../../ingest-cli/commands/start.ts");
  if (isBuildStale(ROOT)) {
    const built = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (built.status !== 0) throw new Error("remix build failed before the browser tests");
  }
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-browser-"));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "browser-test-password" };
  delete env.DATABASE_URL;
  delete env.MEILI_URL;
  child = spawn(process.execPath, [path.join(ROOT, "ingest-cli/bin/directory.mjs"), "serve", "--host", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 120 s:\n${log}`)), 120_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child?.stdout?.on("data", onData);
    child?.stderr?.on("data", onData);
    child?.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });
  // Only the launcher's own streams: the server keeps logging, and unread pipes would hold the runner open.
  child.stdout?.removeAllListeners("data").resume();
  child.stderr?.removeAllListeners("data").resume();
  project.provide("browserBaseUrl", `http://127.0.0.1:${port}`);
  return teardown;
}

async function teardown() {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  child?.stdout?.destroy();
  child?.stderr?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    browserBaseUrl: string;
  }
}
