// Rebuild and keep-current orchestration shared by `directory reindex` and the import pipeline: which engine
// does the work, how progress is reported, and what the operator is told afterwards.
import type { DatabaseHandle } from "../db/client.ts";
import type { SearchEngine } from "./engine.ts";
import { createIndexingEngine, getSearchEngine } from "./index.ts";

export interface ReindexReport {
  engine: "postgres" | "meilisearch";
  documents: number;
  seconds: number;
  /** One line for the operator saying what was done. */
  message: string;
}

export interface ReindexOptions {
  handle: DatabaseHandle | (() => Promise<DatabaseHandle>);
  meiliUrl?: string;
  meiliApiKey?: string;
  indexName?: string;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Postgres engine: search_vector is a generated column, so "reindex" refreshes the aggregate tables (facet labels,
 * suggest, locations) and planner statistics. Meilisearch: a full rebuild into a new index, swapped in atomically.
 */
export async function reindexSearch(options: ReindexOptions): Promise<ReindexReport> {
  const engine = createIndexingEngine(options);
  return runReindex(engine, options.onProgress);
}

export async function runReindex(engine: SearchEngine, onProgress?: (done: number, total: number) => void): Promise<ReindexReport> {
  const { documents, seconds } = await engine.reindex(onProgress);
  const count = documents.toLocaleString("en-US");
  const message =
    engine.name === "meilisearch"
      ? `Rebuilt the Meilisearch index with ${count} businesses in ${seconds} s and swapped it in.`
      : `PostgreSQL search is current (search_vector is kept on write); refreshed aggregates and statistics for ${count} businesses in ${seconds} s.`;
  return { engine: engine.name, documents, seconds, message };
}

/**
 * After a write (import batch, approval change, edit): bring those businesses' documents up to date and drop the
 * deleted ones. Never throws for an unreachable Meilisearch when given the fallback engine: the write stands and
 * the index catches up when Meilisearch is back (the fallback replays what it missed), or on the next reindex.
 */
export async function syncSearchIndex(engine: SearchEngine, changedIds: number[], removedIds: number[] = []): Promise<void> {
  if (changedIds.length > 0) await engine.indexBusinesses(changedIds);
  if (removedIds.length > 0) await engine.removeBusinesses(removedIds);
}

/**
 * Write paths (admin approval or edit, fix-slugs, dedupe merges) → the active engine: these businesses' documents
 * are rebuilt from their rows (unapproved or deleted ids drop out of the index). The postgres engine reads the table
 * itself, so this costs nothing there; an unreachable Meilisearch is logged and the write still stands.
 */
export async function syncBusinessesById(ids: number[], engine: SearchEngine = getSearchEngine()): Promise<void> {
  await syncSearchIndex(engine, uniqueIds(ids));
}

/** Deletes (admin delete, delete-all, delete-test-data, dedupe losers) → the active engine forgets these ids. */
export async function removeBusinessesFromIndex(ids: number[], engine: SearchEngine = getSearchEngine()): Promise<void> {
  await syncSearchIndex(engine, [], uniqueIds(ids));
}

/** True when the active engine keeps its own copy of the rows, i.e. write paths must tell it about changes. */
export function needsIndexSync(engine: SearchEngine = getSearchEngine()): boolean {
  return engine.name !== "postgres";
}

function uniqueIds(ids: number[]): number[] {
  return [...new Set(ids.map(Number))].filter((id) => Number.isSafeInteger(id) && id > 0);
}
