import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPublicFixtures } from "../../ingest-cli/testing/public-fixtures.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as indexLoader } from "~/routes/sitemap[.]xml";
import { loader as pageLoader } from "~/routes/sitemaps.businesses.$file";
import { loader as sectionLoader } from "~/routes/sitemaps.$file";

type Loader = (args: LoaderFunctionArgs) => Response | Promise<Response>;

async function call(loader: Loader, url: string, params: Record<string, string> = {}): Promise<Response> {
  try {
    return await loader({ request: new Request(`http://directory.test${url}`), params, context: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);

describe(`robots.txt and sitemaps on ${testDriver()}`, () => {
  let database: ProcessTestDatabase | undefined;

  beforeAll(async () => {
    database = await useFreshProcessDatabase("sitemap");
    await seedPublicFixtures(database.handle);
  });
  afterAll(async () => {
    await database?.release();
  });

  it("robots.txt allows the site, keeps crawlers out of /admin and /api, and names the sitemap index", async () => {
    const response = await call(robotsLoader, "/robots.txt");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain("Disallow: /api/\n");
    expect(text).toContain("Sitemap: http://directory.test/sitemap.xml");
  });

  it("the index lists the four sections and every business page, each of which answers with real URLs", async () => {
    const index = await call(indexLoader, "/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const files = locs(await index.text());
    expect(files.slice(0, 4)).toEqual(["main", "categories", "countries", "cities"].map((name) => `http://directory.test/sitemaps/${name}.xml`));
    const pages = files.filter((file) => file.includes("/sitemaps/businesses/"));
    expect(pages.length).toBeGreaterThan(0);

    const main = locs(await (await call(sectionLoader, "/sitemaps/main.xml", { file: "main.xml" })).text());
    expect(main).toContain("http://directory.test/privacy-policy");
    expect(main).toContain("http://directory.test/contact");
    const cities = locs(await (await call(sectionLoader, "/sitemaps/cities.xml", { file: "cities.xml" })).text());
    expect(cities.every((url) => /^http:\/\/directory\.test\/cities\/[a-z]{2}\/[a-z0-9-]+$/.test(url))).toBe(true);

    const first = await call(pageLoader, "/sitemaps/businesses/page-1.xml", { file: "page-1.xml" });
    expect(first.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const businesses = locs(await first.text());
    expect(businesses.length).toBeGreaterThan(0);
    expect(businesses.length).toBeLessThanOrEqual(9000);
    expect(businesses[0]).toMatch(/^http:\/\/directory\.test\/business\/[a-z0-9-]+$/);
  });

  it("answers 404 for unknown sections, malformed names and pages past the last", async () => {
    expect((await call(sectionLoader, "/sitemaps/people.xml", { file: "people.xml" })).status).toBe(404);
    expect((await call(pageLoader, "/sitemaps/businesses/page-0.xml", { file: "page-0.xml" })).status).toBe(404);
    expect((await call(pageLoader, "/sitemaps/businesses/page-999.xml", { file: "page-999.xml" })).status).toBe(404);
    expect((await call(pageLoader, "/sitemaps/businesses/x.xml", { file: "x.xml" })).status).toBe(404);
  });
});
