// Misspelt business names through the Postgres engine on a small directory: one edit from 5 letters, two from 9
// (Meilisearch's rule), a 4-letter slip, prefixes as typed, "did you mean" and "showing results for" from name words,
// and the name vocabulary following an admin approval.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toggleBusinessApproval } from "../db/writes/admin-businesses.ts";
import { refreshAggregates } from "../db/writes/aggregates.ts";
import { createTestDatabase, testDriver, type TestDatabase } from "../db/testing/test-database.ts";
import { importFixtureRows } from "../ingest-cli/testing/import-fixture-rows.ts";
import type { SearchQuery } from "./engine.ts";
import { createPostgresSearchEngine, type PostgresSearchEngine } from "./postgres.ts";

const place = (id: string, name: string, category: string, city: string, countryCode: string, reviews: number) => ({
  place_id: `typo-${id}`,
  name,
  category,
  city,
  country_code: countryCode,
  rating: 4.5,
  reviews,
});

const ROWS = [
  place("hiltl", "Hiltl", "Vegetarian restaurant", "Zürich", "CH", 5200),
  place("kebab", "Kebab Haus", "Fast food restaurant", "Berlin", "DE", 310),
  place("spruengli", "Café Sprüngli", "Confectionery", "Zürich", "CH", 2900),
  place("hans", "Hans Optik", "Optician", "Berlin", "DE", 40),
  place("hanna", "Hanna Blumen", "Florist", "Berlin", "DE", 25),
  place("zeughaus", "Zeughauskeller", "Swiss restaurant", "Zürich", "CH", 4100),
];

describe(`postgres engine: misspelt business names on ${testDriver()}`, () => {
  let handle: TestDatabase;
  let engine: PostgresSearchEngine;
  const search = (query: Partial<SearchQuery>) => engine.search({ q: "", sort: "relevance", page: 1, perPage: 10, facets: true, ...query });
  const names = async (q: string) => (await search({ q })).hits.map((hit) => hit.name);

  beforeAll(async () => {
    handle = await createTestDatabase();
    await importFixtureRows(handle, ROWS, { source: "name-typos", refreshAggregates: false });
    await handle.query("update businesses set is_approved = false where place_id = 'typo-zeughaus'");
    await refreshAggregates(handle);
    await handle.query("analyze businesses");
    engine = createPostgresSearchEngine(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("finds a name one edit away from 5 letters: hiltel → Hiltl, kebap → Kebab Haus, spruengli → Café Sprüngli", async () => {
    expect(await names("hiltel")).toEqual(["Hiltl"]);
    expect(await names("kebap")).toEqual(["Kebab Haus"]);
    expect(await names("kebap haus")).toEqual(["Kebab Haus"]);
    // Swapped neighbours, which trigrams barely see ("kebba" shares 3 of 9 with "kebab").
    expect(await names("kebba")).toEqual(["Kebab Haus"]);
    expect(await names("hitll")).toEqual(["Hiltl"]);
    // Two edits at 6 letters: past the allowance.
    expect(await names("hitlel")).toEqual([]);
    expect(await names("spruengli")).toEqual(["Café Sprüngli"]);
    expect(await names("sprungli")).toEqual(["Café Sprüngli"]);
    expect(await names("cafe spruengli")).toEqual(["Café Sprüngli"]);
  });

  it("says it shows the correction, built from the name word as usually written", async () => {
    expect(await search({ q: "hiltel" })).toMatchObject({ didYouMean: "hiltl", showingResultsFor: "hiltl", total: 1 });
    expect(await search({ q: "spruengli" })).toMatchObject({ didYouMean: "sprüngli", showingResultsFor: "sprüngli" });
    expect(await search({ q: "kebap haus" })).toMatchObject({ didYouMean: "kebab haus", showingResultsFor: "kebab haus" });
    // Typed correctly: nothing to correct.
    expect(await search({ q: "hiltl" })).toMatchObject({ didYouMean: null, showingResultsFor: null, total: 1 });
  });

  it("gives a 4-letter word a dropped or swapped letter only: hitl → Hiltl, never a substitution or a known word", async () => {
    expect(await names("hitl")).toEqual(["Hiltl"]);
    // "haus" is a name word: it matches Kebab Haus exactly and is not stretched to "Hans Optik".
    expect(await names("haus")).toEqual(["Kebab Haus"]);
    // One substitution from "hans" and "haus": at 4 letters that is another word, not a typo.
    expect(await search({ q: "hant" })).toMatchObject({ total: 0, hits: [] });
    expect(await names("hans")).toEqual(["Hans Optik"]);
  });

  it("matches the last word as a prefix while it is typed (from 3 letters)", async () => {
    expect(await names("hil")).toEqual(["Hiltl"]);
    expect(await names("kebab hau")).toEqual(["Kebab Haus"]);
    // A misspelt word before the one being typed.
    expect(await names("kebap hau")).toEqual(["Kebab Haus"]);
    expect(await names("sprün")).toEqual(["Café Sprüngli"]);
  });

  it("adds an approved business's name words to the vocabulary at once", async () => {
    expect(await names("zeughauskeler")).toEqual([]);
    const [row] = await handle.query<{ id: number }>("select id::int as id from businesses where place_id = 'typo-zeughaus'");
    await toggleBusinessApproval(handle, Number(row?.id));
    expect(await names("zeughauskeler")).toEqual(["Zeughauskeller"]);
    expect(await names("zeugahuskeler")).toEqual(["Zeughauskeller"]);
  });
});
