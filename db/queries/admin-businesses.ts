// Admin list filters → one page of businesses (approved or not, test or not) with its match count, the summary
// figures of the list's cards, and the category and country choices of its filters and export dialog.
import type { DatabaseHandle } from "../client.ts";

export const ADMIN_SORT_KEYS = ["name", "rating", "reviewCount", "createdAt"] as const;
export type AdminSortKey = (typeof ADMIN_SORT_KEYS)[number];

export interface AdminBusinessFilters {
  /** Part of the name, accent- and case-insensitive. */
  search?: string;
  categorySlug?: string;
  sortBy: AdminSortKey;
  sortOrder: "asc" | "desc";
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

/**
 * ORDER BY per key and direction. Every order ends with the id so equal values page stably. NOTE: name and
 * created_at spell their NULLS placement to match their indexes ((name, id) and (created_at desc nulls last, id desc
 * nulls last)), scanned forward or backward; another placement would make Postgres sort every row for one page.
 */
const ORDER_BY: Record<AdminSortKey, Record<"asc" | "desc", string>> = {
  name: { asc: "b.name asc, b.id asc", desc: "b.name desc, b.id desc" },
  createdAt: {
    asc: "b.created_at asc nulls first, b.id asc nulls first",
    desc: "b.created_at desc nulls last, b.id desc nulls last",
  },
  // No index: unrated businesses last either way.
  rating: { asc: "b.rating asc nulls last, b.id asc", desc: "b.rating desc nulls last, b.id desc" },
  reviewCount: { asc: "b.reviews asc, b.id asc", desc: "b.reviews desc, b.id desc" },
};

function buildWhere(filters: Pick<AdminBusinessFilters, "search" | "categorySlug">): { where: string; params: unknown[] } {
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
  return { where: clauses.length > 0 ? `where ${clauses.join(" and ")}` : "", params };
}

export async function listAdminBusinesses(
  handle: DatabaseHandle,
  filters: AdminBusinessFilters,
): Promise<{ rows: AdminBusinessRow[]; total: number }> {
  const { where, params } = buildWhere(filters);
  const order = ORDER_BY[filters.sortBy][filters.sortOrder === "desc" ? "desc" : "asc"];
  const [rows, counted] = await Promise.all([
    handle.query<AdminBusinessRow>(
      `select b.id::int as id, b.name, b.slug, b.category, b.full_address as address, b.city, b.country_code as "countryCode",
              b.rating, b.reviews as "reviewCount", b.is_approved as "isApproved", b.is_test as "isTest", b.verified,
              to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
         from businesses b ${where}
        order by ${order}
        limit ${Number(filters.limit)} offset ${Number(filters.offset)}`,
      params,
    ),
    handle.query<{ n: number }>(`select count(*)::int as n from businesses b ${where}`, params),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
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
