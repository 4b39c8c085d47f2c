// A file name as a client or the command line gave it → the name reports, import runs, business sources and the
// audit log show: no folders, no control or invisible format characters (bidi overrides included), at most 200.

/**
 * Characters that change how the rest of the name is displayed without being seen: C0/C1 controls, lone surrogates,
 * line and paragraph separators, and format characters (\p{Cf}: the bidi embeddings, overrides, isolates and marks
 * U+202A–202E, U+2066–2069, U+200E/200F, U+061C, zero-width space, byte order mark, soft hyphen…).
 * NOTE: zero-width (non-)joiners are kept: they shape emoji and Persian or Indic words and reorder nothing.
 */
const INVISIBLE = /\p{Cc}|\p{Cs}|[\u2028\u2029]|(?![\u200C\u200D])\p{Cf}/gu;
/** Characters Windows refuses in a file name and that have no business in a display name. */
const RESERVED = /["<>|:*?]/g;
const MAX_CHARACTERS = 200;

/** "C:\\x\\evil\u202Egnp.csv" → "evilgnp.csv"; an empty result becomes "upload". Idempotent. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(INVISIBLE, "").normalize("NFC").replace(RESERVED, "_").replace(/^\.+/, "").trim();
  // Keep the end (the extension) of a long name; whole code points, so no half of a pair is left behind.
  const characters = Array.from(cleaned);
  const kept = characters.length > MAX_CHARACTERS ? characters.slice(-MAX_CHARACTERS).join("").trim() : cleaned;
  return kept === "" ? "upload" : kept;
}
