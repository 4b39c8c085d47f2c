// Raw cell values → clean text and numbers: NFC, no NUL bytes or broken surrogates, scraper "None" as blank.

const NULL_WORDS = /^(none|null|nil|n\/a|na|nan|undefined|-)$/i;

export interface CleanedText {
  value: string | null;
  /** What had to be repaired, for the row's warnings. */
  repaired: ReadonlyArray<"nul" | "surrogate" | "control">;
}

/** Printable ASCII only: nothing to repair, already NFC. Most cells of most files. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const NOTHING_REPAIRED: CleanedText["repaired"] = Object.freeze([]);

/** Text or null; NUL bytes, lone surrogates and control characters are removed and reported, never kept. */
export function cleanText(input: unknown): CleanedText {
  if (input === null || input === undefined) return { value: null, repaired: NOTHING_REPAIRED };
  let text = typeof input === "string" ? input : typeof input === "number" || typeof input === "boolean" ? String(input) : JSON.stringify(input);
  if (PLAIN_ASCII.test(text)) {
    const trimmed = text.trim();
    return { value: trimmed === "" || NULL_WORDS.test(trimmed) ? null : trimmed, repaired: NOTHING_REPAIRED };
  }
  const repaired: Array<"nul" | "surrogate" | "control"> = [];
  if (text.includes("\u0000")) {
    text = text.replaceAll("\u0000", "");
    repaired.push("nul");
  }
  if (!text.isWellFormed()) {
    text = text.toWellFormed().replace(/\ufffd/g, "");
    repaired.push("surrogate");
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip here
  const withoutControls = text.replace(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  if (withoutControls !== text) {
    text = withoutControls;
    repaired.push("control");
  }
  const trimmed = text.normalize("NFC").trim();
  return { value: trimmed === "" || NULL_WORDS.test(trimmed) ? null : trimmed, repaired };
}

/** "56.0", "4,5", 4.4 → numbers; blank → null; anything else → NaN (the caller reports it). */
export function parseNumber(input: unknown): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "number") return Number.isFinite(input) ? input : Number.NaN;
  const { value } = cleanText(input);
  if (value === null) return null;
  const normalised = /^-?\d+,\d+$/.test(value) ? value.replace(",", ".") : value.replace(/[\s\u00a0\u202f]/g, "");
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalised) ? Number(normalised) : Number.NaN;
}

/** true/"True"/"yes"/"1" → true; false/"False"/"no"/"0"/blank → false. */
export function parseBoolean(input: unknown): boolean {
  if (typeof input === "boolean") return input;
  if (typeof input === "number") return input !== 0;
  const { value } = cleanText(input);
  return value !== null && /^(true|yes|y|1|verified|claimed|✓)$/i.test(value);
}

/** Lower-case, accent-free alphanumerics: the comparison form for fallback identities. */
export function foldForIdentity(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/ı/g, "i")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
