// One database, the built server once per search engine (PostgreSQL; Meilisearch with its PostgreSQL fallback) →
// side by side: p50/p95 of the same searches and suggests, interleaved round by round so load spikes hit both; facet
// counts against exact SQL counts; the full reindex's time and throughput; memory and disk. A Meilisearch figure that
// was answered by the fallback is marked FELL BACK and fails the run: it would be PostgreSQL's figure under
// Meilisearch's name.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { DirectoryError } from "../../db/rules/directory-error.ts";
import { findMeilisearchBinary, startMeilisearchServer, type MeilisearchServer } from "../../search/testing/meilisearch-server.ts";
import { percentile, round2, startBuiltServer, stopServer, type StartedServer } from "./bench-http.ts";
import { BASELINE_NAME, buildProbes, readDataShape, timeRequest, type Probe, type Sample } from "./run-read-bench.ts";

export const ENGINE_CHOICES = ["postgres", "meilisearch", "both"] as const;
export type EngineChoice = (typeof ENGINE_CHOICES)[number];
export type BenchEngine = Exclude<EngineChoice, "both">;

export function listBenchEngines(choice: EngineChoice): BenchEngine[] {
  return choice === "both" ? ["postgres", "meilisearch"] : [choice];
}

/** A category word and a city, no "in": the read suite has no such probe, so this bench adds it. */
const LOCATED_WORDS_PROBE = "search: word + city";

/** The query kinds compared, each the read suite's probe of that name (so both suites time the same URLs). */
export const ENGINE_PROBES: ReadonlyArray<{ kind: string; probe: string }> = [
  { kind: "key lookup (business by slug, no search)", probe: BASELINE_NAME },
  { kind: "one word", probe: "search: one word" },
  { kind: "two words", probe: "search: two words" },
  { kind: "typo", probe: "search: typo" },
  { kind: "accented", probe: "search: accented" },
  { kind: 'location-qualified ("restaurant in Istanbul", or a country)', probe: "search: location-qualified" },
  { kind: 'location-qualified ("bakery berlin")', probe: LOCATED_WORDS_PROBE },
  { kind: "filtered: category", probe: "filter: category" },
  { kind: "filtered: country", probe: "filter: country" },
  { kind: "filtered: min rating 4.5", probe: "filter: min rating 4.5" },
  { kind: "filtered: text + category", probe: "text + category" },
  { kind: "filtered: category + country, by rating", probe: "combo: category + country, sort by rating" },
  { kind: "geo: near a city, by distance", probe: "filter: near a city, sort by distance" },
  { kind: "geo: text + near, by distance", probe: "text + near, sort by distance" },
  { kind: "suggest", probe: "suggest" },
];

/** "restaurant istanbul", "hotel london", …: each category word with each city, no repeats, at most `size`. */
export function buildLocatedWordsPaths(words: string[], cities: string[], size: number): string[] {
  const texts: string[] = [];
  for (let round = 0; texts.length < size && round < words.length * cities.length; round++) {
    const word = words[round % words.length] as string;
    const city = cities[Math.floor(round / words.length) % cities.length] as string;
    texts.push(`${word} ${city.toLowerCase()}`);
  }
  return [...new Set(texts)].map((text) => `/api/search?${new URLSearchParams({ q: text }).toString()}`);
}

/** Round `round` → the engines in the order they are asked: alternated, so neither always finds the other's warm caches. */
export function orderEngines<T>(engines: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...engines] : [...engines].reverse();
}

/** Where the Meilisearch comes from: a binary the bench starts (MEILI_BIN, else PATH) or a running server (MEILI_URL). */
export type MeilisearchSource = { kind: "binary"; binary: string; indexingThreads: number } | { kind: "url"; url: string; apiKey?: string };

/**
 * MEILI_BIN first (an explicit binary: a private server on a free port), then MEILI_URL (+ MEILI_API_KEY), then a
 * `meilisearch` on PATH; none → BENCH_ENGINE_UNAVAILABLE. MEILI_MAX_INDEXING_THREADS (Meilisearch's own variable)
 * sets the started server's indexing threads (default 1, so it shares a small machine).
 */
export function resolveMeilisearchSource(env: Record<string, string | undefined>): MeilisearchSource {
  const threads = Number(env.MEILI_MAX_INDEXING_THREADS ?? 1);
  const indexingThreads = Number.isInteger(threads) && threads >= 1 ? threads : 1;
  if (env.MEILI_BIN) {
    const binary = findMeilisearchBinary(env);
    if (!binary) throw new DirectoryError("BENCH_ENGINE_UNAVAILABLE", `MEILI_BIN=${env.MEILI_BIN} is not an executable file; fix the path.`);
    return { kind: "binary", binary, indexingThreads };
  }
  if (env.MEILI_URL?.trim()) return { kind: "url", url: env.MEILI_URL.trim().replace(/\/+$/, ""), apiKey: env.MEILI_API_KEY || undefined };
  const binary = findMeilisearchBinary(env);
  if (binary) return { kind: "binary", binary, indexingThreads };
  throw new DirectoryError(
    "BENCH_ENGINE_UNAVAILABLE",
    "--engine meilisearch needs a Meilisearch: set MEILI_BIN to its binary (the bench starts it on a free loopback port with a temp data dir), set MEILI_URL (+ MEILI_API_KEY) to a server the bench may fill, or put `meilisearch` on PATH.",
  );
}

export interface EngineLatency {
  engine: BenchEngine;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  /** Answers that came from another engine than the one measured (the PostgreSQL fallback): any makes the figure void. */
  fellBack: number;
}

export interface EngineReadRow {
  kind: string;
  example: string;
  engines: EngineLatency[];
}

export interface FacetDifference {
  value: string;
  /** null: among the exact top values but absent from the engine's list. */
  engine: number | null;
  exact: number;
}

export interface FacetComparison {
  values: number;
  differing: FacetDifference[];
}

export interface FacetCheck {
  query: string;
  path: string;
  facet: FacetKind;
  engine: BenchEngine;
  /** The engine said its counts are estimates (a sampled match set). */
  approximate: boolean;
  comparison: FacetComparison;
}

export interface EngineResources {
  engine: BenchEngine;
  version: string;
  /** `directory reindex` on this engine. */
  reindexSeconds: number | null;
  documents: number | null;
  /** Meilisearch: documents ÷ reindex seconds. PostgreSQL: the import's rows ÷ seconds (search_vector is written with each row). */
  docsPerSecond: number | null;
  indexingNote: string;
  peakRssBytes: number | null;
  memoryNote: string;
  diskBytes: number | null;
  diskNote: string;
}

export interface EngineBenchReport {
  rows: EngineReadRow[];
  facets: FacetCheck[];
  resources: EngineResources[];
  /** Fallback warnings the Meilisearch server logged (each one voids its figures). */
  fallbackLog: string[];
}

export interface EngineBenchOptions {
  databaseUrl: string;
  cliPath: string;
  requests: number;
  warmup: number;
  engines: BenchEngine[];
  meilisearch?: MeilisearchSource;
  /** The import that filled the database, when this run made it (PostgreSQL's indexing throughput). */
  imported?: { rows: number; seconds: number };
  onStep?: (message: string) => void;
}

/** Answers the measured engine did not give: another engine's name, or the fallback flag. */
export function isFallbackAnswer(sample: Pick<Sample, "engine" | "degraded">, engine: BenchEngine): boolean {
  if (sample.engine === undefined) return false;
  return sample.engine !== engine || sample.degraded === true;
}

/** Server stderr → the lines that say search answered from PostgreSQL instead of Meilisearch. */
export function findFallbackLines(stderr: string): string[] {
  return stderr.split("\n").filter((line) => /Meilisearch (unreachable|missed)|answering from PostgreSQL/.test(line));
}

export type FacetKind = "category" | "country" | "city";
const FACET_KINDS: FacetKind[] = ["category", "country", "city"];

/**
 * An engine's top facet values (key → count, at most `limit`) against the exact counts of every value: each listed
 * count must equal the exact one, and no value the engine left out may count more than one it listed (ties at the
 * cut are either way right).
 */
export function compareFacetCounts(
  listed: ReadonlyArray<{ key: string; count: number }>,
  exact: ReadonlyMap<string, number>,
  limit = 20,
): FacetComparison {
  const differing: FacetDifference[] = [];
  for (const { key, count } of listed) {
    const truth = exact.get(key) ?? 0;
    if (truth !== count) differing.push({ value: key, engine: count, exact: truth });
  }
  const keys = new Set(listed.map((entry) => entry.key));
  const floor = listed.length < limit ? 0 : Math.min(...listed.map((entry) => exact.get(entry.key) ?? 0));
  const missing = [...exact]
    .filter(([key, count]) => !keys.has(key) && count > floor)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, count]): FacetDifference => ({ value: key, engine: null, exact: count }));
  return { values: listed.length, differing: [...differing, ...missing] };
}

/**
 * A verdict for one facet list. Exact engines: "equal", or each wrong count and each missing value. An engine that
 * says its counts are estimated (a sampled match set) promises lower bounds: each count at most the exact one, and
 * values missing from its top are expected; a count above the exact one breaks that promise.
 */
export function describeFacetComparison(comparison: FacetComparison, approximate = false): string {
  const shown = (list: FacetDifference[]) =>
    list
      .slice(0, 3)
      .map((d) =>
        d.engine === null ? `${d.value}: missing, exact ${d.exact}` : `${d.value}: ${d.engine} vs ${d.exact} (${signed(d.engine - d.exact)})`,
      )
      .join("; ") + (list.length > 3 ? `; +${list.length - 3} more` : "");
  const wrong = comparison.differing.filter((d) => d.engine !== null);
  const missing = comparison.differing.filter((d) => d.engine === null);
  if (approximate) {
    const above = wrong.filter((d) => (d.engine as number) > d.exact);
    if (above.length > 0) return `DIFFERS: estimated, yet ${above.length} of ${comparison.values} counts above the exact one — ${shown(above)}`;
    return `estimated (sampled): ${comparison.values} values, each ≤ exact${wrong.length > 0 ? `, ${wrong.length} below — ${shown(wrong)}` : ""}`;
  }
  if (comparison.differing.length === 0) return `equal (${comparison.values} values)`;
  const parts = [
    wrong.length > 0 ? `${wrong.length} of ${comparison.values} counts wrong` : "",
    missing.length > 0 ? `${missing.length} bigger values missing` : "",
  ].filter(Boolean);
  return `DIFFERS: ${parts.join(", ")} — ${shown(comparison.differing)}`;
}

/** A facet check fails when an exact engine's counts differ, or an estimating one counts above the truth. */
export function isFacetCheckWrong(check: Pick<FacetCheck, "approximate" | "comparison">): boolean {
  return check.approximate ? check.comparison.differing.some((d) => d.engine !== null && d.engine > d.exact) : check.comparison.differing.length > 0;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "—";
  if (bytes >= 2 ** 30) return `${round2(bytes / 2 ** 30)} GB`;
  return `${Math.round((bytes / 2 ** 20) * 10) / 10} MB`;
}

function formatLatency(latency: EngineLatency | undefined, field: "p50Ms" | "p95Ms"): string {
  if (!latency) return "—";
  if (latency.fellBack > 0) return `FELL BACK (${latency.fellBack} of ${latency.requests})`;
  return `${latency[field]} ms`;
}

/** The three markdown tables: latencies, facet accuracy, and indexing/memory/disk, one column (pair) per engine. */
export function formatEngineBenchTables(report: EngineBenchReport): string {
  const engines = report.resources.map((r) => r.engine);
  const latencyHead = `| search (HTTP, loopback) | ${engines.map((e) => `${e} p50 | ${e} p95`).join(" | ")} | example |`;
  const latencyRows = report.rows.map(
    (row) =>
      `| ${row.kind} | ${engines
        .map((engine) => {
          const latency = row.engines.find((l) => l.engine === engine);
          return `${formatLatency(latency, "p50Ms")} | ${formatLatency(latency, "p95Ms")}`;
        })
        .join(" | ")} | \`${row.example}\` |`,
  );
  const facetRows = [...new Set(report.facets.map((f) => `${f.query}\u0000${f.facet}`))].map((key) => {
    const [query, facet] = key.split("\u0000") as [string, FacetKind];
    const cells = engines.map((engine) => {
      const check = report.facets.find((f) => f.query === query && f.facet === facet && f.engine === engine);
      return check ? describeFacetComparison(check.comparison, check.approximate) : "—";
    });
    return `| ${query} | ${facet} | ${cells.join(" | ")} |`;
  });
  const cell = (fn: (r: EngineResources) => string) => report.resources.map(fn).join(" | ");
  const resourceRows = [
    `| version | ${cell((r) => r.version)} |`,
    `| indexing throughput | ${cell((r) => `${r.docsPerSecond === null ? "—" : `${r.docsPerSecond.toLocaleString("en-US")} docs/s`} (${r.indexingNote})`)} |`,
    `| full reindex (\`directory reindex\`) | ${cell((r) => (r.reindexSeconds === null ? "—" : `${r.reindexSeconds} s for ${(r.documents ?? 0).toLocaleString("en-US")} businesses`))} |`,
    `| memory | ${cell((r) => [r.peakRssBytes === null ? "" : `peak RSS ${formatBytes(r.peakRssBytes)}`, r.memoryNote].filter(Boolean).join("; "))} |`,
    `| disk | ${cell((r) => `${formatBytes(r.diskBytes)} (${r.diskNote})`)} |`,
  ];
  const columns = (n: number) => `|${"---|".repeat(n)}`;
  return [
    [latencyHead, columns(2 + engines.length * 2), ...latencyRows].join("\n"),
    [`| facet counts vs exact SQL | facet | ${engines.join(" | ")} |`, columns(2 + engines.length), ...facetRows].join("\n"),
    [`| engine | ${engines.join(" | ")} |`, columns(1 + engines.length), ...resourceRows].join("\n"),
    ...(report.fallbackLog.length > 0 ? [`Meilisearch fell back to PostgreSQL during the run:\n${report.fallbackLog.slice(0, 5).join("\n")}`] : []),
  ].join("\n\n");
}

/** True when every Meilisearch figure was answered by Meilisearch and every facet count is exact. */
export function isEngineRunClean(report: EngineBenchReport): { fellBack: boolean; facetsDiffer: boolean } {
  return {
    fellBack: report.fallbackLog.length > 0 || report.rows.some((row) => row.engines.some((l) => l.fellBack > 0)),
    facetsDiffer: report.facets.some(isFacetCheckWrong),
  };
}

interface FacetQuery {
  name: string;
  params: Record<string, string>;
  countryCode?: string;
  categorySlug?: string;
  minRating?: number;
}

/** Filter-only searches: their match set means the same to both engines (listed businesses), so SQL counts it exactly. */
function buildFacetQueries(country: string | undefined, category: string | undefined): FacetQuery[] {
  const queries: FacetQuery[] = [{ name: "every listed business", params: {} }];
  if (country) queries.push({ name: `country=${country}`, params: { country }, countryCode: country });
  if (category) queries.push({ name: `category=${category}`, params: { category }, categorySlug: category });
  if (country) queries.push({ name: `country=${country}, min_rating=4`, params: { country, min_rating: "4" }, countryCode: country, minRating: 4 });
  return queries;
}

const FACET_SQL: Record<FacetKind, { key: string; present: string }> = {
  category: { key: "category_slug", present: "category_slug is not null and category_slug <> ''" },
  country: { key: "country_code", present: "country_code is not null" },
  city: { key: "country_code || '|' || city_slug", present: "country_code is not null and city_slug is not null and city_slug <> ''" },
};

async function readExactFacetCounts(sql: postgres.Sql, query: FacetQuery, facet: FacetKind): Promise<Map<string, number>> {
  const { key, present } = FACET_SQL[facet];
  const rows = await sql<Array<{ key: string; n: number }>>`
    select ${sql.unsafe(key)} as key, count(*)::int as n from businesses
     where is_approved and status = 'operational' and ${sql.unsafe(present)}
       ${query.countryCode ? sql`and country_code = ${query.countryCode}` : sql``}
       ${query.categorySlug ? sql`and category_slug = ${query.categorySlug}` : sql``}
       ${query.minRating !== undefined ? sql`and rating >= ${query.minRating}` : sql``}
     group by 1`;
  return new Map(rows.map((row) => [row.key, row.n]));
}

interface SearchAnswer {
  engine?: string;
  degraded?: boolean;
  facetsApproximate?: boolean;
  facets?: Record<FacetKind, Array<{ value: string; count: number; countryCode?: string }>>;
}

/** `directory <args> --json` in a child process (async: a started Meilisearch's pipes keep draining meanwhile). */
function runCliJson(cliPath: string, args: string[], env: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args, "--json"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += String(chunk)));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new DirectoryError("BENCH_STEP_FAILED", `directory ${args.join(" ")} exited ${code}: ${stdout.slice(0, 500)}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

/** Peak and current resident memory of a process of ours (Linux /proc; null elsewhere or once it exited). */
function readRss(pid: number | undefined): { peak: number; now: number } | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
    const rss = { peak: kb("VmHWM"), now: kb("VmRSS") };
    return Number.isFinite(rss.peak) ? rss : null;
  } catch {
    return null;
  }
}

/** Bytes a directory takes on disk (allocated blocks, so sparse memory-mapped files count what they use). */
function measureDirectory(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += measureDirectory(file);
    else if (entry.isFile()) total += fs.statSync(file).blocks * 512;
  }
  return total;
}

async function meiliGet<T>(url: string, apiKey: string | undefined, route: string): Promise<{ status: number; body: T | null }> {
  const response = await fetch(`${url}${route}`, { headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {} });
  return { status: response.status, body: response.ok ? ((await response.json()) as T) : null };
}

interface RunningEngine {
  engine: BenchEngine;
  server: StartedServer;
  stderr: string[];
}

export async function runEngineBench(options: EngineBenchOptions): Promise<EngineBenchReport> {
  const step = options.onStep ?? (() => {});
  const rounds = options.warmup + options.requests;
  step("reading the data's shape (words, cities, the biggest category)");
  const shape = await readDataShape(options.databaseUrl, rounds);
  const all = buildProbes(shape, rounds);
  const located = buildLocatedWordsPaths(
    shape.categoryWords.slice(0, 20),
    shape.topCities.map((c) => c.city),
    rounds,
  );
  if (located.length > 0) all.push({ name: LOCATED_WORDS_PROBE, paths: located, against: null, search: true });
  const probes = ENGINE_PROBES.map(({ kind, probe }) => ({ kind, probe: all.find((p) => p.name === probe) })).filter(
    (entry): entry is { kind: string; probe: Probe } => entry.probe !== undefined,
  );
  const sql = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  let meili: MeilisearchServer | undefined;
  const running: RunningEngine[] = [];
  const resources: EngineResources[] = [];
  try {
    const [pgVersion] = await sql<Array<{ v: string }>>`select current_setting('server_version') as v`;
    const [sizes] = await sql<Array<{ table: number; database: number }>>`
      select pg_total_relation_size('businesses')::float8 as table, pg_database_size(current_database())::float8 as database`;
    let meiliEnv: Record<string, string> = {};
    if (options.engines.includes("meilisearch")) {
      const source = options.meilisearch;
      if (!source) throw new DirectoryError("BENCH_ENGINE_UNAVAILABLE", "no Meilisearch was resolved for --engine meilisearch.");
      let url: string;
      let apiKey: string | undefined;
      if (source.kind === "binary") {
        step(`starting ${source.binary} on a free loopback port (${source.indexingThreads} indexing thread(s), temp data dir)`);
        meili = await startMeilisearchServer(source.binary, { indexingThreads: source.indexingThreads });
        url = meili.url;
        apiKey = meili.apiKey;
      } else {
        url = source.url;
        apiKey = source.apiKey;
        const existing = await meiliGet<{ numberOfDocuments: number }>(url, apiKey, "/indexes/businesses/stats");
        if ((existing.body?.numberOfDocuments ?? 0) > 0)
          throw new DirectoryError(
            "BENCH_MEILI_NOT_EMPTY",
            `the Meilisearch at ${url} already holds a businesses index with ${existing.body?.numberOfDocuments} documents, and the bench would replace it; point MEILI_URL at a server for the bench, or use MEILI_BIN.`,
          );
      }
      meiliEnv = { MEILI_URL: url, MEILI_API_KEY: apiKey ?? "" };
      step("directory reindex into Meilisearch (a full rebuild: new index, settings, documents, swap)");
      const rebuilt = (await runCliJson(options.cliPath, ["reindex"], { DATABASE_URL: options.databaseUrl, ...meiliEnv })) as {
        engine: string;
        documents: number;
        seconds: number;
      };
      if (rebuilt.engine !== "meilisearch") throw new DirectoryError("BENCH_ENGINE_FELL_BACK", `reindex ran on ${rebuilt.engine}, not Meilisearch`);
      const version = await meiliGet<{ pkgVersion: string }>(url, apiKey, "/version");
      const stats = await meiliGet<{ databaseSize: number }>(url, apiKey, "/stats");
      resources.push({
        engine: "meilisearch",
        version: `Meilisearch ${version.body?.pkgVersion ?? "?"}`,
        reindexSeconds: rebuilt.seconds,
        documents: rebuilt.documents,
        docsPerSecond: rebuilt.seconds > 0 ? Math.round(rebuilt.documents / rebuilt.seconds) : null,
        indexingNote: source.kind === "binary" ? `reindex, ${source.indexingThreads} indexing thread(s)` : "reindex",
        peakRssBytes: null,
        memoryNote: source.kind === "binary" ? "" : "external server: not measured",
        diskBytes: meili ? measureDirectory(meili.dataDir) : (stats.body?.databaseSize ?? null),
        diskNote: meili ? "data dir" : "GET /stats databaseSize",
      });
    }
    if (options.engines.includes("postgres")) {
      step("directory reindex on PostgreSQL (refreshes aggregates and statistics)");
      const refreshed = (await runCliJson(options.cliPath, ["reindex"], { DATABASE_URL: options.databaseUrl, MEILI_URL: "" })) as {
        documents: number;
        seconds: number;
      };
      const imported = options.imported;
      resources.unshift({
        engine: "postgres",
        version: `PostgreSQL ${pgVersion?.v ?? "?"}`,
        reindexSeconds: refreshed.seconds,
        documents: refreshed.documents,
        docsPerSecond: imported && imported.seconds > 0 ? Math.round(imported.rows / imported.seconds) : null,
        indexingNote: imported ? "the import: search_vector and its GIN index are written with each row" : "--skip-load: no import timed",
        peakRssBytes: null,
        memoryNote: `shared backends: not measured; database ${formatBytes(sizes?.database ?? null)}`,
        diskBytes: sizes?.table ?? null,
        diskNote: "businesses + its indexes: pg_total_relation_size",
      });
    }

    for (const engine of options.engines) {
      step(`starting the built server on ${engine} (builds first when stale)`);
      const stderr: string[] = [];
      const server = await startBuiltServer({
        databaseUrl: options.databaseUrl,
        cliPath: options.cliPath,
        env: { PAGE_CACHE_MB: "0", ...(engine === "meilisearch" ? meiliEnv : { MEILI_URL: "" }) },
        onStderr: (text) => stderr.push(text),
      });
      running.push({ engine, server, stderr });
    }

    const samples = new Map<string, Sample[]>();
    const key = (engine: BenchEngine, probe: string) => `${engine}\u0000${probe}`;
    for (let round = 0; round < rounds; round++) {
      if (round === options.warmup) step(`timing ${options.requests} interleaved rounds of ${probes.length} requests × ${running.length} engine(s)`);
      for (const { probe } of probes) {
        const requestPath = probe.paths[round % probe.paths.length] as string;
        for (const { engine, server } of orderEngines(running, round)) {
          const sample = await timeRequest(server.base, requestPath, Boolean(probe.search));
          if (round >= options.warmup) samples.set(key(engine, probe.name), [...(samples.get(key(engine, probe.name)) ?? []), sample]);
        }
      }
    }
    const rows = probes.map(({ kind, probe }): EngineReadRow => ({
      kind,
      example: probe.paths[0] as string,
      engines: running.map(({ engine }): EngineLatency => {
        const list = samples.get(key(engine, probe.name)) ?? [];
        const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
        return {
          engine,
          requests: list.length,
          p50Ms: round2(percentile(sorted, 50)),
          p95Ms: round2(percentile(sorted, 95)),
          fellBack: list.filter((s) => isFallbackAnswer(s, engine)).length,
        };
      }),
    }));

    step("comparing facet counts with exact SQL counts");
    const facets: FacetCheck[] = [];
    for (const query of buildFacetQueries(shape.filterValues.countries[0], shape.filterValues.categories[0])) {
      const requestPath = `/api/search?${new URLSearchParams({ ...query.params, per_page: "1" }).toString()}`;
      const exact = new Map<FacetKind, Map<string, number>>();
      for (const facet of FACET_KINDS) exact.set(facet, await readExactFacetCounts(sql, query, facet));
      for (const { engine, server } of running) {
        const response = await fetch(`${server.base}${requestPath}`);
        if (!response.ok) throw new DirectoryError("BENCH_REQUEST_FAILED", `${requestPath} answered ${response.status}`);
        const answer = (await response.json()) as SearchAnswer;
        if (isFallbackAnswer(answer, engine))
          throw new DirectoryError(
            "BENCH_ENGINE_FELL_BACK",
            `${requestPath} on ${engine} was answered by ${answer.engine} (degraded: ${answer.degraded})`,
          );
        for (const facet of FACET_KINDS) {
          const listed = (answer.facets?.[facet] ?? []).map((f) => ({
            key: f.countryCode ? `${f.countryCode}|${f.value}` : f.value,
            count: f.count,
          }));
          facets.push({
            query: query.name,
            path: requestPath,
            facet,
            engine,
            approximate: Boolean(answer.facetsApproximate),
            comparison: compareFacetCounts(listed, exact.get(facet) ?? new Map()),
          });
        }
      }
    }

    const meiliResources = resources.find((r) => r.engine === "meilisearch");
    if (meiliResources && meili) {
      const rss = readRss(meili.pid);
      meiliResources.peakRssBytes = rss?.peak ?? null;
      meiliResources.memoryNote = rss ? `${formatBytes(rss.now)} at the end; the process the bench started` : "RSS unreadable (no /proc)";
      meiliResources.diskBytes = measureDirectory(meili.dataDir);
    }
    const fallbackLog = running.filter((r) => r.engine === "meilisearch").flatMap((r) => findFallbackLines(r.stderr.join("")));
    return { rows, facets, resources, fallbackLog };
  } finally {
    for (const { server } of running) await stopServer(server.child);
    await meili?.dispose();
    await sql.end();
  }
}
