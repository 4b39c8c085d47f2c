// A public business list (all, one category, one city, one city × category) + a row offset → one page of listed (approved, operational) businesses in rank
// order (rank_score desc, id desc); deep offsets seek from the nearest page anchor instead of scanning from the top.
import type { DatabaseHandle } from "../../client.ts";
import { listedCondition } from "../listed.ts";

/** One business as every public list shows it (the spec's list item plus what a business card needs). */
export interface BusinessListRow {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  category_slug: string | null;
  type: string | null;
  city: string | null;
  city_slug: string | null;
  country: string | null;
  country_code: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
  phone_e164: string | null;
  photo: string | null;
  full_address: string | null;
  street: string | null;
  district: string | null;
  working_hours_json: string | null;
  special_hours_json: string | null;
  time_zone: string | null;
  verified: boolean;
  latitude: number | null;
  longitude: number | null;
}

export type RankedList =
  | { scope: "all" }
  | { scope: "category"; categorySlug: string }
  | { scope: "city"; countryCode: string; citySlug: string }
  | { scope: "city-category"; countryCode: string; citySlug: string; categorySlug: string };

const LIST_COLUMNS = `b.id::int as id, b.name, b.slug, b.category, b.category_slug, b.type, b.city, b.city_slug, b.country,
  b.country_code, b.rating, b.reviews, b.phone, b.phone_e164, b.photo, b.full_address, b.street, b.district,
  b.working_hours::text as working_hours_json, b.special_hours::text as special_hours_json, b.time_zone, b.verified and not b.is_test as verified,
  b.latitude, b.longitude`;

/** The anchor table's key for a list; null for lists that are never anchored. */
export function pageAnchorKey(list: RankedList): { scope: "category" | "city" | "city-category"; key: string } | null {
  if (list.scope === "category") return { scope: "category", key: list.categorySlug };
  if (list.scope === "city") return { scope: "city", key: `${list.countryCode}/${list.citySlug}` };
  if (list.scope === "city-category") return { scope: "city-category", key: `${list.countryCode}/${list.citySlug}/${list.categorySlug}` };
  return null;
}

const ORDER = (alias: string) => `${alias}.rank_score desc nulls last, ${alias}.id desc nulls last`;

/**
 * `limit` rows of the list starting at 0-based `offset`, in one statement:
 * 1. anchor: the list's last page anchor at or before `offset` (none for short lists and the all-businesses list);
 * 2. start: the (rank_score, id) of the page's first row, reached from the anchor by skipping fewer than 1,000
 *    entries of an index-only scan (no table reads);
 * 3. the page: `limit` rows from `start` on, a keyset read of the same index.
 * Each filter matches one partial rank index (`… rank_score desc nulls last, id desc nulls last where is_approved and status = 'operational'`).
 * NOTE: drizzle's `.desc()` builds those indexes as DESC NULLS LAST, while a bare SQL `desc` means NULLS FIRST:
 * the ORDER BY must spell out `nulls last` or Postgres sorts the whole list (both columns are NOT NULL anyway).
 * NOTE: the anchor holds (rank_score, id) values, not a row reference: a deleted or re-ranked anchor business still
 * marks the same place in the order. Rows written since the last refresh shift deep pages by at most their number.
 */
export async function listRankedBusinesses(handle: DatabaseHandle, list: RankedList, offset: number, limit: number): Promise<BusinessListRow[]> {
  const params: unknown[] = [offset, limit];
  let where = (alias: string) => listedCondition(alias);
  if (list.scope === "category") {
    params.push(list.categorySlug);
    const slug = params.length;
    where = (alias) => `${listedCondition(alias)} and ${alias}.category_slug = $${slug}`;
  } else if (list.scope === "city") {
    params.push(list.countryCode, list.citySlug);
    const code = params.length - 1;
    const slug = params.length;
    where = (alias) => `${listedCondition(alias)} and ${alias}.country_code = $${code} and ${alias}.city_slug = $${slug}`;
  } else if (list.scope === "city-category") {
    params.push(list.countryCode, list.citySlug, list.categorySlug);
    const [code, slug, category] = [params.length - 2, params.length - 1, params.length];
    where = (alias) =>
      `${listedCondition(alias)} and ${alias}.country_code = $${code} and ${alias}.city_slug = $${slug} and ${alias}.category_slug = $${category}`;
  }
  const key = pageAnchorKey(list);
  let anchor = "";
  let fromAnchor = "";
  let skip = "$1::int";
  if (key) {
    params.push(key.scope, key.key);
    anchor = `anchor as (
        select rank_score, business_id, position from page_anchors
         where scope = $${params.length - 1} and scope_key = $${params.length} and position <= $1::int
         order by position desc limit 1
      ),`;
    // Without an anchor the bound is (+∞, max id): every row.
    fromAnchor = ` and (s.rank_score, s.id) <= (coalesce((select rank_score from anchor), 'Infinity'::float8),
                                               coalesce((select business_id from anchor), 9223372036854775807::bigint))`;
    skip = "$1::int - coalesce((select position from anchor), 0)";
  }
  // A page past the end has no start row: the bound is NULL and the page is empty.
  return handle.query<BusinessListRow>(
    `with ${anchor} start as (
        select s.rank_score, s.id from businesses s
         where ${where("s")}${fromAnchor}
         order by ${ORDER("s")}
         offset ${skip} limit 1
      )
      select ${LIST_COLUMNS} from businesses b
       where ${where("b")} and (b.rank_score, b.id) <= ((select rank_score from start), (select id from start))
       order by ${ORDER("b")}
       limit $2::int`,
    params,
  );
}
