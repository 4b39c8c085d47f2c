import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const TWO_HOURS = "public, max-age=7200, stale-while-revalidate=3600";
const TEN_MINUTES = "public, max-age=600, stale-while-revalidate=300";
const THIRTY_MINUTES = "public, max-age=1800, stale-while-revalidate=900";

interface CategoryItem {
  category: string;
  count: number;
  slug: string;
}
interface CountryItem {
  country: string;
  countryCode: string;
  slug: string;
  businessCount: number;
  cityCount: number;
}
interface CityItem {
  city: string;
  countryCode: string;
  slug: string;
  businessCount: number;
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Every JSON-LD block of the page, parsed. */
async function readJsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function canonical(page: Page): Promise<string | null> {
  return page.locator('link[rel="canonical"]').getAttribute("href");
}

async function robots(page: Page): Promise<string | null> {
  const tag = page.locator('meta[name="robots"]');
  return (await tag.count()) > 0 ? tag.getAttribute("content") : null;
}

const nf = (value: number) => value.toLocaleString("en-US");

describe.skipIf(!chromium || !baseUrl)("browse pages in Chromium", () => {
  let browser: Browser;
  let categories: CategoryItem[];
  let countries: CountryItem[];
  let cities: CityItem[];

  beforeAll(async () => {
    browser = await launchChromium();
    [categories, countries, cities] = await Promise.all([
      api<CategoryItem[]>("/api/categories"),
      api<CountryItem[]>("/api/countries"),
      api<CityItem[]>("/api/cities"),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Opens a page at one width, checks status, Cache-Control, h1, canonical, the JSON-LD types and axe, and saves a
   * screenshot; returns the page for more checks.
   */
  async function visit(
    path: string,
    viewport: keyof typeof VIEWPORTS,
    expected: { h1: string; cache: string; canonicalPath: string; jsonLd: string[]; screenshot: string },
  ): Promise<Page> {
    const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()["cache-control"]).toBe(expected.cache);
    expect((await page.locator("h1").innerText()).trim()).toBe(expected.h1);
    expect(await canonical(page)).toBe(`${baseUrl}${expected.canonicalPath}`);
    const types = (await readJsonLd(page)).map((block) => block["@type"]);
    for (const type of expected.jsonLd) expect(types, `${path} JSON-LD`).toContain(type);
    // Nothing may scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, expected.screenshot, viewport);
    expect(await findSeriousAxeViolations(page), path).toEqual([]);
    return page;
  }

  for (const viewport of ["desktop", "phone"] as const) {
    it(`lists all businesses, 20 per page with the spec's header (${viewport})`, async () => {
      const first = await api<{ businesses: Array<{ name: string; slug: string }>; totalCount: number; totalPages: number }>(
        "/api/businesses?page=1",
      );
      const page = await visit("/businesses", viewport, {
        h1: "All Businesses",
        cache: TEN_MINUTES,
        canonicalPath: "/businesses",
        jsonLd: ["BreadcrumbList", "ItemList"],
        screenshot: "businesses",
      });
      await page.getByText(`Showing 1-20 of ${nf(first.totalCount)} businesses`).waitFor();
      await page.getByText(`Page 1 of ${first.totalPages}`).waitFor();
      expect(await page.getByRole("link", { name: /^View Details/ }).count()).toBe(20);
      expect(await page.locator("article h2").first().innerText()).toBe(first.businesses[0]?.name);
      expect(await page.locator("article h2 a").first().getAttribute("href")).toBe(`/business/${first.businesses[0]?.slug}`);
      await page.close();
    });

    it(`shows the category list with stats, letters, search and cards (${viewport})`, async () => {
      const page = await visit("/categories", viewport, {
        h1: "Business Categories",
        cache: TWO_HOURS,
        canonicalPath: "/categories",
        jsonLd: ["BreadcrumbList", "ItemList"],
        screenshot: "categories",
      });
      const stats = page.locator("dl").first();
      await stats.getByText(nf(categories.length), { exact: true }).waitFor();
      const cards = page.locator('ul[aria-label="Category results"] a');
      expect(await cards.count()).toBe(Math.min(12, categories.length));
      expect(await cards.first().getAttribute("href")).toBe(`/categories/${categories[0]?.slug}`);
      await cards
        .first()
        .getByText(categories[0]?.category ?? "", { exact: true })
        .waitFor();
      await cards.first().getByText("4.2", { exact: true }).waitFor();
      // Letters with no category are shown disabled, not linked: together they are the whole A–Z and '#'.
      const letters = page.getByRole("navigation", { name: "Categories by first letter" });
      const linked = await letters.getByRole("link").count();
      expect(linked).toBeGreaterThan(0);
      expect(linked + (await letters.locator("[aria-disabled='true']").count())).toBe(27);
      await page.close();
    });

    it(`shows one category with its businesses and top countries (${viewport})`, async () => {
      const top = categories[0] as CategoryItem;
      const detail = await api<{ businesses: Array<{ name: string; slug: string }>; topCountries: Array<{ country: string; slug: string }> }>(
        `/api/categories/${top.slug}?page=1&limit=12`,
      );
      const page = await visit(`/categories/${top.slug}`, viewport, {
        h1: top.category,
        cache: TEN_MINUTES,
        canonicalPath: `/categories/${top.slug}`,
        jsonLd: ["BreadcrumbList", "ItemList"],
        screenshot: "category-detail",
      });
      expect(await page.locator('ul[aria-label="Business results"] a[href^="/business/"]').count()).toBe(Math.min(12, top.count));
      expect(await page.locator('ul[aria-label="Business results"] a[href^="/business/"]').first().getAttribute("href")).toBe(
        `/business/${detail.businesses[0]?.slug}`,
      );
      const panel = page.getByRole("region", { name: "Top countries" });
      expect(await panel.getByRole("link").count()).toBe(Math.min(15, detail.topCountries.length));
      expect(await panel.getByRole("link").first().getAttribute("href")).toBe(`/countries/${detail.topCountries[0]?.slug}`);
      await page.close();
    });

    it(`shows the country list with stats and market shares (${viewport})`, async () => {
      const page = await visit("/countries", viewport, {
        h1: "Global Business Directory",
        cache: TWO_HOURS,
        canonicalPath: "/countries",
        jsonLd: ["BreadcrumbList", "ItemList"],
        screenshot: "countries",
      });
      const total = countries.reduce((sum, c) => sum + c.businessCount, 0);
      const firstCard = page.locator('ul[aria-label="Country results"] a').first();
      expect(await firstCard.getAttribute("href")).toBe(`/countries/${countries[0]?.slug}`);
      await firstCard.getByText(`${(((countries[0]?.businessCount ?? 0) / total) * 100).toFixed(1)}%`).waitFor();
      expect(await page.locator('ul[aria-label="Country results"] a').count()).toBe(Math.min(12, countries.length));
      await page.close();
    });

    it(`shows one country with counts, top 20 cities and 20 categories per page (${viewport})`, async () => {
      const top = countries[0] as CountryItem;
      const page = await visit(`/countries/${top.countryCode.toLowerCase()}`, viewport, {
        h1: `Businesses in ${top.country}`,
        cache: TEN_MINUTES,
        // An ISO-code URL is the same page as the name slug, which is canonical.
        canonicalPath: `/countries/${top.slug}`,
        jsonLd: ["BreadcrumbList", "ItemList"],
        screenshot: "country-detail",
      });
      const cityLinks = page.getByRole("region", { name: "Top cities" }).locator('a[href^="/cities/"]');
      expect(await cityLinks.count()).toBe(Math.min(20, top.cityCount));
      expect(await cityLinks.first().getAttribute("href")).toMatch(new RegExp(`^/cities/${top.countryCode.toLowerCase()}/`));
      expect(await page.locator('main a[href^="/categories/"]').count()).toBeLessThanOrEqual(20);
      expect(await page.getByRole("link", { name: "View all cities" }).count()).toBe(top.cityCount > 20 ? 1 : 0);
      await page.close();
    });

    it(`shows the city list with tiles, letters and 'Showing X to Y of Z cities' (${viewport})`, async () => {
      const page = await visit("/cities", viewport, {
        h1: "Cities Directory",
        cache: TWO_HOURS,
        canonicalPath: "/cities",
        jsonLd: ["BreadcrumbList", "ItemList"],
        screenshot: "cities",
      });
      await page.getByText(`Showing 1 to ${Math.min(12, cities.length)} of ${nf(cities.length)} cities`).waitFor();
      const first = cities[0] as CityItem;
      expect(await page.locator('ul[aria-label="City results"] a').first().getAttribute("href")).toBe(
        `/cities/${first.countryCode.toLowerCase()}/${first.slug}`,
      );
      expect(await page.getByPlaceholder("Search cities or countries...").count()).toBe(1);
      await page.close();
    });

    it(`shows one city with its businesses and top 15 categories (${viewport})`, async () => {
      const top = cities[0] as CityItem;
      const path = `/cities/${top.countryCode.toLowerCase()}/${top.slug}`;
      const page = await visit(path, viewport, {
        h1: `Businesses in ${top.city}`,
        cache: TEN_MINUTES,
        canonicalPath: path,
        jsonLd: ["BreadcrumbList", "ItemList"],
        screenshot: "city-detail",
      });
      expect(await page.locator('ul[aria-label="Business results"] a[href^="/business/"]').count()).toBe(Math.min(12, top.businessCount));
      const panel = page.getByRole("region", { name: "Top categories" });
      expect(await panel.getByRole("link").count()).toBeGreaterThan(0);
      expect(await panel.getByRole("link").count()).toBeLessThanOrEqual(15);
      await page.close();
    });
  }

  it("filters categories by letter, by search and switches to the list layout", async () => {
    const letter = (categories.find((c) => /^[A-Z]/i.test(c.category))?.category[0] ?? "A").toUpperCase();
    const expected = categories.filter((c) => c.category.toUpperCase().startsWith(letter));
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/categories`, { waitUntil: "networkidle" });
    await page.getByRole("navigation", { name: "Categories by first letter" }).getByRole("link", { name: letter, exact: true }).click();
    await page.waitForURL(`${baseUrl}/categories/${letter}`);
    await page.getByRole("heading", { level: 1, name: `Keywords beginning with ${letter}` }).waitFor();
    const names = await page.locator("ul[aria-label='Category results'] a h2").allInnerTexts();
    expect(names).toEqual(expected.slice(0, 12).map((c) => c.category));
    expect(await page.getByRole("link", { name: "All", exact: true }).getAttribute("href")).toBe("/categories");
    expect(await page.locator('[aria-current="page"]', { hasText: new RegExp(`^${letter}$`) }).count()).toBe(1);

    const target = categories[1] as CategoryItem;
    const term = target.category.slice(0, 4).trim();
    await page.goto(`${baseUrl}/categories`, { waitUntil: "networkidle" });
    await page.getByRole("searchbox", { name: "Search categories" }).fill(term);
    await page.getByRole("searchbox", { name: "Search categories" }).press("Enter");
    await page.waitForURL(/\/categories\?q=/);
    const found = await page.locator("ul[aria-label='Category results'] a h2").allInnerTexts();
    expect(found).toContain(target.category);
    for (const name of found) expect(name.toLowerCase()).toContain(term.toLowerCase());
    expect(await robots(page)).toBe("noindex, follow");

    await page.getByRole("link", { name: "List", exact: true }).click();
    await page.waitForURL(/view=list/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(term);
    await page.locator('a[aria-current="true"]', { hasText: "List" }).waitFor();

    await page.goto(`${baseUrl}/categories?q=zzzzqqq`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "No categories found" }).waitFor();
    await saveScreenshot(page, "categories-empty", "desktop");
    await page.close();
  });

  it("paginates all businesses with the ±2 window, first/last pages and ellipses", async () => {
    const { totalPages } = await api<{ totalPages: number }>("/api/businesses?page=1");
    expect(totalPages).toBeGreaterThan(6);
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/businesses?page=5`, { waitUntil: "networkidle" });
    const nav = page.getByRole("navigation", { name: "Businesses pages" });
    const numbers = (await nav.locator("li").allInnerTexts()).map((text) => text.replace("Page", "").trim());
    expect(numbers).toEqual(["1", "…", "3", "4", "5", "6", "7", "…", String(totalPages)]);
    expect(await nav.locator('[aria-current="page"]').innerText()).toContain("5");
    expect(await canonical(page)).toBe(`${baseUrl}/businesses?page=5`);
    await page.getByText(`Showing 81-100 of`).waitFor();

    await nav.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(`${baseUrl}/businesses?page=6`);
    await page.getByText("Showing 101-120 of").waitFor();

    await page.goto(`${baseUrl}/businesses?page=${totalPages}`, { waitUntil: "networkidle" });
    expect(await nav.getByRole("link", { name: "Next" }).count()).toBe(0);
    expect(await nav.locator('[aria-disabled="true"]', { hasText: "Next" }).count()).toBe(1);
    await page.goto(`${baseUrl}/businesses`, { waitUntil: "networkidle" });
    expect(await nav.locator('[aria-disabled="true"]', { hasText: "Previous" }).count()).toBe(1);

    // Outside 1–100 or not a number: page 1 is assumed, at its one canonical URL.
    for (const bad of ["abc", "0", "101", "2.5", "1"]) {
      const response = await page.goto(`${baseUrl}/businesses?page=${bad}`);
      expect(page.url(), bad).toBe(`${baseUrl}/businesses`);
      expect(response?.status()).toBe(200);
    }
    // Inside 1–100 but past the last page: the last page, at its own URL.
    const past = await page.goto(`${baseUrl}/businesses?page=${totalPages + 1}`);
    expect(page.url()).toBe(`${baseUrl}/businesses?page=${totalPages}`);
    expect(past?.status()).toBe(200);
    await page.close();
  });

  it("works without JavaScript: city pagination, letter filter and search are links and GET forms", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cities`);
    await page.getByRole("navigation", { name: "City pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(`${baseUrl}/cities?page=2`);
    await page.getByText(`Showing 13 to ${Math.min(24, cities.length)} of ${nf(cities.length)} cities`).waitFor();
    const secondPage = await page.locator('ul[aria-label="City results"] a').first().getAttribute("href");
    expect(secondPage).toBe(`/cities/${cities[12]?.countryCode.toLowerCase()}/${cities[12]?.slug}`);

    const letter = (cities[0]?.city[0] ?? "A").toUpperCase();
    await page.getByRole("navigation", { name: "Cities by first letter" }).getByRole("link", { name: letter, exact: true }).click();
    await page.waitForURL(`${baseUrl}/cities/${letter}`);
    await page.getByRole("heading", { level: 1, name: `Cities beginning with ${letter}` }).waitFor();
    const names = await page.locator("ul[aria-label='City results'] a h2").allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.normalize("NFD").toUpperCase().startsWith(letter)).toBe(true);
    await saveScreenshot(page, "cities-letter-nojs", "phone");

    const city = cities[0] as CityItem;
    await page.getByRole("searchbox", { name: "Search cities or countries" }).fill(city.city);
    await page.getByRole("button", { name: "Search" }).first().click();
    await page.waitForURL(/q=/);
    expect(await page.locator("ul[aria-label='City results'] a h2").allInnerTexts()).toContain(city.city);
    await context.close();
  });

  it("opens a country's full city list from 'View all cities'", async () => {
    const big = countries.find((c) => c.cityCount > 20);
    expect(big, "the demo data has a country with more than 20 cities").toBeDefined();
    const country = big as CountryItem;
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/countries/${country.slug}`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "View all cities" }).click();
    await page.waitForURL(`${baseUrl}/countries/${country.slug}/cities`);
    await page.getByRole("heading", { level: 1, name: `Cities in ${country.country}` }).waitFor();
    const hrefs = await page.locator('ul[aria-label="City results"] a').evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")));
    expect(hrefs).toHaveLength(12);
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^/cities/${country.countryCode.toLowerCase()}/`));
    await page.getByText(`Showing 1 to 12 of ${nf(country.cityCount)} cities`).waitFor();
    expect(await page.getByRole("navigation", { name: "Cities by first letter" }).count()).toBe(0);
    await saveScreenshot(page, "country-cities", "desktop");
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it("answers lower-case letters and country codes with a 301 to the canonical path", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/cities/b`);
    expect(page.url()).toBe(`${baseUrl}/cities/B`);
    await page.goto(`${baseUrl}/categories/b`);
    expect(page.url()).toBe(`${baseUrl}/categories/B`);
    const city = cities[0] as CityItem;
    await page.goto(`${baseUrl}/cities/${city.countryCode.toUpperCase()}/${city.slug}`);
    expect(page.url()).toBe(`${baseUrl}/cities/${city.countryCode.toLowerCase()}/${city.slug}`);
    // The first page of a letter is an indexable hub; free-text results are not.
    await page.goto(`${baseUrl}/cities/B`, { waitUntil: "networkidle" });
    expect(await robots(page)).toBeNull();
    await page.goto(`${baseUrl}/cities?q=${encodeURIComponent(city.city)}`, { waitUntil: "networkidle" });
    expect(await robots(page)).toBe("noindex, follow");
    await page.close();
  });

  for (const [path, heading] of [
    ["/categories/no-such-category-here", "Category not found"],
    ["/countries/atlantis", "Country not found"],
    ["/cities/zz/nowhere", "City not found"],
    ["/cities/not-a-letter", "Page not found"],
  ] as const) {
    it(`answers ${path} with a 404 '${heading}' page`, async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.phone });
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(404);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      // The answer's request id stays on the page once hydrated (the browser render reads it back: no mismatch).
      expect(await page.locator("#request-id").textContent()).toBe(response?.headers()["x-request-id"]);
      expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
      expect(await page.getByRole("link", { name: "Back to Home" }).count()).toBe(1);
      expect(await robots(page)).toBe("noindex");
      if (path === "/countries/atlantis") {
        await saveScreenshot(page, "country-not-found", "phone");
        expect(await findSeriousAxeViolations(page)).toEqual([]);
      }
      await page.close();
    });
  }

  it("links home's Top Cities to each city's real country and states live totals", async () => {
    const data = await api<{ topCities: Array<{ city: string; countryCode: string; slug: string }>; totals: { businesses: number } }>(
      "/api/homepage-data",
    );
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const response = await page.goto(baseUrl, { waitUntil: "networkidle" });
    expect(response?.headers()["cache-control"]).toBe(THIRTY_MINUTES);
    const links = await page
      .getByRole("region", { name: "Top Cities" })
      .locator('a[href^="/cities/"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href")));
    expect(links.slice(0, data.topCities.length)).toEqual(data.topCities.map((c) => `/cities/${c.countryCode.toLowerCase()}/${c.slug}`));
    expect(new Set(data.topCities.map((c) => c.countryCode)).size).toBeGreaterThan(1);
    const hero = await page.locator("h1 + p").innerText();
    expect(hero).toContain(`${nf(data.totals.businesses)} businesses`);
    expect(hero).not.toMatch(/\d\+/);
    expect((await readJsonLd(page)).map((block) => block["@type"])).toContain("WebSite");
    await page.close();
  });
});
