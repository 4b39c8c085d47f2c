// Browser tests → the real built server (`directory serve`) on a free port with its own DATA_DIR, and a stop that
// ends exactly that process (by its PID) and removes the data dir (or a kill by signal that keeps it, for restarts).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findFreePort } from "../../ingest-cli/bench/bench-http.ts";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

export interface DirectoryServer {
  url: string;
  stop(): Promise<void>;
  /** Sends `signal` and waits for the process to exit, keeping the data dir (a restart test starts it again). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Everything the server wrote to stdout so far (its JSON log lines) and to stderr. */
  output(): { stdout: string; stderr: string };
}

/** A build lock older than this is a crashed run's leftover. */
const STALE_BUILD_LOCK_MS = 10 * 60_000;

/**
 * Builds the app when its sources are newer than build/ (CI builds first; a local run may not have).
 * NOTE: test files of both drivers start at once, so one builds (under a lock directory) while the others wait.
 */
export async function ensureBuilt(): Promise<void> {
  const { isBuildStale, runBuild } = await import("../../ingest-cli/commands/start.ts");
  if (!isBuildStale(ROOT)) return;
  const lock = path.join(os.tmpdir(), `directory-build-${createHash("sha1").update(ROOT).digest("hex").slice(0, 12)}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_BUILD_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(1000);
    }
  }
  try {
    if (isBuildStale(ROOT)) runBuild(ROOT);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Starts the built app on PGlite in `dataDir` (created by the caller, removed by stop()); `extraEnv` may name a
 * DATABASE_URL or MEILI_URL for the server instead (never inherited from the test process).
 */
export async function startDirectoryServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<DirectoryServer> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.MEILI_URL;
  Object.assign(env, extraEnv, { NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir });
  const child = spawn(process.execPath, [path.join(ROOT, "ingest-cli/bin/directory.mjs"), "serve", "--host", "127.0.0.1"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
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
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });
  // Only the launcher's own streams: the server keeps logging, and unread pipes would hold the runner open.
  // NOTE: kept (bounded) for tests that read the log lines.
  const kept = { stdout: "", stderr: "" };
  const keep = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    if (kept[stream].length < 16 * 1024 * 1024) kept[stream] += chunk.toString();
  };
  child.stdout?.removeAllListeners("data").on("data", keep("stdout"));
  child.stderr?.removeAllListeners("data").on("data", keep("stderr"));
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => ({ ...kept }),
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
    async stop() {
      if (child.pid && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
