// The admin business list pages through any number of rows: 2,600 businesses at 5 a page make 520 pages (the old list
// stopped at page 500 and turned ?page=501 into page 1 or a 400). Walked across the old limit forward (nextCursor) and
// backward (prevCursor), in every sort and both orders, every row comes exactly once and in the sort's order, ties and
// unrated rows included; a page past the end answers 404 naming the last page (API and page); a row deleted before
// the cursor shifts nothing after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDriver } from "../../db/testing/test-database.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { callRoute, sessionCookieOf, type RouteHandler } from "~/testing/admin-calls";

const PASSWORD = "admin-business-paging-password";
const ROWS = 2_600;
const LIMIT = 5;
const PAGES = ROWS / LIMIT;
const SORTS = ["name", "rating", "reviewCount", "createdAt"] as const;

interface Seeded {
  id: number;
  name: string;
  rating: number | null;
  reviews: number;
  /** created_at in microseconds since the epoch: the cursor must keep them exact. */
  micros: bigint;
}

interface ListAnswer {
  businesses: Array<{ id: number }>;
  pagination: { page: number; totalPages: number; total: number; outOfRange: boolean; nextCursor: string | null; prevCursor: string | null };
}

/** The spec's orders in plain JS: ties broken by id in the same direction; unrated businesses last either way. */
function expectedOrder(rows: Seeded[], sortBy: (typeof SORTS)[number], sortOrder: "asc" | "desc"): number[] {
  const sign = sortOrder === "asc" ? 1 : -1;
  const cmp = (a: bigint | number | string, b: bigint | number | string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      if (sortBy === "rating" && (a.rating === null || b.rating === null)) {
        if (a.rating !== b.rating) return a.rating === null ? 1 : -1;
        return sign * cmp(a.id, b.id);
      }
      const keyOf = (row: Seeded) =>
        sortBy === "name" ? row.name : sortBy === "rating" ? row.rating! : sortBy === "reviewCount" ? row.reviews : row.micros;
      return sign * cmp(keyOf(a), keyOf(b)) || sign * cmp(a.id, b.id);
    })
    .map((row) => row.id);
}

describe(`admin business list paging past the old 500-page limit on ${testDriver()}`, async () => {
  let database: ProcessTestDatabase | undefined;
  let cookie = "";
  let seeded: Seeded[] = [];
  const { action: loginAction } = await import("~/routes/api.admin.login");
  const { loader: apiLoader } = await import("~/routes/api.admin.businesses");
  const { loader: pageLoader } = await import("~/routes/admin.businesses");

  beforeAll(async () => {
    database = await useFreshProcessDatabase("admin-business-paging");
    // Names twice each, ratings with ties and NULLs, review ties, creation times one microsecond apart in places.
    await database.handle.query(
      `insert into businesses (name, slug, category, category_slug, country_code, city, city_slug, identity_key, content_hash,
                               rating, reviews, created_at)
       select 'Biz ' || lpad(((g * 7919) % ${ROWS / 2})::text, 5, '0'), 'paging-' || g, 'Bakery', 'bakery', 'DE', 'Berlin', 'berlin',
              'paging:' || g, 'h',
              case when g % 7 = 0 then null else ((g * 31) % 41) / 10.0 end, (g * 13) % 50,
              timestamptz '2026-01-01T00:00:00Z' + ((g * 17) % 900) * interval '1 second' + (g % 3) * interval '1 microsecond'
         from generate_series(1, ${ROWS}) g`,
    );
    seeded = (
      await database.handle.query<{ id: number; name: string; rating: number | null; reviews: number; micros: string }>(
        `select id::int as id, name, rating, reviews,
                (extract(epoch from created_at) * 1000000)::bigint::text as micros from businesses`,
      )
    ).map((row) => ({ ...row, micros: BigInt(row.micros) }));
    await upsertAdminUser(database.handle, "admin", PASSWORD);
    const login = await callRoute(loginAction as RouteHandler, "/api/admin/login", {
      method: "POST",
      json: { username: "admin", password: PASSWORD },
    });
    expect(login.status).toBe(200);
    cookie = sessionCookieOf(login);
  }, 120_000);
  afterAll(async () => {
    await database?.release();
  });

  async function list(params: Record<string, string | number>): Promise<{ status: number; body: ListAnswer & { code?: string } }> {
    const query = new URLSearchParams(Object.entries({ limit: LIMIT, ...params }).map(([k, v]) => [k, String(v)]));
    const response = await callRoute(apiLoader as RouteHandler, `/api/admin/businesses?${query}`, { cookie });
    return { status: response.status, body: (await response.json()) as ListAnswer & { code?: string } };
  }

  async function page(params: Record<string, string | number>): Promise<ListAnswer> {
    const { status, body } = await list(params);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    return body;
  }

  const slice = (order: number[], n: number) => order.slice((n - 1) * LIMIT, n * LIMIT);

  for (const sortBy of SORTS) {
    for (const sortOrder of ["asc", "desc"] as const) {
      it(`${sortBy} ${sortOrder}: pages 490–520 forward by nextCursor and back by prevCursor, each row once and in order`, async () => {
        const order = expectedOrder(seeded, sortBy, sortOrder);
        const sort = { sortBy, sortOrder };
        let current = await page({ ...sort, page: 490 });
        expect(current.pagination).toMatchObject({ totalPages: PAGES, total: ROWS, outOfRange: false });
        const forward: number[] = current.businesses.map((b) => b.id);
        expect(forward).toEqual(slice(order, 490));
        for (let n = 491; n <= PAGES; n += 1) {
          current = await page({ ...sort, page: n, after: current.pagination.nextCursor! });
          expect(
            current.businesses.map((b) => b.id),
            `page ${n}`,
          ).toEqual(slice(order, n));
          forward.push(...current.businesses.map((b) => b.id));
        }
        expect(current.pagination.nextCursor).toBeNull();
        expect(new Set(forward).size).toBe(forward.length);
        expect(forward).toEqual(order.slice(489 * LIMIT));

        current = await page({ ...sort, page: PAGES });
        const backward: number[] = current.businesses.map((b) => b.id);
        for (let n = PAGES - 1; n >= 490; n -= 1) {
          current = await page({ ...sort, page: n, before: current.pagination.prevCursor! });
          expect(
            current.businesses.map((b) => b.id),
            `page ${n}`,
          ).toEqual(slice(order, n));
          backward.unshift(...current.businesses.map((b) => b.id));
        }
        expect(backward).toEqual(forward);

        // The window's buttons two pages away (a cursor plus one skipped page) and bare page numbers anywhere.
        const at499 = await page({ ...sort, page: 499 });
        expect((await page({ ...sort, page: 501, after: at499.pagination.nextCursor! })).businesses.map((b) => b.id)).toEqual(slice(order, 501));
        expect((await page({ ...sort, page: 497, before: at499.pagination.prevCursor! })).businesses.map((b) => b.id)).toEqual(slice(order, 497));
        for (const n of [1, 2, 260, 261, 501, PAGES - 1]) {
          expect(
            (await page({ ...sort, page: n })).businesses.map((b) => b.id),
            `bare page ${n}`,
          ).toEqual(slice(order, n));
        }
      }, 120_000);
    }
  }

  it("answers a page past the end with 404 naming the last page (API) and a 404 empty state (page), never page 1", async () => {
    const past = await list({ page: PAGES + 1 });
    expect(past.status).toBe(404);
    expect(past.body).toMatchObject({ success: false, code: "PAGE_OUT_OF_RANGE", pagination: { totalPages: PAGES, outOfRange: true } });
    expect(past.body.businesses ?? []).toEqual([]);

    // The page at the spec's 20 a page: 130 pages; 501 was silently page 1 before.
    for (const n of [131, 501]) {
      const response = await callRoute(pageLoader as RouteHandler, `/admin/businesses?page=${n}`, { cookie });
      expect(response.status, `page ${n}`).toBe(404);
      const data = (await response.json()) as { list: ListAnswer };
      expect(data.list.businesses).toEqual([]);
      expect(data.list.pagination).toMatchObject({ page: n, totalPages: 130, outOfRange: true });
    }
    const last = await callRoute(pageLoader as RouteHandler, "/admin/businesses?page=130", { cookie });
    expect(last.status).toBe(200);
    expect(((await last.json()) as { list: ListAnswer }).list.businesses).toHaveLength(20);
    // An empty list's page 1 is an empty list, not an error.
    const none = await list({ page: 1, filter: "no such business" });
    expect(none.status).toBe(200);
    expect(none.body.businesses).toEqual([]);
  });

  it("keeps its place when rows before the cursor are deleted (keyset, not offset)", async () => {
    const order = expectedOrder(seeded, "createdAt", "desc");
    const at500 = await page({ page: 500 });
    expect(at500.businesses.map((b) => b.id)).toEqual(slice(order, 500));
    await database!.handle.query("delete from businesses where id = any($1::bigint[])", [order.slice(0, 3)]);
    const next = await page({ page: 501, after: at500.pagination.nextCursor! });
    expect(next.businesses.map((b) => b.id)).toEqual(slice(order, 501));
  });
});
