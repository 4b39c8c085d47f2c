import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

/** The "N businesses" total in the results summary. */
async function readTotal(page: Page): Promise<number> {
  const text = (await page.locator("#results-summary").textContent()) ?? "";
  const match = /([\d,]+) business/.exec(text);
  if (!match?.[1]) throw new Error(`no total in "${text}"`);
  return Number(match[1].replace(/,/g, ""));
}

const resultCards = (page: Page) => page.locator('main a[href^="/business/"]');

describe.skipIf(!chromium || !baseUrl)("search page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the home hero search lands on /search with results, facets and a noindex canonical head", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    await page.getByRole("combobox", { name: "What business are you looking for?" }).fill("restaurant");
    await page.getByRole("button", { name: "Search" }).first().click();
    await page.waitForURL(/\/search\?q=restaurant/);
    await page.getByRole("heading", { name: /Results for “restaurant”/ }).waitFor();
    expect(await resultCards(page).count()).toBe(20);
    expect(await readTotal(page)).toBeGreaterThan(20);
    await expect(page.locator("#results-summary").textContent()).resolves.toMatch(/Showing 1–20 of [\d,]+ businesses · [\d.]+ s/);
    for (const facet of ["Category", "Country", "City"]) expect(await page.getByRole("heading", { name: facet, exact: true }).count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl}/search?q=restaurant`);
    await page.close();
  });

  it("answers with a short public cache and shows results for the correction of a typo", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const response = await page.goto(`${baseUrl}/search?q=restuarant`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=60");
    const suggestion = page.getByRole("link", { name: "restaurant", exact: true });
    await expect(page.getByText("Showing results for").textContent()).resolves.toContain("restaurant");
    await suggestion.click();
    await page.waitForURL(/\/search\?q=restaurant$/);
    await page.getByRole("heading", { name: /Results for “restaurant”/ }).waitFor();
    await page.close();
  });

  it("narrows results with a facet, shows it as a removable chip, and removing it restores the results", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/search?q=restaurant`, { waitUntil: "networkidle" });
    const before = await readTotal(page);
    const countryFacets = page.locator('section[aria-labelledby="facet-country"] a');
    const first = countryFacets.first();
    const label = (await first.locator("span.truncate").textContent()) ?? "";
    const count = Number((await first.locator("span.tabular-nums").textContent()) ?? "0");
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(before);
    await first.click();
    await page.waitForURL(/country=[A-Z]{2}/);
    await page.waitForFunction((expected) => document.querySelector("#results-summary")?.textContent?.includes(`${expected} business`), count);
    expect(await readTotal(page)).toBe(count);
    // Every remaining country facet is the selected one, and its count is the new total.
    expect(await countryFacets.count()).toBe(1);
    expect(await countryFacets.first().getAttribute("aria-current")).toBe("true");
    const chip = page.getByRole("link", { name: `Remove filter: ${label}` });
    await chip.click();
    await page.waitForURL((url) => !url.searchParams.has("country"));
    await page.waitForFunction((expected) => document.querySelector("#results-summary")?.textContent?.includes(`${expected} businesses`), before);
    await page.close();
  });

  it("sorts by rating and pages through results, keeping the other params", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/search?q=restaurant`, { waitUntil: "networkidle" });
    await page.getByLabel("Sort by").selectOption("rating");
    await page.waitForURL(/sort=rating/);
    await page.waitForLoadState("networkidle");
    // NOTE: the URL changes a moment before the re-sorted cards render; poll the cards, not the URL.
    const readRatings = async () =>
      (await page.locator('main a[href^="/business/"] span.font-medium').allTextContents()).map(Number).filter((n) => !Number.isNaN(n));
    await expect
      .poll(
        async () => {
          const numbers = await readRatings();
          return numbers.length > 5 && numbers.every((value, index) => index === 0 || (numbers[index - 1] as number) >= value);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const firstPage = await resultCards(page).first().getAttribute("href");
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("rating");
    await page.waitForFunction(() => document.querySelector("#results-summary")?.textContent?.includes("Showing 21–"));
    expect(await resultCards(page).first().getAttribute("href")).not.toBe(firstPage);
    expect(await page.locator('nav[aria-label="Search results pages"] [aria-current="page"]').textContent()).toContain("2");
    await page.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    await page.close();
  });

  it("suggests while typing, selectable with the keyboard, in the query and the location field", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    const query = page.getByRole("combobox", { name: "What business are you looking for?" });
    await query.pressSequentially("r");
    await page.waitForTimeout(400);
    // One character is below the minimum: nothing is asked for or shown.
    expect(await query.getAttribute("aria-expanded")).toBe("false");
    await query.pressSequentially("es");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await listbox.waitFor();
    expect(await listbox.getByRole("option").count()).toBeGreaterThan(1);
    await query.press("ArrowDown");
    const activeId = await query.getAttribute("aria-activedescendant");
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute("aria-selected")).toBe("true");
    await saveScreenshot(page, "search-suggestions", "desktop");
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await query.press("Escape");
    expect(await query.getAttribute("aria-expanded")).toBe("false");

    const location = page.getByRole("combobox", { name: "Location" });
    await location.pressSequentially("dub");
    const places = page.getByRole("listbox", { name: "Place suggestions" });
    await places.waitFor();
    const optionTexts = await places.getByRole("option").allTextContents();
    expect(optionTexts.length).toBeGreaterThan(0);
    expect(optionTexts.every((text) => /(City|Country)$/.test(text))).toBe(true);
    const firstPlace = places.getByRole("option").first();
    const parts = firstPlace.locator("span.truncate");
    const name = await parts.first().textContent();
    const detail = (await parts.count()) > 1 ? await parts.nth(1).textContent() : "";
    await location.press("ArrowDown");
    await location.press("Enter");
    await expect(location.inputValue()).resolves.toBe(optionTexts[0]?.endsWith("City") && detail ? `${name}, ${detail}` : name);
    expect(page.url()).toBe(`${baseUrl}/`);

    // Enter on a highlighted query suggestion opens its page (the first one is the Restaurant category).
    await query.fill("");
    await query.pressSequentially("rest");
    await listbox.waitFor();
    await query.press("ArrowDown");
    await query.press("Enter");
    await page.waitForURL(/\/categories\/restaurant$/);
    await page.close();
  });

  it("searches, filters and pages without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByRole("combobox", { name: "What business are you looking for?" }).fill("coffee");
    await page.getByRole("button", { name: "Search" }).first().click();
    await page.waitForURL(/\/search\?q=coffee/);
    const total = await readTotal(page);
    expect(total).toBeGreaterThan(20);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText(/Showing 21–/).waitFor();
    // Phones: the filters are collapsed behind a toggle that works with CSS alone.
    const panel = page.locator("#search-filters");
    expect(await panel.isVisible()).toBe(false);
    await page.locator('label[for="filters-toggle"]').click();
    expect(await panel.isVisible()).toBe(true);
    await page.getByLabel("Verified businesses").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/verified=1/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("coffee");
    expect(await readTotal(page)).toBeLessThanOrEqual(total);
    await page.getByRole("link", { name: "Remove filter: Verified only" }).waitFor();
    await context.close();
  });

  it("shows an empty state with next steps, and a friendly 400 page for bad params", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/search?q=zzqxv&category=restaurant`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "No businesses found" }).waitFor();
    await page.getByRole("link", { name: "clear all filters" }).waitFor();
    expect(await resultCards(page).count()).toBe(0);
    await saveScreenshot(page, "search-empty", "desktop");
    expect(await findSeriousAxeViolations(page)).toEqual([]);

    const response = await page.goto(`${baseUrl}/search?q=pizza&page=abc&min_rating=9`);
    expect(response?.status()).toBe(400);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await page.getByRole("heading", { name: "We couldn't read that search" }).waitFor();
    await page.getByText("page must be a whole number from 1 to 100").waitFor();
    await page.getByText("min_rating must be a number from 0 to 5").waitFor();
    await saveScreenshot(page, "search-invalid", "desktop");
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  for (const viewport of ["desktop", "phone"] as const) {
    it(`has no serious accessibility violations with filters applied (${viewport})`, async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
      await page.goto(`${baseUrl}/search?q=restaurant&min_rating=4&sort=reviews`, { waitUntil: "networkidle" });
      await page.getByRole("link", { name: "Remove filter: Rated 4+" }).waitFor();
      if (viewport === "phone") await page.locator('label[for="filters-toggle"]').click();
      await saveScreenshot(page, "search-results", viewport);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      // Keyboard users reach the facet links and see where focus is.
      const facet = page.locator('section[aria-labelledby="facet-category"] a').nth(1);
      await facet.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(await facet.evaluate((element) => element === document.activeElement)).toBe(true);
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow);
      expect(outline).not.toBe("none");
      await page.close();
    });
  }
});
