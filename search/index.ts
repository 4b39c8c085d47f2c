// Environment → the process's search engine: Meilisearch when MEILI_URL is set, else PostgreSQL. Meilisearch is
// wrapped so an outage or error answers from PostgreSQL (`degraded: true`), is logged once per outage, is
// re-probed at most every 30 s, and recovers by itself, replaying the index writes it missed. Pages never fail
// because the search engine is down.
import { getDatabase, getReadDatabase, type DatabaseHandle } from "../db/client.ts";
import { describeFailure } from "../db/rules/directory-error.ts";
import { getEnv } from "../db/env.ts";
import type { SearchEngine, SearchQuery, SearchResult, SuggestionMatch, SuggestionKind } from "./engine.ts";
import { MeilisearchEngine, REPLAY_MARGIN_MS } from "./meilisearch.ts";
import { PostgresSearchEngine } from "./postgres.ts";
import { CachedSearchEngine } from "./result-cache.ts";

export type { FacetCount, SearchEngine, SearchHit, SearchQuery, SearchResult, SuggestionMatch, SuggestionKind } from "./engine.ts";
export { SearchQuerySchema, parseSearchQuery } from "./engine.ts";

export const PROBE_INTERVAL_MS = 30_000;

export interface SearchLogger {
  warn(message: string): void;
  info(message: string): void;
}

export interface FallbackOptions {
  probeIntervalMs?: number;
  logger?: SearchLogger;
  /** Clock in ms (tests move it). */
  now?: () => number;
}

/** "Request to … has failed: fetch failed: connect ECONNREFUSED 127.0.0.1:7700": the error and its causes. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const message = current instanceof Error ? describeFailure(current) : typeof current === "string" ? current : "";
    if (message && !parts.some((part) => part.includes(message))) parts.push(message);
    current = current instanceof Error ? (current as { cause?: unknown }).cause : undefined;
  }
  return (parts.join(": ") || String(error)).slice(0, 300);
}

/**
 * Meilisearch first, PostgreSQL when it fails. While it is down, calls go straight to PostgreSQL and only one
 * call per probe interval tries Meilisearch again.
 */
export class FallbackSearchEngine implements SearchEngine {
  readonly name = "meilisearch" as const;
  readonly #primary: SearchEngine;
  readonly #fallback: SearchEngine;
  readonly #probeIntervalMs: number;
  readonly #logger: SearchLogger;
  readonly #now: () => number;
  #downSince: number | null = null;
  #lastAttempt = 0;
  #staleWarned = false;
  /** Ids whose index update failed while Meilisearch was down: replayed when it is back. */
  readonly #missed = new Set<number>();
  /** The start of the earliest outage not yet caught up with (this process's clock). */
  #missedSince: number | null = null;
  #catchingUp: Promise<void> | null = null;

  constructor(primary: SearchEngine, fallback: SearchEngine, options: FallbackOptions = {}) {
    this.#primary = primary;
    this.#fallback = fallback;
    this.#probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
    this.#logger = options.logger ?? { warn: (m) => console.warn(m), info: (m) => console.info(m) };
    this.#now = options.now ?? Date.now;
  }

  /** True while Meilisearch is considered down. */
  get degraded(): boolean {
    return this.#downSince !== null;
  }

  #shouldTryPrimary(): boolean {
    if (this.#downSince === null) return true;
    const now = this.#now();
    if (now - this.#lastAttempt < this.#probeIntervalMs) return false;
    // This call is the probe; concurrent calls keep using PostgreSQL until it answers.
    this.#lastAttempt = now;
    return true;
  }

  #markUp(): void {
    if (this.#downSince === null) return;
    this.#downSince = null;
    this.#staleWarned = false;
    this.#logger.info("search: Meilisearch is back");
    this.#startCatchUp();
  }

  #markDown(error: unknown): void {
    this.#lastAttempt = this.#now();
    if (this.#downSince !== null) return;
    this.#downSince = this.#lastAttempt;
    this.#missedSince ??= this.#downSince;
    this.#logger.warn(`search: Meilisearch unreachable (${describeError(error)}); answering from PostgreSQL`);
  }

  /**
   * After an outage: the ids this process failed to index, then every business written since the outage began
   * (other processes' writes too: imports, CLI maintenance), re-read into the index in the background. A failure
   * keeps both for the next recovery.
   */
  #startCatchUp(): void {
    if (this.#catchingUp || this.#missedSince === null) return;
    const since = this.#missedSince;
    const ids = [...this.#missed];
    this.#missed.clear();
    this.#missedSince = null;
    const primary = this.#primary;
    this.#catchingUp = (async () => {
      if (ids.length > 0) await primary.indexBusinesses(ids);
      const written = primary.indexWrittenSince ? await primary.indexWrittenSince(since - REPLAY_MARGIN_MS) : 0;
      if (ids.length > 0 || written > 0)
        this.#logger.info(`search: Meilisearch caught up with ${ids.length + written} businesses written while it was down`);
    })()
      .catch((error: unknown) => {
        for (const id of ids) this.#missed.add(id);
        this.#missedSince = Math.min(since, this.#missedSince ?? since);
        this.#markDown(error);
      })
      .finally(() => {
        this.#catchingUp = null;
      });
  }

  /** Resolves once a running catch-up has finished (tests, and shutdown). */
  async whenCaughtUp(): Promise<void> {
    while (this.#catchingUp) await this.#catchingUp;
  }

  async #withFallback<T>(primary: () => Promise<T>, fallback: () => Promise<T>): Promise<{ value: T; degraded: boolean }> {
    if (this.#shouldTryPrimary()) {
      try {
        const value = await primary();
        this.#markUp();
        return { value, degraded: false };
      } catch (error) {
        this.#markDown(error);
      }
    }
    return { value: await fallback(), degraded: true };
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const { value, degraded } = await this.#withFallback(
      () => this.#primary.search(query),
      () => this.#fallback.search(query),
    );
    return degraded ? { ...value, degraded: true, tookMs: Math.round((performance.now() - started) * 10) / 10 } : value;
  }

  async suggest(prefix: string, limit?: number, kinds?: readonly SuggestionKind[]): Promise<SuggestionMatch[]> {
    return (
      await this.#withFallback(
        () => this.#primary.suggest(prefix, limit, kinds),
        () => this.#fallback.suggest(prefix, limit, kinds),
      )
    ).value;
  }

  /** A failed index update must not fail the write that caused it: the index is derived and rebuildable. */
  async #update(what: string, ids: number[], run: () => Promise<void>): Promise<void> {
    if (ids.length === 0) return;
    const { degraded } = await this.#withFallback(
      async () => {
        await run();
        return true;
      },
      async () => false,
    );
    if (!degraded) return;
    for (const id of ids) this.#missed.add(id);
    this.#missedSince ??= this.#downSince ?? this.#now();
    if (!this.#staleWarned) {
      this.#staleWarned = true;
      this.#logger.warn(
        `search: Meilisearch missed ${what} of ${ids.length} businesses; replayed when it is back (if this process stops first, run \`directory reindex\`)`,
      );
    }
  }

  async indexBusinesses(ids: number[]): Promise<void> {
    await this.#update("updates", ids, () => this.#primary.indexBusinesses(ids));
  }

  async removeBusinesses(ids: number[]): Promise<void> {
    await this.#update("removals", ids, () => this.#primary.removeBusinesses(ids));
  }

  /** Rebuilds are operator actions: a failure is reported, never silently answered by PostgreSQL. */
  async reindex(onProgress?: (done: number, total: number) => void): Promise<{ documents: number; seconds: number }> {
    const result = await this.#primary.reindex(onProgress);
    // The rebuild read every row and replayed the writes made during it: nothing missed before it is left.
    this.#missed.clear();
    this.#missedSince = null;
    this.#markUp();
    return result;
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    const primary = await this.#primary.health();
    const waiting = this.#missed.size > 0 ? `; ${this.#missed.size} businesses' updates wait to be replayed` : "";
    if (primary.ok) return this.#catchingUp ? { ok: true, detail: `${primary.detail ?? "Meilisearch"} (catching up after an outage)` } : primary;
    return { ok: false, detail: `Meilisearch unreachable (${primary.detail ?? "no detail"}); search answers from PostgreSQL${waiting}` };
  }
}

export interface CreateSearchEngineOptions extends FallbackOptions {
  handle: DatabaseHandle | (() => Promise<DatabaseHandle>);
  /** Where the PostgreSQL engine's searches read (getReadDatabase: the replica when allowed); default `handle`. */
  readHandle?: DatabaseHandle | (() => Promise<DatabaseHandle>);
  meiliUrl?: string;
  meiliApiKey?: string;
  /** The Meilisearch index alias (default "businesses"). */
  indexName?: string;
}

/** PostgreSQL alone, or Meilisearch with PostgreSQL behind it. */
export function createSearchEngine(options: CreateSearchEngineOptions): SearchEngine {
  const postgres = new PostgresSearchEngine({ handle: options.readHandle ?? options.handle });
  if (!options.meiliUrl) return postgres;
  const meili = new MeilisearchEngine({ host: options.meiliUrl, apiKey: options.meiliApiKey, handle: options.handle, indexName: options.indexName });
  return new FallbackSearchEngine(meili, postgres, options);
}

/** The engine that rebuilds the index: Meilisearch itself when configured (failures must surface), else PostgreSQL. */
export function createIndexingEngine(options: Omit<CreateSearchEngineOptions, keyof FallbackOptions>): SearchEngine {
  if (!options.meiliUrl) return new PostgresSearchEngine({ handle: options.handle });
  return new MeilisearchEngine({ host: options.meiliUrl, apiKey: options.meiliApiKey, handle: options.handle, indexName: options.indexName });
}

const GLOBAL_KEY = Symbol.for("business-directory.search-engine");
type GlobalWithEngine = typeof globalThis & { [GLOBAL_KEY]?: SearchEngine };

/**
 * The process-wide engine from the environment, on the process-wide database handle, behind a short result cache
 * (search/result-cache.ts) so a popular search costs one query per 30 s.
 * NOTE: kept on globalThis for the same reason as getDatabase: the CLI and the Remix bundle each carry a copy of
 * this module, and one outage should be logged once per process, not once per copy.
 */
export function getSearchEngine(): SearchEngine {
  const store = globalThis as GlobalWithEngine;
  if (!store[GLOBAL_KEY]) {
    const env = getEnv();
    store[GLOBAL_KEY] = new CachedSearchEngine(
      createSearchEngine({ handle: getDatabase, readHandle: getReadDatabase, meiliUrl: env.MEILI_URL, meiliApiKey: env.MEILI_API_KEY }),
    );
  }
  return store[GLOBAL_KEY];
}

/** Empties the shared engine's kept search and suggest answers, if it was created (another host changed data). */
export function clearSearchAnswers(): void {
  // NOTE: duck-typed: the engine may come from the CLI's copy of this module, another class than this copy's.
  const engine = (globalThis as GlobalWithEngine)[GLOBAL_KEY] as (SearchEngine & { clear?: () => void }) | undefined;
  engine?.clear?.();
}
