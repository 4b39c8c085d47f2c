// Approved businesses → page_anchors: every 1,000th (rank_score, id) of each category and city list, rebuilt in one
// transaction so a deep page seeks to its nearest anchor and skips fewer than 1,000 rows instead of N × page size.
import { count, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../client.ts";
import { pageAnchors } from "../schema/index.ts";

/** Rows between anchors: the most a deep page ever skips with OFFSET. */
export const PAGE_ANCHOR_STEP = 1000;

// NOTE: each window's order is exactly a partial rank index (filter…, rank_score desc nulls last, id desc nulls last
// where is_approved; drizzle's `.desc()` means NULLS LAST), so Postgres can read the index instead of sorting.
const STATEMENTS = [
  "delete from page_anchors",
  `insert into page_anchors (scope, scope_key, position, rank_score, business_id)
     select 'category', category_slug, position, rank_score, id from (
       select category_slug, rank_score, id,
              (row_number() over (partition by category_slug order by rank_score desc nulls last, id desc nulls last) - 1)::int as position
         from businesses
        where is_approved and category_slug is not null and category_slug <> ''
     ) ranked
     where position > 0 and position % ${PAGE_ANCHOR_STEP} = 0`,
  `insert into page_anchors (scope, scope_key, position, rank_score, business_id)
     select 'city', country_code || '/' || city_slug, position, rank_score, id from (
       select country_code, city_slug, rank_score, id,
              (row_number() over (partition by country_code, city_slug order by rank_score desc nulls last, id desc nulls last) - 1)::int as position
         from businesses
        where is_approved and country_code is not null and city_slug is not null and city_slug <> ''
     ) ranked
     where position > 0 and position % ${PAGE_ANCHOR_STEP} = 0`,
];

/**
 * Rebuilds every anchor; returns how many there are. Call it whenever the aggregate counts are refreshed (after
 * an import, a delete, an approval change). It takes a handle or `{ db: tx }`: inside an open transaction it runs
 * as a savepoint of that transaction.
 */
export async function refreshPageAnchors(handle: Pick<DatabaseHandle, "db">): Promise<number> {
  return handle.db.transaction(async (tx) => {
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
    const [row] = await tx.select({ n: count() }).from(pageAnchors);
    return row?.n ?? 0;
  });
}
