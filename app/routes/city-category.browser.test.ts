// A city × category page in Chromium at 390 and 1280 px: reached from the city page's top categories, its heading,
// cards, breadcrumbs and pagination work, the city's other categories link to their pairs, no sideways scroll and
// no serious axe violation. The real built server (`directory serve`) on a PGlite import.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot } from "~/testing/chromium";
import { startDirectoryServer, type DirectoryServer } from "~/testing/directory-server";
import { runDirectory } from "../../ingest-cli/testing/run-cli.ts";

const chromium = findChromium();
const enabled = Boolean(chromium && inject("browserBaseUrl"));
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const STREETS = ["Bahnhofstrasse", "Limmatquai", "Seefeldstrasse", "Langstrasse", "Niederdorfstrasse", "Rennweg", "Talstrasse"];
/** Made-up listings: 15 Italian restaurants in Zürich (two pages), a few bakeries and cafés there, two in Basel. */
function buildCsv(): string {
  const lines = ["name,category,street,city,country_code,full_address,phone,place_id,rating,reviews"];
  const add = (name: string, category: string, i: number, city = "Zürich", postcode = "8001") => {
    const street = `${STREETS[i % STREETS.length]} ${i + 1}`;
    lines.push(
      [
        name,
        category,
        street,
        city,
        "CH",
        `${street}, ${postcode} ${city}, Switzerland`,
        `+41 44 200 ${String(10 + i).padStart(2, "0")} 00`,
        `pair-browser-${lines.length}`,
        (3.5 + (i % 15) / 10).toFixed(1),
        String(20 + i * 7),
      ]
        .map((value) => `"${value}"`)
        .join(","),
    );
  };
  const names = ["Da Mario", "La Piazza", "Trattoria Toscana", "Osteria del Ponte", "Ristorante Bellavista", "Pizzeria Napoli", "Il Giardino"];
  for (let i = 0; i < 15; i++)
    add(`${names[i % names.length]}${i >= names.length ? ` ${Math.floor(i / names.length) + 1}` : ""}`, "Italian restaurant", i);
  for (let i = 0; i < 3; i++) add(`Beck ${i + 1}`, "Bakery", i);
  for (let i = 0; i < 2; i++) add(`Café ${i + 1}`, "Cafe", i);
  for (let i = 0; i < 2; i++) add(`Basilea ${i + 1}`, "Italian restaurant", i, "Basel", "4051");
  return `${lines.join("\n")}\n`;
}

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SHOTS = "/tmp/shots-citycat";

describe.skipIf(!enabled)("city × category page in Chromium", () => {
  let server: DirectoryServer;
  let browser: Browser;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-city-category-"));
    const file = path.join(dataDir, "pairs.csv");
    fs.writeFileSync(file, buildCsv());
    // Written before the server starts: PGlite allows one process per data dir.
    const imported = await runDirectory(["import", file], { env: { DATA_DIR: dataDir, DATABASE_URL: undefined, MEILI_URL: undefined } });
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
    server = await startDirectoryServer(dataDir);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [viewport, size] of Object.entries(SIZES) as Array<[keyof typeof SIZES, (typeof SIZES)[keyof typeof SIZES]]>) {
    it(`opens from the city page, pages through, and links the city's other categories (${viewport})`, async () => {
      const page = await browser.newPage({ viewport: size });
      await page.goto(`${server.url}/cities/ch/zurich`, { waitUntil: "networkidle" });
      await page
        .getByRole("complementary")
        .getByRole("link", { name: /Italian restaurant/ })
        .click();
      await page.waitForURL(/\/cities\/ch\/zurich\/italian-restaurant$/);
      await page.getByRole("heading", { level: 1, name: "Italian restaurants in Zürich" }).waitFor();
      expect(await page.title()).toBe("Italian restaurants in Zürich, Switzerland | Business Directory");
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      expect(await breadcrumb.getByRole("link").allTextContents()).toEqual(["Home", "Switzerland", "Zürich"]);
      expect(await page.locator('main ul[aria-label="Business results"] > li').count()).toBe(12);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `city-category-${size.width}.png`), fullPage: true });
      await page.screenshot({ path: path.join(SHOTS, `city-category-${size.width}-top.png`) });
      await saveScreenshot(page, "city-category", viewport);

      await page.getByRole("navigation", { name: "Italian restaurants in Zürich pages" }).getByRole("link", { name: /2/ }).first().click();
      await page.waitForURL(/\?page=2$/);
      await page.getByText("Page 2 of 2").waitFor();
      expect(await page.locator('main ul[aria-label="Business results"] > li').count()).toBe(3);
      expect(await overflow()).toBeLessThanOrEqual(0);

      await page
        .getByRole("complementary")
        .getByRole("link", { name: /Bakery/ })
        .click();
      await page.waitForURL(/\/cities\/ch\/zurich\/bakery$/);
      await page.getByRole("heading", { level: 1, name: "Bakeries in Zürich" }).waitFor();
      // Three bakeries: a thin pair, still a page for visitors but not for search engines.
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await page.close();
    });
  }
});
