// City × category pages over real HTTP (the built server): a pair with enough listings answers 200 with its title,
// canonical, BreadcrumbList and ItemList; a thin pair is noindex; an empty pair is a 404; a page past the end
// redirects to the last; spellings and moved city slugs answer 301; the city and category pages link to the pair;
// the sitemap index lists the pair sitemap, which holds indexable pairs only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ZURICH_ITALIAN = 30;
const row = (name: string, category: string, city: string, country: string, i: number, extra: Record<string, unknown> = {}) => ({
  name,
  category,
  city,
  country_code: country,
  place_id: `pair-${country}-${city}-${category}-${i}`,
  rating: 3 + (i % 20) / 10,
  reviews: 10 + i,
  ...extra,
});
const ROWS = [
  ...Array.from({ length: ZURICH_ITALIAN }, (_, i) => row(`Trattoria ${String(i + 1).padStart(2, "0")}`, "Italian restaurant", "Zürich", "CH", i)),
  // The top rank score, but closed: neither listed nor counted.
  row("Trattoria Chiusa", "Italian restaurant", "Zürich", "CH", 99, { rating: 5, reviews: 90_000, business_status: "CLOSED_PERMANENTLY" }),
  ...Array.from({ length: 2 }, (_, i) => row(`Beck ${i + 1}`, "Bakery", "Zürich", "CH", i)),
  ...Array.from({ length: 6 }, (_, i) => row(`Osteria ${i + 1}`, "Italian restaurant", "Berlin", "DE", i)),
];
const PAIR = "/cities/ch/zurich/italian-restaurant";

describe(`city × category pages on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;
  let server: InProcessServer | undefined;

  const get = async (path: string) => {
    const response = await fetch(`${server?.url}${path}`, { redirect: "manual" });
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  };
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] as string) as { "@type": string; itemListElement: Array<Record<string, unknown>> },
    );

  beforeAll(async () => {
    database = await useFreshProcessDatabase("city-category-pages");
    await importFixtureRows(database.handle, ROWS);
    await database.handle.query("insert into city_slug_redirects (country_code, old_slug, new_slug) values ('CH', 'zuerich-alt', 'zurich')");
    server = await startBuiltApp();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await database?.release();
  });

  it("answers a pair with its title, canonical, description, breadcrumbs and item list, listed businesses only", async () => {
    const [page, second] = await Promise.all([get(PAIR), get(`${PAIR}?page=2`)]);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Italian restaurants in Zürich, Switzerland | Business Directory</title>");
    expect(page.text).toContain(`<link rel="canonical" href="${server?.url}${PAIR}"/>`);
    expect(page.text).toMatch(/<meta name="description" content="The best-rated Italian restaurants in Zürich, Switzerland: 30 listings/);
    expect(page.text).not.toContain('name="robots"');
    expect(page.text).not.toContain("Trattoria Chiusa");
    const [crumbs, list] = [jsonLd(page.text).find((d) => d["@type"] === "BreadcrumbList"), jsonLd(page.text).find((d) => d["@type"] === "ItemList")];
    expect(crumbs?.itemListElement.map((c) => c.name)).toEqual(["Home", "Switzerland", "Zürich", "Italian restaurants"]);
    expect(crumbs?.itemListElement.at(-1)?.item).toBe(`${server?.url}${PAIR}`);
    expect(list?.itemListElement).toHaveLength(12);
    expect(list?.itemListElement[0]).toMatchObject({ position: 1, url: expect.stringMatching(/\/business\/trattoria-/) });

    expect(second.status).toBe(200);
    expect(second.text).toContain("<title>Italian restaurants in Zürich, Switzerland – Page 2 | Business Directory</title>");
    expect(second.text).toContain(`<link rel="canonical" href="${server?.url}${PAIR}?page=2"/>`);
    expect(jsonLd(second.text).find((d) => d["@type"] === "ItemList")?.itemListElement[0]?.position).toBe(13);
  });

  it("redirects a page past the end to the last page, ?page=1 and odd spellings to the canonical URL, a moved city to its pair", async () => {
    expect(await get(`${PAIR}?page=99`)).toMatchObject({ status: 302, location: `${PAIR}?page=3` });
    expect(await get(`${PAIR}?page=1`)).toMatchObject({ status: 301, location: PAIR });
    expect(await get("/cities/CH/Z%C3%BCrich/Italian_Restaurant")).toMatchObject({ status: 301, location: PAIR });
    expect(await get("/cities/ch/zuerich-alt/italian-restaurant?page=2")).toMatchObject({ status: 301, location: `${PAIR}?page=2` });
  });

  it("keeps a thin pair answering but noindex, and answers 404 for a pair, city or code with nothing listed", async () => {
    const thin = await get("/cities/ch/zurich/bakery");
    expect(thin.status).toBe(200);
    expect(thin.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(thin.text).toContain("Beck 1");
    for (const path of ["/cities/ch/zurich/dentist", "/cities/ch/atlantis/bakery", "/cities/de/zurich/bakery", "/cities/xyz/zurich/bakery"]) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.text, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("links the city page's top categories and the category page's top cities to the pair pages", async () => {
    const [city, category] = await Promise.all([get("/cities/ch/zurich"), get("/categories/italian-restaurant")]);
    expect(city.text).toContain(`href="${PAIR}"`);
    expect(city.text).toContain('href="/cities/ch/zurich/bakery"');
    expect(city.text).not.toContain('href="/categories/italian-restaurant"');
    expect(category.text).toContain(`href="${PAIR}"`);
    expect(category.text).toContain('href="/cities/de/berlin/italian-restaurant"');
  });

  it("lists the pair sitemap in the index, with indexable pairs only", async () => {
    const index = await get("/sitemap.xml");
    expect(index.text).toContain(`<loc>${server?.url}/sitemaps/city-categories/page-1.xml</loc>`);
    const pairs = await get("/sitemaps/city-categories/page-1.xml");
    expect(pairs.status).toBe(200);
    const locs = [...pairs.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${server?.url}/cities/ch/zurich/italian-restaurant`, `${server?.url}/cities/de/berlin/italian-restaurant`]);
    expect(pairs.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/);
    expect((await get("/sitemaps/city-categories/page-2.xml")).status).toBe(404);
    expect((await get("/sitemaps/city-categories/page-x.xml")).status).toBe(404);
  });
});
