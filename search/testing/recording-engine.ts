// A SearchEngine that only records which ids write paths asked it to index or remove: lets tests check that every
// write path keeps an external engine current without a Meilisearch server. Searches answer empty.
import { createEmptyFacets, type SearchEngine, type SearchQuery, type SearchResult, type SuggestionMatch, type SuggestionKind } from "../engine.ts";

export class RecordingSearchEngine implements SearchEngine {
  readonly name = "meilisearch" as const;
  readonly indexed: number[][] = [];
  readonly removed: number[][] = [];

  async search(query: SearchQuery): Promise<SearchResult> {
    return {
      hits: [],
      total: 0,
      page: query.page,
      perPage: query.perPage,
      facets: createEmptyFacets(),
      didYouMean: null,
      engine: this.name,
      degraded: false,
      tookMs: 0,
    };
  }

  async suggest(_prefix: string, _limit?: number, _kinds?: readonly SuggestionKind[]): Promise<SuggestionMatch[]> {
    return [];
  }

  async indexBusinesses(ids: number[]): Promise<void> {
    this.indexed.push([...ids]);
  }

  async removeBusinesses(ids: number[]): Promise<void> {
    this.removed.push([...ids]);
  }

  async reindex(): Promise<{ documents: number; seconds: number }> {
    return { documents: 0, seconds: 0 };
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    return { ok: true, detail: "recording engine" };
  }

  /** Every id indexed (or removed) so far, sorted, each once. */
  allIndexed(): number[] {
    return [...new Set(this.indexed.flat())].sort((a, b) => a - b);
  }

  allRemoved(): number[] {
    return [...new Set(this.removed.flat())].sort((a, b) => a - b);
  }
}
