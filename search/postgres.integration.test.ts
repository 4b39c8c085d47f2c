import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDriver, type TestDatabase } from "../db/testing/test-database.ts";
import { CONTRACT_NOW, runSearchContract, seedContractDirectory } from "./contract.ts";
import type { SearchQuery } from "./engine.ts";
import { createPostgresSearchEngine, PostgresSearchEngine } from "./postgres.ts";

runSearchContract("postgres engine", (handle) => createPostgresSearchEngine(handle));

// The contract directory is small, so a tiny sample makes "kaffeehaus" (24 matches) a big match set.
describe(`postgres engine: match sets bigger than the exact-count sample on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let sampled: PostgresSearchEngine;
  const search = (query: Partial<SearchQuery>) => sampled.search({ q: "", sort: "relevance", page: 1, perPage: 10, facets: true, now: CONTRACT_NOW, ...query });

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedContractDirectory(handle);
    await handle.query("analyze businesses");
    sampled = new PostgresSearchEngine({ handle, matchSampleSize: 5 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("labels the total and facet counts as approximate, never below what the sample proved", async () => {
    const result = await search({ q: "kaffeehaus" });
    expect(result).toMatchObject({ totalApproximate: true, facetsApproximate: true });
    expect(result.total).toBeGreaterThan(5);
    expect(result.facets.category[0]).toMatchObject({ value: "coffee-shop", label: "Coffee shop" });
    expect(result.facets.category[0]?.count).toBe(result.total);
    expect(result.facets.city[0]).toMatchObject({ value: "wien", countryCode: "AT" });
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
    const popular = await handle.query<{ id: number }>("select id::int as id from businesses where name like 'Wiener Kaffeehaus%' order by rank_score desc, id desc limit 2");
    expect(first?.hits.map((hit) => hit.id)).toEqual(popular.map((row) => Number(row.id)));
  });

  it("keeps other sorts exact in order", async () => {
    const byReviews = await search({ q: "kaffeehaus", sort: "reviews", perPage: 24 });
    const reviews = byReviews.hits.map((hit) => hit.reviews);
    expect(reviews).toHaveLength(24);
    expect([...reviews].sort((a, b) => b - a)).toEqual(reviews);
  });

  it("answers small match sets exactly", async () => {
    const result = await search({ q: "pizza napoli" });
    expect(result).toMatchObject({ total: 1, totalApproximate: false, facetsApproximate: false });
  });
});
