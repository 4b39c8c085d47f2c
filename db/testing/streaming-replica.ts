// Read-replica tests → a hot standby of a throwaway cluster (pg_basebackup -R, streaming WAL) on its own port, logging
// every statement with the client's application_name, so a test can see which pool's queries reached it.
// NOTE: made from a private primary (private-postgres.ts), never from the shared server: a base backup copies the
// whole cluster (the shared one holds gigabytes of benchmark databases).
import fs from "node:fs";
import path from "node:path";
import { findBinDir, freePort, makePostgresTempDir, runPostgresTool } from "./private-postgres.ts";

export interface StreamingReplica {
  /** postgres://…@127.0.0.1:<port>/<database> of the replica. */
  urlOf(database: string): string;
  /** The statement log's length now (read the lines written after it with `logSince`). */
  logSize(): number;
  logSince(offset: number): string;
  /** Stops the replica (fast), keeping its data for `start()`. */
  pause(): void;
  start(): void;
  /** Stops it for good and removes its files. */
  stop(): void;
}

/** A standby of `primaryUrl`'s cluster (a trust-auth private cluster), started and streaming; null without server binaries. */
export async function startStreamingReplica(primaryUrl: string): Promise<StreamingReplica | null> {
  const bin = findBinDir();
  if (!bin) return null;
  const run = (tool: string, args: string[]) => runPostgresTool(bin, tool, args);
  const dir = makePostgresTempDir("directory-replica-");
  const data = path.join(dir, "data");
  const log = path.join(dir, "log");
  const port = await freePort();
  // -c fast: the backup's checkpoint at once, not spread over minutes; -R: standby.signal and primary_conninfo.
  run("pg_basebackup", ["-D", data, "-R", "-X", "stream", "-c", "fast", "-d", primaryUrl]);
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, `-c log_statement=all -c "log_line_prefix=%a:%d "`].join(" ");
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", log, "-w", "start"]);
  start();
  const size = () => fs.statSync(log, { throwIfNoEntry: false })?.size ?? 0;
  return {
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    logSize: size,
    logSince: (offset) => {
      const fd = fs.openSync(log, "r");
      try {
        const length = Math.max(0, size() - offset);
        const buffer = Buffer.alloc(length);
        fs.readSync(fd, buffer, 0, length, offset);
        return buffer.toString("utf8");
      } finally {
        fs.closeSync(fd);
      }
    },
    pause: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start,
    stop: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already stopped (a test paused it and failed before starting it again).
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
