// Active letter + base path (+ the letters that have entries) → the A–Z (and '#') bar of the category and city lists,
// with 'All' when a letter is active; a letter with no entries is shown disabled, never as a link to an empty list.
import { Link } from "@remix-run/react";

export const FILTER_LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"] as const;

/** A one-character path parameter that is a letter filter: 'A'–'Z' (any case) or '#'. */
export function isFilterLetter(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z#]$/.test(value);
}

/** '/cities' + 'B' → '/cities/B'; '#' (names not starting with a Latin letter) is URL-encoded. */
export function letterHref(basePath: string, letter: string): string {
  return `${basePath}/${encodeURIComponent(letter)}`;
}

const chip = "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold transition";

export function LetterFilter({
  basePath,
  active,
  label,
  usedLetters,
}: {
  basePath: string;
  active?: string;
  label: string;
  /** Omitted: every letter is a link. */
  usedLetters?: readonly string[];
}) {
  return (
    <nav aria-label={label} className="card p-3">
      <ul className="flex flex-wrap gap-1">
        {active ? (
          <li>
            <Link to={basePath} className={`${chip} border border-brand-200 bg-brand-50 px-3 text-brand-700 hover:bg-brand-100`}>
              All
            </Link>
          </li>
        ) : null}
        {FILTER_LETTERS.map((letter) => (
          <li key={letter}>
            {letter === active ? (
              <span aria-current="page" className={`${chip} bg-brand-600 text-white shadow-sm`}>
                {letter === "#" ? <span aria-label="Other (digits and symbols)">#</span> : letter}
              </span>
            ) : usedLetters && !usedLetters.includes(letter) ? (
              <span
                aria-disabled="true"
                className={`${chip} cursor-not-allowed text-slate-400`}
                aria-label={letter === "#" ? "Other (digits and symbols)" : undefined}
                title="No entries"
              >
                {letter}
              </span>
            ) : (
              <Link
                to={letterHref(basePath, letter)}
                className={`${chip} text-slate-700 hover:bg-slate-100 hover:text-brand-700`}
                aria-label={letter === "#" ? "Other (digits and symbols)" : undefined}
              >
                {letter}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
