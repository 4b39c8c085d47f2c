// Query word + candidate vocabulary (trigram matches, category words) → the one correction to try, if any.
// Trigrams miss swapped letters in short words ("musuem" shares 3 of 11 trigrams with "museum"), so the
// category vocabulary is also checked by edit distance with transpositions; popularity breaks near-ties.

export interface CorrectionCandidate {
  word: string;
  term: string;
  similarity: number;
  businessCount: number;
}

/** Edits a word may need to count as a typo: 1 up to 7 letters, 2 from 8 (Meilisearch allows 1 from 5, 2 from 9). */
export function countAllowedTypos(word: string): number {
  return Array.from(word).length >= 8 ? 2 : 1;
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

/**
 * For each word (unaccented, lower-case) the best-scoring correction: trigram candidates score their similarity,
 * category words within the allowed edit distance score 1 − distance/length; both plus popularity.
 */
export function chooseCorrections(
  words: string[],
  trigramCandidates: CorrectionCandidate[],
  categoryTerms: Array<{ term: string; businessCount: number }>,
): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const word of new Set(words)) {
    let best: { term: string; score: number } | null = null;
    const consider = (term: string, closeness: number, businessCount: number) => {
      if (term === word) return;
      const score = closeness + POPULARITY_WEIGHT * Math.log1p(Math.max(0, businessCount));
      if (!best || score > best.score) best = { term, score };
    };
    for (const candidate of trigramCandidates) {
      if (candidate.word === word) consider(candidate.term, Number(candidate.similarity), Number(candidate.businessCount));
    }
    const limit = countAllowedTypos(word);
    const length = Array.from(word).length;
    for (const { term, businessCount } of categoryTerms) {
      const distance = measureEditDistance(word, term, limit);
      if (distance <= limit) consider(term, 1 - distance / Math.max(length, Array.from(term).length), Number(businessCount));
    }
    const picked = best as { term: string; score: number } | null;
    if (picked) chosen.set(word, picked.term);
  }
  return chosen;
}
