// Work an admin action starts and its answer does not wait for (a resumed import) → tracked, so a graceful shutdown
// lets its last steps finish (count refresh, run closed, audit entry) instead of cutting them; past the grace the
// process goes anyway, and start-up recovery marks a run it left open interrupted, resumable again.
const running = new Set<Promise<void>>();

/** Runs `work` beside the request that started it; its failure is the caller's to handle inside `work`. */
export function runInBackground(work: Promise<unknown>): void {
  const tracked: Promise<void> = work.then(
    () => undefined,
    () => undefined,
  );
  running.add(tracked);
  void tracked.finally(() => running.delete(tracked));
}

/** Waits for the background work under way, at most `graceMs`; false when some was still running then. */
export async function waitForBackgroundWork(graceMs: number): Promise<boolean> {
  if (running.size === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const done = await Promise.race([
    Promise.all(running).then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
  ]);
  clearTimeout(timer);
  return done;
}
