import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSearchStatement, NEAREST_RING_DIVISORS, RANK_WALK, searchBusinesses } from "../db/queries/search-statement.ts";
import { computeNearCell } from "../db/rules/near-cells.ts";
import { refreshAggregates } from "../db/writes/aggregates.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../db/testing/test-database.ts";
import { CONTRACT_NOW, runSearchContract, seedContractDirectory } from "./testing/contract.ts";
import type { SearchQuery } from "./engine.ts";
import { createPostgresSearchEngine, PostgresSearchEngine, VOCABULARY_WORD_TTL_MS } from "./postgres.ts";

runSearchContract("postgres engine", (handle) => createPostgresSearchEngine(handle));

// The contract directory is small, so a tiny sample makes "kaffeehaus" (24 matches) a big match set.
describe(`postgres engine: match sets bigger than the exact-count sample on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let sampled: PostgresSearchEngine;
  const search = (query: Partial<SearchQuery>) =>
    sampled.search({ q: "", sort: "relevance", page: 1, perPage: 10, facets: true, now: CONTRACT_NOW, ...query });

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    await handle.query("analyze businesses");
    sampled = new PostgresSearchEngine({ handle, matchSampleSize: 5 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("labels the total and facet counts as approximate: the total never below what the sample proved, facets its counts", async () => {
    const result = await search({ q: "kaffeehaus" });
    expect(result).toMatchObject({ totalApproximate: true, facetsApproximate: true });
    expect(result.total).toBeGreaterThan(5);
    expect(result.facets.category[0]).toMatchObject({ value: "coffee-shop", name: "Coffee shop" });
    // The sample's own count (its 5 + 1 rows), a lower bound of the 24 coffee houses: never scaled above them.
    expect(result.facets.category[0]?.count).toBe(6);
    // "Wien" in the file: one canonical city (GeoNames' "Vienna") whatever the spelling.
    expect(result.facets.city[0]).toMatchObject({ value: "vienna", countryCode: "AT" });
  });

  it("still pages through every match without overlaps, best-known businesses first", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search({ q: "kaffeehaus", page })));
    const ids = pages.flatMap((page) => page.hits.map((hit) => hit.id));
    expect(pages.map((page) => page.hits.length)).toEqual([10, 10, 4]);
    expect(new Set(ids).size).toBe(24);
    const exact = await createPostgresSearchEngine(handle).search({ q: "kaffeehaus", sort: "relevance", page: 1, perPage: 50, now: CONTRACT_NOW });
    expect(exact.totalApproximate).toBe(false);
    expect(new Set(ids)).toEqual(new Set(exact.hits.map((hit) => hit.id)));
  });

  it("takes the first pages of a sampled set from the most popular matches, without overlaps", async () => {
    const [first, second] = await Promise.all([1, 2].map((page) => search({ q: "kaffeehaus", page, perPage: 2 })));
    const ids = [...(first?.hits ?? []), ...(second?.hits ?? [])].map((hit) => hit.id);
    expect(new Set(ids).size).toBe(4);
    expect([...(first?.hits ?? []), ...(second?.hits ?? [])].every((hit) => hit.name.startsWith("Wiener Kaffeehaus"))).toBe(true);
    // Equal text scores: the first page is the two most popular coffee houses.
    const popular = await handle.query<{ id: number }>(
      "select id::int as id from businesses where name like 'Wiener Kaffeehaus%' order by rank_score desc, id desc limit 2",
    );
    expect(first?.hits.map((hit) => hit.id)).toEqual(popular.map((row) => Number(row.id)));
  });

  it("walks the most popular businesses from search_top_ranked, which the count refresh keeps equal to the live top", async () => {
    const live = await handle.query<{ id: number }>(
      `select id::int as id from businesses where is_approved order by rank_score desc nulls last, id desc nulls last limit ${RANK_WALK}`,
    );
    const table = await handle.query<{ id: number }>(
      "select id::int as id from search_top_ranked order by rank_score desc nulls last, id desc nulls last",
    );
    expect(table.map((row) => Number(row.id))).toEqual(live.map((row) => Number(row.id)));
  });

  it("never shows a business hidden since the last count refresh, though the walk's table still lists it", async () => {
    const [top] = await handle.query<{ id: number }>(
      "select id::int as id from businesses where name like 'Wiener Kaffeehaus%' order by rank_score desc, id desc limit 1",
    );
    const before = await search({ q: "kaffeehaus", perPage: 2 });
    expect(before.hits[0]?.id).toBe(Number(top?.id));
    await handle.query("update businesses set is_approved = false where id = $1", [top?.id]);
    try {
      const after = await search({ q: "kaffeehaus", perPage: 2 });
      expect(after.hits.map((hit) => hit.id)).not.toContain(Number(top?.id));
      await refreshAggregates(handle);
      expect(await handle.query("select id from search_top_ranked where id = $1", [top?.id])).toHaveLength(0);
    } finally {
      await handle.query("update businesses set is_approved = true where id = $1", [top?.id]);
      await refreshAggregates(handle);
    }
  });

  it("keeps search_top_rated and search_top_reviewed equal to the live best-rated and most reviewed after a count refresh", async () => {
    const orders = {
      search_top_rated: "rating desc nulls last, reviews desc nulls last, rank_score desc nulls last, id desc nulls last",
      search_top_reviewed: "reviews desc nulls last, rating desc nulls last, rank_score desc nulls last, id desc nulls last",
    };
    for (const [table, order] of Object.entries(orders)) {
      const live = await handle.query<{ id: number }>(
        `select id::int as id from businesses where is_approved and status = 'operational' order by ${order} limit ${RANK_WALK}`,
      );
      const walked = await handle.query<{ id: number }>(`select id::int as id from ${table} order by ${order}`);
      expect({ table, ids: walked.map((row) => Number(row.id)) }).toEqual({ table, ids: live.map((row) => Number(row.id)) });
    }
  });

  it("orders a text search sorted by rating by the live ratings, not the walk table's copy from the last refresh", async () => {
    const [best] = await handle.query<{ id: number; rating: number }>(
      "select id::int as id, rating from businesses where name like 'Wiener Kaffeehaus%' order by rating desc, reviews desc, rank_score desc, id desc limit 1",
    );
    await handle.query("update businesses set rating = 1 where id = $1", [best?.id]);
    try {
      const result = await search({ q: "kaffeehaus", sort: "rating", perPage: 3 });
      expect(result.hits.map((hit) => hit.id)).not.toContain(Number(best?.id));
      const ratings = result.hits.map((hit) => hit.rating ?? 0);
      expect(ratings).toHaveLength(3);
      expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    } finally {
      await handle.query("update businesses set rating = $2 where id = $1", [best?.id, best?.rating]);
    }
  });

  it("pages a distance sort over a sampled box from the innermost ring that holds the page, as the whole box sorts it", async () => {
    const within = async (radiusKm: number) => {
      const [row] = await handle.query<{ n: number }>(
        `select count(*)::int as n from businesses where is_approved and status = 'operational'
            and 6371.0088 * 2 * asin(least(1.0, sqrt(power(sin(radians(latitude - 48.2082) / 2), 2)
              + cos(radians(48.2082)) * cos(radians(latitude)) * power(sin(radians(longitude - 16.3738) / 2), 2)))) <= $1`,
        [radiusKm],
      );
      return Number(row?.n);
    };
    // Which read answers a radius: the first ring (innermost first) holding both pages, else the whole box.
    const answeredBy = async (radiusKm: number) => {
      for (const divisor of NEAREST_RING_DIVISORS) if ((await within(radiusKm / divisor)) >= 6) return `ring ÷ ${divisor}`;
      return "box";
    };
    const radii = [80, 40, 20, 10, 5, 1];
    const answers = new Set<string>();
    for (const radiusKm of radii) {
      const near = { lat: 48.2082, lng: 16.3738, radiusKm };
      const exact = await createPostgresSearchEngine(handle).search({ q: "", near, sort: "distance", page: 1, perPage: 50, now: CONTRACT_NOW });
      if (exact.total <= 6) continue;
      answers.add(await answeredBy(radiusKm));
      const pages = [await search({ near, sort: "distance", perPage: 3 }), await search({ near, sort: "distance", perPage: 3, page: 2 })];
      expect({ radiusKm, ids: pages.flatMap((page) => page.hits.map((hit) => hit.id)) }).toEqual({
        radiusKm,
        ids: exact.hits.slice(0, 6).map((hit) => hit.id),
      });
    }
    // Every read took part: each ring, innermost first, and the whole box.
    expect([...answers].sort()).toEqual(["box", ...NEAREST_RING_DIVISORS.map((divisor) => `ring ÷ ${divisor}`)].sort());
  });

  it("keeps other sorts exact in order", async () => {
    const byReviews = await search({ q: "kaffeehaus", sort: "reviews", perPage: 24 });
    const reviews = byReviews.hits.map((hit) => hit.reviews);
    expect(reviews).toHaveLength(24);
    expect([...reviews].sort((a, b) => b - a)).toEqual(reviews);
  });

  it("gives the same answer when the estimate is planned beside the search as when it is planned after", async () => {
    const plan = { filters: {}, sort: "relevance" as const, limit: 10, offset: 0, facets: true, sampleSize: 5 };
    for (const tsquery of ["'kaffeehaus'", "'pizza' & 'napoli'"]) {
      const text = { websearch: null, tsquery, fuzzyName: null };
      const [after, beside] = [
        await searchBusinesses(handle, { ...plan, text }),
        await searchBusinesses(handle, { ...plan, text, likelySampled: true }),
      ];
      expect(beside).toEqual(after);
    }
  });

  it("answers small match sets exactly", async () => {
    const result = await search({ q: "pizza napoli" });
    expect(result).toMatchObject({ total: 1, totalApproximate: false, facetsApproximate: false });
  });
});

// More businesses than the sort walks hold: a sort narrowed by a filter alone must still find the filter's true top.
describe(`postgres engine: a filtered sort past the bounded walks on ${testDriver()}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    // RANK_WALK + 40 five-star businesses in Germany with many reviews fill the walk of the best-rated; in Austria, ten
    // popular four-star businesses fill a small sample, and one five-star business with 3 reviews is its best-rated.
    await handle.query(
      `insert into businesses (name, slug, identity_key, content_hash, category, category_slug, country, country_code, city, city_slug, rating, reviews, rank_score)
       select 'Berlin Bakery ' || i, 'berlin-bakery-' || i, 'walk:de:' || i, 'h', 'Bakery', 'bakery', 'Germany', 'DE', 'Berlin', 'berlin', 5, 1000 + i, 5 * ln(1001 + i)
         from generate_series(1, ${RANK_WALK + 40}) as i`,
    );
    await handle.query(
      `insert into businesses (name, slug, identity_key, content_hash, category, category_slug, country, country_code, city, city_slug, rating, reviews, rank_score)
       select 'Graz Bakery ' || i, 'graz-bakery-' || i, 'walk:at:' || i, 'h', 'Bakery', 'bakery', 'Austria', 'AT', 'Graz', 'graz', 4, 5000 + i, 4 * ln(5001 + i)
         from generate_series(1, 10) as i
       union all
       select 'Graz Five Star', 'graz-five-star', 'walk:at:best', 'h', 'Bakery', 'bakery', 'Austria', 'AT', 'Graz', 'graz', 5, 3, 5 * ln(4)`,
    );
    await refreshAggregates(handle);
    await handle.query("analyze businesses");
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("a country sorted by rating starts with its best-rated business, though it is neither among the best-rated of all nor the country's best-known", async () => {
    const engine = new PostgresSearchEngine({ handle, matchSampleSize: 5 });
    for (const sort of ["rating", "reviews"] as const) {
      const result = await engine.search({ q: "", sort, page: 1, perPage: 3, facets: false, now: CONTRACT_NOW, countryCode: "AT" });
      const expected =
        sort === "rating" ? ["Graz Five Star", "Graz Bakery 10", "Graz Bakery 9"] : ["Graz Bakery 10", "Graz Bakery 9", "Graz Bakery 8"];
      expect({ sort, names: result.hits.map((hit) => hit.name) }).toEqual({ sort, names: expected });
    }
  });
});

describe(`postgres engine: round trips and the location index on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let engine: PostgresSearchEngine;
  const search = (query: Partial<SearchQuery>) =>
    engine.search({ q: "", sort: "relevance", page: 1, perPage: 50, facets: true, now: CONTRACT_NOW, ...query });

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    engine = createPostgresSearchEngine(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** The statements a search sends, in order. */
  async function recordStatements(run: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = [];
    const query = handle.query;
    handle.query = <T extends object>(text: string, params?: unknown[]) => {
      statements.push(text);
      return query.call(handle, text, params) as Promise<T[]>;
    };
    try {
      await run();
    } finally {
      handle.query = query;
    }
    return statements;
  }

  it("answers a misspelt search's typo look-ups inside its first search statement", async () => {
    await search({ q: "bakery" });
    let result: Awaited<ReturnType<typeof search>> | undefined;
    const statements = await recordStatements(async () => {
      result = await search({ q: "restuarant" });
    });
    expect(result?.didYouMean).toBe("restaurant");
    expect(result?.total).toBe(4);
    const lookUps = statements.filter((text) => text.includes("vocabulary_candidates"));
    expect(lookUps).toHaveLength(1);
    expect(lookUps[0]).toContain("with sample as materialized");
    // The first misspelt search also loads the category vocabulary (in the background, for the next one) and, with
    // that not loaded yet, looks the word up among name words to foresee a correction; then the search with its
    // look-ups, the corrected search and, beside it, the planner's estimate (a corrected single word is usually a broad
    // search).
    const nameLookUps = statements.filter((text) => text.includes("from name_words where word = $1"));
    expect(nameLookUps).toHaveLength(1);
    expect(
      statements.filter(
        (text) =>
          !nameLookUps.includes(text) &&
          (!text.includes("regexp_split_to_table(directory_unaccent(lower(c.category))") || text.includes("with sample")),
      ),
    ).toHaveLength(3);
    expect(statements.filter((text) => text.startsWith("explain"))).toHaveLength(1);
  });

  it("starts the corrected search of a one-word typo beside the search as typed when the vocabulary foresees it", async () => {
    await search({ q: "bakry" });
    await engine.vocabularySettled();
    let result: Awaited<ReturnType<typeof search>> | undefined;
    const statements = await recordStatements(async () => {
      result = await search({ q: "resturant" });
    });
    expect(result?.didYouMean).toBe("restaurant");
    expect(result?.total).toBe(4);
    // The same three statements, but the corrected search (and its estimate) is issued before the search as typed.
    expect(statements).toHaveLength(3);
    expect(statements.findIndex((text) => text.includes("vocabulary_candidates"))).toBe(2);

    // A foreseen correction the look-ups do not confirm is dropped: a word that matches businesses is no typo.
    await handle.query(
      `insert into businesses (name, slug, identity_key, content_hash, category, category_slug, is_approved)
       values ('Bakeri Nord', 'bakeri-nord', 'test:bakeri', 'h', 'Shop', 'shop', true)`,
    );
    try {
      const dropped = await recordStatements(async () => {
        result = await search({ q: "bakeri" });
      });
      expect(result?.didYouMean).toBeNull();
      expect(result?.hits.map((hit) => hit.name)).toEqual(["Bakeri Nord"]);
      expect(dropped.findIndex((text) => text.includes("vocabulary_candidates"))).toBe(2);
    } finally {
      await handle.query("delete from businesses where slug = 'bakeri-nord'");
    }
  });

  it("checks only the words that are not category or city words, and still corrects a typo beside one", async () => {
    await search({ q: "bakery" });
    let known: Awaited<ReturnType<typeof search>> | undefined;
    const knownStatements = await recordStatements(async () => {
      known = await search({ q: "restaurant bakery" });
    });
    // Both are category words: they match businesses, so a few results is the answer and no look-up runs.
    expect(known?.total).toBeLessThan(5);
    expect(known?.didYouMean).toBeNull();
    expect(knownStatements.filter((text) => text.includes("vocabulary_candidates"))).toHaveLength(0);
    expect(knownStatements).toHaveLength(1);

    let mixed: Awaited<ReturnType<typeof search>> | undefined;
    const mixedStatements = await recordStatements(async () => {
      mixed = await search({ q: "pizza restuarant" });
    });
    expect(mixed?.didYouMean).toBe("pizza restaurant");
    expect(mixed?.hits.map((hit) => hit.name)).toEqual(["Pizza Napoli"]);
    const lookUps = mixedStatements.filter((text) => text.includes("vocabulary_candidates"));
    expect(lookUps).toHaveLength(1);
  });

  it("keeps the category and city vocabulary in memory: one load, then none until a minute has passed", async () => {
    let now = 0;
    const remembering = new PostgresSearchEngine({ handle, now: () => now });
    const ask = (q: string) => remembering.search({ q, sort: "relevance", page: 1, perPage: 10 });
    const isVocabularyLoad = (text: string) => text.includes("regexp_split_to_table") && text.includes("union") && !text.includes("with sample");
    const isCategoryTermsLoad = (text: string) => text.includes("regexp_split_to_table") && !text.includes("union") && !text.includes("with sample");
    expect((await recordStatements(() => ask("bakery"))).filter(isVocabularyLoad)).toHaveLength(1);
    const later = await recordStatements(async () => {
      await ask("berlin");
      await ask("kaffee");
      await remembering.vocabularySettled();
      await ask("kaffe");
    });
    expect(later.filter(isVocabularyLoad)).toHaveLength(0);
    // The category words typo corrections are foreseen from: loaded by the first unfamiliar word, then kept.
    expect(later.filter(isCategoryTermsLoad)).toHaveLength(1);
    now += VOCABULARY_WORD_TTL_MS;
    const reload = await recordStatements(async () => {
      await ask("bakery");
      await remembering.vocabularySettled();
    });
    expect(reload.filter(isVocabularyLoad)).toHaveLength(1);
    // A whole word is matched exactly, a half-typed one as a prefix: both still find their businesses.
    expect((await ask("bakery")).total).toBeGreaterThan(0);
    expect((await ask("baker")).total).toBeGreaterThan(0);
  });

  it("computes a point's grid cell in SQL as the search does (directory_near_cell, db/rules/near-cells.ts)", async () => {
    const points: Array<[number, number]> = [
      [48.2082, 16.3738],
      [-33.87, 151.21],
      [0, 0],
      [0.25, -0.25],
      [-0.0001, 179.9999],
      [-17, -180],
      [90, 180],
      [-90, -180],
      [51.50710802037409, -0.13167624041077908],
      [95, 200],
    ];
    const rows = await handle.query<{ cell: number }>(
      "select directory_near_cell(p.lat, p.lng) as cell from unnest($1::float8[], $2::float8[]) with ordinality as p(lat, lng, n) order by p.n",
      [points.map(([lat]) => lat), points.map(([, lng]) => lng)],
    );
    expect(rows.map((row) => Number(row.cell))).toEqual(points.map(([lat, lng]) => computeNearCell(lat, lng)));
  });

  it("finds the businesses near a point on both sides of the antimeridian, and near a pole, each once", async () => {
    const moved = await handle.query<{ id: number; latitude: number; longitude: number }>(
      "select id::int as id, latitude, longitude from businesses where is_approved and status = 'operational' order by id limit 3",
    );
    const [east, west, polar] = moved.map((row) => Number(row.id));
    const place = (id: number | undefined, latitude: number, longitude: number) =>
      handle.query("update businesses set latitude = $2, longitude = $3 where id = $1", [id, latitude, longitude]);
    try {
      await place(east, -17.0, 179.99);
      await place(west, -17.0, -179.99);
      await place(polar, 89.95, 10);
      const exact = createPostgresSearchEngine(handle);
      const fiji = await exact.search({
        q: "",
        near: { lat: -17.0, lng: 179.999, radiusKm: 5 },
        sort: "distance",
        page: 1,
        perPage: 10,
        now: CONTRACT_NOW,
      });
      expect(fiji.hits.map((hit) => hit.id)).toEqual([east, west]);
      expect(fiji.total).toBe(2);
      // A word there: the cells of both ends of the box (through the full-text index where it has them).
      const [{ word } = { word: "" }] = await handle.query<{ word: string }>(
        "select lower(split_part(name, ' ', 1)) as word from businesses where id = $1",
        [east],
      );
      const named = await exact.search({
        q: word,
        near: { lat: -17.0, lng: 179.999, radiusKm: 5 },
        sort: "distance",
        page: 1,
        perPage: 10,
        now: CONTRACT_NOW,
      });
      expect(named.hits.map((hit) => hit.id)).toContain(east);
      const pole = await exact.search({
        q: "",
        near: { lat: 89.99, lng: -170, radiusKm: 20 },
        sort: "distance",
        page: 1,
        perPage: 10,
        now: CONTRACT_NOW,
      });
      expect(pole.hits.map((hit) => hit.id)).toEqual([polar]);
    } finally {
      for (const row of moved) await place(Number(row.id), row.latitude, row.longitude);
    }
  });

  it("resolves an 'in <place>' tail once", async () => {
    const statements = await recordStatements(() => search({ q: "bakery in berlin" }));
    expect(statements.filter((text) => text.includes("from city_counts where city_slug"))).toHaveLength(1);
  });

  it.runIf(testDriver() === "pglite")("keeps the text-only index on PGlite, which runs without btree_gin", async () => {
    const indexes = await handle.query<{ indexname: string }>(
      "select indexname from pg_indexes where indexname in ('businesses_location_search_idx', 'businesses_search_idx')",
    );
    expect(indexes.map((row) => row.indexname)).toEqual(["businesses_search_idx"]);
  });

  it.runIf(testDriver() === "postgres")(
    "finds the same businesses with a location through the (country, city, text) index as through the text index alone",
    async () => {
      const [index] = await handle.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'businesses_location_search_idx'");
      expect(index?.indexdef).toContain("(country_code, city_slug, category_slug, directory_near_cell(latitude, longitude), search_vector)");
      const queries: Array<Partial<SearchQuery>> = [
        { q: "bakery", countryCode: "DE" },
        { q: "bakery in berlin" },
        { q: "cafe", location: "France" },
        { q: "bakery" },
      ];
      const runAll = async () => {
        const results = [];
        for (const query of queries) results.push(await search(query));
        return results;
      };
      const indexed = await runAll();
      await handle.query("drop index businesses_location_search_idx");
      await handle.query("create index businesses_search_idx on businesses using gin (search_vector)");
      const unindexed = await runAll();
      expect(indexed.map((result) => result.total)).toEqual([4, 3, 2, 6]);
      expect(unindexed.map((result) => result.hits.map((hit) => hit.id))).toEqual(indexed.map((result) => result.hits.map((hit) => hit.id)));
      expect(unindexed.map((result) => result.facets)).toEqual(indexed.map((result) => result.facets));
    },
  );
});

describe.runIf(testDriver() === "postgres")("postgres engine: a map's bounding box reads the (latitude, longitude) index", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    await handle.query("analyze businesses");
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("plans the box through businesses_geo_idx once a table scan is not the cheap way (as at scale)", async () => {
    const statement = buildSearchStatement({
      text: null,
      filters: { bbox: { minLng: 16.37, minLat: 48.2077, maxLng: 16.38, maxLat: 48.2125 } },
      sort: "relevance",
      limit: 20,
      offset: 0,
      facets: true,
    });
    const sql = handle.sql;
    if (!sql) throw new Error("the postgres driver has a postgres.js client");
    // NOTE: the contract directory is tiny, where a table scan is cheapest; forbidding it shows what a big table gets.
    const plan = await sql.begin(async (tx) => {
      await tx.unsafe("set local enable_seqscan = off");
      return tx.unsafe(`explain ${statement.text}`, statement.params as never[]);
    });
    const text = plan.map((row) => String((row as Record<string, unknown>)["QUERY PLAN"])).join("\n");
    expect(text).toMatch(/Index (Only )?Scan using businesses_geo_idx|Bitmap Index Scan on businesses_geo_idx/);
  });
});

interface NearPlanNode {
  "Node Type"?: string;
  "Index Name"?: string;
  "Subplan Name"?: string;
  "Heap Fetches"?: number;
  "Relation Name"?: string;
  "Actual Loops"?: number;
  Plans?: NearPlanNode[];
}

describe.runIf(testDriver() === "postgres")("postgres engine: a search near a point reads its box through the GiST index", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    // The visibility map, as a big table has it once vacuumed: an index-only scan then reads no table rows.
    await handle.query("vacuum (analyze) businesses");
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** The index scans (and table scans of businesses) under a CTE of the plan: node type, index, table rows fetched. */
  function scansUnder(root: NearPlanNode | undefined, cte: string): Array<{ type: string; index: string | null; heapFetches: number }> {
    const found: Array<{ type: string; index: string | null; heapFetches: number }> = [];
    const collect = (node: NearPlanNode) => {
      if (node["Index Name"] || (node["Relation Name"] === "businesses" && node["Node Type"] === "Seq Scan"))
        found.push({ type: node["Node Type"] ?? "", index: node["Index Name"] ?? null, heapFetches: Number(node["Heap Fetches"] ?? 0) });
      node.Plans?.forEach(collect);
    };
    const visit = (node: NearPlanNode) => {
      if (node["Subplan Name"] === cte) collect(node);
      else node.Plans?.forEach(visit);
    };
    if (root) visit(root);
    return found;
  }

  it("reads the sample and the nearest ring through businesses_near_idx without a word, index-only; with one, the word's grid cells", async () => {
    const sql = handle.sql;
    if (!sql) throw new Error("the postgres driver has a postgres.js client");
    for (const text of [null, { websearch: "kaffeehaus", tsquery: null, fuzzyName: null }]) {
      const statement = buildSearchStatement({
        text,
        filters: { near: { lat: 48.2082, lng: 16.3738, radiusKm: 20 } },
        sort: "distance",
        limit: 3,
        offset: 0,
        facets: true,
        // More matches than the sample holds: the page comes from the nearest ring.
        sampleSize: 5,
      });
      // NOTE: the contract directory is tiny, where a table scan is cheapest; forbidding it shows what a big table
      // gets. Without a word, bitmaps too: a bitmap scan never reads an index alone.
      const [explained] = await sql.begin(async (tx) => {
        await tx.unsafe("set local enable_seqscan = off");
        if (!text) await tx.unsafe("set local enable_bitmapscan = off");
        return tx.unsafe<Array<{ "QUERY PLAN": Array<{ Plan: NearPlanNode }> }>>(
          `explain (analyze, format json) ${statement.text}`,
          statement.params as never[],
        );
      });
      const root = explained?.["QUERY PLAN"][0]?.Plan;
      const sample = scansUnder(root, "CTE sample");
      const ring = NEAREST_RING_DIVISORS.flatMap((divisor) => scansUnder(root, `CTE ring_${divisor}`));
      const listed = (scans: typeof sample) => scans.filter((scan) => scan.index !== "businesses_closed_name_idx");
      // With a word, the sample meets its posting list and the box's grid cells in the full-text index (migration
      // 0037); the rings, read when the word is common there, still read their boxes' points.
      const sampleIndex = text ? "businesses_location_search_idx" : "businesses_near_idx";
      expect({ text, sample: listed(sample).map((scan) => scan.index) }).toEqual({ text, sample: [sampleIndex] });
      expect({ text, ring: ring.map((scan) => scan.index) }).toEqual({ text, ring: NEAREST_RING_DIVISORS.map(() => "businesses_near_idx") });
      if (!text) {
        expect([...sample, ...ring].map((scan) => `${scan.type} ${scan.heapFetches}`)).toEqual(
          [sample, ...NEAREST_RING_DIVISORS].map(() => "Index Only Scan 0"),
        );
      }
    }
  });

  it("reads an outer ring only when the rings inside it hold too few rows for the page", async () => {
    const sql = handle.sql;
    if (!sql) throw new Error("the postgres driver has a postgres.js client");
    const loopsOf = async (radiusKm: number, offset: number, sampleSize: number) => {
      const statement = buildSearchStatement({
        text: null,
        filters: { near: { lat: 48.2082, lng: 16.3738, radiusKm } },
        sort: "distance",
        limit: 3,
        offset,
        facets: false,
        sampleSize,
      });
      const [explained] = await sql.unsafe<Array<{ "QUERY PLAN": Array<{ Plan: NearPlanNode }> }>>(
        `explain (analyze, format json) ${statement.text}`,
        statement.params as never[],
      );
      // Per ring, how often its table or index was scanned (a ring not needed is planned, its scan never runs).
      const loops: Record<string, number> = {};
      const scanLoops = (node: NearPlanNode): number =>
        Math.max(node["Relation Name"] || node["Index Name"] ? (node["Actual Loops"] ?? 0) : 0, ...(node.Plans ?? []).map(scanLoops));
      const visit = (node: NearPlanNode) => {
        const name = node["Subplan Name"]?.replace(/^CTE /, "");
        if (name?.startsWith("ring_")) loops[name] = scanLoops(node);
        node.Plans?.forEach(visit);
      };
      const root = explained?.["QUERY PLAN"][0]?.Plan;
      if (root) visit(root);
      expect(Object.keys(loops).sort(), "the plan has every ring").toEqual(NEAREST_RING_DIVISORS.map((divisor) => `ring_${divisor}`).sort());
      return loops;
    };
    const within = async (radiusKm: number) => {
      const [row] = await handle.query<{ n: number }>(
        `select count(*)::int as n from businesses where is_approved and status = 'operational'
            and 6371.0088 * 2 * asin(least(1.0, sqrt(power(sin(radians(latitude - 48.2082) / 2), 2)
              + cos(radians(48.2082)) * cos(radians(latitude)) * power(sin(radians(longitude - 16.3738) / 2), 2)))) <= $1`,
        [radiusKm],
      );
      return Number(row?.n);
    };
    // A radius whose innermost ring holds a page, with more matches beyond it (the contract directory is mostly Vienna).
    const radii = [2, 4, 8, 16, 40, 80, 160, 400];
    const counts = await Promise.all(radii.map(async (radiusKm) => ({ radiusKm, inner: await within(radiusKm / 16), all: await within(radiusKm) })));
    const chosen = counts.find((count) => count.inner >= 3 && count.all > count.inner + 2);
    expect(chosen, JSON.stringify(counts)).toBeDefined();
    const { radiusKm, inner } = chosen as { radiusKm: number; inner: number };
    // The page fits the innermost ring: the next ring's rows are never read.
    const near = await loopsOf(radiusKm, 0, 5);
    expect(near.ring_16).toBeGreaterThan(0);
    expect(near.ring_4).toBe(0);
    // A page that ends past the innermost ring's rows (still within the sample) reads the next ring.
    const deeper = await loopsOf(radiusKm, inner - 1, inner + 2);
    expect(deeper.ring_4).toBeGreaterThan(0);
  });
});

describe.runIf(testDriver() === "postgres")("postgres engine: a word near a point reads its grid cells in the full-text index", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    await handle.query("vacuum (analyze) businesses");
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("finds a word's matches through businesses_location_search_idx with the box's cells, the same pages as the box read row by row", async () => {
    const sql = handle.sql;
    if (!sql) throw new Error("the postgres driver has a postgres.js client");
    const [index] = await handle.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'businesses_location_search_idx'");
    expect(index?.indexdef).toContain("directory_near_cell(latitude, longitude), search_vector)");
    const near = { lat: 48.2082, lng: 16.3738, radiusKm: 20 };
    const plans = (["distance", "relevance", "rating"] as const).flatMap((sort) =>
      [0, 2].map((offset) => ({
        text: { websearch: "kaffeehaus", tsquery: null, fuzzyName: null },
        filters: { near },
        sort,
        limit: 2,
        offset,
        facets: true,
      })),
    );
    // The exact answers (every match within the sample) and a sampled one (its page from the nearest ring).
    for (const plan of [...plans, { ...plans[0]!, sampleSize: 3 }]) {
      const statement = buildSearchStatement(plan);
      // NOTE: the contract directory is tiny, where a table scan is cheapest; forbidding it shows what a big table gets.
      const [explained] = await sql.begin(async (tx) => {
        await tx.unsafe("set local enable_seqscan = off");
        return tx.unsafe<Array<{ "QUERY PLAN": Array<{ Plan: NearPlanNode }> }>>(
          `explain (format json) ${statement.text}`,
          statement.params as never[],
        );
      });
      const indexes: string[] = [];
      const collect = (node: NearPlanNode, inSample: boolean) => {
        const under = inSample || node["Subplan Name"] === "CTE sample";
        if (under && node["Index Name"] && node["Index Name"] !== "businesses_closed_name_idx") indexes.push(node["Index Name"]);
        node.Plans?.forEach((child) => collect(child, under));
      };
      const root = explained?.["QUERY PLAN"][0]?.Plan;
      if (root) collect(root, false);
      expect({ sort: plan.sort, indexes }).toEqual({ sort: plan.sort, indexes: ["businesses_location_search_idx"] });
      const sent: string[] = [];
      const query = handle.query;
      handle.query = <T extends object>(text: string, params?: unknown[]) => {
        sent.push(text);
        return query.call(handle, text, params) as Promise<T[]>;
      };
      const cells = await searchBusinesses(handle, plan).finally(() => {
        handle.query = query;
      });
      expect(sent.some((text) => text.includes("directory_near_cell(b.latitude, b.longitude) = any("))).toBe(true);
      const rows = await searchBusinesses(asPglite(handle), plan);
      expect(cells.hits.length).toBeGreaterThan(0);
      expect({ sort: plan.sort, offset: plan.offset, ...cells }).toEqual({ sort: plan.sort, offset: plan.offset, ...rows });
    }
  });
});

/** The same database, with the driver PGlite reports: a search without the grid cells (the box's rows, as before). */
function asPglite(handle: TestDatabase): TestDatabase {
  return Object.create(handle, { driver: { value: "pglite" } }) as TestDatabase;
}

describe.runIf(testDriver() === "postgres")("postgres engine: a city's size within its country", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    await handle.query("analyze businesses");
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("estimates a city's businesses within its country as the city's own count (the two are not independent)", async () => {
    const [biggest] = await handle.query<{ country_code: string; city_slug: string; n: number }>(
      `select country_code, city_slug, count(*)::int as n from businesses where city_slug is not null
        group by 1, 2 order by 3 desc, 1, 2 limit 1`,
    );
    if (!biggest) throw new Error("the contract directory has cities");
    const [row] = await handle.query<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
      "explain (format json) select 1 from businesses where country_code = $1 and city_slug = $2",
      [biggest.country_code, biggest.city_slug],
    );
    const planned = row?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0;
    expect(planned).toBeGreaterThanOrEqual(Math.floor(biggest.n * 0.8));
  });

  it("reads a text search's sample in a city through the (country, city, text) index's shards, never a city rank index", async () => {
    const [biggest] = await handle.query<{ country_code: string; city_slug: string }>(
      `select country_code, city_slug from businesses where city_slug is not null group by 1, 2 order by count(*) desc, 1, 2 limit 1`,
    );
    if (!biggest) throw new Error("the contract directory has cities");
    const sql = handle.sql;
    if (!sql) throw new Error("the postgres driver has a postgres.js client");
    const sampleScans = async (filters: { countryCode: string; citySlug?: string; cities?: Array<{ countryCode: string; citySlug: string }> }) => {
      const statement = buildSearchStatement({
        text: { websearch: "bakery", tsquery: null, fuzzyName: null },
        filters,
        sort: "relevance",
        limit: 20,
        offset: 0,
        facets: true,
      });
      // NOTE: the contract directory is tiny, where a table scan is cheapest; forbidding it leaves the index choice.
      const plan = await sql.begin(async (tx) => {
        await tx.unsafe("set local enable_seqscan = off");
        return tx.unsafe(`explain ${statement.text}`, statement.params as never[]);
      });
      const text = plan.map((line) => String((line as Record<string, unknown>)["QUERY PLAN"])).join("\n");
      return text.slice(text.indexOf("CTE sample"), text.indexOf("CTE sampled"));
    };
    for (const filters of [
      { countryCode: biggest.country_code, citySlug: biggest.city_slug },
      { countryCode: biggest.country_code, cities: [{ countryCode: biggest.country_code, citySlug: biggest.city_slug }] },
    ]) {
      const scans = await sampleScans(filters);
      expect(scans).toMatch(/businesses_search_shard_\d_idx/);
      expect(scans).not.toMatch(/businesses_(city|city_category|country|rank)_rank_idx|businesses_rank_idx/);
    }
  });
});
