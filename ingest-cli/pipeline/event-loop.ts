// Long loops of batches (imports, maintenance) → one event-loop turn per batch, so signals (Ctrl-C) reach their abort handlers.

/**
 * NOTE: PGlite answers queries without a macrotask, so a loop of batches on it never lets Node read its signal
 * pipe; awaiting this once per batch lets a Ctrl-C turn into an abort between batches.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
