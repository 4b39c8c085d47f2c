// The category and city vocabulary (whole words, unaccented, lower-case) → an in-memory set, loaded once and
// reloaded in the background after its freshness window, so deciding how to match a last word costs no round trip.
export interface VocabularySetOptions {
  /** Every vocabulary word; called on first use and after each freshness window. */
  load: () => Promise<Iterable<string>>;
  ttlMs: number;
  now?: () => number;
}

export class VocabularyWordSet {
  readonly #load: () => Promise<Iterable<string>>;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #words: Set<string> | null = null;
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<Set<string>> | null = null;
  #generation = 0;

  constructor(options: VocabularySetOptions) {
    this.#load = options.load;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Whether `word` is in the vocabulary. The first call waits for the load; later ones answer from memory, and
   * once the set is older than the window they still do (a stale answer only picks exact or prefix matching)
   * while one reload runs behind them.
   */
  async has(word: string): Promise<boolean> {
    if (!this.#words) return (await this.#reload()).has(word);
    if (this.#now() - this.#loadedAt >= this.#ttlMs) void this.#reload().catch(() => undefined);
    return this.#words.has(word);
  }

  /** The reload under way, if any (tests wait for it). */
  settled(): Promise<unknown> {
    return this.#loading ?? Promise.resolve();
  }

  /** Forgets the set (after a reindex): the next call loads it again. */
  clear(): void {
    this.#words = null;
    this.#loadedAt = Number.NEGATIVE_INFINITY;
    this.#generation += 1;
  }

  #reload(): Promise<Set<string>> {
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const loading = (async () => {
      try {
        const words = new Set(await this.#load());
        // NOTE: a load that started before clear() must not bring the forgotten set back.
        if (generation === this.#generation) {
          this.#words = words;
          this.#loadedAt = this.#now();
        }
        return words;
      } finally {
        this.#loading = null;
      }
    })();
    this.#loading = loading;
    return loading;
  }
}
