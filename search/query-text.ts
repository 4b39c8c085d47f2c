// Free search text → the pieces the engines match with: words, a websearch head plus a prefix last word, a
// typo-corrected tsquery, and an "X in Y" location split. Pure: no database, so every rule is unit-tested.
// NOTE: tsquery text is built only from letter/digit tokens wrapped in quotes, so no user input is ever
// interpreted as tsquery operators.

/** Words shorter than this are matched exactly: a 1–2 letter prefix would expand to most of the index. */
export const MIN_PREFIX_LENGTH = 3;

const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;
const TRAILING_TOKEN = /[\p{L}\p{M}\p{N}]+$/u;

/** "Café  Zürich!" → ["café", "zürich"] (NFC, lower-case, letters, combining marks and digits only). */
export function tokenize(text: string): string[] {
  return (text.normalize("NFC").toLowerCase().match(TOKEN) ?? []).slice(0, 32);
}

/** Quotes, "or" and "-word" are websearch syntax: such queries go to websearch_to_tsquery unchanged. */
export function usesWebsearchSyntax(text: string): boolean {
  return text.includes('"') || /(^|\s)or(\s|$)/i.test(text) || /(^|\s)-[\p{L}\p{N}]/u.test(text);
}

function quoteToken(token: string): string {
  return `'${token}'`;
}

export interface TextMatchParts {
  /** For websearch_to_tsquery: everything except a prefix-matched last word. */
  websearch: string | null;
  /** For to_tsquery: the last word as a prefix ('piz':*), or null. */
  tsquery: string | null;
  words: string[];
}

/**
 * "bakery berl" → websearch "bakery" + tsquery 'berl':* (the last word is still being typed); websearch syntax
 * and short last words are matched exactly. Returns null when the text holds no word at all.
 */
export function buildTextMatch(text: string): TextMatchParts | null {
  const trimmed = text.normalize("NFC").trim();
  const words = tokenize(trimmed);
  if (words.length === 0) return null;
  if (usesWebsearchSyntax(trimmed)) return { websearch: trimmed, tsquery: null, words };
  const withoutTrailingPunctuation = trimmed.replace(/[^\p{L}\p{M}\p{N}]+$/u, "");
  const last = TRAILING_TOKEN.exec(withoutTrailingPunctuation);
  const lastWord = last?.[0].toLowerCase();
  if (!last || !lastWord || Array.from(lastWord).length < MIN_PREFIX_LENGTH) return { websearch: trimmed, tsquery: null, words };
  const head = withoutTrailingPunctuation.slice(0, last.index).trim();
  return { websearch: tokenize(head).length > 0 ? head : null, tsquery: `${quoteToken(lastWord)}:*`, words };
}

/** The same match with its last word exact ('hotel' instead of 'hotel':*); unchanged when nothing is a prefix. */
export function matchLastWordExactly(match: TextMatchParts): TextMatchParts {
  if (!match.tsquery?.endsWith(":*")) return match;
  return { ...match, tsquery: match.tsquery.slice(0, -2) };
}

/** The last word of a match, folded the way the index folds it ("Zürich" → "zurich"). */
export function foldLastWord(match: TextMatchParts): string {
  return (match.words[match.words.length - 1] ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * Words with their trigram corrections → one tsquery: each word OR its correction, all ANDed; corrected words
 * and the last word match as prefixes ("restuarant" → ('restuarant' | 'restaurant':*)).
 */
export function buildCorrectedTsquery(words: string[], corrections: ReadonlyMap<string, string>): string {
  return words
    .map((word, index) => {
      const isLast = index === words.length - 1;
      const own = isLast && Array.from(word).length >= MIN_PREFIX_LENGTH ? `${quoteToken(word)}:*` : quoteToken(word);
      const correction = corrections.get(word);
      if (!correction || correction === word) return own;
      // A correction is a whole vocabulary word: matched exactly, it reads one posting list instead of every word
      // it prefixes (see matchLastWordExactly).
      return `(${own} | ${quoteToken(correction)})`;
    })
    .join(" & ");
}

/** The query as the visitor probably meant it: each corrected word replaced; null when nothing changed. */
export function buildCorrectedText(words: string[], corrections: ReadonlyMap<string, string>): string | null {
  let changed = false;
  const corrected = words.map((word) => {
    const correction = corrections.get(word);
    if (correction && correction !== word) {
      changed = true;
      return correction;
    }
    return word;
  });
  return changed ? corrected.join(" ") : null;
}

/** Words worth correcting: at least 4 letters, not numbers (typo rules never touch house numbers or years). */
export function selectCorrectableWords(words: string[]): string[] {
  return [...new Set(words.filter((word) => Array.from(word).length >= 4 && !/^\p{N}+$/u.test(word)))];
}

/** "pizza in berlin" / "dentist near Zürich" → { what: "pizza", where: "berlin" }; null without such a split. */
export function splitLocationPhrase(text: string): { what: string; where: string } | null {
  const match = /^(.+?)\s+(?:in|near|around|at)\s+([^"]+)$/iu.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  const what = match[1].trim();
  const where = match[2].trim();
  return what && where ? { what, where } : null;
}

/** The prefix typed into a search box → the text suggest matches (lower-case, single spaces, ≤ 100 chars). */
export function normalizeSuggestPrefix(prefix: string): string {
  return prefix.normalize("NFC").replace(/\s+/g, " ").replace(/^ /, "").toLowerCase().slice(0, 100);
}
