// Browser tests → the real built server (`directory serve`) on a free port with its own DATA_DIR, and a stop that
// ends exactly that process (by its PID) and removes the data dir.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

export interface DirectoryServer {
  url: string;
  stop(): Promise<void>;
}

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

/** Starts the built app on PGlite in `dataDir` (created by the caller, removed by stop()). */
export async function startDirectoryServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<DirectoryServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.MEILI_URL;
  const child = spawn(process.execPath, [path.join(ROOT, "ingest-cli/bin/directory.mjs"), "serve", "--host", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
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
  child.stdout?.removeAllListeners("data").resume();
  child.stderr?.removeAllListeners("data").resume();
  return {
    url: `http://127.0.0.1:${port}`,
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
