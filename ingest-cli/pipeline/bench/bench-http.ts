// Helpers the HTTP benches share: the built server started on a free loopback port, percentiles, rounding.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** Nearest-rank percentile of an ascending list (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface StartedServer {
  child: ChildProcess;
  base: string;
}

/** `directory start` (builds when stale) on a free loopback port; resolves when /healthz answers 200. */
export async function startBuiltServer(options: { databaseUrl: string; cliPath: string }): Promise<StartedServer> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [options.cliPath, "start", "--host", "127.0.0.1", "--port", String(port), "--no-seed"], {
    env: { ...process.env, DATABASE_URL: options.databaseUrl, MEILI_URL: "", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr = `${stderr}${chunk}`.slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`BENCH_SERVER_FAILED: the server exited ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return { child, base };
    } catch {
      // Not listening yet (building or migrating).
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new Error(`BENCH_SERVER_TIMEOUT: no healthy server after 10 minutes: ${stderr}`);
}

/** Stops a server this bench started (by its own handle) and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));
}
