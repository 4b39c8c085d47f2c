// Query words and typed places → the look-ups search/ composes plans from: cities and countries by name, the typo
// vocabulary (unknown words and their category, city and name-word candidates), the closest business name for did-you-mean.
// Reads approved businesses and the count tables only.
import type { DatabaseHandle } from "../client.ts";

/** json columns arrive parsed on both drivers; accept text too so a driver setting cannot break search. */
export function readJson<T>(value: T | string | null | undefined, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

export interface CityMatchRow {
  countryCode: string;
  citySlug: string;
  city: string;
  businessCount: number;
}

/** Cities with this slug (optionally in one country), biggest first: how a typed location becomes a filter. */
export async function findCitiesBySlug(handle: DatabaseHandle, citySlug: string, countryCode?: string, limit = 10): Promise<CityMatchRow[]> {
  const params: unknown[] = [citySlug, limit];
  const country = countryCode ? `and country_code = $${params.push(countryCode)}` : "";
  return handle.query<CityMatchRow>(
    `select country_code as "countryCode", city_slug as "citySlug", city, business_count as "businessCount"
       from city_counts where city_slug = $1 ${country}
      order by business_count desc, country_code limit $2`,
    params,
  );
}

export interface TermCandidateRow {
  /** The query word, unaccented and lower-case. */
  word: string;
  term: string;
  similarity: number;
  /** Businesses behind the term: a popular category word beats an obscure village of equal similarity. */
  businessCount: number;
  kind: "category" | "city" | "name";
  /** A name word's most common spelling ("sprüngli" for "sprungli"): what "did you mean" shows. */
  spelling?: string;
}

/** Name-word candidates per unknown word: the closest by trigram similarity (then popularity). */
export const NAME_WORD_CANDIDATES = 8;

export interface WordVocabulary {
  /** The query words (unaccented, lower-case) that match no approved business on their own. */
  unknownWords: string[];
  /** For each unknown word, category and city words within `minSimilarity` and the closest name words, best first. */
  candidates: TermCandidateRow[];
  /** Every word of every category name with the businesses behind it (empty when no word is unknown). */
  categoryTerms: Array<{ term: string; businessCount: number }>;
}

/** Every word (3+ letters, unaccented, lower-case) of every category name with the businesses behind it. */
function selectCategoryTerms(when = "true"): string {
  return `select t.term, sum(c.business_count)::int as business_count
         from category_counts c, regexp_split_to_table(directory_unaccent(lower(c.category)), '[^[:alnum:]]+') as t(term)
        where length(t.term) >= 3 and ${when}
        group by t.term`;
}

/** The category vocabulary typo corrections are chosen from (a few hundred words; the engine keeps it in memory). */
export async function listCategoryTerms(handle: DatabaseHandle): Promise<Array<{ term: string; businessCount: number }>> {
  const rows = await handle.query<{ term: string; business_count: number }>(selectCategoryTerms());
  return rows.map((row) => ({ term: row.term, businessCount: Number(row.business_count) }));
}

/**
 * Name words that may be what each word of `unknown` (a relation with a `word` column) misspells, as rows of
 * (word, term, similarity, businessCount, kind 'name', spelling): the closest by trigram (pg_trgm's `%`, through the
 * table's trigram index) and those one swap, dropped or added letter away. typos.ts judges each against the allowance.
 */
function selectNameWordCandidates(unknown: string): string {
  return `       select w.word, n.word, n.similarity, n.business_count, 'name', n.spelling
         from ${unknown} w
         cross join lateral (
           select n.word, n.spelling, n.business_count, similarity(n.word, w.word)::float8 as similarity from name_words n
            where n.word % w.word
            order by similarity(n.word, w.word) desc, n.business_count desc
            limit ${NAME_WORD_CANDIDATES}
         ) n
       union all
       -- Trigrams miss swapped neighbours and a letter too many or too few in short words ("mootrs" shares 3 of 11 with
       -- "motors", "hitl" 3 of 8 with "hiltl"): name words that are the word with two neighbours swapped or one letter
       -- dropped (exact look-ups), or that start with its first two letters and are it with one letter added.
       -- typos.ts judges each against the allowance.
       select w.word, n.word, similarity(n.word, w.word)::float8, n.business_count, 'name', n.spelling
         from ${unknown} w
         cross join lateral (
           select e.word, e.spelling, e.business_count from (
             select n.word, n.spelling, n.business_count from name_words n
              -- NOTE: "= any(array(...))", not "in (select ...)": the planner hashed the variants and scanned every name word.
              where n.word = any(array(select overlay(w.word placing substr(w.word, i + 1, 1) || substr(w.word, i, 1) from i for 2)
                                         from generate_series(1, length(w.word) - 1) i
                                       union all
                                       select overlay(w.word placing '' from i for 1) from generate_series(1, length(w.word)) i))
             union
             select n.word, n.spelling, n.business_count from name_words n
              where n.word ~>=~ left(w.word, 2) and n.word ~<~ (left(w.word, 2) || chr(1114111))
                and length(n.word) = length(w.word) + 1
                and exists (select 1 from generate_series(1, length(n.word)) i where overlay(n.word placing '' from i for 1) = w.word)
           ) e
           order by e.business_count desc, e.word
           limit ${NAME_WORD_CANDIDATES}
         ) n`;
}

/**
 * The typo look-ups as CTEs (words, unknown, category_terms, vocabulary_candidates) and one json column, for
 * findWordVocabulary and for a search statement that answers them beside its matches. `when` gates the work: the
 * CTEs are only read from the column's subqueries, so a statement whose gate is false never runs them.
 * NOTE: similarity() runs on unaccented lower-case text, so "zurich" and "Zürich" are the same word.
 */
export function buildWordVocabularySql(words: string, minSimilarity: string, when: string): { ctes: string; column: string } {
  return {
    ctes: `words as materialized (select distinct directory_unaccent(lower(w)) as word from unnest(${words}::text[]) as w where ${when}),
     unknown as materialized (
       select w.word from words w
        where not exists (select 1 from businesses b where b.is_approved and b.search_vector @@ plainto_tsquery('simple', w.word))
     ),
     category_terms as materialized (${selectCategoryTerms("exists (select 1 from unknown)")}),
     vocabulary_candidates as (
       select w.word, t.term, similarity(w.word, t.term)::float8 as similarity, t.business_count as "businessCount", 'category' as kind,
              null::text as spelling
         from unknown w cross join category_terms t
        where similarity(w.word, t.term) >= ${minSimilarity}::float8
       union all
       select w.word, t.term, similarity(w.word, t.term)::float8, c.business_count, 'city', null::text
         from unknown w
         cross join lateral (
           select c.city, c.business_count from city_counts c
            where directory_unaccent(lower(c.city)) % w.word
            order by similarity(directory_unaccent(lower(c.city)), w.word) desc, c.business_count desc
            limit 5
         ) c
         cross join lateral regexp_split_to_table(directory_unaccent(lower(c.city)), '[^[:alnum:]]+') as t(term)
        where length(t.term) >= 3 and similarity(w.word, t.term) >= ${minSimilarity}::float8
       union all
${selectNameWordCandidates("unknown")}
     )`,
    column: `case when ${when} then json_build_object(
       'unknownWords', (select coalesce(json_agg(word order by word), '[]'::json) from unknown),
       'candidates', (select coalesce(json_agg(c order by c.word, c.similarity desc, c."businessCount" desc), '[]'::json) from vocabulary_candidates c),
       'categoryTerms', (select coalesce(json_agg(json_build_object('term', term, 'businessCount', business_count)), '[]'::json) from category_terms)
     ) end`,
  };
}

/**
 * The typo look-ups in one round trip: which query words match no business on their own, and for those the words of
 * category names (a few hundred rows: scanned) and of city names (tens of thousands: through the trigram index)
 * whose trigram similarity reaches `minSimilarity`, plus the category vocabulary edit distances run over.
 */
export async function findWordVocabulary(handle: DatabaseHandle, words: string[], minSimilarity = 0.4): Promise<WordVocabulary> {
  if (words.length === 0) return { unknownWords: [], candidates: [], categoryTerms: [] };
  const vocabulary = buildWordVocabularySql("$1", "$2", "true");
  const [row] = await handle.query<{ vocabulary: WordVocabulary | string }>(`with ${vocabulary.ctes} select ${vocabulary.column} as vocabulary`, [
    words,
    minSimilarity,
  ]);
  return readVocabulary(row?.vocabulary) ?? { unknownWords: [], candidates: [], categoryTerms: [] };
}

/**
 * One word's name-word candidates, or none when the word is itself a name word: what the engine foresees a one-word
 * name typo's correction from, beside the search as typed.
 */
export async function findNameWordCandidates(handle: DatabaseHandle, word: string): Promise<TermCandidateRow[]> {
  const [row] = await handle.query<{ candidates: TermCandidateRow[] | string | null }>(
    `with unknown as (select $1::text as word where not exists (select 1 from name_words where word = $1::text))
     select (select coalesce(json_agg(c), '[]'::json) from (${selectNameWordCandidates("unknown")}) as c(word, term, similarity, "businessCount", kind, spelling)) as candidates`,
    [word],
  );
  return readJson<TermCandidateRow[]>(row?.candidates, []);
}

export function readVocabulary(value: WordVocabulary | string | null | undefined): WordVocabulary | null {
  const vocabulary = readJson<WordVocabulary | null>(value, null);
  return (
    vocabulary && {
      unknownWords: vocabulary.unknownWords ?? [],
      candidates: vocabulary.candidates ?? [],
      categoryTerms: vocabulary.categoryTerms ?? [],
    }
  );
}

/**
 * The vocabulary a visitor finishes typing (unaccented, lower-case): every whole word of a category name and every
 * city name (a last word equal to a city name is a one-word city). Reads only the count tables.
 */
export async function listVocabularyWords(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.query<{ word: string }>(
    `select t.term as word from category_counts c, regexp_split_to_table(directory_unaccent(lower(c.category)), '[^[:alnum:]]+') as t(term)
      where t.term <> ''
     union
     select directory_unaccent(lower(city)) from city_counts`,
  );
  return rows.map((row) => row.word);
}

/** A typed country (name, "de", "Deutschland" via `aliasCode`) → a country code that has businesses, or null. */
export async function findCountryCode(handle: DatabaseHandle, text: string, slug: string, aliasCode: string | null): Promise<string | null> {
  const [row] = await handle.query<{ code: string }>(
    `select country_code as code from country_counts
      where directory_unaccent(lower(country)) = directory_unaccent(lower($1)) or country_slug = $2
         or (length($1) = 2 and country_code = upper($1)) or country_code = $3
      order by case when directory_unaccent(lower(country)) = directory_unaccent(lower($1)) or country_slug = $2 then 0
                    when country_code = $3 then 1 else 2 end,
               business_count desc
      limit 1`,
    [text, slug, aliasCode],
  );
  return row?.code ?? null;
}

/** The approved business name closest to `text` by trigram similarity (pg_trgm's `%` threshold, via its index). */
export async function findClosestBusinessName(
  handle: DatabaseHandle,
  text: string,
  minSimilarity: number,
): Promise<{ name: string; similarity: number } | null> {
  const [row] = await handle.query<{ name: string; similarity: number }>(
    `select name, similarity(directory_unaccent(lower(name)), directory_unaccent(lower($1)))::float8 as similarity
       from businesses
      where is_approved and directory_unaccent(lower(name)) % directory_unaccent(lower($1))
        and similarity(directory_unaccent(lower(name)), directory_unaccent(lower($1))) >= $2::float8
      order by similarity desc, rank_score desc
      limit 1`,
    [text, minSimilarity],
  );
  return row ?? null;
}
