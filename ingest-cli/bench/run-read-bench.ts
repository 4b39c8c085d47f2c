// A database of businesses + the real built server → p50/p95 of every public read over HTTP on loopback, each next
// to a baseline taken in the same run: search ≤ 5× a business-detail lookup and ≤ 50 ms, list endpoints ≤ 2×,
// page 5,000 ≤ 2× page 1, suggest ≤ 20 ms. Requests are interleaved round by round so load spikes hit every figure;
// search and suggest texts never repeat (except the one figure that measures the result cache), so they are cold.
// Every filter and sort (alone, with text, combined) is a search figure with the same targets.
import { DirectoryError } from "../../db/rules/directory-error.ts";
import postgres from "postgres";
import { percentile, round2, startBuiltServer, stopServer } from "./bench-http.ts";
import { buildNameTypoProbes, readNameTypoTexts } from "./name-typo-probes.ts";

export interface ReadFigure {
  name: string;
  /** One of the request paths measured (the first of its pool). */
  example: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  baseline: string;
  baselineP95Ms: number | null;
  /** p95 ÷ the baseline's p95. */
  ratio: number | null;
  target: string;
  ok: boolean;
  detail?: string;
}

export interface ReadBenchOptions {
  /** A database that already holds the businesses (the server migrates it; nothing is written). */
  databaseUrl: string;
  cliPath: string;
  /** Timed requests per figure (after `warmup` untimed rounds). */
  requests: number;
  warmup: number;
  onStep?: (message: string) => void;
}

/** The baseline: the business detail by slug, a unique-index lookup through the whole HTTP stack. */
export const BASELINE_NAME = "business detail by slug (unique-index lookup)";

export interface Probe {
  name: string;
  paths: string[];
  /** What the figure is compared with: the baseline probe, or another probe (deep page vs page 1). */
  against: "baseline" | string | null;
  maxRatio?: number;
  maxP95Ms?: number;
  /** Reads `facetsApproximate`/`total` from search answers for the detail column. */
  search?: boolean;
}

export interface DataShape {
  slugs: string[];
  bigCategory: { slug: string; count: number };
  /** Words of category names, most businesses first (broad words first). */
  categoryWords: string[];
  /** First words of business names ("golden", "royal"): a second word that narrows a category word. */
  nameWords: string[];
  topCities: Array<{ city: string; countryCode: string; country: string }>;
  accentedCities: string[];
  cityCount: number;
  /** The filter probes' values: big countries, cities (with a point to search near) and categories. */
  filterValues: FilterValues;
}

export interface FilterValues {
  countries: string[];
  cities: Array<{ countryCode: string; citySlug: string; lat: number; lng: number }>;
  categories: string[];
}

/** The words and places the probes use, read from the data itself so any generated or real database works. */
export async function readDataShape(databaseUrl: string, size: number): Promise<DataShape> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [approved] = await sql<Array<{ n: number }>>`select count(*)::int as n from businesses where is_approved`;
    if (!approved?.n) throw new DirectoryError("BENCH_EMPTY_DATABASE", "the read bench needs businesses; import some or drop --skip-load.");
    const slugs = await sql<
      Array<{ slug: string }>
    >`select slug from businesses tablesample system (1) repeatable (7) where is_approved limit ${size}`;
    const [big] = await sql<Array<{ slug: string; count: number }>>`
      select category_slug as slug, business_count as count from category_counts order by business_count desc limit 1`;
    const words = await sql<Array<{ word: string }>>`
      select t.word from category_counts c, regexp_split_to_table(lower(c.category), '[^[:alpha:]]+') as t(word)
       where length(t.word) >= 4 group by t.word order by sum(c.business_count) desc limit ${size}`;
    const nameWords = await sql<Array<{ word: string }>>`
      select lower(split_part(name, ' ', 1)) as word from businesses tablesample system (1) repeatable (11)
       where split_part(name, ' ', 1) ~ '^[A-Za-z]{4,}$' group by 1 order by count(*) desc limit ${size}`;
    const cities = await sql<Array<{ city: string; countryCode: string; country: string }>>`
      select c.city, c.country_code as "countryCode", k.country from city_counts c join country_counts k using (country_code)
       where c.city ~ '^[A-Za-z ]+$' order by c.business_count desc limit ${size}`;
    const [cityCount] = await sql<Array<{ n: number }>>`select count(*)::int as n from city_counts`;
    const accented = await sql<Array<{ city: string }>>`
      select city from city_counts where city <> directory_unaccent(city) and city ~ '^[[:alpha:] ]+$'
       order by business_count desc limit ${size}`;
    const countries = await sql<Array<{ code: string }>>`
      select country_code as code from country_counts order by business_count desc limit 20`;
    const filterCities = await sql<Array<{ countryCode: string; citySlug: string; lat: number; lng: number }>>`
      select country_code as "countryCode", city_slug as "citySlug", latitude as lat, longitude as lng from city_counts
       where latitude is not null and longitude is not null order by business_count desc limit 20`;
    const categories = await sql<Array<{ slug: string }>>`
      select category_slug as slug from category_counts order by business_count desc limit 20`;
    return {
      filterValues: {
        countries: countries.map((row) => row.code),
        cities: filterCities.map((row) => ({ ...row, lat: Number(row.lat), lng: Number(row.lng) })),
        categories: categories.map((row) => row.slug),
      },
      slugs: slugs.map((row) => row.slug),
      bigCategory: big ?? { slug: "", count: 0 },
      categoryWords: words.map((row) => row.word),
      nameWords: nameWords.map((row) => row.word),
      topCities: cities,
      accentedCities: accented.map((row) => row.city),
      cityCount: cityCount?.n ?? 0,
    };
  } finally {
    await sql.end();
  }
}

/** "restaurant" → "restuarant": two inner letters swapped, the typo the issue names. */
export function swapLetters(word: string): string {
  if (word.length < 5) return word;
  const i = Math.floor(word.length / 2);
  return `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`;
}

function unaccent(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

const q = (params: Record<string, string>) => `/api/search?${new URLSearchParams(params).toString()}`;

/** Distinct values, at most `size`, so no timed search repeats (the server caches answers for 30 s). */
function distinct(values: string[], size: number): string[] {
  return [...new Set(values)].slice(0, size);
}

/** Every pair of two lists, interleaved so the first items of both come first. */
function pairUp<A, B>(a: A[], b: B[], size: number): Array<[A, B]> {
  const pairs: Array<[A, B]> = [];
  for (let round = 0; pairs.length < size && round < a.length * b.length; round++) {
    pairs.push([a[round % a.length] as A, b[(round + Math.floor(round / a.length)) % b.length] as B]);
  }
  return pairs;
}

/** The city list as clients read it (GET /api/cities pages at 1,000): page 1, two letters, and a middle page. */
export function buildCityListPaths(cityCount: number, pageSize = 1000): string[] {
  const middle = Math.max(1, Math.ceil(Math.ceil(cityCount / pageSize) / 2));
  return ["/api/cities", "/api/cities?letter=B", "/api/cities?letter=S", `/api/cities?page=${middle}`];
}

/**
 * Round `i` of a pool → page and per_page that no other round of the pool uses (the server caches an answer for
 * 30 s, so a repeated URL would measure the cache): pages 1–5 × 10–30 per page, at most 120 rows deep.
 */
export function varyPage(i: number): { page: string; per_page: string } {
  return { page: String(1 + (Math.floor(i / 21) % 5)), per_page: String(10 + (i % 21)) };
}

/**
 * Every filter and sort, alone, with a text query and in combinations a visitor makes, each a pool of `size`
 * distinct URLs (rotating countries, cities, categories and words, and varyPage).
 */
export function buildFilterProbePaths(values: FilterValues, words: string[], size: number): Array<{ name: string; paths: string[] }> {
  const countries = values.countries.length > 0 ? values.countries : ["DE"];
  const cities = values.cities.length > 0 ? values.cities : [{ countryCode: "DE", citySlug: "berlin", lat: 52.52, lng: 13.405 }];
  const categories = values.categories.length > 0 ? values.categories : ["restaurant"];
  const texts = words.length > 0 ? words.slice(0, 20) : ["restaurant"];
  const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;
  const near = (i: number) => {
    const city = pick(cities, i);
    return { lat: String(city.lat), lng: String(city.lng) };
  };
  const pools: Array<[string, (i: number) => Record<string, string>]> = [
    ["filter: sort by rating", () => ({ sort: "rating" })],
    ["filter: sort by reviews", () => ({ sort: "reviews" })],
    ["filter: near a city, sort by distance", (i) => ({ ...near(i), sort: "distance" })],
    ["filter: open now", () => ({ open_now: "1" })],
    ["filter: verified", () => ({ verified: "1" })],
    ["filter: min rating 4.5", () => ({ min_rating: "4.5" })],
    ["filter: country", (i) => ({ country: pick(countries, i) })],
    ["filter: city", (i) => ({ country: pick(cities, i).countryCode, city: pick(cities, i).citySlug })],
    ["filter: category", (i) => ({ category: pick(categories, i) })],
    ["text + sort by rating", (i) => ({ q: pick(texts, i), sort: "rating" })],
    ["text + sort by reviews", (i) => ({ q: pick(texts, i), sort: "reviews" })],
    ["text + open now", (i) => ({ q: pick(texts, i), open_now: "1" })],
    ["text + min rating 4", (i) => ({ q: pick(texts, i), min_rating: "4" })],
    ["text + verified", (i) => ({ q: pick(texts, i), verified: "1" })],
    ["text + country", (i) => ({ q: pick(texts, i), country: pick(countries, i) })],
    ["text + city", (i) => ({ q: pick(texts, i), country: pick(cities, i).countryCode, city: pick(cities, i).citySlug })],
    ["text + category", (i) => ({ q: pick(texts, i + 1), category: pick(categories, i) })],
    ["text + near, sort by distance", (i) => ({ q: pick(texts, i), ...near(i), sort: "distance" })],
    ["combo: category + country, sort by rating", (i) => ({ category: pick(categories, i), country: pick(countries, i), sort: "rating" })],
    ["combo: country + open now + min rating 4", (i) => ({ country: pick(countries, i), open_now: "1", min_rating: "4" })],
    ["combo: near + open now, sort by distance", (i) => ({ ...near(i), open_now: "1", sort: "distance" })],
    [
      "combo: city + category + verified",
      (i) => ({ country: pick(cities, i).countryCode, city: pick(cities, i).citySlug, category: pick(categories, i), verified: "1" }),
    ],
    ["combo: country + sort by reviews + min rating 4", (i) => ({ country: pick(countries, i), sort: "reviews", min_rating: "4" })],
    ["combo: text + country + open now, sort by rating", (i) => ({ q: pick(texts, i), country: pick(countries, i), open_now: "1", sort: "rating" })],
  ];
  return pools.map(([name, params]) => ({
    name,
    paths: Array.from({ length: size }, (_, i) => q({ ...params(i), ...varyPage(i) })),
  }));
}

export function buildProbes(shape: DataShape, size: number): Probe[] {
  const words = shape.categoryWords.length > 0 ? shape.categoryWords : ["restaurant"];
  const cities = shape.topCities.length > 0 ? shape.topCities : [{ city: "Berlin", countryCode: "DE", country: "Germany" }];
  const accented = shape.accentedCities.length > 0 ? shape.accentedCities : ["Zürich", "São Paulo", "Malmö"];
  const names = shape.nameWords.length > 0 ? shape.nameWords : ["golden"];
  const twoWords = distinct(
    pairUp(names, words.slice(0, 20), size * 2).map(([name, word]) => `${name} ${word}`),
    size,
  );
  const typos = distinct(["restuarant", ...words.map(swapLetters).filter((typo, i) => typo !== words[i])], size);
  const located = distinct(
    pairUp(words.slice(0, 20), cities, size).flatMap(([word, city], i) => [
      i % 2 === 0 ? q({ q: `${word} in ${city.city}` }) : q({ q: word, location: city.country }),
    ]),
    size,
  );
  const prefixes = distinct(
    [...words, ...cities.map((c) => c.city.toLowerCase()), ...names].flatMap((w) => [w.slice(0, 3), w.slice(0, 4), w.slice(0, 5)]),
    size,
  );
  const search = { maxRatio: 5, maxP95Ms: 50, against: "baseline", search: true } as const;
  const category = shape.bigCategory.slug;
  const deepPage = Math.min(5000, Math.max(1, Math.floor(shape.bigCategory.count / 12)));
  return [
    { name: BASELINE_NAME, paths: shape.slugs.map((slug) => `/api/businesses/${encodeURIComponent(slug)}`), against: null },
    { name: "search: one word", paths: distinct(words, size).map((w) => q({ q: w })), ...search },
    { name: "search: one broad word, repeated (result cache)", paths: [q({ q: words[0] as string })], ...search },
    { name: "search: two words", paths: twoWords.map((w) => q({ q: w })), ...search },
    { name: "search: typo", paths: typos.map((w) => q({ q: w })), ...search },
    { name: "search: accented", paths: distinct(accented, size).map((w) => q({ q: w })), ...search },
    {
      name: "search: unaccented",
      paths: distinct(
        accented.map((w) => unaccent(w).toLowerCase()),
        size,
      ).map((w) => q({ q: w })),
      ...search,
    },
    { name: "search: location-qualified", paths: located, ...search },
    {
      name: "list: categories",
      paths: ["/api/categories", "/api/categories?letter=B", "/api/categories?letter=S"],
      against: "baseline",
      maxRatio: 2,
    },
    { name: "list: countries", paths: ["/api/countries"], against: "baseline", maxRatio: 2 },
    { name: "list: cities (pages of 1,000)", paths: buildCityListPaths(shape.cityCount), against: "baseline", maxRatio: 2 },
    { name: "category page 1 (biggest category)", paths: [`/api/categories/${category}?page=1&limit=12`], against: "baseline" },
    {
      name: `category page ${deepPage.toLocaleString("en-US")}`,
      paths: [`/api/categories/${category}?page=${deepPage}&limit=12`],
      against: "category page 1 (biggest category)",
      maxRatio: 2,
    },
    ...buildFilterProbePaths(shape.filterValues, words, size).map((pool) => ({ ...pool, ...search })),
    { name: "suggest", paths: prefixes.map((p) => `/api/suggest?q=${encodeURIComponent(p)}`), against: "baseline", maxP95Ms: 20 },
  ];
}

export interface Sample {
  ms: number;
  total?: number;
  approximate?: boolean;
  /** Search answers: the engine that answered and whether it was the PostgreSQL fallback. */
  engine?: string;
  degraded?: boolean;
}

export async function timeRequest(base: string, path: string, readSearch: boolean): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { redirect: "manual" });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new DirectoryError("BENCH_REQUEST_FAILED", `${path} answered ${response.status}: ${body.slice(0, 300)}`);
  if (!readSearch) return { ms };
  const parsed = JSON.parse(body) as { total?: number; facetsApproximate?: boolean; totalApproximate?: boolean; engine?: string; degraded?: boolean };
  return {
    ms,
    total: parsed.total,
    approximate: Boolean(parsed.facetsApproximate || parsed.totalApproximate),
    engine: parsed.engine,
    degraded: parsed.degraded,
  };
}

/**
 * READ_BENCH_ONLY="text + ,combo:" → the parts a probe name must contain (any one) to run; the key lookup always runs,
 * since every ratio needs it. Unset or blank → every probe. For repeating a few figures without the whole suite.
 */
export function readProbeFilter(value: string | undefined): string[] | null {
  const parts = (value ?? "").split(",").filter((part) => part.trim() !== "");
  return parts.length > 0 ? parts : null;
}

export async function runReadBench(options: ReadBenchOptions): Promise<ReadFigure[]> {
  const step = options.onStep ?? (() => {});
  step("reading the data's shape (words, cities, the biggest category)");
  const rounds = options.warmup + options.requests;
  const probes = buildProbes(await readDataShape(options.databaseUrl, rounds), rounds);
  // Misspelt and half-typed business names (issue 17), beside the other searches.
  probes.push(...buildNameTypoProbes(await readNameTypoTexts(options.databaseUrl, rounds), BASELINE_NAME));
  const only = readProbeFilter(process.env.READ_BENCH_ONLY);
  if (only)
    probes.splice(0, probes.length, ...probes.filter((probe) => probe.name === BASELINE_NAME || only.some((part) => probe.name.includes(part))));
  step("starting the built server (builds first when stale)");
  // NOTE: the page cache is off here: these figures are the database and search cost behind the pages (the SSR suite measures the cache).
  const { child, base } = await startBuiltServer({ ...options, env: { PAGE_CACHE_MB: "0" } });
  try {
    const samples = new Map<string, Sample[]>(probes.map((probe) => [probe.name, []]));
    for (let round = 0; round < rounds; round++) {
      if (round === options.warmup) step(`timing ${options.requests} interleaved rounds of ${probes.length} requests`);
      for (const probe of probes) {
        const path = probe.paths[round % probe.paths.length] as string;
        const sample = await timeRequest(base, path, Boolean(probe.search));
        if (round >= options.warmup) samples.get(probe.name)?.push(sample);
      }
    }
    const stats = new Map(
      probes.map((probe) => {
        const list = samples.get(probe.name) ?? [];
        const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
        return [probe.name, { p50: percentile(sorted, 50), p95: percentile(sorted, 95), list }];
      }),
    );
    return probes.map((probe): ReadFigure => {
      const own = stats.get(probe.name) as { p50: number; p95: number; list: Sample[] };
      const againstName = probe.against === "baseline" ? BASELINE_NAME : probe.against;
      const againstP95 = againstName ? (stats.get(againstName)?.p95 ?? null) : null;
      const ratio = againstP95 ? round2(own.p95 / againstP95) : null;
      const targets: string[] = [];
      let ok = true;
      if (probe.maxRatio !== undefined) {
        targets.push(`≤ ${probe.maxRatio}×`);
        ok &&= ratio !== null && ratio <= probe.maxRatio;
      }
      if (probe.maxP95Ms !== undefined) {
        targets.push(`p95 ≤ ${probe.maxP95Ms} ms`);
        ok &&= own.p95 <= probe.maxP95Ms;
      }
      const approximate = own.list.filter((s) => s.approximate).length;
      const totals = own.list.map((s) => s.total).filter((t): t is number => typeof t === "number");
      const detail = probe.search
        ? `${new Set(probe.paths.slice(0, rounds)).size} distinct; matches ${Math.min(...totals).toLocaleString("en-US")}–${Math.max(...totals).toLocaleString("en-US")}${approximate > 0 ? `, estimated in ${approximate} of ${own.list.length}` : ""}`
        : undefined;
      return {
        name: probe.name,
        example: probe.paths[0] as string,
        requests: own.list.length,
        p50Ms: round2(own.p50),
        p95Ms: round2(own.p95),
        baseline: againstName ?? "—",
        baselineP95Ms: againstP95 === null ? null : round2(againstP95),
        ratio,
        target: targets.join(" and ") || "—",
        ok: targets.length === 0 ? true : ok,
        ...(detail ? { detail } : {}),
      };
    });
  } finally {
    await stopServer(child);
  }
}

export function formatReadBenchTable(figures: ReadFigure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.p50Ms} ms | ${f.p95Ms} ms | ${f.ratio === null ? "—" : `${f.ratio}×`}${f.baselineP95Ms === null ? "" : ` of ${f.baselineP95Ms} ms`} | ${f.target} | ${f.target === "—" ? "—" : f.ok ? "yes" : "NO"} | ${f.detail ?? ""} |`,
  );
  return ["| read (HTTP, loopback) | p50 | p95 | ratio (p95) | target | met | detail |", "|---|---|---|---|---|---|---|", ...rows].join("\n");
}
