// The category and city vocabulary (whole words, unaccented, lower-case) → an in-memory set, loaded once and
// reloaded in the background after its freshness window (db/freshness.ts), so deciding how to match a last word
// costs no round trip.
import { RefreshingValue } from "../db/freshness.ts";

export interface VocabularySetOptions {
  /** Every vocabulary word; called on first use and after each freshness window. */
  load: () => Promise<Iterable<string>>;
  ttlMs: number;
  now?: () => number;
}

export class VocabularyWordSet {
  readonly #words: RefreshingValue<Set<string>>;

  constructor(options: VocabularySetOptions) {
    this.#words = new RefreshingValue({
      load: async () => new Set(await options.load()),
      ttlMs: options.ttlMs,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /**
   * Whether `word` is in the vocabulary. The first call waits for the load; later ones answer from memory, and
   * once the set is older than the window they still do (a stale answer only picks exact or prefix matching)
   * while one reload runs behind them.
   */
  async has(word: string): Promise<boolean> {
    return (await this.#words.get()).has(word);
  }

  /** The reload under way, if any (tests wait for it). */
  settled(): Promise<unknown> {
    return this.#words.settled();
  }

  /** Forgets the set (after a reindex): the next call loads it again. */
  clear(): void {
    this.#words.clear();
  }
}
