// Every filter and sort of the PostgreSQL engine, alone, combined and with text, exact and sampled (the walks in sort
// order) → the same page, order and total as a reference computed in TypeScript over every row (open now by isOpenAt,
// special days included).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOpenAt } from "../db/rules/opening-hours.ts";
import { buildSearchStatement, searchBusinesses } from "../db/queries/search-statement.ts";
import { refreshAggregates } from "../db/writes/aggregates.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../db/testing/test-database.ts";
import { CONTRACT_NOW, seedContractDirectory } from "./testing/contract.ts";
import type { SearchQuery } from "./engine.ts";
import { PostgresSearchEngine } from "./postgres.ts";
import { flattenPlan, type ExplainJson } from "./testing/explain-plan.ts";

/** A hits column (json, or its text on PGlite) → the ids in order. */
function readHitIds(hits: Array<{ id: number }> | string | undefined): number[] {
  return (typeof hits === "string" ? (JSON.parse(hits) as Array<{ id: number }>) : (hits ?? [])).map((hit) => Number(hit.id));
}

/**
 * A statement explained (`explain` + `options`) and run with table scans, bitmaps and sorts forbidden: the plan a big
 * table gets on the tiny fixture, where reading every match and sorting them is cheapest.
 */
async function explainAndRunAtScale(
  sql: NonNullable<TestDatabase["sql"]>,
  statement: { text: string; params: unknown[] },
  options: string,
): Promise<{ plan: Array<{ "QUERY PLAN": unknown }>; ids: number[] }> {
  return sql.begin(async (tx) => {
    await tx.unsafe("set local enable_seqscan = off");
    await tx.unsafe("set local enable_bitmapscan = off");
    await tx.unsafe("set local enable_sort = off");
    const plan = await tx.unsafe<Array<{ "QUERY PLAN": unknown }>>(`explain ${options} ${statement.text}`, statement.params as never[]);
    const [found] = await tx.unsafe<Array<{ hits: Array<{ id: number }> | string }>>(statement.text, statement.params as never[]);
    return { plan, ids: readHitIds(found?.hits) };
  });
}

interface Row {
  id: number;
  listed: boolean;
  categorySlug: string | null;
  countryCode: string | null;
  citySlug: string | null;
  rating: number | null;
  reviews: number;
  rankScore: number;
  verified: boolean;
  workingHours: unknown;
  specialHours: unknown;
  timeZone: string | null;
  latitude: number | null;
  longitude: number | null;
}

const VIENNA = { lat: 48.2082, lng: 16.3738, radiusKm: 5 };

function distanceKm(row: Row, near: { lat: number; lng: number }): number | null {
  if (row.latitude === null || row.longitude === null) return null;
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const a =
    Math.sin(rad(row.latitude - near.lat) / 2) ** 2 +
    Math.cos(rad(near.lat)) * Math.cos(rad(row.latitude)) * Math.sin(rad(row.longitude - near.lng) / 2) ** 2;
  return 6371.0088 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The reference: every listed row that passes the filters, in the sort's order (ties: rank, then id, descending). */
function referenceOrder(rows: Row[], query: Partial<SearchQuery>, textIds: Set<number> | null): number[] {
  const at = query.now ?? CONTRACT_NOW;
  const kept = rows.filter(
    (row) =>
      row.listed &&
      (!textIds || textIds.has(row.id)) &&
      (!query.category || row.categorySlug === query.category) &&
      (!query.countryCode || row.countryCode === query.countryCode) &&
      (!query.city || row.citySlug === query.city) &&
      (!query.verified || row.verified) &&
      (query.minRating === undefined || (row.rating ?? -1) >= query.minRating) &&
      (!query.near || (distanceKm(row, query.near) ?? Infinity) <= query.near.radiusKm) &&
      (!query.openNow || isOpenAt(row.workingHours, row.timeZone, at, row.specialHours) === true),
  );
  const desc = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
  const tie = (a: Row, b: Row) => desc(a.rankScore, b.rankScore) || b.id - a.id;
  const compare: Record<string, (a: Row, b: Row) => number> = {
    relevance: tie,
    rating: (a, b) => desc(a.rating, b.rating) || b.reviews - a.reviews || tie(a, b),
    reviews: (a, b) => b.reviews - a.reviews || desc(a.rating, b.rating) || tie(a, b),
    distance: (a, b) => -desc(distanceKm(a, query.near ?? VIENNA), distanceKm(b, query.near ?? VIENNA)) || tie(a, b),
  };
  return kept.sort(compare[query.sort ?? "relevance"]).map((row) => row.id);
}

const CASES: Array<Partial<SearchQuery>> = [
  { sort: "rating" },
  { sort: "reviews" },
  { openNow: true },
  { verified: true },
  { minRating: 4.2 },
  { countryCode: "AT" },
  { countryCode: "AT", city: "vienna" },
  { category: "coffee-shop" },
  { near: VIENNA, sort: "distance" },
  { category: "coffee-shop", countryCode: "AT", sort: "rating" },
  { countryCode: "AT", openNow: true, minRating: 4 },
  { near: VIENNA, openNow: true, sort: "distance" },
  { openNow: true, sort: "rating" },
  { minRating: 4, sort: "reviews" },
  { openNow: true, now: new Date("2024-01-09T23:59:00Z"), sort: "reviews" },
  { q: "kaffeehaus", sort: "rating" },
  { q: "kaffeehaus", sort: "reviews", minRating: 4.2 },
  { q: "kaffeehaus", openNow: true, sort: "rating" },
  { q: "kaffeehaus", near: VIENNA, sort: "distance" },
  { q: "kaffeehaus", sort: "reviews" },
  { q: "kaffeehaus", openNow: true },
  { q: "kaffeehaus", verified: true },
  { q: "kaffeehaus", countryCode: "AT", openNow: true, sort: "rating" },
  { category: "coffee-shop", countryCode: "AT", openNow: true, sort: "reviews" },
];

describe(`postgres engine: every filter and sort matches the reference order on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let rows: Row[];
  const engines: Record<string, PostgresSearchEngine> = {};
  const search = (engine: PostgresSearchEngine, query: Partial<SearchQuery>) =>
    engine.search({ q: "", sort: "relevance", page: 1, perPage: 3, facets: true, now: CONTRACT_NOW, ...query });

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    // The coffee houses get hours (by turns all day, office hours, evenings past midnight, none) and every fourth
    // is verified, so that open now and verified have big match sets of their own.
    await handle.query(
      `update businesses b set working_hours = (array[
           '{"monday":[["00:00","24:00"]],"tuesday":[["00:00","24:00"]],"wednesday":[["00:00","24:00"]],"thursday":[["00:00","24:00"]],"friday":[["00:00","24:00"]],"saturday":[["00:00","24:00"]],"sunday":[["00:00","24:00"]]}',
           '{"monday":[["09:00","17:00"]],"tuesday":[["09:00","17:00"]],"wednesday":[["09:00","17:00"]],"thursday":[["09:00","17:00"]],"friday":[["09:00","17:00"]],"saturday":[],"sunday":[]}',
           '{"monday":[["18:00","02:00"]],"tuesday":[["18:00","02:00"]],"wednesday":[["18:00","02:00"]],"thursday":[["18:00","02:00"]],"friday":[["18:00","02:00"]],"saturday":[["18:00","02:00"]],"sunday":[]}',
           null])[n.i % 4 + 1]::jsonb,
           verified = n.i % 4 = 1,
           -- Ties at the top of both sorts, so a wrong tie-break shows: five rated 4.9, four with 999 reviews.
           -- (their popularity the reverse of their reviews: the tie-break is reviews, not rank)
           rating = case when n.i % 5 = 0 then 4.9 else b.rating end,
           rank_score = case when n.i % 5 = 0 then 100 - n.i else b.rank_score end,
           reviews = case when n.i % 6 = 0 then 999 else b.reviews end
         from (select id, row_number() over (order by id) as i from businesses where name like 'Wiener Kaffeehaus%') n
        where b.id = n.id`,
    );
    // Special days on the contract's Monday (2024-01-08, 11:00 in Vienna): the best-rated coffee house open by its
    // week is closed for the day, and one closed by its week opens all day.
    const open = await handle.query<{ id: number }>(
      `select id::int as id from businesses where name like 'Wiener Kaffeehaus%' and directory_is_open(working_hours, time_zone, $1::timestamptz)
        order by rating desc, reviews desc limit 1`,
      [CONTRACT_NOW.toISOString()],
    );
    const closed = await handle.query<{ id: number }>(
      `select id::int as id from businesses where name like 'Wiener Kaffeehaus%' and directory_is_open(working_hours, time_zone, $1::timestamptz) is false
        order by rating desc, reviews desc limit 1`,
      [CONTRACT_NOW.toISOString()],
    );
    await handle.query(`update businesses set special_hours = '{"2024-01-08": []}'::jsonb where id = $1`, [open[0]?.id]);
    await handle.query(`update businesses set special_hours = '{"2024-01-08": [["00:00", "24:00"]]}'::jsonb where id = $1`, [closed[0]?.id]);
    // A closed business with hours leaves every filtered list (one the text below does not name: a closed business
    // found by name is the text search's own rule).
    await handle.query(
      `update businesses set status = 'closed_temporarily'
        where id = (select id from businesses where name not like 'Wiener Kaffeehaus%' and working_hours is not null
                   order by id limit 1)`,
    );
    // The bounded walks read the best-known businesses as of the last count refresh, which every admin write and
    // import triggers: so does this fixture's own edit.
    await refreshAggregates(handle);
    await handle.query("analyze businesses");
    rows = (
      await handle.query<Row>(
        `select id::int as id, is_approved and status = 'operational' as listed, category_slug as "categorySlug",
                country_code as "countryCode", city_slug as "citySlug", rating, reviews, rank_score as "rankScore",
                verified and not is_test as verified, working_hours as "workingHours", special_hours as "specialHours",
                time_zone as "timeZone", latitude, longitude from businesses`,
      )
    ).map((row) => ({ ...row, id: Number(row.id), rating: row.rating === null ? null : Number(row.rating), rankScore: Number(row.rankScore) }));
    // Exact (every match counted) and sampled (more matches than 3: the page comes from the walk in sort order).
    engines.exact = new PostgresSearchEngine({ handle });
    engines.sampled = new PostgresSearchEngine({ handle, matchSampleSize: 3 });
    // A sample big enough to keep a page of open rows: "open now" is then tested after the sample is read.
    engines.deferred = new PostgresSearchEngine({ handle, matchSampleSize: 8 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("the special days change who is open now (the fixture tests what it means to)", () => {
    const changed = rows.filter(
      (row) =>
        row.specialHours &&
        isOpenAt(row.workingHours, row.timeZone, CONTRACT_NOW, row.specialHours) !== isOpenAt(row.workingHours, row.timeZone, CONTRACT_NOW),
    );
    expect(changed).toHaveLength(2);
  });

  for (const query of CASES) {
    it(`returns the reference's pages, order and total: ${JSON.stringify({ ...query, now: query.now?.toISOString() })}`, async () => {
      const textIds = query.q
        ? new Set((await search(engines.exact as PostgresSearchEngine, { q: query.q, perPage: 50 })).hits.map((hit) => hit.id))
        : null;
      const expected = referenceOrder(rows, query, textIds);
      expect(expected.length, "the case must have more matches than a page").toBeGreaterThan(3);
      for (const [name, engine] of Object.entries(engines)) {
        const [first, second] = [await search(engine, query), await search(engine, { ...query, page: 2 })];
        expect({ engine: name, ids: first.hits.map((hit) => hit.id) }).toEqual({ engine: name, ids: expected.slice(0, 3) });
        expect({ engine: name, ids: second.hits.map((hit) => hit.id) }).toEqual({ engine: name, ids: expected.slice(3, 6) });
        if (name === "exact") expect(first).toMatchObject({ total: expected.length, totalApproximate: false });
        else expect(first.total).toBeGreaterThanOrEqual(Math.min(expected.length, 4));
      }
    });
  }

  // NOTE: the fixture is tiny, where reading every match and sorting them is cheapest; forbidding table scans, bitmaps
  // and sorts shows the plan a big table gets (at 1M, hotels in Germany by rating: 2,869 matches).
  it.runIf(testDriver() === "postgres")(
    "a country's list by rating (with a category, city, verified or minimum rating) walks the country's sort index, in the reference order",
    async () => {
      const sql = handle.sql;
      if (!sql) throw new Error("the postgres driver has a postgres.js client");
      const queries: Array<Partial<SearchQuery>> = [
        { category: "coffee-shop", countryCode: "AT", sort: "rating" },
        { countryCode: "AT", city: "vienna", verified: true, sort: "rating" },
        { countryCode: "AT", minRating: 4, sort: "rating" },
      ];
      for (const query of queries) {
        const expected = referenceOrder(rows, query, null);
        expect(expected.length, "more matches than the sample, and a second page").toBeGreaterThanOrEqual(6);
        // A sample of 3: the page comes from the walk in sort order, not from the sample.
        const statement = buildSearchStatement({
          text: null,
          filters: {
            countryCode: query.countryCode,
            ...(query.category ? { categorySlug: query.category } : {}),
            ...(query.city ? { citySlug: query.city } : {}),
            ...(query.verified ? { verified: true } : {}),
            ...(query.minRating !== undefined ? { minRating: query.minRating } : {}),
          },
          sort: "rating",
          limit: 3,
          offset: 3,
          facets: true,
          sampleSize: 3,
        });
        const explained = await explainAndRunAtScale(sql, statement, "");
        const plan = explained.plan.map((row) => String(row["QUERY PLAN"])).join("\n");
        const ids = explained.ids;
        expect({ query, plan }).toMatchObject({ plan: expect.stringMatching(/Index (Only )?Scan using businesses_country_rating_sort_idx/) });
        expect({ query, ids }).toEqual({ query, ids: expected.slice(3, 6) });
      }
    },
  );

  it.runIf(testDriver() === "postgres")(
    "a country's list by rating reads its sample in rating order from the country's sort index alone, and pages from it",
    async () => {
      const sql = handle.sql;
      if (!sql) throw new Error("the postgres driver has a postgres.js client");
      const query: Partial<SearchQuery> = { category: "coffee-shop", countryCode: "AT", sort: "rating" };
      const statement = buildSearchStatement({
        text: null,
        filters: { categorySlug: "coffee-shop", countryCode: "AT" },
        sort: "rating",
        limit: 2,
        offset: 2,
        facets: true,
        sampleSize: 5,
      });
      const { plan, ids } = await explainAndRunAtScale(sql, statement, "(analyze, format json)");
      const read = flattenPlan(plan[0]?.["QUERY PLAN"] as ExplainJson | undefined)
        .filter((node) => node["Relation Name"] === "businesses" && (node["Actual Loops"] ?? 0) > 0)
        .map((node) => node["Index Name"] ?? "the table");
      // The sample's walk, then each hit of the page by its key: no second walk, no rank index.
      expect([...new Set(read)].sort()).toEqual(["businesses_country_rating_sort_idx", "businesses_pkey"]);
      const expected = referenceOrder(rows, query, null);
      expect(expected.length, "more matches than the sample").toBeGreaterThan(5);
      expect(ids).toEqual(expected.slice(2, 4));
    },
  );

  it("reads a sample's rows without testing open now, then keeps the open ones (exact when every match fits)", async () => {
    const plan = { text: null, filters: { openAt: CONTRACT_NOW }, sort: "relevance" as const, limit: 3, offset: 0, facets: true, sampleSize: 8 };
    const statement = buildSearchStatement(plan);
    const [explained] = await handle.query<{ "QUERY PLAN": ExplainJson }>(`explain (analyze, format json) ${statement.text}`, statement.params);
    const nodes = flattenPlan(explained?.["QUERY PLAN"]);
    // Every scan of businesses that ran read its rows without testing the clock (the filtered re-read never ran).
    const ran = nodes.filter((node) => node["Relation Name"] === "businesses" && (node["Actual Loops"] ?? 0) > 0);
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.filter((node) => /open_week/.test(`${node.Filter ?? ""} ${node["Recheck Cond"] ?? ""}`))).toEqual([]);
    const listedOpen = rows.filter((row) => row.listed && isOpenAt(row.workingHours, row.timeZone, CONTRACT_NOW, row.specialHours) === true);
    // Every listed business fits a sample of 1,000: the deferred count is exact.
    const exact = await searchBusinesses(handle, { ...plan, sampleSize: 1000 });
    expect(exact).toMatchObject({ total: listedOpen.length, approximate: false });
    const sampled = await searchBusinesses(handle, plan);
    expect(sampled.approximate).toBe(true);
    expect(sampled.total).toBeLessThanOrEqual(listedOpen.length * 2);
    for (const facet of sampled.facets?.country ?? []) {
      expect(facet.count).toBeLessThanOrEqual(listedOpen.filter((row) => row.countryCode === facet.value).length);
    }
    // A page deeper than the open rows the sample kept is read with the filter applied: still the reference's page.
    const deep = await searchBusinesses(handle, { ...plan, offset: 6, limit: 3 });
    expect(deep.hits.map((hit) => Number(hit.id))).toEqual(referenceOrder(rows, { openNow: true }, null).slice(6, 9));
  });

  it("re-reads only the open rows a deep page needs, and says the answer is sampled", async () => {
    const listedOpen = rows.filter((row) => row.listed && isOpenAt(row.workingHours, row.timeZone, CONTRACT_NOW, row.specialHours) === true);
    // A sample of 11 rows keeps about half of them open: page 4 of 2 (rows 6–7) needs 8, so the sample is read again
    // with the filter, and that re-read stops at the page's 8 rows and one more (not at the sample's 11).
    const plan = { text: null, filters: { openAt: CONTRACT_NOW }, sort: "relevance" as const, limit: 2, offset: 6, facets: true, sampleSize: 10 };
    expect(listedOpen.length, "more open businesses than the sample reads").toBeGreaterThan(11);
    const statement = buildSearchStatement(plan);
    const [first] = await handle.query<{ short: boolean | string }>(statement.text, statement.params);
    expect(String(first?.short), "the sample kept too few open rows for the page").toBe("true");
    const again = buildSearchStatement(plan, { reReadOpen: true });
    const [explained] = await handle.query<{ "QUERY PLAN": ExplainJson }>(`explain (analyze, format json) ${again.text}`, again.params);
    const reread = flattenPlan(explained?.["QUERY PLAN"]).find((node) => node["Subplan Name"] === "CTE sample");
    expect(reread?.["Actual Rows"]).toBe(plan.offset + plan.limit + 1);
    const answer = await searchBusinesses(handle, plan);
    expect(answer.approximate).toBe(true);
    expect(answer.total).toBeGreaterThanOrEqual(plan.offset + plan.limit + 1);
    expect(answer.hits.map((hit) => Number(hit.id))).toEqual(referenceOrder(rows, { openNow: true }, null).slice(6, 8));
    for (const facet of answer.facets?.country ?? []) {
      expect(facet.count).toBeLessThanOrEqual(listedOpen.filter((row) => row.countryCode === facet.value).length);
    }
  });
});
