// Query word + candidate vocabulary (trigram matches, category words, name words) → the one correction to try, if
// any. Trigrams miss swapped letters in short words ("musuem" shares 3 of 11 trigrams with "museum"), so the
// category vocabulary is also checked by edit distance with transpositions; name words must be within Meilisearch's
// typo allowance (countAllowedTypos, or isShortWordSlip for 4 letters); popularity breaks near-ties.

export interface CorrectionCandidate {
  word: string;
  term: string;
  similarity: number;
  businessCount: number;
  /** Name words come from a vocabulary of every business name: they must also be within the allowed edits. */
  kind?: "category" | "city" | "name";
  /** How the term is usually written ("sprüngli"): the correction returned instead of the folded term. */
  spelling?: string | null;
}

/** Word lengths from which one and two typos are allowed: the Meilisearch index uses the same (settings.ts). */
export const MIN_WORD_SIZE_FOR_TYPOS = { oneTypo: 5, twoTypos: 9 } as const;

/** Edits a word may need to count as a typo, as Meilisearch allows: none below 5 letters, 1 from 5, 2 from 9. */
export function countAllowedTypos(word: string): number {
  const length = Array.from(word).length;
  return length >= MIN_WORD_SIZE_FOR_TYPOS.twoTypos ? 2 : length >= MIN_WORD_SIZE_FOR_TYPOS.oneTypo ? 1 : 0;
}

/**
 * A 4-letter word gets no typo by the rule above, yet "hitl" is plainly "hiltl": a 4-letter word that is a term with
 * one letter left out, or with two neighbouring letters swapped, is a slip, not another word. Substitutions are not:
 * at 4 letters they turn one real word into another ("cafe" → "care").
 */
export function isShortWordSlip(word: string, term: string): boolean {
  const x = Array.from(word);
  const y = Array.from(term);
  if (x.length !== 4) return false;
  if (y.length === x.length + 1) return y.some((_, i) => [...y.slice(0, i), ...y.slice(i + 1)].join("") === word);
  if (y.length !== x.length) return false;
  for (let i = 0; i + 1 < x.length; i++) {
    if (x[i] !== y[i]) return x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2).join("") === y.slice(i + 2).join("");
  }
  return false;
}

/** Whether `term` is a typo of `word` within the allowance: the edit distance, or the 4-letter slip. */
export function isWithinTypoAllowance(word: string, term: string): { ok: boolean; distance: number } {
  const limit = countAllowedTypos(word);
  if (limit === 0) return { ok: isShortWordSlip(word, term), distance: 1 };
  const distance = measureEditDistance(word, term, limit);
  return { ok: distance <= limit, distance };
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
export function measureEditDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, (previous2[j - 2] as number) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[y.length] as number;
}

/** pg_trgm's trigrams of one word: "  word " cut into every run of three characters, each counted once. */
function collectTrigrams(word: string): Set<string> {
  if (word.length === 0) return new Set();
  const chars = Array.from(`  ${word} `);
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) trigrams.add(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  return trigrams;
}

/**
 * pg_trgm's similarity() of two single words (lower-case, letters and digits only): shared trigrams over all
 * trigrams, so the engine can foresee a correction before PostgreSQL confirms it.
 */
export function measureTrigramSimilarity(a: string, b: string): number {
  const x = collectTrigrams(a);
  const y = collectTrigrams(b);
  let shared = 0;
  for (const trigram of x) if (y.has(trigram)) shared++;
  const all = x.size + y.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** Weight of popularity: ln(1 + businesses) × this, so a category word with thousands of businesses wins a near-tie. */
const POPULARITY_WEIGHT = 0.03;

/** Accents off and lower-case, as directory_unaccent folds the words the SQL compares. */
function fold(word: string): string {
  return word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** A correction goes into a tsquery as one quoted token: only letters, marks and digits. */
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/**
 * For each word (unaccented, lower-case) the best-scoring correction: category and city candidates score their
 * trigram similarity, category words and name words within the typo allowance score 1 − distance/length; all plus
 * popularity. A name word's correction is its usual spelling.
 */
export function chooseCorrections(
  words: string[],
  trigramCandidates: CorrectionCandidate[],
  categoryTerms: Array<{ term: string; businessCount: number }>,
): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const word of new Set(words)) {
    let best: { term: string; score: number } | null = null;
    const length = Array.from(word).length;
    const consider = (term: string, closeness: number, businessCount: number) => {
      if (fold(term) === word) return;
      const score = closeness + POPULARITY_WEIGHT * Math.log1p(Math.max(0, businessCount));
      if (!best || score > best.score) best = { term, score };
    };
    const byEdits = (term: string, businessCount: number, shown = term) => {
      const { ok, distance } = isWithinTypoAllowance(word, term);
      if (ok) consider(shown, 1 - distance / Math.max(length, Array.from(term).length), Number(businessCount));
    };
    for (const candidate of trigramCandidates) {
      if (candidate.word !== word) continue;
      if (candidate.kind === "name") {
        const shown = candidate.spelling && PLAIN_WORD.test(candidate.spelling) ? candidate.spelling : candidate.term;
        byEdits(candidate.term, Number(candidate.businessCount), shown);
      } else {
        consider(candidate.term, Number(candidate.similarity), Number(candidate.businessCount));
      }
    }
    for (const { term, businessCount } of categoryTerms) byEdits(term, businessCount);
    const picked = best as { term: string; score: number } | null;
    if (picked) chosen.set(word, picked.term);
  }
  return chosen;
}
