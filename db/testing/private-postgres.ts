// Tests that stop or restart PostgreSQL → a throwaway cluster of their own (initdb in a temp dir, own port), so
// the shared server other test files use is never touched. Null when the server binaries are not installed.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PrivatePostgres {
  url: string;
  restart(): void;
  /** Shuts the server down (fast: open connections are cut) and keeps its data for `start()`. */
  pause(): void;
  start(): void;
  /** Shuts it down for good and removes its files. */
  stop(): void;
}

export function findBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, "bin");
    if (fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  return null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

/** Runs one of the server's tools; as root, as the postgres system user (PostgreSQL refuses to run as root). */
export function runPostgresTool(bin: string, tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? "runuser" : path.join(bin, tool);
  const argv = asRoot ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args;
  const result = spawnSync(command, argv, { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
}

/** A new temp folder the server's tools may write in (owned by the postgres user when we are root). */
export function makePostgresTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  return dir;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres | null> {
  const bin = findBinDir();
  if (!bin) return null;
  const run = (tool: string, args: string[]) => runPostgresTool(bin, tool, args);
  const dir = makePostgresTempDir("directory-pg-");
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-instructions"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-m", "fast", "-w", "restart"]),
    pause: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start: () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]),
    stop: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
