// Listed businesses (approved and operational: closed ones are not counted) → the count tables behind list pages and home counters: a full rebuild (after imports and bulk
// deletes) or a scoped one for the keys a single business touches (approve, delete); each runs in one transaction
// so readers never see a half-refreshed set.
import { sql, type SQL } from "drizzle-orm";
import { countryName, countrySlug } from "../rules/countries.ts";
import { slugify } from "../rules/slug.ts";
import type { DatabaseHandle } from "../client.ts";
import { analyzeSearchTables } from "../queries/search-documents.ts";
import { listedCondition } from "../queries/listed.ts";
import { RANK_WALK } from "../queries/search-statement.ts";
import { countryCounts } from "../schema/index.ts";
import { restoreDeferredIndexes } from "./deferred-indexes.ts";
import { refreshPageAnchors, refreshPageAnchorsFor } from "./page-anchors.ts";

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
const CREATE_AGGREGATE_GRAIN = `create temporary table aggregate_grain on commit drop as
  select country_code, city_slug, city, district, category_slug, category, count(*)::int as n, max(updated_at) as last_modified,
         sum(latitude) as latitude_sum, count(latitude) as latitude_n, sum(longitude) as longitude_sum, count(longitude) as longitude_n
    from businesses where ${listedCondition()}
   group by country_code, city_slug, city, district, category_slug, category`;

/**
 * The most common non-null spelling of `spelling` per `key` in the grain, ties to the first in sort order: what
 * `mode() within group (order by spelling)` gives over the businesses (the scoped rebuild's rule).
 */
function modeFromGrain(keys: string[], spelling: string, where: string): string {
  const key = keys.join(", ");
  return `select distinct on (${key}) ${key}, ${spelling} from (
      select ${key}, ${spelling}, sum(n) as n from aggregate_grain where ${where} and ${spelling} is not null group by ${key}, ${spelling}
    ) spellings order by ${key}, n desc, ${spelling}`;
}

const CATEGORY_WHERE = "category_slug is not null and category_slug <> ''";
const CITY_WHERE = "country_code is not null and city_slug is not null and city_slug <> ''";

/** Each count table refilled from aggregate_grain; the same rows rebuildCountTable computes from businesses. */
const REFILL_FROM_GRAIN: Record<keyof typeof COUNT_TABLES, string> = {
  category: `insert into category_counts (category_slug, category, first_letter, business_count, country_count, last_modified)
    select t.category_slug, s.category, ${FIRST_LETTER("s.category")}, t.n, t.countries, t.last_modified
      from (select category_slug, sum(n)::int as n, count(distinct country_code)::int as countries, max(last_modified) as last_modified
              from aggregate_grain where ${CATEGORY_WHERE} group by category_slug) t
      left join (${modeFromGrain(["category_slug"], "category", CATEGORY_WHERE)}) s using (category_slug)`,
  city: `insert into city_counts (country_code, city_slug, city, first_letter, business_count, category_count, latitude, longitude, last_modified)
    select t.country_code, t.city_slug, s.city, ${FIRST_LETTER("s.city")}, t.n, t.categories, t.latitude, t.longitude, t.last_modified
      from (select country_code, city_slug, sum(n)::int as n, count(distinct category_slug)::int as categories, max(last_modified) as last_modified,
                   sum(latitude_sum) / nullif(sum(latitude_n), 0) as latitude, sum(longitude_sum) / nullif(sum(longitude_n), 0) as longitude
              from aggregate_grain where ${CITY_WHERE} group by country_code, city_slug) t
      left join (${modeFromGrain(["country_code", "city_slug"], "city", CITY_WHERE)}) s using (country_code, city_slug)`,
  country: `insert into country_counts (country_code, country, country_slug, business_count, city_count, category_count, last_modified)
    select country_code, country_code, lower(country_code), sum(n)::int, count(distinct city_slug)::int, count(distinct category_slug)::int,
           max(last_modified)
      from aggregate_grain where country_code is not null group by country_code`,
  countryCategory: `insert into country_category_counts (country_code, category_slug, business_count)
    select country_code, category_slug, sum(n)::int from aggregate_grain
     where country_code is not null and ${CATEGORY_WHERE} group by country_code, category_slug`,
  cityCategory: `insert into city_category_counts (country_code, city_slug, category_slug, business_count, last_modified)
    select country_code, city_slug, category_slug, sum(n)::int, max(last_modified) from aggregate_grain
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
    sql.raw(`select country_code, district, city_slug, sum(n)::int as n from aggregate_grain
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

export async function refreshAggregates(handle: DatabaseHandle): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AGGREGATES_LOCK})`);
    await tx.execute(sql.raw(CREATE_AGGREGATE_GRAIN));
    for (const [name, spec] of Object.entries(COUNT_TABLES) as Array<[keyof typeof COUNT_TABLES, CountTable]>) {
      await tx.execute(sql.raw(`delete from ${spec.table}`));
      await tx.execute(sql.raw(REFILL_FROM_GRAIN[name]));
    }
    await refillDistrictSlugs(tx);
    await tx.execute(sql.raw(MERGE_CITY_TRIGRAM_PENDING));
    await tx.execute(sql.raw("delete from site_totals"));
    await tx.execute(
      sql.raw(
        `insert into site_totals (key, value) select 'businesses', count(*) from businesses where ${listedCondition()} union all ${SITE_TOTALS_OF_TABLES}`,
      ),
    );
    await nameCountries(tx);
    // Deep-page anchors and the search's rank walk follow the same visible set: refreshed in the same transaction.
    await refreshPageAnchors({ db: tx as unknown as DatabaseHandle["db"] });
    await refillSearchTopRanked(tx);
    await refillNameWords(tx);
  });
}

/**
 * True when an import run wrote businesses after the count tables were last rebuilt: a CLI import killed during its
 * final refresh has already marked its run succeeded, so a re-run finds nothing to write yet must still refresh.
 */
export async function aggregatesBehindImports(handle: DatabaseHandle): Promise<boolean> {
  const [row] = await handle.query<{ behind: boolean }>(
    `select exists (
       select 1 from import_runs r
        where r.inserted_count + r.updated_count > 0
          and coalesce(r.heartbeat_at, r.created_at) >= coalesce((select min(refreshed_at) from site_totals), '-infinity'::timestamptz)
     ) as behind`,
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
  options: { indexesBuilt?: Promise<unknown> | null } = {},
): Promise<void> {
  // Indexes a killed bulk import left dropped are built first (a live import's own are `indexesBuilt`, building).
  await restoreDeferredIndexes(handle);
  if (handle.driver !== "postgres") {
    await refreshAggregates(handle);
    await mergeSearchIndexPending(handle);
    await refreshPlannerStatistics(handle, changedRows);
    return;
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
  await Promise.all([refreshAggregates(handle), analyze(), merge()]);
  if (due) await analyzeSearchTables(handle, "count tables");
}
