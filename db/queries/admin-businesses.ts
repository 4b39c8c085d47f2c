// Admin list filters → one page of businesses (approved or not, test or not) with its match count, the summary
// figures of the list's cards, and the category and country choices of its filters and export dialog.
import type { DatabaseHandle } from "../client.ts";

export const ADMIN_SORT_KEYS = ["name", "rating", "reviewCount", "createdAt"] as const;
export type AdminSortKey = (typeof ADMIN_SORT_KEYS)[number];

/** A row the list continues from: its sort value as Postgres prints it (exact for timestamps and floats) and its id. */
export interface AdminListAnchor {
  key: string | null;
  id: number;
}

export interface AdminBusinessFilters {
  /** Part of the name, accent- and case-insensitive. */
  search?: string;
  categorySlug?: string;
  sortBy: AdminSortKey;
  sortOrder: "asc" | "desc";
  /**
   * forward: the rows after `anchor` (or from the start) in list order; backward: the rows before `anchor` (or from the
   * end), read in the flipped order and handed back in list order. Either way `offset` rows are skipped first.
   */
  direction: "forward" | "backward";
  anchor?: AdminListAnchor;
  offset: number;
  limit: number;
}

export interface AdminBusinessRow {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  address: string | null;
  city: string | null;
  countryCode: string | null;
  rating: number | null;
  reviewCount: number;
  isApproved: boolean;
  isTest: boolean;
  verified: boolean;
  createdAt: string;
}

interface SortSpec {
  column: string;
  /** SQL type the anchor's key is cast back to. */
  type: string;
  dir: "asc" | "desc";
  nullsLast: boolean;
  /** Only a nullable column needs the NULL block in its keyset bound (see afterAnchor). */
  nullable: boolean;
}

/**
 * Every order ends with the id (same direction, same NULLS placement) so equal values page stably and the pair is a
 * keyset. NOTE: name and created_at spell their NULLS placement to match their indexes ((name, id) and (created_at
 * desc nulls last, id desc nulls last)), scanned forward or backward; another placement would make Postgres sort
 * every row for one page. Ratings have no index: unrated businesses last either way.
 */
function sortSpec(sortBy: AdminSortKey, sortOrder: "asc" | "desc"): SortSpec {
  const asc = sortOrder === "asc";
  switch (sortBy) {
    case "name":
      return { column: "b.name", type: "text", dir: sortOrder, nullsLast: asc, nullable: false };
    case "reviewCount":
      return { column: "b.reviews", type: "integer", dir: sortOrder, nullsLast: asc, nullable: false };
    case "createdAt":
      return { column: "b.created_at", type: "timestamptz", dir: sortOrder, nullsLast: !asc, nullable: false };
    case "rating":
      return { column: "b.rating", type: "double precision", dir: sortOrder, nullsLast: true, nullable: true };
  }
}

/** The same list read from its other end: every direction and NULLS placement reversed. */
function flip(spec: SortSpec): SortSpec {
  return { ...spec, dir: spec.dir === "asc" ? "desc" : "asc", nullsLast: !spec.nullsLast };
}

function orderBy(spec: SortSpec): string {
  const nulls = spec.nullsLast ? "nulls last" : "nulls first";
  return `${spec.column} ${spec.dir} ${nulls}, b.id ${spec.dir} ${nulls}`;
}

/**
 * Rows strictly after the anchor in `spec`'s order (a NULL key sorts as a block at the placement's end).
 * NOTE: a NOT NULL column gets the bare row comparison: an `or column is null` beside it (always false there) stops
 * Postgres from using the index range and costs a scan of the rest of the table (210 ms instead of 0.6 ms at 300k rows).
 */
function afterAnchor(spec: SortSpec, anchor: AdminListAnchor, params: unknown[]): string {
  const cmp = spec.dir === "asc" ? ">" : "<";
  params.push(anchor.id);
  const id = `$${params.length}`;
  if (!spec.nullable) {
    params.push(anchor.key);
    return `(${spec.column}, b.id) ${cmp} ($${params.length}::${spec.type}, ${id})`;
  }
  if (anchor.key === null) {
    const sameBlock = `(${spec.column} is null and b.id ${cmp} ${id})`;
    return spec.nullsLast ? sameBlock : `(${sameBlock} or ${spec.column} is not null)`;
  }
  params.push(anchor.key);
  const beyond = `(${spec.column} is not null and (${spec.column}, b.id) ${cmp} ($${params.length}::${spec.type}, ${id}))`;
  return spec.nullsLast ? `(${beyond} or ${spec.column} is null)` : beyond;
}

function buildWhere(filters: Pick<AdminBusinessFilters, "search" | "categorySlug">): { clauses: string[]; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.search) {
    params.push(`%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // Same expression as the trigram index businesses_name_trgm_idx, so a substring search stays indexed.
    clauses.push(`directory_unaccent(lower(b.name)) like directory_unaccent(lower($${params.length}))`);
  }
  if (filters.categorySlug) {
    params.push(filters.categorySlug);
    clauses.push(`b.category_slug = $${params.length}`);
  }
  return { clauses, params };
}

function whereOf(clauses: string[]): string {
  return clauses.length > 0 ? `where ${clauses.join(" and ")}` : "";
}

/** How many businesses match the filters (the list's total). */
export async function countAdminBusinesses(handle: DatabaseHandle, filters: Pick<AdminBusinessFilters, "search" | "categorySlug">): Promise<number> {
  const { clauses, params } = buildWhere(filters);
  const [row] = await handle.query<{ n: number }>(`select count(*)::int as n from businesses b ${whereOf(clauses)}`, params);
  return row?.n ?? 0;
}

/**
 * One page of the admin list by keyset: the anchor's (sort key, id) pair bounds the scan, so the cost does not grow
 * with the depth of the page; `offset` only skips the few pages between the anchor and the page asked for (or, for a
 * page named by number alone, the rows from the nearer end). Each row comes with its anchor for the next call.
 */
export async function listAdminBusinesses(
  handle: DatabaseHandle,
  filters: AdminBusinessFilters,
): Promise<Array<{ row: AdminBusinessRow; anchor: AdminListAnchor }>> {
  const { clauses, params } = buildWhere(filters);
  const listed = sortSpec(filters.sortBy, filters.sortOrder);
  const spec = filters.direction === "backward" ? flip(listed) : listed;
  if (filters.anchor) clauses.push(afterAnchor(spec, filters.anchor, params));
  const rows = await handle.query<AdminBusinessRow & { sortKey: string | null }>(
    `select b.id::int as id, b.name, b.slug, b.category, b.full_address as address, b.city, b.country_code as "countryCode",
            b.rating, b.reviews as "reviewCount", b.is_approved as "isApproved", b.is_test as "isTest", b.verified,
            to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
            ${spec.column}::text as "sortKey"
       from businesses b ${whereOf(clauses)}
      order by ${orderBy(spec)}
      limit ${Number(filters.limit)} offset ${Number(filters.offset)}`,
    params,
  );
  const page = rows.map(({ sortKey, ...row }) => ({ row, anchor: { key: sortKey, id: row.id } }));
  return filters.direction === "backward" ? page.reverse() : page;
}

export interface AdminBusinessSummary {
  total: number;
  approved: number;
  testData: number;
  categories: number;
}

export async function getAdminBusinessSummary(handle: DatabaseHandle): Promise<AdminBusinessSummary> {
  const [row] = await handle.query<AdminBusinessSummary>(
    `select (select count(*)::int from businesses) as total,
            (select count(*)::int from businesses where is_approved) as approved,
            (select count(*)::int from businesses where is_test) as "testData",
            (select count(*)::int from category_counts) as categories`,
  );
  return row ?? { total: 0, approved: 0, testData: 0, categories: 0 };
}

/** Category names with their slugs, largest first (the filter shows the first 20, the export picker up to 100). */
export async function listAdminCategories(handle: DatabaseHandle, limit: number): Promise<Array<{ name: string; slug: string; count: number }>> {
  return handle.query(
    `select category as name, category_slug as slug, business_count as count from category_counts
      order by business_count desc, category_slug limit $1`,
    [limit],
  );
}

/** Country codes that have businesses, alphabetical. */
export async function listAdminCountryCodes(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.query<{ code: string }>("select country_code as code from country_counts order by country_code");
  return rows.map((row) => row.code);
}
