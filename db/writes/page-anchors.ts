// Listed businesses (approved, operational) → page_anchors: every 1,000th (rank_score, id) of each category, city and
// long city × category list, rebuilt in one transaction (all lists, the three lists one business belongs to, or the
// lists a small import touched) so a deep page seeks to its nearest anchor and skips fewer than 1,000 rows instead of
// N × page size.
import { count, sql, type SQL } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { listedCondition } from "../queries/listed.ts";
import { pageAnchors } from "../schema/index.ts";

/** Rows between anchors: the most a deep page ever skips with OFFSET. */
export const PAGE_ANCHOR_STEP = 1000;

// NOTE: each window's order is exactly a partial rank index (filter…, rank_score desc nulls last, id desc nulls last
// where is_approved and status = 'operational'; drizzle's `.desc()` means NULLS LAST), so Postgres can read the index instead of sorting.
const ANCHOR_SCOPES = {
  category: {
    key: "category_slug",
    partition: "category_slug",
    where: `${listedCondition()} and category_slug is not null and category_slug <> ''`,
  },
  city: {
    key: "country_code || '/' || city_slug",
    partition: "country_code, city_slug",
    where: `${listedCondition()} and country_code is not null and city_slug is not null and city_slug <> ''`,
  },
  // NOTE: only pairs long enough to have an anchor are read (city_category_counts is refreshed first): the other
  // half a million pairs would cost a window over every listed business for no row.
  "city-category": {
    key: "country_code || '/' || city_slug || '/' || category_slug",
    partition: "country_code, city_slug, category_slug",
    where: `${listedCondition()} and (country_code, city_slug, category_slug) in (
      select country_code, city_slug, category_slug from city_category_counts where business_count > ${PAGE_ANCHOR_STEP})`,
  },
} as const;

/** The insert of one scope's anchors; `filter` (an `and …` fragment) narrows it to one list. */
function insertAnchors(scope: keyof typeof ANCHOR_SCOPES, filter: SQL = sql``): SQL {
  const spec = ANCHOR_SCOPES[scope];
  return sql`insert into page_anchors (scope, scope_key, position, rank_score, business_id)
     select ${sql.raw(`'${scope}', ${spec.key}`)}, position, rank_score, id from (
       select ${sql.raw(spec.partition)}, rank_score, id,
              (row_number() over (partition by ${sql.raw(spec.partition)} order by rank_score desc nulls last, id desc nulls last) - 1)::int as position
         from businesses
        where ${sql.raw(spec.where)} ${filter}
     ) ranked
     where position > 0 and position % ${sql.raw(String(PAGE_ANCHOR_STEP))} = 0`;
}

/**
 * Rebuilds every anchor; returns how many there are. Call it whenever the aggregate counts are refreshed (after
 * an import, a delete, an approval change). It takes a handle or `{ db: tx }`: inside an open transaction it runs
 * as a savepoint of that transaction.
 */
export async function refreshPageAnchors(handle: Pick<DatabaseHandle, "db">): Promise<number> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`delete from page_anchors`);
    await tx.execute(insertAnchors("category"));
    await tx.execute(insertAnchors("city"));
    await tx.execute(insertAnchors("city-category"));
    const [row] = await tx.select({ n: count() }).from(pageAnchors);
    return row?.n ?? 0;
  });
}

/** Rebuilds the anchors of one business's category, city and city × category lists (it changed visibility). */
export async function refreshPageAnchorsFor(
  tx: Pick<DatabaseHandle["db"], "execute">,
  keys: { categorySlug: string | null; countryCode: string | null; citySlug: string | null },
): Promise<void> {
  if (keys.categorySlug) {
    await tx.execute(sql`delete from page_anchors where scope = 'category' and scope_key = ${keys.categorySlug}`);
    await tx.execute(insertAnchors("category", sql`and category_slug = ${keys.categorySlug}`));
  }
  if (keys.countryCode && keys.citySlug) {
    await tx.execute(sql`delete from page_anchors where scope = 'city' and scope_key = ${`${keys.countryCode}/${keys.citySlug}`}`);
    await tx.execute(insertAnchors("city", sql`and country_code = ${keys.countryCode} and city_slug = ${keys.citySlug}`));
  }
  if (keys.countryCode && keys.citySlug && keys.categorySlug) {
    const pair = `${keys.countryCode}/${keys.citySlug}/${keys.categorySlug}`;
    await tx.execute(sql`delete from page_anchors where scope = 'city-category' and scope_key = ${pair}`);
    await tx.execute(
      insertAnchors(
        "city-category",
        sql`and country_code = ${keys.countryCode} and city_slug = ${keys.citySlug} and category_slug = ${keys.categorySlug}`,
      ),
    );
  }
}

/** The lists a bulk change touched: categories, cities and city × category pairs (parallel arrays). */
export interface AnchorKeys {
  categories: string[];
  cities: { countryCodes: string[]; citySlugs: string[] };
  cityCategories: { countryCodes: string[]; citySlugs: string[]; categorySlugs: string[] };
}

/**
 * Rebuilds the anchors of the given lists only (a small import's; see refreshAggregatesAfter), in the caller's
 * transaction. NOTE: a city needs more than PAGE_ANCHOR_STEP listed businesses for an anchor (city_counts is refreshed
 * first): the windows read only those; the anchors of the others are deleted.
 */
export async function refreshPageAnchorsForKeys(tx: Pick<DatabaseHandle["db"], "execute">, keys: AnchorKeys): Promise<void> {
  const { categories, cities, cityCategories } = keys;
  if (categories.length > 0) {
    const slugs = sql`${sql.param(categories)}::text[]`;
    await tx.execute(sql`delete from page_anchors where scope = 'category' and scope_key = any(${slugs})`);
    await tx.execute(insertAnchors("category", sql`and category_slug = any(${slugs})`));
  }
  if (cities.countryCodes.length > 0) {
    const touched = sql`select * from unnest(${sql.param(cities.countryCodes)}::text[], ${sql.param(cities.citySlugs)}::text[]) as t(country_code, city_slug)`;
    await tx.execute(
      sql`delete from page_anchors where scope = 'city' and scope_key in (select country_code || '/' || city_slug from (${touched}) t)`,
    );
    await tx.execute(
      insertAnchors(
        "city",
        sql`and (country_code, city_slug) in (select c.country_code, c.city_slug from city_counts c join (${touched}) t using (country_code, city_slug)
                                              where c.business_count > ${PAGE_ANCHOR_STEP})`,
      ),
    );
  }
  if (cityCategories.countryCodes.length > 0) {
    const touched = sql`select * from unnest(${sql.param(cityCategories.countryCodes)}::text[], ${sql.param(cityCategories.citySlugs)}::text[],
                                             ${sql.param(cityCategories.categorySlugs)}::text[]) as t(country_code, city_slug, category_slug)`;
    await tx.execute(
      sql`delete from page_anchors where scope = 'city-category'
            and scope_key in (select country_code || '/' || city_slug || '/' || category_slug from (${touched}) t)`,
    );
    await tx.execute(insertAnchors("city-category", sql`and (country_code, city_slug, category_slug) in (${touched})`));
  }
}
