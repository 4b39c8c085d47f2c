// SearchQuery → a search plan run on PostgreSQL (PGlite or a server): weighted full text over search_vector
// with a prefix last word, location text turned into filters, trigram typo tolerance when the text finds too
// little, facet counts over the matched set, did-you-mean and prefix suggest. Only approved businesses.
import type { DatabaseHandle } from "../db/client.ts";
import { analyzeSearchTables, countApprovedBusinesses } from "../db/queries/search-documents.ts";
import {
  searchBusinesses,
  type BusinessSearchPlan,
  type BusinessSearchRows,
  type FacetCountRow,
  type SearchHitRow,
  type SearchTextMatch,
} from "../db/queries/search-statement.ts";
import { suggestByPrefix, type SuggestionRow } from "../db/queries/search-suggest.ts";
import { findNameWordCandidates, listCategoryTerms, listVocabularyWords } from "../db/queries/search-vocabulary.ts";
import { RefreshingValue } from "../db/freshness.ts";
import { hasOpeningHours, readSpecialHours } from "../db/rules/opening-hours.ts";
import { refreshAggregates } from "../db/writes/aggregates.ts";
import type { FacetCount, SearchEngine, SearchFacets, SearchHit, SearchQuery, SearchResult, SuggestionKind, SuggestionMatch } from "./engine.ts";
import { createEmptyFacets } from "./engine.ts";
import { findDidYouMean, findWordCorrections, MIN_CORRECTION_SIMILARITY, prepareQuery, selectVocabularyWords } from "./query-plan.ts";
import {
  buildCorrectedTsquery,
  buildTextMatch,
  foldLastWord,
  matchLastWordExactly,
  normalizeSuggestPrefix,
  usesWebsearchSyntax,
} from "./query-text.ts";
import { chooseCorrections, measureTrigramSimilarity } from "./typos.ts";
import { VocabularyWordSet } from "./vocabulary-set.ts";

/** Below this many full-text hits the engine also tries typo corrections (and offers "did you mean"). */
export const FEW_RESULTS = 5;
export const DEFAULT_SUGGEST_LIMIT = 8;

export function mapRowToSearchHit(row: SearchHitRow, withDistance: boolean): SearchHit {
  const hit: SearchHit = {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    category: row.category,
    type: row.type,
    city: row.city,
    countryCode: row.countryCode,
    fullAddress: row.fullAddress,
    street: row.street ?? null,
    district: row.district ?? null,
    rating: row.rating === null ? null : Number(row.rating),
    reviews: Number(row.reviews),
    phone: row.phone,
    phoneE164: row.phoneE164 ?? null,
    workingHours: hasOpeningHours(row.workingHours) ? row.workingHours : null,
    specialHours: readSpecialHours(row.specialHours),
    timeZone: row.timeZone ?? null,
    photo: row.photo,
    verified: Boolean(row.verified),
    ...(row.status && row.status !== "operational" ? { status: row.status } : {}),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
  };
  if (withDistance && row.distanceKm !== null && row.distanceKm !== undefined) hit.distanceKm = Math.round(Number(row.distanceKm) * 100) / 100;
  return hit;
}

/** Facet rows → FacetCounts: slugs or country codes, stored names (categories, cities) and counts. */
export function mapFacetRows(facets: BusinessSearchRows["facets"]): SearchFacets {
  if (!facets) return createEmptyFacets();
  const named = (row: FacetCountRow): FacetCount => ({ value: row.value, name: row.label, count: Number(row.count) });
  return {
    category: facets.category.map(named),
    country: facets.country.map((row) => ({ value: row.value, count: Number(row.count) })),
    city: facets.city.map((row) => ({ ...named(row), ...(row.countryCode ? { countryCode: row.countryCode } : {}) })),
  };
}

/** A suggest row → a SuggestionMatch: the count for categories and countries, the country code and city where stored. */
export function mapSuggestionRow(row: SuggestionRow): SuggestionMatch {
  const match: SuggestionMatch = { kind: row.kind, name: row.label, slug: row.slug };
  if (row.countryCode) match.countryCode = row.countryCode;
  if (row.kind === "category" || row.kind === "country") match.count = Number(row.count);
  if (row.kind === "business" && row.detail) match.city = row.detail;
  return match;
}

const SUGGEST_ORDER: SuggestionKind[] = ["category", "country", "city", "business"];
const SUGGEST_QUOTA: Record<SuggestionKind, number> = { category: 3, country: 2, city: 3, business: Number.POSITIVE_INFINITY };

/** Per-kind rows → one list: a few of each kind first (categories, countries, cities, businesses), then fill. */
export function mixSuggestions<T extends { kind: SuggestionKind }>(rows: T[], limit: number): T[] {
  const byKind = new Map<SuggestionKind, T[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
  const picked: T[] = [];
  const leftovers: T[] = [];
  for (const kind of SUGGEST_ORDER) {
    const list = byKind.get(kind) ?? [];
    const quota = Math.min(SUGGEST_QUOTA[kind], limit);
    picked.push(...list.slice(0, quota));
    leftovers.push(...list.slice(quota));
  }
  for (const row of leftovers) {
    if (picked.length >= limit) break;
    picked.push(row);
  }
  const rank = (s: T) => SUGGEST_ORDER.indexOf(s.kind);
  return picked.slice(0, limit).sort((a, b) => rank(a) - rank(b));
}

export interface PostgresSearchEngineOptions {
  /** The database handle, or a getter that opens it on first use. */
  handle: DatabaseHandle | (() => Promise<DatabaseHandle>);
  /** Matches counted exactly per search; bigger match sets are sampled (default MATCH_SAMPLE_SIZE; tests lower it). */
  matchSampleSize?: number;
  /** Clock in ms for the vocabulary set's freshness (tests move it). */
  now?: () => number;
}

/**
 * The category and city vocabulary is kept in memory and reloaded (in the background) after this long: it changes
 * only when the counts are refreshed, and a stale answer only picks exact or prefix matching of a last word (both
 * find the word).
 */
export const VOCABULARY_WORD_TTL_MS = 60_000;

/** A corrected search started beside the search as typed: its tsquery (null when nothing was foreseen) and rows. */
interface ForeseenSearch {
  tsquery: Promise<string | null>;
  rows: Promise<BusinessSearchRows | null>;
}

export class PostgresSearchEngine implements SearchEngine {
  readonly name = "postgres" as const;
  readonly #handle: DatabaseHandle | (() => Promise<DatabaseHandle>);
  readonly #matchSampleSize: number | undefined;
  readonly #vocabularyWords: VocabularyWordSet;
  readonly #categoryTerms: RefreshingValue<Array<{ term: string; businessCount: number }>>;

  constructor(options: PostgresSearchEngineOptions) {
    this.#handle = options.handle;
    this.#matchSampleSize = options.matchSampleSize;
    this.#categoryTerms = new RefreshingValue({
      load: async () => listCategoryTerms(await this.#db()),
      ttlMs: VOCABULARY_WORD_TTL_MS,
      ...(options.now ? { now: options.now } : {}),
    });
    this.#vocabularyWords = new VocabularyWordSet({
      load: async () => listVocabularyWords(await this.#db()),
      ttlMs: VOCABULARY_WORD_TTL_MS,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** The vocabulary reload under way, if any (tests wait for it). */
  vocabularySettled(): Promise<unknown> {
    return Promise.all([this.#vocabularyWords.settled(), this.#categoryTerms.settled().catch(() => undefined)]);
  }

  async #db(): Promise<DatabaseHandle> {
    return typeof this.#handle === "function" ? this.#handle() : this.#handle;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const handle = await this.#db();
    const { text, filters } = await prepareQuery(handle, query);
    let textMatch = buildTextMatch(text);
    // A last word that is a whole category or city word was finished, not half-typed: matching it exactly reads one
    // posting list, while a prefix ('hotel':*) makes GIN gather every matching row first (3–5× slower for big sets).
    const wholeWord = textMatch?.tsquery ? await this.#vocabularyWords.has(foldLastWord(textMatch)) : false;
    if (textMatch && wholeWord) textMatch = matchLastWordExactly(textMatch);
    const basePlan: Omit<BusinessSearchPlan, "text"> = {
      filters,
      sort: query.sort === "distance" && !query.near ? "relevance" : query.sort,
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      facets: query.facets ?? true,
      ...(this.#matchSampleSize ? { sampleSize: this.#matchSampleSize } : {}),
    };
    const primaryText: SearchTextMatch | null = textMatch ? { websearch: textMatch.websearch, tsquery: textMatch.tsquery, fuzzyName: null } : null;
    const typoTolerant = Boolean(textMatch) && !usesWebsearchSyntax(text);
    // NOTE: a category or city word matches businesses by definition, and checking it in SQL reads its whole posting
    // list (11 ms per loop for "restaurant" at 1M businesses, before any typo work): only the other words are checked.
    const vocabularyWords = textMatch && typoTolerant ? await this.#withoutVocabularyWords(selectVocabularyWords(textMatch.words)) : [];
    // A search that finds too little answers its own typo look-ups in the same statement (one round trip fewer).
    const vocabulary =
      vocabularyWords.length > 0 ? { words: vocabularyWords, minSimilarity: MIN_CORRECTION_SIMILARITY, belowTotal: FEW_RESULTS } : undefined;
    // One whole category or city word ("restaurant", "berlin") is a broad search: its total will be estimated.
    const likelySampled = wholeWord && textMatch?.words.length === 1;
    // A single unfamiliar word close to a category word (or else a name word) is probably that word misspelt: its
    // corrected search starts now, beside the search as typed, and is used only if the typo path then picks the same
    // correction.
    const foreseen =
      textMatch && vocabularyWords.length === 1 && textMatch.words.length === 1
        ? (this.#foreseeCorrection(handle, basePlan, textMatch.words) ?? this.#foreseeNameCorrection(handle, basePlan, textMatch.words))
        : null;
    let rows: BusinessSearchRows;
    try {
      rows = await searchBusinesses(handle, { ...basePlan, text: primaryText, likelySampled, ...(vocabulary ? { vocabulary } : {}) });
    } catch (error) {
      foreseen?.rows.catch(() => {});
      throw error;
    }
    let didYouMean: string | null = null;
    let showingResultsFor: string | null = null;

    // Every word a category or city word: few results is the answer, not a typo.
    if (textMatch && rows.total < FEW_RESULTS && typoTolerant && vocabularyWords.length > 0) {
      const typo = await this.#searchWithTypos(handle, basePlan, text, textMatch.words, rows, foreseen);
      // Nothing matched as typed: every hit shown comes from the correction ("Showing results for …").
      if (typo.rows && typo.rows.total > 0 && rows.total === 0 && typo.didYouMean) showingResultsFor = typo.didYouMean;
      if (typo.rows && typo.rows.total > rows.total) rows = typo.rows;
      didYouMean = typo.didYouMean;
    } else {
      foreseen?.rows.catch(() => {});
    }

    return {
      hits: rows.hits.map((row) => mapRowToSearchHit(row, Boolean(query.near))),
      total: rows.total,
      page: query.page,
      perPage: query.perPage,
      facets: mapFacetRows(rows.facets),
      totalApproximate: rows.approximate,
      facetsApproximate: rows.approximate && Boolean(rows.facets),
      didYouMean,
      showingResultsFor,
      engine: "postgres",
      degraded: false,
      tookMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  /**
   * The corrected search for a one-word text, started before PostgreSQL has said whether the word is a typo, when
   * the category vocabulary in memory already points at one correction (pg_trgm's similarity and the edit distance,
   * as findWordCorrections scores them, minus city names). Null when nothing is foreseen or the vocabulary is not
   * loaded yet. NOTE: a word that turns out to match businesses wastes this statement; it is only tried for words
   * outside the category and city vocabulary that sit close to a category word.
   */
  #foreseeCorrection(handle: DatabaseHandle, basePlan: Omit<BusinessSearchPlan, "text">, words: string[]): ForeseenSearch | null {
    const terms = this.#peekCategoryTerms();
    const [typed] = words;
    const [word] = selectVocabularyWords(words);
    if (!terms || typed === undefined || word === undefined) return null;
    const candidates = terms
      .map((term) => ({ word, term: term.term, similarity: measureTrigramSimilarity(word, term.term), businessCount: term.businessCount }))
      .filter((candidate) => candidate.similarity >= MIN_CORRECTION_SIMILARITY);
    const correction = chooseCorrections([word], candidates, terms).get(word);
    if (!correction) return null;
    const tsquery = buildCorrectedTsquery(words, new Map([[typed, correction]]));
    return {
      tsquery: Promise.resolve(tsquery),
      rows: searchBusinesses(handle, { ...basePlan, text: { websearch: null, tsquery, fuzzyName: null }, likelySampled: true }),
    };
  }

  /**
   * The same for a one-word name typo ("dainel"): the name words one edit away come from a small look-up (an index
   * read of name_words, nothing when the word is itself a name word) beside the search as typed, and the corrected
   * search starts as soon as it answers. NOTE: a word found in descriptions or addresses only wastes this statement.
   */
  #foreseeNameCorrection(handle: DatabaseHandle, basePlan: Omit<BusinessSearchPlan, "text">, words: string[]): ForeseenSearch | null {
    const [typed] = words;
    const [word] = selectVocabularyWords(words);
    if (typed === undefined || word === undefined) return null;
    const tsquery = findNameWordCandidates(handle, word).then((candidates) => {
      const correction = chooseCorrections([word], candidates, []).get(word);
      return correction ? buildCorrectedTsquery(words, new Map([[typed, correction]])) : null;
    });
    const rows = tsquery.then((corrected) =>
      corrected
        ? searchBusinesses(handle, { ...basePlan, text: { websearch: null, tsquery: corrected, fuzzyName: null }, likelySampled: true })
        : null,
    );
    return { tsquery, rows };
  }

  /** The category terms if loaded (reloaded in the background once older than the vocabulary's window), else null. */
  #peekCategoryTerms(): Array<{ term: string; businessCount: number }> | null {
    return this.#categoryTerms.peek() ?? null;
  }

  /** The words that are not whole category or city words (those need the SQL check for businesses they match). */
  async #withoutVocabularyWords(words: string[]): Promise<string[]> {
    const uncertain: string[] = [];
    for (const word of words) if (!(await this.#vocabularyWords.has(word))) uncertain.push(word);
    return uncertain;
  }

  /**
   * The typo path: words close to a category, city or name word are ORed with that word ("restuarant" →
   * restuarant | restaurant, "hiltel" → hiltel | hiltl); when the text found nothing at all and no word was
   * corrected, names similar to the whole text match by trigram too. "Did you mean" offers the corrected text, else
   * the closest business name.
   */
  async #searchWithTypos(
    handle: DatabaseHandle,
    basePlan: Omit<BusinessSearchPlan, "text">,
    text: string,
    words: string[],
    primary: BusinessSearchRows,
    foreseen: ForeseenSearch | null = null,
  ): Promise<{ rows: BusinessSearchRows | null; didYouMean: string | null }> {
    foreseen?.rows.catch(() => {});
    const primaryTotal = primary.total;
    const { corrections, unknownWords } = await findWordCorrections(handle, words, primary.vocabulary);
    // Every word matches businesses on its own: few results is the answer, not a typo.
    if (unknownWords.length === 0) return { rows: null, didYouMean: null };
    // Whole-name trigram matching is loose and reads the trigram posting lists of a million names: only when the
    // text found nothing and the vocabulary (categories, cities, name words) offered no correction. A single word
    // never: a name close to it is a name word within its typo allowance, which the vocabulary already offered (the
    // look-up took 0.3–3 s at 1M businesses for words such as "suties").
    const fuzzyName =
      primaryTotal === 0 && corrections.size === 0 && Array.from(text).length >= 4 && words.length >= 2 && words.length <= 4 ? text : null;
    if (corrections.size === 0 && !fuzzyName) return { rows: null, didYouMean: null };
    const tsquery = buildCorrectedTsquery(words, corrections);
    const foreseenRows = foreseen && fuzzyName === null && (await foreseen.tsquery.catch(() => null)) === tsquery ? await foreseen.rows : null;
    const rows =
      foreseenRows ??
      (await searchBusinesses(handle, {
        ...basePlan,
        text: { websearch: null, tsquery, fuzzyName },
        // A word corrected to a category or city word usually matches a broad set.
        likelySampled: corrections.size > 0 && words.length === 1,
      }));
    // A correction is only worth offering when searching with it finds more than the text as typed.
    const helpful = rows.total > primaryTotal ? corrections : new Map<string, string>();
    return { rows, didYouMean: await findDidYouMean(handle, text, words, helpful, fuzzyName !== null) };
  }

  async suggest(prefix: string, limit = DEFAULT_SUGGEST_LIMIT, kinds?: readonly SuggestionKind[]): Promise<SuggestionMatch[]> {
    const normalized = normalizeSuggestPrefix(prefix);
    if (!normalized.trim() || kinds?.length === 0) return [];
    const capped = Math.max(1, Math.min(20, Math.floor(limit)));
    const rows = await suggestByPrefix(await this.#db(), normalized, capped, kinds);
    return mixSuggestions(rows.map(mapSuggestionRow), capped);
  }

  /** search_vector is a generated column: a written row is already searchable. */
  async indexBusinesses(_ids: number[]): Promise<void> {}

  async removeBusinesses(_ids: number[]): Promise<void> {}

  /** Nothing to rebuild: refresh the aggregate tables (facet labels, suggest) and the planner statistics. */
  async reindex(onProgress?: (done: number, total: number) => void): Promise<{ documents: number; seconds: number }> {
    const started = performance.now();
    const handle = await this.#db();
    const documents = await countApprovedBusinesses(handle);
    onProgress?.(0, documents);
    await refreshAggregates(handle);
    await analyzeSearchTables(handle);
    this.#vocabularyWords.clear();
    this.#categoryTerms.clear();
    onProgress?.(documents, documents);
    return { documents, seconds: Math.round((performance.now() - started) / 10) / 100 };
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    try {
      const handle = await this.#db();
      await handle.query("select 1");
      return { ok: true, detail: `PostgreSQL (${handle.driver})` };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }
}

export function createPostgresSearchEngine(handle: PostgresSearchEngineOptions["handle"]): PostgresSearchEngine {
  return new PostgresSearchEngine({ handle });
}
