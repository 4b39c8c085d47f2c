// A database of businesses → the reads bench's name searches (issue 17): words of real business names (not category or
// city words) misspelt by one edit (two neighbours swapped or a letter dropped; no typo that is itself a word), and the
// first letters of such words as typed. Read from the data, so any generated or real database works.
import postgres from "postgres";

export interface NameTypoTexts {
  /** "beker", "durnad": one edit from a name word of 5+ letters, each matching no business as typed. */
  typos: string[];
  /** "beck", "dura": a name word's first 3–5 letters (the last word as a prefix). */
  prefixes: string[];
}

/** A word's typo: its two middle letters swapped (even index) or its middle letter dropped (odd index). */
export function misspellNameWord(word: string, index: number): string {
  const i = Math.floor(word.length / 2);
  if (index % 2 === 1) return `${word.slice(0, i)}${word.slice(i + 1)}`;
  return `${word.slice(0, i - 1)}${word[i]}${word[i - 1]}${word.slice(i + 1)}`;
}

export async function readNameTypoTexts(databaseUrl: string, size: number): Promise<NameTypoTexts> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const words = await sql<Array<{ word: string }>>`
      select w as word from (
        select lower(t.w) as w from businesses tablesample system (2) repeatable (13),
               regexp_split_to_table(name, '[^[:alpha:]]+') as t(w) where is_approved) s
       where w ~ '^[a-z]{5,12}$'
         and not exists (select 1 from category_counts c where lower(c.category) ~ ('\\m' || s.w || '\\M'))
         and not exists (select 1 from city_counts c where lower(c.city) = s.w)
       group by w order by count(*) desc, w limit ${size * 2}`;
    const candidates = [...new Set(words.map((row, i) => misspellNameWord(row.word, i)))];
    const unknown = await sql<Array<{ typo: string }>>`
      select typo from unnest(${candidates}::text[]) as typo
       where not exists (select 1 from businesses b where b.search_vector @@ plainto_tsquery('simple', typo))`;
    const matchNothing = new Set(unknown.map((row) => row.typo));
    return {
      typos: candidates.filter((typo) => matchNothing.has(typo)).slice(0, size),
      prefixes: [...new Set(words.map((row, i) => row.word.slice(0, 3 + (i % 3))))].slice(0, size),
    };
  } finally {
    await sql.end();
  }
}

/** The two figures, with the search targets: p95 ≤ 50 ms and ≤ 5× the key lookup. */
export function buildNameTypoProbes(texts: NameTypoTexts, baseline: string) {
  const search = { against: baseline, maxRatio: 5, maxP95Ms: 50, search: true } as const;
  const q = (text: string) => `/api/search?${new URLSearchParams({ q: text }).toString()}`;
  return [
    { name: "search: name typo (one edit)", paths: (texts.typos.length > 0 ? texts.typos : ["hiltel"]).map(q), ...search },
    { name: "search: name prefix (as typed)", paths: (texts.prefixes.length > 0 ? texts.prefixes : ["hil"]).map(q), ...search },
  ];
}
