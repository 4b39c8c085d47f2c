// DIRECTORY_FAULT_POINT + DIRECTORY_FAULT_MARKER (tests only) → the import stops at that named point of its write path,
// writes the marker file and waits until `<marker>.release` exists, so a test can SIGKILL it exactly there instead of
// at a random moment. Unset (production, and every other run): each check is one comparison and nothing waits.
import fs from "node:fs";
import { getEnv } from "../../../db/env.ts";

/**
 * `batch-before-commit:N`: inside the Nth batch this process writes, its rows merged, before COMMIT.
 * `batch-after-commit:N`: once the Nth batch has committed, before the next one is sent.
 * `before-refresh`: every row written, before the count tables are rebuilt (a lone file's run is still open then,
 *   the runs of several files are closed).
 */
export type FaultPoint = `batch-before-commit:${number}` | `batch-after-commit:${number}` | "before-refresh";

const RELEASE_POLL_MS = 20;

/** True when this process is told to stop at `point`. */
export function isFaultPointArmed(point: FaultPoint): boolean {
  const env = getEnv();
  return env.DIRECTORY_FAULT_POINT === point && env.DIRECTORY_FAULT_MARKER !== undefined;
}

/** Stops here when `point` is armed: the marker file appears, then nothing moves until the release file does. */
export async function reachFaultPoint(point: FaultPoint): Promise<void> {
  if (!isFaultPointArmed(point)) return;
  const marker = getEnv().DIRECTORY_FAULT_MARKER as string;
  // NOTE: written whole then renamed, so a test that sees the marker never reads half of it.
  fs.writeFileSync(`${marker}.tmp`, `${process.pid} ${point}\n`);
  fs.renameSync(`${marker}.tmp`, marker);
  while (!fs.existsSync(`${marker}.release`)) await new Promise((resolve) => setTimeout(resolve, RELEASE_POLL_MS));
}
