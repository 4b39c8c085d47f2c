// A Meilisearch binary (MEILI_BIN, or `meilisearch` on PATH) → a private server for one test file: 127.0.0.1 on a
// free port, a random master key, a temp data dir, stopped by its PID and removed afterwards. Never built here.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The binary tests may start: MEILI_BIN when set (it must be executable), else the first `meilisearch` on PATH. */
export function findMeilisearchBinary(env: Record<string, string | undefined> = process.env): string | undefined {
  const candidates = env.MEILI_BIN
    ? [env.MEILI_BIN]
    : (env.PATH ?? "")
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, "meilisearch"));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** A port free at this moment on 127.0.0.1 (bound for an instant, then released). */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface MeilisearchServer {
  url: string;
  apiKey: string;
  dataDir: string;
  /** The running process's id (undefined while stopped). */
  readonly pid: number | undefined;
  /** Stops the process by its PID and waits for it to exit; the data dir stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port, key and data dir, and waits until it is healthy. */
  start(): Promise<void>;
  /** Stops it and removes the data dir. */
  dispose(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`meilisearch exited (${child.exitCode ?? child.signalCode}) before it was healthy: ${output().slice(-800)}`);
    }
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`meilisearch at ${url} was not healthy after ${START_TIMEOUT_MS} ms: ${output().slice(-800)}`);
}

/** Starts a private Meilisearch from `binary`; one indexing thread (by default) so it shares a small machine politely. */
export async function startMeilisearchServer(binary: string, options: { indexingThreads?: number } = {}): Promise<MeilisearchServer> {
  const port = await findFreePort();
  const apiKey = randomBytes(24).toString("hex");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "meili-test-"));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";

  const start = async () => {
    if (child) return;
    output = "";
    const args = [
      "--http-addr",
      `127.0.0.1:${port}`,
      "--master-key",
      apiKey,
      "--db-path",
      path.join(dataDir, "data.ms"),
      "--dump-dir",
      path.join(dataDir, "dumps"),
      "--snapshot-dir",
      path.join(dataDir, "snapshots"),
      "--no-analytics",
      "--env",
      "development",
      "--max-indexing-threads",
      String(options.indexingThreads ?? 1),
      "--log-level",
      "WARN",
    ];
    // NOTE: the working directory is the data dir, so a config.toml in the caller's directory is never read.
    const started = spawn(binary, args, { cwd: dataDir, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    started.stdout?.on("data", keep);
    started.stderr?.on("data", keep);
    child = started;
    // A worker that dies without running afterAll must not leave the server behind.
    const killOnExit = () => {
      if (started.pid && started.exitCode === null && started.signalCode === null) process.kill(started.pid, "SIGKILL");
    };
    process.once("exit", killOnExit);
    started.once("exit", () => process.removeListener("exit", killOnExit));
    try {
      await waitForHealth(url, started, () => output);
    } catch (error) {
      await stop();
      throw error;
    }
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    process.kill(running.pid, "SIGTERM");
    const timer = setTimeout(() => {
      if (running.pid && running.exitCode === null && running.signalCode === null) process.kill(running.pid, "SIGKILL");
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url,
    apiKey,
    dataDir,
    get pid() {
      return child?.pid;
    },
    stop,
    start,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
