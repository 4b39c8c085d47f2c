// Misspelt business names on /search in real Chromium at 390 and 1280 px, against the built app served in-process over
// its own small directory: the business is found, the page says which correction it shows, axe finds nothing serious.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import type { RunningServer } from "~/server/index";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, SCREENSHOT_DIR } from "~/testing/chromium";
import { startBuiltServer } from "~/testing/in-process-server";

const chromium = findChromium();
const built = Boolean(inject("browserBaseUrl"));
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

const FIXTURES = [
  { place_id: "tp-hiltl", name: "Hiltl", category: "Vegetarian restaurant", city: "Zürich", country_code: "CH", rating: 4.5, reviews: 5200 },
  { place_id: "tp-kebab", name: "Kebab Haus", category: "Fast food restaurant", city: "Berlin", country_code: "DE", rating: 4.2, reviews: 310 },
  { place_id: "tp-spruengli", name: "Café Sprüngli", category: "Confectionery", city: "Zürich", country_code: "CH", rating: 4.6, reviews: 2900 },
];

let server: RunningServer | undefined;
let baseUrl = "";
let dataDir = "";

describe.skipIf(!chromium || !built)("misspelt names on the search page in Chromium", () => {
  let browser: Browser;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-search-typos-"));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    delete process.env.MEILI_URL;
    delete process.env.SITE_URL;
    const db = await getDatabase();
    await importFixtureRows(db, FIXTURES, { source: "browser-test", refreshAggregates: false });
    await refreshAggregates(db);
    server = await startBuiltServer({ database: db });
    baseUrl = `http://127.0.0.1:${server.port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await closeDatabase();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [viewport, size] of Object.entries(WIDTHS)) {
    it(`finds Hiltl for "hiltel" and says it shows results for "hiltl" (${size.width} px)`, async () => {
      const page = await browser.newPage({ viewport: size });
      const response = await page.goto(`${baseUrl}/search?q=hiltel`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { name: /Results for “hiltel”/ }).waitFor();
      const cards = page.locator('main a[href^="/business/"]');
      await expect(cards.first().textContent()).resolves.toContain("Hiltl");
      expect(await cards.filter({ hasText: "Kebab Haus" }).count()).toBe(0);
      await expect(page.getByText("Showing results for").textContent()).resolves.toMatch(/No exact matches\. Showing results for hiltl\./);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `search-typo-hiltel-${viewport}.png`), fullPage: true });
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      // The correction is a link to the search as corrected.
      await page.getByRole("link", { name: "hiltl", exact: true }).click();
      await page.waitForURL(/\/search\?q=hiltl$/);
      await page.getByRole("heading", { name: /Results for “hiltl”/ }).waitFor();
      expect(await page.getByText("Showing results for").count()).toBe(0);
      await page.close();
    });
  }

  it("corrects a name word as usually written: spruengli → sprüngli, kebap haus → kebab haus", async () => {
    const page = await browser.newPage({ viewport: WIDTHS.phone });
    await page.goto(`${baseUrl}/search?q=spruengli`, { waitUntil: "networkidle" });
    await expect(page.locator("main").textContent()).resolves.toContain("Café Sprüngli");
    await expect(page.getByText("Showing results for").textContent()).resolves.toContain("sprüngli");
    await page.goto(`${baseUrl}/search?q=kebap+haus`, { waitUntil: "networkidle" });
    await expect(page.locator("main").textContent()).resolves.toContain("Kebab Haus");
    await expect(page.getByText("Showing results for").textContent()).resolves.toContain("kebab haus");
    await page.close();
  });
});
