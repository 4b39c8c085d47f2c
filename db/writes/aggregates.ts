// Listed businesses (approved and operational: closed ones are not counted) → the count tables behind list pages and home counters: a full rebuild (after imports and bulk
// deletes), a scoped one for the keys a single business touches (approve, delete), or one for the keys a small import
// touched (fewer written rows than SMALL_CHANGE_SHARE of the listed businesses); each runs in one transaction so
// readers never see a half-refreshed set.
import { sql, type SQL } from "drizzle-orm";
import { countryName, countrySlug } from "../rules/countries.ts";
import { slugify } from "../rules/slug.ts";
import type { DatabaseHandle } from "../client.ts";
import { analyzeSearchTables } from "../queries/search-documents.ts";
import { listedCondition } from "../queries/listed.ts";
import { RANK_WALK } from "../queries/search-statement.ts";
import { countryCounts } from "../schema/index.ts";
import { restoreDeferredIndexes } from "./deferred-indexes.ts";
import { refreshPageAnchors, refreshPageAnchorsFor, refreshPageAnchorsForKeys } from "./page-anchors.ts";

type Tx = Parameters<Parameters<DatabaseHandle["db"]["transaction"]>[0]>[0];

/** Serialises count rebuilds: a scoped and a full rebuild interleaving would insert the same key twice. */
export const AGGREGATES_LOCK = 728_190_433;

const FIRST_LETTER = (column: string) =>
  `case when upper(left(directory_unaccent(${column}), 1)) between 'A' and 'Z' then upper(left(directory_unaccent(${column}), 1)) else '#' end`;

/** One count table: how to empty part of it and refill that part from approved businesses (one business's keys). */
interface CountTable {
  table: string;
  insert: string;
  /** The businesses filter the insert ends with (before its group by). */
  where: string;
  groupBy: string;
}

const COUNT_TABLES = {
  category: {
    table: "category_counts",
    insert: `insert into category_counts (category_slug, category, first_letter, business_count, country_count, last_modified)
       select category_slug, mode() within group (order by category), ${FIRST_LETTER("mode() within group (order by category)")},
              count(*)::int, count(distinct country_code)::int, max(updated_at) from businesses`,
    where: `${listedCondition()} and category_slug is not null and category_slug <> ''`,
    groupBy: "category_slug",
  },
  city: {
    table: "city_counts",
    insert: `insert into city_counts (country_code, city_slug, city, first_letter, business_count, category_count, latitude, longitude, last_modified)
       select country_code, city_slug, mode() within group (order by city), ${FIRST_LETTER("mode() within group (order by city)")},
              count(*)::int, count(distinct category_slug)::int, avg(latitude), avg(longitude), max(updated_at) from businesses`,
    where: `${listedCondition()} and country_code is not null and city_slug is not null and city_slug <> ''`,
    groupBy: "country_code, city_slug",
  },
  country: {
    table: "country_counts",
    insert: `insert into country_counts (country_code, country, country_slug, business_count, city_count, category_count, last_modified)
       select country_code, country_code, lower(country_code), count(*)::int, count(distinct city_slug)::int,
              count(distinct category_slug)::int, max(updated_at) from businesses`,
    where: `${listedCondition()} and country_code is not null`,
    groupBy: "country_code",
  },
  countryCategory: {
    table: "country_category_counts",
    insert: `insert into country_category_counts (country_code, category_slug, business_count)
       select country_code, category_slug, count(*)::int from businesses`,
    where: `${listedCondition()} and country_code is not null and category_slug is not null and category_slug <> ''`,
    groupBy: "country_code, category_slug",
  },
  cityCategory: {
    table: "city_category_counts",
    insert: `insert into city_category_counts (country_code, city_slug, category_slug, business_count, last_modified)
       select country_code, city_slug, category_slug, count(*)::int, max(updated_at) from businesses`,
    where: `${listedCondition()} and country_code is not null and city_slug is not null and city_slug <> '' and category_slug is not null and category_slug <> ''`,
    groupBy: "country_code, city_slug, category_slug",
  },
} satisfies Record<string, CountTable>;

/** Empties the scoped part of the table and refills it from businesses; `scope` is an `and …` fragment on the key columns. */
async function rebuildCountTable(tx: Tx, spec: CountTable, scope: SQL): Promise<void> {
  await tx.execute(sql`delete from ${sql.raw(spec.table)} where true ${scope}`);
  await tx.execute(sql`${sql.raw(spec.insert)} where ${sql.raw(spec.where)} ${scope} group by ${sql.raw(spec.groupBy)}`);
}

/**
 * The full rebuild reads businesses once: approved businesses grouped by every key and spelling the count tables
 * use (half a million groups at 1M businesses), from which each table is then summed. Five scans of the wide
 * businesses table took 6 s at 1M; this takes the time of one.
 */
const GRAIN_SELECT = `select b.country_code, b.city_slug, b.city, b.district, b.category_slug, b.category, count(*)::int as n,
         max(b.updated_at) as last_modified, sum(b.latitude) as latitude_sum, count(b.latitude) as latitude_n,
         sum(b.longitude) as longitude_sum, count(b.longitude) as longitude_n
    from businesses b`;
const GRAIN_GROUP_BY = "group by b.country_code, b.city_slug, b.city, b.district, b.category_slug, b.category";

/**
 * The grain is kept (count_grain, migration 0033): a small import then refreshes only the groups it touched and sums
 * its keys from here. NOTE: truncated, not deleted: a delete of a million rows leaves them dead until a vacuum.
 */
const FILL_AGGREGATE_GRAIN = ["truncate count_grain", `insert into count_grain ${GRAIN_SELECT} where ${listedCondition("b")} ${GRAIN_GROUP_BY}`];

/**
 * The most common non-null spelling of `spelling` per `key` in the grain, ties to the first in sort order: what
 * `mode() within group (order by spelling)` gives over the businesses (the scoped rebuild's rule).
 */
function modeFromGrain(grain: string, keys: string[], spelling: string, where: string): string {
  const key = keys.join(", ");
  return `select distinct on (${key}) ${key}, ${spelling} from (
      select ${key}, ${spelling}, sum(n) as n from ${grain} where ${where} and ${spelling} is not null group by ${key}, ${spelling}
    ) spellings order by ${key}, n desc, ${spelling}`;
}

const CATEGORY_WHERE = "category_slug is not null and category_slug <> ''";
const CITY_WHERE = "country_code is not null and city_slug is not null and city_slug <> ''";

/**
 * Each count table refilled from `grain` (the whole count_grain, or a temporary copy of the part of it under the keys
 * being refreshed); the same rows rebuildCountTable computes from businesses.
 */
const REFILL_FROM_GRAIN: Record<keyof typeof COUNT_TABLES, (grain: string) => string> = {
  category: (grain) => `insert into category_counts (category_slug, category, first_letter, business_count, country_count, last_modified)
    select t.category_slug, s.category, ${FIRST_LETTER("s.category")}, t.n, t.countries, t.last_modified
      from (select category_slug, sum(n)::int as n, count(distinct country_code)::int as countries, max(last_modified) as last_modified
              from ${grain} where ${CATEGORY_WHERE} group by category_slug) t
      left join (${modeFromGrain(grain, ["category_slug"], "category", CATEGORY_WHERE)}) s using (category_slug)`,
  city: (
    grain,
  ) => `insert into city_counts (country_code, city_slug, city, first_letter, business_count, category_count, latitude, longitude, last_modified)
    select t.country_code, t.city_slug, s.city, ${FIRST_LETTER("s.city")}, t.n, t.categories, t.latitude, t.longitude, t.last_modified
      from (select country_code, city_slug, sum(n)::int as n, count(distinct category_slug)::int as categories, max(last_modified) as last_modified,
                   sum(latitude_sum) / nullif(sum(latitude_n), 0) as latitude, sum(longitude_sum) / nullif(sum(longitude_n), 0) as longitude
              from ${grain} where ${CITY_WHERE} group by country_code, city_slug) t
      left join (${modeFromGrain(grain, ["country_code", "city_slug"], "city", CITY_WHERE)}) s using (country_code, city_slug)`,
  country: (grain) => `insert into country_counts (country_code, country, country_slug, business_count, city_count, category_count, last_modified)
    select country_code, country_code, lower(country_code), sum(n)::int, count(distinct city_slug)::int, count(distinct category_slug)::int,
           max(last_modified)
      from ${grain} where country_code is not null group by country_code`,
  countryCategory: (grain) => `insert into country_category_counts (country_code, category_slug, business_count)
    select country_code, category_slug, sum(n)::int from ${grain}
     where country_code is not null and ${CATEGORY_WHERE} group by country_code, category_slug`,
  cityCategory: (grain) => `insert into city_category_counts (country_code, city_slug, category_slug, business_count, last_modified)
    select country_code, city_slug, category_slug, sum(n)::int, max(last_modified) from ${grain}
     where ${CITY_WHERE} and ${CATEGORY_WHERE} group by country_code, city_slug, category_slug`,
};

/**
 * district_slugs from the grain: each (country, district slug) → the city slug most of its businesses sit on (ties to
 * the first slug). NOTE: slugs come from the one slug rule (db/rules/slug.ts), which SQL cannot call; there are as many
 * rows as distinct districts (thousands), not businesses. A district spelled like a city of its country is left out:
 * that city's own page answers.
 */
async function refillDistrictSlugs(tx: Tx): Promise<void> {
  const rows = await rowsOf<{ country_code: string; district: string; city_slug: string; n: number }>(
    tx,
    sql.raw(`select country_code, district, city_slug, sum(n)::int as n from count_grain
              where district is not null and ${CITY_WHERE} group by country_code, district, city_slug`),
  );
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const slug = slugify(row.district);
    if (!slug || slug === row.city_slug) continue;
    const key = `${row.country_code}\t${slug}`;
    const cities = counts.get(key) ?? new Map<string, number>();
    cities.set(row.city_slug, (cities.get(row.city_slug) ?? 0) + Number(row.n));
    counts.set(key, cities);
  }
  const entries = [...counts].map(([key, cities]) => {
    const [countryCode, districtSlug] = key.split("\t") as [string, string];
    const [citySlug, count] = [...cities].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] as [string, number];
    return { countryCode, districtSlug, citySlug, count };
  });
  await tx.execute(sql.raw("delete from district_slugs"));
  if (entries.length === 0) return;
  const column = <K extends keyof (typeof entries)[number]>(key: K) => sql.param(entries.map((entry) => entry[key]));
  await tx.execute(sql`
    insert into district_slugs (country_code, district_slug, city_slug, business_count)
    select d.* from unnest(${column("countryCode")}::text[], ${column("districtSlug")}::text[], ${column("citySlug")}::text[], ${column("count")}::int[])
           as d(country_code, district_slug, city_slug, business_count)
     where not exists (select 1 from city_counts c where c.country_code = d.country_code and c.city_slug = d.district_slug)`);
}

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Country names come from the one naming rule in app/utils, which SQL cannot call. */
async function nameCountries(tx: Tx, only?: string): Promise<void> {
  const rows = await tx.select({ code: countryCounts.countryCode }).from(countryCounts);
  const codes = rows.map(({ code }) => code).filter((code) => only === undefined || code === only);
  if (codes.length === 0) return;
  const values = sql.join(
    codes.map((code) => sql`(${code}, ${countryName(code)}, ${countrySlug(code)})`),
    sql`, `,
  );
  await tx.execute(
    sql`update country_counts as c set country = v.name, country_slug = v.slug from (values ${values}) as v(code, name, slug) where c.country_code = v.code`,
  );
}

/**
 * Merges the city-name trigram index's pending list (migration 0006) so typo look-ups never scan one.
 * NOTE: gin_clean_pending_list needs the index owner's privileges; a role without them skips it (vacuum merges it).
 */
const MERGE_CITY_TRIGRAM_PENDING = `select case when pg_has_role(current_user, c.relowner, 'USAGE') then gin_clean_pending_list(c.oid) end
    from pg_class c where c.oid = to_regclass('city_counts_name_trgm_idx')`;

/**
 * Every GIN index of businesses (full text, names by trigram, closed names) merges its pending list into its tree.
 * NOTE: with fastupdate an insert's new entries wait in a pending list (up to gin_pending_list_limit, 4 MB) that every
 * search scans: after a 20,000-row import at 1M businesses, 9,900 pending entries (502 pages) made each full-text
 * search 5 ms slower ("restaurant" in the US: 13 → 18 ms in the index) until a vacuum, which autovacuum does not start
 * on a table this size for another ~200,000 inserted rows. Skipped for an index another role owns.
 */
const MERGE_BUSINESS_GIN_PENDING = `select case when pg_has_role(current_user, c.relowner, 'USAGE') then gin_clean_pending_list(c.oid) end
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
   where i.indrelid = 'businesses'::regclass and am.amname = 'gin'`;

/** Merges the pending entries of the business table's GIN indexes (see MERGE_BUSINESS_GIN_PENDING). */
export async function mergeSearchIndexPending(handle: Pick<DatabaseHandle, "query">): Promise<void> {
  await handle.query(MERGE_BUSINESS_GIN_PENDING);
}

const SITE_TOTALS_OF_TABLES = `select 'countries', count(*) from country_counts
       union all select 'cities', count(*) from city_counts
       union all select 'categories', count(*) from category_counts`;

/** The columns the search walks' tables copy from businesses (the same names: a search's conditions read both). */
const WALK_COLUMNS = `id, category_slug, country_code, city_slug, rank_score, rating, reviews, search_vector, verified, is_test, status,
       working_hours, special_hours, time_zone, open_week, latitude, longitude`;

/** Each walk table and its order: the rank, rating and reviews sorts (db/queries/search-statement.ts SORTS). */
const WALK_TABLES: Array<[table: string, order: string]> = [
  ["search_top_ranked", "rank_score desc nulls last, id desc nulls last"],
  ["search_top_rated", "rating desc nulls last, reviews desc nulls last, rank_score desc nulls last, id desc nulls last"],
  ["search_top_reviewed", "reviews desc nulls last, rating desc nulls last, rank_score desc nulls last, id desc nulls last"],
];

/**
 * The search walks' tables: the RANK_WALK most popular, best-rated and most reviewed listed businesses, each read
 * through its partial index (milliseconds), rebuilt with the counts so they show the same visible set as they do.
 */
async function refillSearchTopRanked(tx: Tx): Promise<void> {
  for (const [table, order] of WALK_TABLES) {
    await tx.execute(sql.raw(`delete from ${table}`));
    await tx.execute(
      sql.raw(`insert into ${table} (${WALK_COLUMNS})
             select ${WALK_COLUMNS}
               from businesses where ${listedCondition()} order by ${order} limit ${RANK_WALK}`),
    );
  }
}

/**
 * The words of approved business names (closed ones included: they stay findable by name) as the search index splits
 * them (to_tsvector 'simple'), folded as it folds them, with their most common lower-case spelling and how many names
 * use them; `where` narrows the businesses (one business's top-up). Only words that start with a letter and hold
 * letters and digits. NOTE: the parser runs on each name and accents are folded per distinct word: splitting names
 * with a regular expression and folding every word took 14.5 s at 1M businesses, this 5.5 s (on a loaded machine).
 * The same SQL fills the table in migration 0025.
 */
function selectNameWords(where: SQL = sql`true`): SQL {
  return sql`select directory_unaccent(s.spelling) as word, (array_agg(s.spelling order by s.n desc, s.spelling))[1] as spelling,
           sum(s.n)::int as business_count
      from (select t.spelling, count(*) as n
              from businesses b, unnest(tsvector_to_array(to_tsvector('simple', coalesce(b.name, '')))) as t(spelling)
             where b.is_approved and ${where}
             group by t.spelling) s
     where length(s.spelling) between 3 and 40 and s.spelling ~ '^[[:alpha:]][[:alnum:]]*$'
     group by 1`;
}

/** The name-word vocabulary (search/typos.ts corrects name typos from it), rebuilt with the counts. */
async function refillNameWords(tx: Tx): Promise<void> {
  await tx.execute(sql.raw("delete from name_words"));
  await tx.execute(sql`insert into name_words (word, spelling, business_count) ${selectNameWords()}`);
  // As for the city names: typo look-ups should not scan a pending list of every word just inserted.
  await tx.execute(sql.raw(MERGE_CITY_TRIGRAM_PENDING.replace("city_counts_name_trgm_idx", "name_words_word_trgm_idx")));
}

/** Every count table, district slug, site total, anchor, walk table and name word from one scan of businesses. */
async function rebuildAllAggregates(tx: Tx): Promise<void> {
  await tx.execute(sql.raw(NEXT_REFRESH));
  for (const statement of FILL_AGGREGATE_GRAIN) await tx.execute(sql.raw(statement));
  for (const [name, spec] of Object.entries(COUNT_TABLES) as Array<[keyof typeof COUNT_TABLES, CountTable]>) {
    await tx.execute(sql.raw(`delete from ${spec.table}`));
    await tx.execute(sql.raw(REFILL_FROM_GRAIN[name]("count_grain")));
  }
  await refillDistrictSlugs(tx);
  await tx.execute(sql.raw(MERGE_CITY_TRIGRAM_PENDING));
  await tx.execute(sql.raw("delete from site_totals"));
  await tx.execute(sql.raw(`insert into site_totals (key, value) select 'businesses', ${GRAIN_BUSINESSES} union all ${SITE_TOTALS_OF_TABLES}`));
  await nameCountries(tx);
  // Deep-page anchors and the search's rank walk follow the same visible set: refreshed in the same transaction.
  await refreshPageAnchors({ db: tx as unknown as DatabaseHandle["db"] });
  await refillSearchTopRanked(tx);
  await refillNameWords(tx);
}

/** Every refresh moves count_refreshes under AGGREGATES_LOCK (see SmallChangeBasis). */
const NEXT_REFRESH = "select nextval('count_refreshes')";

/**
 * What decides whether a change may be refreshed by its keys, read under AGGREGATES_LOCK: the count refreshes so far
 * (a refresh running now has finished its reads of businesses, and any later one moves the value), the listed
 * businesses of the last refresh, and whether there is a grain to sum from. An import reads it before its first
 * batch; when the generation differs at the import's refresh, another refresh may have counted some of its rows, and
 * the refresh is a full one. NOTE: every writer of site_totals moves the generation, so with an equal generation the
 * listed businesses are the ones read here.
 */
export interface SmallChangeBasis {
  generation: string;
  listed: number;
  grain: boolean;
}

async function readSmallChangeBasis(tx: Tx): Promise<SmallChangeBasis> {
  const [row] = await rowsOf<{ generation: string; listed: number | string | null; grain: boolean }>(
    tx,
    sql.raw(`select (select (case when is_called then last_value else 0 end)::text from count_refreshes) as generation,
                    (select value from site_totals where key = 'businesses') as listed,
                    exists (select 1 from count_grain) as grain`),
  );
  return { generation: row?.generation ?? "", listed: Number(row?.listed ?? 0), grain: row?.grain === true };
}

/**
 * The one rule of a small change: fewer written rows than SMALL_CHANGE_SHARE of the listed businesses, and a grain to
 * sum from (an empty one: never filled). Rows only grow, so once it fails for an import it fails at its refresh too.
 */
function staysSmallChange(rows: number, basis: Pick<SmallChangeBasis, "listed" | "grain">): boolean {
  return basis.grain && basis.listed > 0 && rows < basis.listed * SMALL_CHANGE_SHARE;
}

/** The listed businesses, summed over the grain (every listed business is in exactly one of its groups). */
const GRAIN_BUSINESSES = "(select coalesce(sum(n), 0) from count_grain)";

export async function refreshAggregates(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AGGREGATES_LOCK})`);
    await rebuildAllAggregates(tx);
  });
}

/** A written business as the counts see it: its grain group, what the grain sums of it, and its name and approval. */
export interface AggregateFacts {
  country_code: string | null;
  city_slug: string | null;
  city: string | null;
  district: string | null;
  category_slug: string | null;
  category: string | null;
  name: string | null;
  is_approved: boolean;
  status: string;
  /** As PostgreSQL prints it (`updated_at::text`): it goes back into SQL unchanged. */
  updated_at: string;
  latitude: number | null;
  longitude: number | null;
}

/** The grain columns of AggregateFacts, in GRAIN_DELTA's order; `sign` +1 for a listed row written, −1 for one it replaced. */
const DELTA_COLUMNS = [
  ["country_code", "text"],
  ["city_slug", "text"],
  ["city", "text"],
  ["district", "text"],
  ["category_slug", "text"],
  ["category", "text"],
  // NOTE: sent as text and cast in SQL: postgres.js serialises a timestamptz[] parameter from Dates only.
  ["updated_at", "text"],
  ["latitude", "float8"],
  ["longitude", "float8"],
] as const satisfies ReadonlyArray<readonly [keyof AggregateFacts, string]>;

/**
 * What an import's committed batches changed, for a refresh of only those keys: the (country, city, category) groups
 * its rows left (an update that moved them) or joined, and the signed uses of approved names (+1 written, −1 replaced).
 * Collected only while the import may still be small (staysSmallChange on its basis, and at most MAX_TRACKED_ROWS);
 * past that, or when a batch's changes are unknown, it only says "full refresh" (`unknown`), and its batches are
 * asked for no facts at all.
 */
export interface TouchedAggregates {
  rows: number;
  /** A full refresh is needed: too many rows, or a batch whose written rows are unknown (its outcome was lost). */
  unknown: boolean;
  /** JSON [country, city slug, category slug] of every group touched (nulls kept). */
  places: Set<string>;
  names: Map<string, number>;
  /** The listed rows written (+1) and replaced (−1), column by column: the grain is moved by them. */
  delta: { sign: number[]; columns: Array<Array<string | number | null>> };
  /** beginTouchedAggregates' reading before the first batch; null (never read): a full refresh. */
  basis: SmallChangeBasis | null;
}

/**
 * A change counts as small when it wrote fewer rows than this share of the listed businesses: its keys are refreshed
 * (seconds at 5M businesses for 20,000 rows), not every key (minutes). Above it most keys are touched anyway.
 */
export const SMALL_CHANGE_SHARE = 0.05;
/** Past this many written rows an import stops collecting its keys (a change this big is refreshed in full below 10M businesses). */
export const MAX_TRACKED_ROWS = 250_000;

export function createTouchedAggregates(): TouchedAggregates {
  return {
    rows: 0,
    unknown: false,
    places: new Set(),
    names: new Map(),
    delta: { sign: [], columns: DELTA_COLUMNS.map(() => []) },
    basis: null,
  };
}

/**
 * Before an import's first batch: the basis its refresh will be decided on, read under AGGREGATES_LOCK. A change that
 * cannot be small even with no row written (nothing listed, no grain) collects nothing from the start.
 */
export async function beginTouchedAggregates(handle: DatabaseHandle, touched: TouchedAggregates): Promise<void> {
  touched.basis = await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AGGREGATES_LOCK})`);
    return readSmallChangeBasis(tx);
  });
  if (!staysSmallChange(touched.rows, touched.basis)) forgetTouchedAggregates(touched);
}

/** Marks the change as needing a full refresh and frees what was collected. */
export function forgetTouchedAggregates(touched: TouchedAggregates): void {
  touched.unknown = true;
  touched.places.clear();
  touched.names.clear();
  touched.delta = { sign: [], columns: [] };
}

/** Adds one batch's written rows: `before` the stored state of the rows it rewrote, `after` every row it wrote. */
export function recordTouchedAggregates(touched: TouchedAggregates, before: readonly AggregateFacts[], after: readonly AggregateFacts[]): void {
  touched.rows += after.length;
  if (touched.unknown) return;
  // NOTE: the bound its refresh decides on (isSmallChange): a change past it is refreshed in full, its keys unused.
  if (touched.rows > MAX_TRACKED_ROWS || !touched.basis || !staysSmallChange(touched.rows, touched.basis)) {
    forgetTouchedAggregates(touched);
    return;
  }
  const add = (facts: AggregateFacts, sign: 1 | -1) => {
    touched.places.add(JSON.stringify([facts.country_code ?? null, facts.city_slug ?? null, facts.category_slug ?? null]));
    if (facts.is_approved && facts.status === "operational") {
      touched.delta.sign.push(sign);
      DELTA_COLUMNS.forEach(([column], i) => touched.delta.columns[i]?.push(facts[column] ?? null));
    }
    if (!facts.is_approved) return;
    const name = facts.name ?? "";
    const uses = (touched.names.get(name) ?? 0) + sign;
    if (uses === 0) touched.names.delete(name);
    else touched.names.set(name, uses);
  };
  for (const facts of before) add(facts, -1);
  for (const facts of after) add(facts, 1);
}

/** The columns a place key is matched on, in the order of count_grain_place_idx and the city × category rank index. */
const PLACE_COLUMNS = ["country_code", "city_slug", "category_slug"] as const;

/**
 * `alias`'s place columns equal touched_places' columns for the rows whose null pattern is `pattern` (true: null).
 * NOTE: one statement per pattern keeps each comparison an index condition (`is not distinct from` is none).
 */
function placeMatch(alias: string, pattern: readonly boolean[], other = "t"): string {
  return PLACE_COLUMNS.map((column, i) =>
    pattern[i]
      ? `${other}.${column} is null and ${alias}.${column} is null`
      : `${other}.${column} is not null and ${alias}.${column} = ${other}.${column}`,
  ).join(" and ");
}

/** placeMatch, and the same spellings and district: one grain group (`other` one of grain_delta's). */
function groupMatch(alias: string, pattern: readonly boolean[], other: string): string {
  const spellings = ["city", "district", "category"].map((column) => `${alias}.${column} is not distinct from ${other}.${column}`);
  return [placeMatch(alias, pattern, other), ...spellings].join(" and ");
}

/**
 * The grain moved by a small import's listed rows: +1 in the group of each row written, −1 in the group of each row
 * it replaced (sums, counts and newest time), groups that reach 0 removed. A group whose newest business left without
 * a newer one coming has its newest time read again from businesses (through the city × category rank index).
 * NOTE: moved, not recounted: recounting every touched (country, city, category) read 840,000 businesses after a
 * 20,000-row import at 5M (popular pairs are big), minutes of random reads.
 */
async function moveGrain(tx: Tx, delta: TouchedAggregates["delta"]): Promise<void> {
  if (delta.sign.length === 0) return;
  const patterns = new Map<string, boolean[]>();
  for (let row = 0; row < delta.sign.length; row++) {
    const pattern = [0, 1, 4].map((i) => delta.columns[i]?.[row] === null);
    patterns.set(pattern.join(), pattern);
  }
  const arrays = sql.join(
    [sql`${sql.param(delta.sign)}::int[]`, ...DELTA_COLUMNS.map(([, type], i) => sql`${sql.param(delta.columns[i] ?? [])}::${sql.raw(type)}[]`)],
    sql`, `,
  );
  await tx.execute(
    sql`create temporary table grain_delta on commit drop as
        select country_code, city_slug, city, district, category_slug, category, sum(sign)::int as n,
               max(updated_at::timestamptz) filter (where sign > 0) as added_last,
               max(updated_at::timestamptz) filter (where sign < 0) as removed_last,
               coalesce(sum(sign * latitude), 0) as latitude_sum, coalesce(sum(sign) filter (where latitude is not null), 0) as latitude_n,
               coalesce(sum(sign * longitude), 0) as longitude_sum, coalesce(sum(sign) filter (where longitude is not null), 0) as longitude_n
          from unnest(${arrays}) as d(sign, ${sql.raw(DELTA_COLUMNS.map(([column]) => column).join(", "))})
         group by country_code, city_slug, city, district, category_slug, category`,
  );
  await tx.execute(sql.raw("analyze grain_delta"));
  for (const pattern of patterns.values()) {
    const match = groupMatch("g", pattern, "d");
    // Before the sums move: the condition reads the newest time as it was.
    await tx.execute(
      sql.raw(`update count_grain g
                  set last_modified = (select max(b.updated_at) from businesses b
                                        where ${listedCondition("b")} and ${groupMatch("b", pattern, "g")})
                 from grain_delta d
                where ${match} and d.removed_last >= g.last_modified and (d.added_last is null or d.added_last < g.last_modified)`),
    );
    await tx.execute(
      sql.raw(`update count_grain g
                  set n = g.n + d.n, last_modified = greatest(g.last_modified, d.added_last),
                      latitude_n = g.latitude_n + d.latitude_n,
                      latitude_sum = case when g.latitude_n + d.latitude_n = 0 then null else coalesce(g.latitude_sum, 0) + d.latitude_sum end,
                      longitude_n = g.longitude_n + d.longitude_n,
                      longitude_sum = case when g.longitude_n + d.longitude_n = 0 then null else coalesce(g.longitude_sum, 0) + d.longitude_sum end
                 from grain_delta d where ${match}`),
    );
    await tx.execute(
      sql.raw(`insert into count_grain (country_code, city_slug, city, district, category_slug, category, n, last_modified,
                                        latitude_sum, latitude_n, longitude_sum, longitude_n)
               select d.country_code, d.city_slug, d.city, d.district, d.category_slug, d.category, d.n, d.added_last,
                      case when d.latitude_n = 0 then null else d.latitude_sum end, d.latitude_n,
                      case when d.longitude_n = 0 then null else d.longitude_sum end, d.longitude_n
                 from grain_delta d
                where ${placeMatch("d", pattern, "d")} and d.n > 0 and not exists (select 1 from count_grain g where ${match})`),
    );
    await tx.execute(sql.raw(`delete from count_grain g using grain_delta d where ${match} and g.n <= 0`));
  }
  await tx.execute(sql.raw("drop table grain_delta"));
}

/** The touched groups as arrays per column. */
function decodePlaces(places: ReadonlySet<string>): [Array<string | null>, Array<string | null>, Array<string | null>] {
  const columns: [Array<string | null>, Array<string | null>, Array<string | null>] = [[], [], []];
  for (const place of places) {
    const values = JSON.parse(place) as [string | null, string | null, string | null];
    values.forEach((value, i) => columns[i]?.push(value));
  }
  return columns;
}

/** The grain's groups of one (country, city, category) recounted from businesses (its listed rows, by index). */
async function recountGrainPlace(tx: Tx, place: readonly [string | null, string | null, string | null]): Promise<void> {
  const condition = (alias: string) =>
    sql.join(
      PLACE_COLUMNS.map((column, i) => {
        const value = place[i] ?? null;
        return value === null ? sql`${sql.raw(`${alias}${column}`)} is null` : sql`${sql.raw(`${alias}${column}`)} = ${value}`;
      }),
      sql` and `,
    );
  await tx.execute(sql`delete from count_grain where ${condition("")}`);
  await tx.execute(
    sql`insert into count_grain ${sql.raw(GRAIN_SELECT)} where ${sql.raw(listedCondition("b"))} and ${condition("b.")} ${sql.raw(GRAIN_GROUP_BY)}`,
  );
}

/** Distinct non-null tuples of the given place columns (indexes into PLACE_COLUMNS). */
function placeKeys(columns: ReadonlyArray<ReadonlyArray<string | null>>, pick: number[]): string[][] {
  const seen = new Map<string, string[]>();
  const count = columns[0]?.length ?? 0;
  for (let row = 0; row < count; row++) {
    const values = pick.map((i) => columns[i]?.[row] ?? null);
    if (values.some((value) => value === null)) continue;
    seen.set(JSON.stringify(values), values as string[]);
  }
  const out: string[][] = pick.map(() => []);
  for (const values of seen.values()) values.forEach((value, i) => out[i]?.push(value));
  return out;
}

/** The key columns of each count table (indexes into PLACE_COLUMNS). */
const COUNT_TABLE_KEYS: Record<keyof typeof COUNT_TABLES, number[]> = {
  category: [2],
  city: [0, 1],
  country: [0],
  countryCategory: [0, 2],
  cityCategory: [0, 1, 2],
};

/** `(col, …) in (unnest of the arrays)` for the picked place columns, unqualified. */
function keyFilter(pick: number[], keys: string[][]): SQL {
  const names = sql.raw(pick.map((i) => PLACE_COLUMNS[i]).join(", "));
  const arrays = sql.join(
    keys.map((values) => sql`${sql.param(values)}::text[]`),
    sql`, `,
  );
  return sql`(${names}) in (select * from unnest(${arrays}))`;
}

/**
 * The refresh of a small change's keys, in the caller's transaction (under AGGREGATES_LOCK): the grain moved by the
 * rows written and replaced (moveGrain), then each count table's touched keys summed again from the grain, the districts, totals and country names from the grain and the small tables, the
 * anchors of the touched lists, the walk tables, and the name words moved by the names written and replaced.
 * NOTE: name words are moved, not recounted (no index finds the businesses of a word): a word keeps the spelling it
 * has; a new one takes the written names' most common. The next full refresh recounts them all.
 */
async function refreshTouchedAggregates(tx: Tx, touched: TouchedAggregates): Promise<void> {
  const columns = decodePlaces(touched.places);
  await moveGrain(tx, touched.delta);
  for (const [name, spec] of Object.entries(COUNT_TABLES) as Array<[keyof typeof COUNT_TABLES, CountTable]>) {
    const pick = COUNT_TABLE_KEYS[name];
    const keys = placeKeys(columns, pick);
    if ((keys[0]?.length ?? 0) === 0) continue;
    const filter = keyFilter(pick, keys);
    await tx.execute(sql`create temporary table aggregate_scope on commit drop as select * from count_grain where ${filter}`);
    await tx.execute(sql`delete from ${sql.raw(spec.table)} where ${filter}`);
    await tx.execute(sql.raw(REFILL_FROM_GRAIN[name]("aggregate_scope")));
    await tx.execute(sql.raw("drop table aggregate_scope"));
  }
  await refillDistrictSlugs(tx);
  await tx.execute(sql.raw(MERGE_CITY_TRIGRAM_PENDING));
  // NOTE: refreshed_at moves on every row, as after a full refresh: aggregatesBehindImports and the sitemap cache read it.
  await tx.execute(
    sql.raw(`update site_totals as t set value = v.count, refreshed_at = now()
               from (select 'businesses', ${GRAIN_BUSINESSES} union all ${SITE_TOTALS_OF_TABLES}) as v(key, count) where t.key = v.key`),
  );
  await nameCountries(tx);
  const categories = placeKeys(columns, [2]);
  const cities = placeKeys(columns, [0, 1]);
  const pairs = placeKeys(columns, [0, 1, 2]);
  await refreshPageAnchorsForKeys(tx, {
    categories: categories[0] ?? [],
    cities: { countryCodes: cities[0] ?? [], citySlugs: cities[1] ?? [] },
    cityCategories: { countryCodes: pairs[0] ?? [], citySlugs: pairs[1] ?? [], categorySlugs: pairs[2] ?? [] },
  });
  await refillSearchTopRanked(tx);
  await moveNameWords(tx, touched.names);
}

/** name_words moved by signed name uses (see refreshTouchedAggregates); words no name uses any more are dropped. */
async function moveNameWords(tx: Tx, names: ReadonlyMap<string, number>): Promise<void> {
  if (names.size === 0) return;
  await tx.execute(
    sql`insert into name_words (word, spelling, business_count)
        select directory_unaccent(s.spelling), (array_agg(s.spelling order by s.n desc, s.spelling))[1], sum(s.n)::int
          from (select t.spelling, sum(x.uses) as n
                  from unnest(${sql.param([...names.keys()])}::text[], ${sql.param([...names.values()])}::int[]) as x(name, uses),
                       unnest(tsvector_to_array(to_tsvector('simple', x.name))) as t(spelling)
                 group by t.spelling) s
         where length(s.spelling) between 3 and 40 and s.spelling ~ '^[[:alpha:]][[:alnum:]]*$'
         group by 1
        having sum(s.n) <> 0
        on conflict (word) do update set business_count = name_words.business_count + excluded.business_count`,
  );
  await tx.execute(sql.raw("delete from name_words where business_count <= 0"));
  await tx.execute(sql.raw(MERGE_CITY_TRIGRAM_PENDING.replace("city_counts_name_trgm_idx", "name_words_word_trgm_idx")));
}

/**
 * After an import wrote the rows `touched` describes: only their keys when the change is small (fewer rows than
 * SMALL_CHANGE_SHARE of the listed businesses, its keys all known, and a grain to sum from), otherwise everything.
 * Returns which refresh ran.
 */
export async function refreshAggregatesAfter(handle: DatabaseHandle, touched: TouchedAggregates | null): Promise<"touched" | "full"> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AGGREGATES_LOCK})`);
    // NOTE: decided under the lock: a full refresh that ran meanwhile has refilled the grain this one sums from.
    if (touched && !touched.unknown && (await isSmallChange(tx, touched))) {
      await tx.execute(sql.raw(NEXT_REFRESH));
      await refreshTouchedAggregates(tx, touched);
      return "touched";
    }
    await rebuildAllAggregates(tx);
    return "full";
  });
}

/** No other refresh since the import began, and staysSmallChange on the basis read now. */
async function isSmallChange(tx: Tx, touched: TouchedAggregates): Promise<boolean> {
  if (touched.basis === null) return false;
  const basis = await readSmallChangeBasis(tx);
  return basis.generation === touched.basis.generation && staysSmallChange(touched.rows, basis);
}

async function hasGrain(tx: Tx): Promise<boolean> {
  const [row] = await rowsOf<{ grain: boolean }>(tx, sql.raw("select exists (select 1 from count_grain) as grain"));
  return row?.grain === true;
}

/**
 * True when an import run (but `exceptRunId`) wrote businesses after the count tables were last rebuilt: a CLI import
 * killed during its final refresh has already marked its run succeeded, so a re-run finds nothing to write yet must
 * still refresh (in full: this run does not know what that one wrote).
 */
export async function aggregatesBehindImports(handle: DatabaseHandle, exceptRunId: number | null = null): Promise<boolean> {
  const [row] = await handle.query<{ behind: boolean }>(
    `select exists (
       select 1 from import_runs r
        where r.inserted_count + r.updated_count > 0 and r.id is distinct from $1::bigint
          and coalesce(r.heartbeat_at, r.created_at) >= coalesce((select min(refreshed_at) from site_totals), '-infinity'::timestamptz)
     ) as behind`,
    [exceptRunId],
  );
  return row?.behind === true;
}

/** The list keys one business belongs to (as stored before or after the change). */
export interface BusinessAggregateKeys {
  /** A closed business is in no count: its approval or deletion moves the recounts by nothing. */
  status: string;
  categorySlug: string | null;
  countryCode: string | null;
  citySlug: string | null;
  /** The business's id: an approval adds its name's words to the name vocabulary. */
  id?: number;
}

/**
 * One business became visible (+1) or invisible (−1): recounts only the rows of its category, country and city
 * (index-backed, milliseconds) instead of the full rebuild (seconds at 300k), and moves the business total by
 * `visibleDelta`. Runs inside the caller's transaction so the change and its counts commit together.
 */
export async function adjustAggregatesForBusiness(tx: Tx, keys: BusinessAggregateKeys, visibleDelta: -1 | 1): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AGGREGATES_LOCK})`);
  // The grain follows too, so a later small import's refresh sums current groups.
  await tx.execute(sql.raw(NEXT_REFRESH));
  // NOTE: never into an empty grain (not filled since migration 0033): a partial one would pass for a whole one.
  if (await hasGrain(tx)) await recountGrainPlace(tx, [keys.countryCode ?? null, keys.citySlug ?? null, keys.categorySlug ?? null]);
  const category = keys.categorySlug || null;
  const country = keys.countryCode || null;
  const city = country ? keys.citySlug || null : null;
  if (category) await rebuildCountTable(tx, COUNT_TABLES.category, sql`and category_slug = ${category}`);
  if (country) {
    await rebuildCountTable(tx, COUNT_TABLES.country, sql`and country_code = ${country}`);
    await nameCountries(tx, country);
  }
  if (city && country) {
    await rebuildCountTable(tx, COUNT_TABLES.city, sql`and country_code = ${country} and city_slug = ${city}`);
    await tx.execute(sql.raw(MERGE_CITY_TRIGRAM_PENDING));
  }
  if (category && country) {
    await rebuildCountTable(tx, COUNT_TABLES.countryCategory, sql`and country_code = ${country} and category_slug = ${category}`);
  }
  if (category && country && city) {
    await rebuildCountTable(
      tx,
      COUNT_TABLES.cityCategory,
      sql`and country_code = ${country} and city_slug = ${city} and category_slug = ${category}`,
    );
  }
  // NOTE: refreshed_at moves too: the sitemap cache is keyed on it.
  await tx.execute(
    sql`update site_totals set value = greatest(0, value + ${keys.status === "operational" ? visibleDelta : 0}), refreshed_at = now() where key = 'businesses'`,
  );
  await tx.execute(
    sql.raw(`update site_totals as t set value = v.count, refreshed_at = now() from (${SITE_TOTALS_OF_TABLES}) as v(key, count) where t.key = v.key`),
  );
  await refreshPageAnchorsFor(tx, { categorySlug: category, countryCode: country, citySlug: city });
  await refillSearchTopRanked(tx);
  // A newly approved name's words become corrections at once; a removed one's stay until the next full rebuild
  // (a correction that finds nothing is never offered).
  if (visibleDelta > 0 && keys.id !== undefined) await addNameWords(tx, keys.id);
}

/** Adds one business's name words to name_words (counts move up by its uses; spellings already chosen stay); call it after a name edit too. */
export async function addNameWords(tx: Tx, id: number): Promise<void> {
  await tx.execute(
    sql`insert into name_words (word, spelling, business_count) ${selectNameWords(sql`b.id = ${id}`)}
        on conflict (word) do update set business_count = name_words.business_count + excluded.business_count`,
  );
}

/**
 * Planner statistics after a bulk change of `changedRows` businesses: ANALYZE when the table was never analyzed or
 * the change reaches a tenth of it (autovacuum's default rule, which a server may have turned off and which runs up
 * to a minute late). NOTE: without statistics a freshly imported million businesses made typo searches plan
 * nested loops over every match: 0.8 s instead of 50 ms.
 */
export async function refreshPlannerStatistics(handle: DatabaseHandle, changedRows: number): Promise<boolean> {
  if (!(await plannerStatisticsDue(handle, changedRows))) return false;
  await analyzeSearchTables(handle);
  return true;
}

async function plannerStatisticsDue(handle: DatabaseHandle, changedRows: number): Promise<boolean> {
  if (changedRows <= 0) return false;
  const [row] = await handle.query<{ tuples: number }>("select reltuples::float8 as tuples from pg_class where oid = 'businesses'::regclass");
  const tuples = Number(row?.tuples ?? -1);
  return tuples < 0 || changedRows >= 50 + tuples * 0.1;
}

/**
 * After a bulk change of `changedRows` businesses: the count tables, and the planner statistics when due.
 * NOTE: on a server, ANALYZE of businesses (2–4 s at 280k rows) runs on a second connection beside the count
 * rebuild, which only reads that table; the import is otherwise done, so the two share the cores between them.
 */
export async function refreshAfterBulkChange(
  handle: DatabaseHandle,
  changedRows: number,
  options: { indexesBuilt?: Promise<unknown> | null; touched?: TouchedAggregates | null } = {},
): Promise<"touched" | "full"> {
  // Indexes a killed bulk import left dropped are built first (a live import's own are `indexesBuilt`, building).
  await restoreDeferredIndexes(handle);
  if (handle.driver !== "postgres") {
    const refreshed = await refreshAggregatesAfter(handle, options.touched ?? null);
    await mergeSearchIndexPending(handle);
    await refreshPlannerStatistics(handle, changedRows);
    return refreshed;
  }
  const due = await plannerStatisticsDue(handle, changedRows);
  // NOTE: ANALYZE waits for indexes still being built: it samples their expressions (unaccented names) too.
  const analyze = async () => {
    await options.indexesBuilt;
    if (due) await analyzeSearchTables(handle, "businesses");
  };
  // The indexes a bulk import built at its end have no pending entries; the ones it kept do.
  const merge = async () => {
    await options.indexesBuilt;
    await mergeSearchIndexPending(handle);
  };
  const [refreshed] = await Promise.all([refreshAggregatesAfter(handle, options.touched ?? null), analyze(), merge()]);
  if (due) await analyzeSearchTables(handle, "count tables");
  return refreshed;
}
