// SearchQuery → a Meilisearch search (escaped filter strings, sorts, facets) → SearchResult; plus index upkeep
// (batched document writes with task waits) and a zero-downtime rebuild: fill `businesses_<timestamp>` from
// Postgres in keyset batches, apply settings, swap it with `businesses`, replay the writes the build missed, delete
// the old one.
import { DirectoryError, describeFailure } from "../db/rules/directory-error.ts";
import { Meilisearch, type FacetDistribution, type Index, type Task } from "meilisearch";
import type { DatabaseHandle } from "../db/client.ts";
import {
  countApprovedBusinesses,
  listApprovedBusinessIdsAfter,
  listBusinessDocumentsAfter,
  listBusinessDocumentsByIds,
  listBusinessIdsWrittenSince,
  readDatabaseClockMs,
} from "../db/queries/search-documents.ts";
import { searchBusinesses, type SearchFilters } from "../db/queries/search-statement.ts";
import { FACET_SEPARATOR, HIT_ATTRIBUTES, buildBusinessDocument, mapDocumentToSearchHit, type BusinessDocument } from "./documents.ts";
import type { FacetCount, SearchEngine, SearchFacets, SearchQuery, SearchResult, SuggestionKind, SuggestionMatch } from "./engine.ts";
import { createEmptyFacets } from "./engine.ts";
import { mixSuggestions, PostgresSearchEngine, mapFacetRows, mapRowToSearchHit } from "./postgres.ts";
import { findDidYouMean, findWordCorrections, prepareQuery } from "./query-plan.ts";
import { normalizeSuggestPrefix, tokenize } from "./query-text.ts";
import { BUSINESS_INDEX, BUSINESS_INDEX_SETTINGS, FACET_ATTRIBUTES, MAX_TOTAL_HITS } from "./settings.ts";

/** Meilisearch filter string literal: double-quoted, with backslashes and quotes escaped. */
export function escapeFilterValue(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new DirectoryError("INVALID_FILTER", `${value} is not a finite number`);
  return String(value);
}

/** Resolved filters → Meilisearch filter expressions (the array is ANDed). */
export function buildMeiliFilter(filters: SearchFilters): string[] {
  const out: string[] = [];
  if (filters.categorySlug) out.push(`category_slug = ${escapeFilterValue(filters.categorySlug)}`);
  if (filters.countryCode) out.push(`country_code = ${escapeFilterValue(filters.countryCode)}`);
  if (filters.citySlug) out.push(`city_slug = ${escapeFilterValue(filters.citySlug)}`);
  if (filters.cities && filters.cities.length > 0) {
    out.push(
      filters.cities.map((c) => `(country_code = ${escapeFilterValue(c.countryCode)} AND city_slug = ${escapeFilterValue(c.citySlug)})`).join(" OR "),
    );
  }
  if (filters.verified !== undefined) out.push(`verified = ${filters.verified ? "true" : "false"}`);
  if (filters.minRating !== undefined) out.push(`rating >= ${formatNumber(filters.minRating)}`);
  if (filters.near) {
    const meters = Math.round(filters.near.radiusKm * 1000);
    out.push(`_geoRadius(${formatNumber(filters.near.lat)}, ${formatNumber(filters.near.lng)}, ${formatNumber(meters)})`);
  }
  if (filters.bbox) {
    // Meilisearch takes the top-right corner, then the bottom-left one.
    const { minLng, minLat, maxLng, maxLat } = filters.bbox;
    out.push(`_geoBoundingBox([${formatNumber(maxLat)}, ${formatNumber(maxLng)}], [${formatNumber(minLat)}, ${formatNumber(minLng)}])`);
  }
  // Open now is decided in Postgres; Meilisearch narrows to businesses that can be open at all.
  if (filters.openAt) out.push("has_hours = true", `status = ${escapeFilterValue("operational")}`);
  return out;
}

/** Sort → Meilisearch sort rules; relevance leaves ordering to the ranking rules (rank_score breaks ties). */
export function buildMeiliSort(sort: SearchQuery["sort"], near?: SearchQuery["near"]): string[] | undefined {
  switch (sort) {
    case "rating":
      return ["rating:desc", "reviews:desc", "rank_score:desc"];
    case "reviews":
      return ["reviews:desc", "rating:desc", "rank_score:desc"];
    case "distance":
      return near ? [`_geoPoint(${formatNumber(near.lat)}, ${formatNumber(near.lng)}):asc`, "rank_score:desc"] : undefined;
    default:
      return undefined;
  }
}

/**
 * One facet's distribution ("slug|Name" → count; countries: code → count) → FacetCounts: name variants of one slug
 * merged (their counts summed, the commonest name kept), biggest first, top `limit`.
 */
export function mapFacetValues(distribution: Record<string, number> | undefined, kind: "category" | "country" | "city", limit = 20): FacetCount[] {
  const merged = new Map<string, { value: string; countryCode?: string; count: number; label: string | undefined; labelCount: number }>();
  for (const [raw, count] of Object.entries(distribution ?? {})) {
    let value = raw;
    let label: string | undefined = raw;
    let countryCode: string | undefined;
    if (kind === "category") {
      const at = raw.indexOf(FACET_SEPARATOR);
      value = at < 0 ? raw : raw.slice(0, at);
      label = at < 0 ? raw : raw.slice(at + 1);
    } else if (kind === "city") {
      const first = raw.indexOf(FACET_SEPARATOR);
      const second = first < 0 ? -1 : raw.indexOf(FACET_SEPARATOR, first + 1);
      if (first < 0 || second < 0) continue;
      countryCode = raw.slice(0, first);
      value = raw.slice(first + 1, second);
      label = raw.slice(second + 1);
    } else {
      label = undefined;
    }
    const key = countryCode ? `${countryCode}${FACET_SEPARATOR}${value}` : value;
    const entry = merged.get(key);
    if (!entry) {
      merged.set(key, { value, countryCode, count, label, labelCount: count });
    } else {
      entry.count += count;
      if (count > entry.labelCount) {
        entry.label = label;
        entry.labelCount = count;
      }
    }
  }
  return [...merged.values()]
    .sort((a, b) => b.count - a.count || (a.countryCode ?? "").localeCompare(b.countryCode ?? "") || a.value.localeCompare(b.value))
    .slice(0, limit)
    .map((entry) => ({
      value: entry.value,
      ...(entry.label !== undefined ? { name: entry.label } : {}),
      count: entry.count,
      ...(entry.countryCode ? { countryCode: entry.countryCode } : {}),
    }));
}

export function mapFacetDistribution(distribution: FacetDistribution | undefined): SearchFacets {
  if (!distribution) return createEmptyFacets();
  return {
    category: mapFacetValues(distribution.facet_category, "category"),
    country: mapFacetValues(distribution.country_code, "country"),
    city: mapFacetValues(distribution.facet_city, "city"),
  };
}

/** A finished task, or an error naming what Meilisearch said. */
export function assertTaskSucceeded(task: Task, what: string): Task {
  if (task.status !== "succeeded") {
    throw new DirectoryError("MEILI_TASK_FAILED", `${what} ended ${task.status}${task.error ? `: ${task.error.message}` : ""}`);
  }
  return task;
}

/** Temporary indexes of an interrupted rebuild (`businesses_<ms>`) older than an hour are removed by the next one. */
export function isStaleBuildIndex(uid: string, alias: string, nowMs: number): boolean {
  const match = new RegExp(`^${alias.replace(/[^a-z0-9]/gi, "\\$&")}_(\\d{13})$`).exec(uid);
  return Boolean(match?.[1] && nowMs - Number(match[1]) > 60 * 60 * 1000);
}

export interface MeilisearchEngineOptions {
  host: string;
  apiKey?: string;
  handle: DatabaseHandle | (() => Promise<DatabaseHandle>);
  /** The alias pages search (default "businesses"); tests use their own. */
  indexName?: string;
  /** Per-request timeout for searches; a hung server must not hold a page (default 2 s). */
  timeoutMs?: number;
  /** Rows per keyset batch and per document upload (default 5000). */
  batchSize?: number;
}

/**
 * A write's updated_at is its transaction's start (now()), so a transaction that began before a rebuild's snapshot
 * point can commit after the scan passed its row: replays reach this far back before the snapshot point.
 */
export const REPLAY_MARGIN_MS = 10 * 60_000;

/**
 * Ids scanned into a rebuilt index (ascending) and the approved ids the database holds now (ascending, in pages) →
 * the ids whose membership changed meanwhile: scanned but gone or unapproved, or present but never scanned.
 */
export function diffSortedIds(scanned: readonly number[], current: readonly number[], from = 0): { changed: number[]; next: number } {
  const changed: number[] = [];
  let i = from;
  for (const id of current) {
    while (i < scanned.length && (scanned[i] as number) < id) changed.push(scanned[i++] as number);
    if (i < scanned.length && scanned[i] === id) i++;
    else changed.push(id);
  }
  return { changed, next: i };
}

const WRITE_TIMEOUT_MS = 60_000;
const TASK_TIMEOUT_MS = 10 * 60_000;

export class MeilisearchEngine implements SearchEngine {
  readonly name = "meilisearch" as const;
  readonly #client: Meilisearch;
  readonly #writer: Meilisearch;
  readonly #handle: DatabaseHandle | (() => Promise<DatabaseHandle>);
  readonly #alias: string;
  readonly #batchSize: number;
  readonly #postgres: PostgresSearchEngine;

  constructor(options: MeilisearchEngineOptions) {
    this.#client = new Meilisearch({ host: options.host, apiKey: options.apiKey, timeout: options.timeoutMs ?? 2000 });
    this.#writer = new Meilisearch({
      host: options.host,
      apiKey: options.apiKey,
      timeout: WRITE_TIMEOUT_MS,
      defaultWaitOptions: { timeout: TASK_TIMEOUT_MS, interval: 200 },
    });
    this.#handle = options.handle;
    this.#alias = options.indexName ?? BUSINESS_INDEX;
    this.#batchSize = options.batchSize ?? 5000;
    this.#postgres = new PostgresSearchEngine({ handle: options.handle });
  }

  get indexName(): string {
    return this.#alias;
  }

  /** Deletes the alias index (tests that built their own). */
  async dropIndex(): Promise<void> {
    await this.#writer.deleteIndex(this.#alias).waitTask();
  }

  async #db(): Promise<DatabaseHandle> {
    return typeof this.#handle === "function" ? this.#handle() : this.#handle;
  }

  #index(): Index<BusinessDocument> {
    return this.#client.index<BusinessDocument>(this.#alias);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const handle = await this.#db();
    const { text, filters } = await prepareQuery(handle, query);
    const expressions = buildMeiliFilter(filters);
    // Closed businesses leave the default results; any text can still find them (Meilisearch ranks name hits first).
    if (!text.trim()) expressions.push(`status = ${escapeFilterValue("operational")}`);
    const filter = expressions.length > 0 ? expressions : undefined;
    const sort = buildMeiliSort(query.sort, query.near);
    const facets = query.facets ?? true;

    if (filters.openAt) {
      // Ranked candidates from Meilisearch, open-now decided by Postgres (see documents.ts), then paged there.
      const candidates = await this.#index().search(text, {
        filter,
        sort,
        page: 1,
        hitsPerPage: MAX_TOTAL_HITS,
        attributesToRetrieve: ["id"],
        matchingStrategy: "all",
      });
      const rows = await searchBusinesses(handle, {
        text: null,
        filters: {
          openAt: filters.openAt,
          candidateIds: candidates.hits.map((hit) => Number(hit.id)),
          ...(filters.near ? { near: filters.near } : {}),
        },
        sort: query.sort === "distance" && !query.near ? "relevance" : query.sort,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
        facets,
      });
      return {
        hits: rows.hits.map((row) => mapRowToSearchHit(row, Boolean(query.near))),
        total: rows.total,
        page: query.page,
        perPage: query.perPage,
        facets: mapFacetRows(rows.facets),
        didYouMean: null,
        engine: "meilisearch",
        degraded: false,
        tookMs: Math.round((performance.now() - started) * 10) / 10,
      };
    }

    // With a sort first in the ranking rules, the first hit is the best-rated, not the best match: whether the
    // text as typed matched anything is asked of the relevance order, in parallel.
    const relevanceProbe =
      sort && text.length > 0
        ? this.#index().search(text, { filter, limit: 1, attributesToRetrieve: ["id"], matchingStrategy: "all", showRankingScoreDetails: true })
        : undefined;
    const response = await this.#index().search(text, {
      filter,
      sort,
      page: query.page,
      hitsPerPage: query.perPage,
      facets: facets ? [...FACET_ATTRIBUTES] : undefined,
      attributesToRetrieve: [...HIT_ATTRIBUTES],
      // Every word must match (typos allowed), as in the Postgres engine: totals and facets mean the same.
      matchingStrategy: "all",
      showRankingScoreDetails: text.length > 0 && !relevanceProbe,
    });
    // Ranking puts exact words before typos: when even the best hit needed a typo, the text as typed matched
    // nothing, which is when the Postgres engine offers "did you mean" too.
    const best = relevanceProbe ? (await relevanceProbe).hits[0] : response.hits[0];
    const typed = text.length > 0 && (!best || (best._rankingScoreDetails?.typo?.typoCount ?? 0) > 0);
    let didYouMean: string | null = null;
    if (typed) {
      const words = tokenize(text);
      // With no hits at all, a vocabulary correction would only lead to another empty page: offer a name instead.
      const corrections = response.hits.length > 0 ? (await findWordCorrections(handle, words)).corrections : new Map<string, string>();
      didYouMean = await findDidYouMean(handle, text, words, corrections, response.hits.length === 0);
    }
    return {
      hits: response.hits.map((hit) => mapDocumentToSearchHit(hit, query.near)),
      total: response.totalHits,
      page: query.page,
      perPage: query.perPage,
      facets: facets ? mapFacetDistribution(response.facetDistribution) : createEmptyFacets(),
      didYouMean,
      // The best hit needed a typo, so the text as typed matched nothing: the hits are for the correction.
      showingResultsFor: response.hits.length > 0 ? didYouMean : null,
      engine: "meilisearch",
      degraded: false,
      tookMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  /** Categories, cities and countries from the aggregate tables; business names typo-tolerant from Meilisearch. */
  async suggest(prefix: string, limit = 8, kinds?: readonly SuggestionKind[]): Promise<SuggestionMatch[]> {
    const normalized = normalizeSuggestPrefix(prefix);
    if (!normalized.trim() || kinds?.length === 0) return [];
    const capped = Math.max(1, Math.min(20, Math.floor(limit)));
    const placeKinds = (kinds ?? ["category", "country", "city"]).filter((kind) => kind !== "business");
    const wantsBusinesses = !kinds || kinds.includes("business");
    const [places, businesses] = await Promise.all([
      placeKinds.length > 0 ? this.#postgres.suggest(normalized, capped, placeKinds) : [],
      wantsBusinesses
        ? // Businesses by their name only, as the Postgres engine suggests them (a country's name is a country suggestion).
          this.#index().search(normalized, {
            limit: capped,
            attributesToSearchOn: ["name"],
            attributesToRetrieve: ["name", "slug", "city", "country_code"],
          })
        : { hits: [] },
    ]);
    const fromMeili: SuggestionMatch[] = businesses.hits.map((hit) => ({
      kind: "business",
      name: String(hit.name),
      slug: String(hit.slug),
      ...(hit.country_code ? { countryCode: String(hit.country_code) } : {}),
      ...(hit.city ? { city: String(hit.city) } : {}),
    }));
    return mixSuggestions([...places, ...fromMeili], capped);
  }

  /** Re-reads these businesses from Postgres: approved ones are (re)written, the rest removed from the index. */
  async indexBusinesses(ids: number[]): Promise<void> {
    const handle = await this.#db();
    const index = this.#writer.index<BusinessDocument>(this.#alias);
    for (let start = 0; start < ids.length; start += this.#batchSize) {
      const chunk = ids.slice(start, start + this.#batchSize);
      const rows = await listBusinessDocumentsByIds(handle, chunk);
      const present = new Set(rows.map((row) => Number(row.id)));
      const gone = chunk.filter((id) => !present.has(id));
      if (rows.length > 0)
        assertTaskSucceeded(await index.addDocuments(rows.map(buildBusinessDocument), { primaryKey: "id" }).waitTask(), "adding documents");
      if (gone.length > 0) assertTaskSucceeded(await index.deleteDocuments(gone).waitTask(), "deleting documents");
    }
  }

  async removeBusinesses(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const index = this.#writer.index<BusinessDocument>(this.#alias);
    for (let start = 0; start < ids.length; start += this.#batchSize) {
      assertTaskSucceeded(await index.deleteDocuments(ids.slice(start, start + this.#batchSize)).waitTask(), "deleting documents");
    }
  }

  /**
   * Re-reads every business written since `sinceMs` (database clock) into the index: how it catches up with writes
   * it missed while unreachable. Returns how many ids were re-read.
   */
  async indexWrittenSince(sinceMs: number): Promise<number> {
    const ids = await listBusinessIdsWrittenSince(await this.#db(), sinceMs);
    await this.indexBusinesses(ids);
    return ids.length;
  }

  /**
   * Writes made while a rebuild ran went to the old index (or to none): after the swap, re-read the businesses
   * written since the snapshot point and every id whose membership changed (deleted, unapproved, approved,
   * restored) between the scan and now. Writes after the swap reach the new index directly.
   */
  async #replayWritesDuringBuild(handle: DatabaseHandle, scanned: readonly number[], sinceMs: number): Promise<number> {
    const changed = new Set(await listBusinessIdsWrittenSince(handle, sinceMs));
    let afterId = 0;
    let next = 0;
    const page = Math.max(this.#batchSize, 10_000);
    for (;;) {
      const current = await listApprovedBusinessIdsAfter(handle, afterId, page);
      if (current.length === 0) break;
      const diff = diffSortedIds(scanned, current, next);
      for (const id of diff.changed) changed.add(id);
      next = diff.next;
      afterId = current[current.length - 1] as number;
    }
    for (let i = next; i < scanned.length; i++) changed.add(scanned[i] as number);
    await this.indexBusinesses([...changed].sort((a, b) => a - b));
    return changed.size;
  }

  /**
   * Zero-downtime rebuild: a new index is filled and configured while pages keep searching the old one, then
   * one swap task exchanges them atomically, the writes made meanwhile are replayed into it, and the old contents
   * are deleted.
   */
  async reindex(onProgress?: (done: number, total: number) => void): Promise<{ documents: number; seconds: number }> {
    const started = performance.now();
    const handle = await this.#db();
    const client = this.#writer;
    await this.#dropStaleBuilds();
    const uid = `${this.#alias}_${Date.now()}`;
    assertTaskSucceeded(await client.createIndex(uid, { primaryKey: "id" }).waitTask(), `creating ${uid}`);
    try {
      const building = client.index<BusinessDocument>(uid);
      // Settings first, so documents are indexed once with the final configuration.
      assertTaskSucceeded(await building.updateSettings(BUSINESS_INDEX_SETTINGS).waitTask(), "applying settings");
      // The snapshot point: every write from here on is replayed after the swap (see #replayWritesDuringBuild).
      const sinceMs = (await readDatabaseClockMs(handle)) - REPLAY_MARGIN_MS;
      const scanned: number[] = [];
      const total = await countApprovedBusinesses(handle);
      onProgress?.(0, total);
      let afterId = 0;
      let done = 0;
      let pending: Promise<Task> | null = null;
      for (;;) {
        const rows = await listBusinessDocumentsAfter(handle, afterId, this.#batchSize);
        if (rows.length === 0) break;
        afterId = Number(rows[rows.length - 1]?.id);
        for (const row of rows) scanned.push(Number(row.id));
        const enqueued = building.addDocuments(rows.map(buildBusinessDocument), { primaryKey: "id" });
        // Read the next batch from Postgres while Meilisearch indexes this one; at most one upload in flight.
        if (pending) assertTaskSucceeded(await pending, "adding documents");
        pending = enqueued.waitTask();
        done += rows.length;
        onProgress?.(done, Math.max(total, done));
      }
      if (pending) assertTaskSucceeded(await pending, "adding documents");
      const aliasExists = await client
        .getRawIndex(this.#alias)
        .then(() => true)
        .catch((error: unknown) => (isIndexNotFound(error) ? false : Promise.reject(error)));
      if (!aliasExists) assertTaskSucceeded(await client.createIndex(this.#alias, { primaryKey: "id" }).waitTask(), `creating ${this.#alias}`);
      assertTaskSucceeded(await client.swapIndexes([{ indexes: [this.#alias, uid], rename: false }]).waitTask(), "swapping indexes");
      await this.#replayWritesDuringBuild(handle, scanned, sinceMs);
      return { documents: done, seconds: Math.round((performance.now() - started) / 10) / 100 };
    } finally {
      // After a swap `uid` holds the previous contents; after a failure, the half-built index. Either way: gone.
      await client
        .deleteIndex(uid)
        .waitTask()
        .catch(() => undefined);
    }
  }

  async #dropStaleBuilds(): Promise<void> {
    const now = Date.now();
    const { results } = await this.#writer.getRawIndexes({ limit: 1000 });
    for (const index of results) {
      if (isStaleBuildIndex(index.uid, this.#alias, now)) await this.#writer.deleteIndex(index.uid).waitTask();
    }
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    try {
      await this.#client.health();
      const stats = await this.#index().getStats();
      return { ok: true, detail: `Meilisearch index ${this.#alias}: ${stats.numberOfDocuments} documents${stats.isIndexing ? " (indexing)" : ""}` };
    } catch (error) {
      return { ok: false, detail: describeFailure(error) };
    }
  }
}

function isIndexNotFound(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === "index_not_found";
}
