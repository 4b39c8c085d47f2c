// Closed businesses over real HTTP (the built server): out of lists, counts, sitemaps and the default search; their
// page answers 200 with noindex and a banner; a search that names one still finds it, marked closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

/** The closed ones have the top rank scores, so any list that forgets them would show them first. */
const ROWS = [
  { name: "Canal Diner", category: "Diner", city: "Amsterdam", country_code: "NL", place_id: "open-1", rating: 4.1, reviews: 40 },
  { name: "Tulip Diner", category: "Diner", city: "Amsterdam", country_code: "NL", place_id: "open-2", rating: 3.9, reviews: 12 },
  {
    name: "Nachtwacht Diner",
    category: "Diner",
    city: "Amsterdam",
    country_code: "NL",
    place_id: "gone",
    rating: 5,
    reviews: 50_000,
    verified: true,
    business_status: "CLOSED_PERMANENTLY",
  },
  {
    name: "Grachten Grill",
    category: "Diner",
    city: "Amsterdam",
    country_code: "NL",
    place_id: "paused",
    rating: 4.9,
    reviews: 30_000,
    business_status: "CLOSED_TEMPORARILY",
  },
];
const CLOSED = ["Nachtwacht Diner", "Grachten Grill"];

interface Named {
  name: string;
  slug: string;
}

describe(`closed businesses on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer | undefined;
  const slugs = new Map<string, string>();

  const get = async (path: string) => {
    const response = await fetch(`${server?.url}${path}`);
    return { status: response.status, text: await response.text() };
  };
  const getJson = async <T>(path: string) => {
    const response = await fetch(`${server?.url}${path}`);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const namesIn = (value: unknown): string[] => JSON.stringify(value).match(/"name":"[^"]*"/g) ?? [];

  beforeAll(async () => {
    database = await useFreshProcessDatabase("closed-businesses");
    await importFixtureRows(database.handle, ROWS);
    for (const row of await database.handle.query<Named>("select name, slug from businesses")) slugs.set(row.name, row.slug);
    server = await startBuiltApp();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("leaves the featured, all, category and city lists, and the counts count only operational businesses", async () => {
    for (const path of ["/api/featured-businesses", "/api/businesses", "/api/categories/diner", "/api/cities/NL/amsterdam"]) {
      const names = namesIn(await getJson(path)).join(" ");
      expect(names, path).toContain("Canal Diner");
      for (const closed of CLOSED) expect(names, path).not.toContain(closed);
    }
    const counts = await database?.handle.query<{ n: number }>(
      `select (select business_count from category_counts where category_slug = 'diner')
            + (select business_count from city_counts where country_code = 'NL' and city_slug = 'amsterdam')
            + (select business_count from country_counts where country_code = 'NL')
            + (select value from site_totals where key = 'businesses')::int as n`,
    );
    expect(Number(counts?.[0]?.n)).toBe(4 * 2);
    // The HTML list page agrees with its API.
    const page = await get("/categories/diner");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Canal Diner");
    for (const closed of CLOSED) expect(page.text).not.toContain(closed);
  });

  it("leaves the business sitemap", async () => {
    const sitemap = await get("/sitemaps/businesses/page-1.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`/business/${slugs.get("Canal Diner")}<`);
    for (const closed of CLOSED) expect(sitemap.text).not.toContain(`/business/${slugs.get(closed)}<`);
  });

  it("leaves the default search, yet a search by name finds it, marked closed", async () => {
    type Result = { hits: Array<{ name: string; status?: string }>; total: number };
    for (const path of ["/api/search?category=diner", "/api/search?q=amsterdam", "/api/search?country=NL&sort=rating"]) {
      const result = await getJson<Result>(path);
      expect(result.hits.map((hit) => hit.name).sort(), path).toEqual(["Canal Diner", "Tulip Diner"]);
      expect(result.total, path).toBe(2);
    }
    const byName = await getJson<Result>("/api/search?q=nachtwacht");
    expect(byName.hits).toEqual([expect.objectContaining({ name: "Nachtwacht Diner", status: "closed_permanently" })]);
    const typo = await getJson<Result>("/api/search?q=grachten%20gril");
    expect(typo.hits.map((hit) => [hit.name, hit.status])).toEqual([["Grachten Grill", "closed_temporarily"]]);
    const html = await get("/search?q=nachtwacht");
    expect(html.text).toContain("Nachtwacht Diner");
    expect(html.text).toContain("Permanently closed");
  });

  it("keeps the page (200) with noindex and a banner; an operational page stays indexable", async () => {
    for (const [name, banner] of [
      ["Nachtwacht Diner", "Permanently closed"],
      ["Grachten Grill", "Temporarily closed"],
    ] as const) {
      const page = await get(`/business/${slugs.get(name)}`);
      expect(page.status, name).toBe(200);
      expect(page.text).toMatch(/<meta name="robots" content="noindex[^"]*"/);
      expect(page.text).toMatch(new RegExp(`data-testid="closed-banner"[^>]*>[\\s\\S]*?${banner}`));
    }
    const open = await get(`/business/${slugs.get("Canal Diner")}`);
    expect(open.status).toBe(200);
    expect(open.text).not.toContain('name="robots"');
    expect(open.text).not.toContain("closed-banner");
  });
});
