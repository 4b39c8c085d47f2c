// Maps in real Chromium at 390 and 1280 px: the business page's map with a reachable style (a local style served
// by a test HTTP server) and its static card when the default style cannot be reached (this machine has no
// internet); the results map on /search and city pages: lazy (no maplibre before "Show map"), clustered, keyboard
// usable, "Search this area" re-queries the visible box; initial JS ≤ 150 KB gzipped; no serious axe violation.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import type { RunningServer } from "~/server/index";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium } from "~/testing/chromium";
import { startBuiltServer } from "~/testing/in-process-server";
import { DEFAULT_MAP_STYLE_URL } from "~/utils/map-style";

const chromium = findChromium();
const demoBaseUrl = inject("browserBaseUrl");
const SHOTS = process.env.MAP_SHOTS_DIR ?? path.resolve("test-results", "screenshots");
const WIDTHS = { "390": { width: 390, height: 844 }, "1280": { width: 1280, height: 900 } } as const;
/** A valid style with nothing remote: a background layer only. */
const LOCAL_STYLE = { version: 8, sources: {}, layers: [{ id: "land", type: "background", paint: { "background-color": "#e6ecf2" } }] };
const MAPLIBRE_CHUNK = /\/build\/.*(maplibre|results-map-maplibre)/;

/** 14 bakeries within 100 m in Zürich's old town and 10 spread around Oerlikon, 4 km north. */
const FIXTURES = [
  ...Array.from({ length: 14 }, (_, i) => ({
    place_id: `map-old-${i}`,
    name: `Altstadt Bakery ${i + 1}`,
    latitude: 47.3717 + (i % 4) * 0.0002,
    longitude: 8.5423 + Math.floor(i / 4) * 0.0002,
  })),
  ...Array.from({ length: 10 }, (_, i) => ({
    place_id: `map-oer-${i}`,
    name: `Oerlikon Bakery ${i + 1}`,
    latitude: 47.405 + (i % 5) * 0.004,
    longitude: 8.53 + Math.floor(i / 5) * 0.01,
  })),
].map((row, i) => ({ ...row, category: "Bakery", city: "Zürich", country_code: "CH", rating: 4, reviews: 100 - i }));

let server: RunningServer | undefined;
let styleServer: http.Server | undefined;
let baseUrl = "";
let dataDir = "";
let businessSlug = "";

function shot(page: Page, name: string): Promise<Buffer> {
  fs.mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** Scripts the page loads, and the gzipped size of those loaded so far. */
function recordScripts(page: Page) {
  const scripts: Array<{ url: string; body: Promise<Buffer> }> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({ url: response.url(), body: response.body() });
  });
  return {
    urls: () => scripts.map((script) => script.url),
    gzippedBytes: async (keep: (url: string) => boolean = () => true) =>
      (await Promise.all(scripts.filter((script) => keep(script.url)).map((script) => script.body))).reduce(
        (sum, body) => sum + gzipSync(body).length,
        0,
      ),
  };
}

/** Requests for the configured (local) style, made by the page or its workers. */
function recordStyleRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.url() === process.env.MAP_STYLE_URL) urls.push(request.url());
  });
  return urls;
}

/** The page never scrolls sideways, and neither does the list of results. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    lists: [...document.querySelectorAll("ul:has(> li[data-result-slug])")].map((list) => list.scrollWidth - list.clientWidth),
  }));
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.lists.every((extra) => extra <= 0)).toBe(true);
}

const mapState = (page: Page) => page.locator("[data-results-map-state]").getAttribute("data-results-map-state");

async function waitForResultsMap(page: Page): Promise<string> {
  await page.waitForFunction(
    () => ["ready", "failed"].includes(document.querySelector("[data-results-map-state]")?.getAttribute("data-results-map-state") ?? ""),
    undefined,
    {
      timeout: 20_000,
    },
  );
  return (await mapState(page)) ?? "";
}

describe.skipIf(!chromium || !demoBaseUrl)("maps in Chromium", () => {
  let browser: Browser;
  let webgl = false;

  beforeAll(async () => {
    styleServer = http.createServer((req, res) => {
      if (req.url !== "/style.json") {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" }).end(JSON.stringify(LOCAL_STYLE));
    });
    await new Promise<void>((resolve) => styleServer?.listen(0, "127.0.0.1", resolve));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-maps-"));
    process.env.DATA_DIR = dataDir;
    process.env.MAP_STYLE_URL = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}/style.json`;
    delete process.env.DATABASE_URL;
    delete process.env.MEILI_URL;
    delete process.env.SITE_URL;
    const db = await getDatabase();
    await importFixtureRows(db, FIXTURES, { source: "maps-browser-test" });
    const [row] = await db.query<{ slug: string }>("select slug from businesses where place_id = 'map-old-0'");
    businessSlug = row?.slug ?? "";
    server = await startBuiltServer({ database: db });
    baseUrl = `http://127.0.0.1:${server.port}`;
    browser = await launchChromium();
    const probe = await browser.newPage();
    webgl = await probe.evaluate(() =>
      Boolean(document.createElement("canvas").getContext("webgl2") ?? document.createElement("canvas").getContext("webgl")),
    );
    await probe.close();
    console.info(`maps: WebGL ${webgl ? "available" : "unavailable (maps fall back to their static card)"}`);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((resolve) => styleServer?.close(resolve));
    await closeDatabase();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [width, viewport] of Object.entries(WIDTHS)) {
    it(`business page: the map renders with a reachable style (${width} px)`, async () => {
      const page = await browser.newPage({ viewport });
      const styleRequests = recordStyleRequests(page);
      await page.goto(`${baseUrl}/business/${businessSlug}`, { waitUntil: "networkidle" });
      const map = page.locator("[data-map-state]");
      await map.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () => ["ready", "failed"].includes(document.querySelector("[data-map-state]")?.getAttribute("data-map-state") ?? ""),
        undefined,
        {
          timeout: 20_000,
        },
      );
      await expect(map.getAttribute("data-map-state")).resolves.toBe(webgl ? "ready" : "failed");
      expect(await map.locator("canvas.maplibregl-canvas").count()).toBe(webgl ? 1 : 0);
      // One style request: the JSON the reachability check fetched is what maplibre draws (it used to fetch it again).
      await page.waitForLoadState("networkidle");
      expect(styleRequests).toHaveLength(1);
      await shot(page, `business-map-local-style-${width}`);
      await page.close();
    });

    it(`/search: the map opens beside the list on a wide screen, behind "Show map" on a narrow one; maplibre stays out of the initial JS; clustered; "Search this area" re-queries the box (${width} px)`, async () => {
      const wide = viewport.width >= 1024;
      const page = await browser.newPage({ viewport });
      const styleRequests = recordStyleRequests(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const scripts = recordScripts(page);
      const mapRequests: string[] = [];
      page.on("request", (request) => {
        if (MAPLIBRE_CHUNK.test(request.url()) || request.url().startsWith(process.env.MAP_STYLE_URL ?? "-")) mapRequests.push(request.url());
      });
      await page.goto(`${baseUrl}/search?q=bakery`, { waitUntil: "networkidle" });
      await expect(page.locator("#results-summary").textContent()).resolves.toMatch(/of 24 businesses/);
      // The initial JS is what the page's HTML loads: maplibre is never in it (on a wide screen it follows, lazily).
      const html = await (await fetch(`${baseUrl}/search?q=bakery`)).text();
      expect(html).not.toMatch(/maplibre/);
      const inHtml = (url: string) => html.includes(new URL(url).pathname);
      const initialJs = await scripts.gzippedBytes(inHtml);
      const lazyJs = await scripts.gzippedBytes((url) => !inHtml(url));
      console.info(
        `/search initial JS (${width} px): ${(initialJs / 1024).toFixed(1)} KB gzipped; map JS loaded after it: ${(lazyJs / 1024).toFixed(1)} KB`,
      );
      expect(initialJs).toBeLessThanOrEqual(150 * 1024);
      // Narrow: nothing but the initial JS until the map is asked for.
      if (!wide) expect(lazyJs).toBe(0);
      await expectNoHorizontalOverflow(page);

      if (wide) {
        // Beside the list from the start, no click needed; the button hides it.
        await expect(page.getByRole("button", { name: "Hide map" }).getAttribute("aria-expanded")).resolves.toBe("true");
      } else {
        expect(mapRequests).toEqual([]);
        expect(await findSeriousAxeViolations(page)).toEqual([]);
        await shot(page, `search-before-map-${width}`);
        // Keyboard: the toggle is a button reached by Tab and pressed with Enter.
        const toggle = page.getByRole("button", { name: "Show map" });
        await toggle.focus();
        expect(await toggle.evaluate((element) => element.matches(":focus-visible") || document.activeElement === element)).toBe(true);
        await page.keyboard.press("Enter");
        await expect(page.getByRole("button", { name: "Hide map" }).getAttribute("aria-expanded")).resolves.toBe("true");
      }
      const state = await waitForResultsMap(page);
      expect(mapRequests.some((url) => MAPLIBRE_CHUNK.test(url))).toBe(true);
      expect(state).toBe(webgl ? "ready" : "failed");
      await page.waitForLoadState("networkidle");
      expect(styleRequests).toHaveLength(1);
      if (!webgl) {
        await page.getByText("The map could not be loaded. The results are listed below.").waitFor();
        await page.close();
        return;
      }
      const region = page.getByRole("region", { name: "Map of these results" });
      expect(await region.locator("canvas.maplibregl-canvas").count()).toBe(1);
      // Clustered: the old town's 14 bakeries share a cluster button; Oerlikon's are apart or in small clusters.
      const cluster = region.getByRole("button", { name: /^\d+ results here: zoom in$/ }).first();
      await cluster.waitFor();
      const clustered = await region
        .getByRole("button", { name: /results here: zoom in/ })
        .evaluateAll((buttons) => buttons.reduce((sum, button) => sum + Number(button.textContent), 0));
      const singles = await region.locator("[data-map-place]").count();
      expect(clustered + singles).toBe(20);
      expect(clustered).toBeGreaterThan(1);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await expectNoHorizontalOverflow(page);
      if (wide) {
        // Beside the list: the map's column is right of the list's, their tops aligned.
        const list = await page.locator("li[data-result-slug]").first().boundingBox();
        const mapBox = await region.boundingBox();
        expect(mapBox && list && mapBox.x > list.x + list.width).toBe(true);
      }
      await shot(page, `search-map-open-${width}`);

      // The biggest cluster is the old town: zoom into it from the keyboard, then search that area.
      const biggest = region.getByRole("button", { name: /results here: zoom in/ });
      const counts = await biggest.evaluateAll((buttons) => buttons.map((button) => Number(button.textContent)));
      const target = biggest.nth(counts.indexOf(Math.max(...counts)));
      await target.focus();
      await page.keyboard.press("Enter");
      await page.waitForTimeout(1200);
      await page.getByRole("button", { name: "Search this area" }).click();
      await page.waitForURL((url) => url.searchParams.has("bbox"));
      const box = (new URL(page.url()).searchParams.get("bbox") ?? "").split(",").map(Number);
      expect(box).toHaveLength(4);
      await page.waitForFunction(() => !/of 24 businesses/.test(document.querySelector("#results-summary")?.textContent ?? ""), undefined, {
        timeout: 10_000,
      });
      const names = await page.locator('main a[href^="/business/"] h3, main a[href^="/business/"] h2').allTextContents();
      const cards = await page
        .locator("main")
        .getByText(/(Altstadt|Oerlikon) Bakery \d+/)
        .allTextContents();
      expect(cards.length + names.length).toBeGreaterThan(0);
      expect(cards.every((name) => name.startsWith("Altstadt"))).toBe(true);
      await page.getByRole("link", { name: "Remove filter: In the map area" }).waitFor();
      // The map stayed open on the area the visitor chose.
      await expect(mapState(page)).resolves.toBe("ready");
      await shot(page, `search-this-area-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("city page: the same results map opens on the city's businesses", async () => {
    const page = await browser.newPage({ viewport: WIDTHS["1280"] });
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const response = await page.goto(`${baseUrl}/cities/ch/zurich`, { waitUntil: "domcontentloaded" });
    expect(await response?.text()).not.toMatch(/maplibre/);
    // 1280 px: beside the list from the start.
    expect(await waitForResultsMap(page)).toBe(webgl ? "ready" : "failed");
    if (webgl)
      await page
        .getByRole("region", { name: "Map of these results" })
        .getByRole("button", { name: /results here: zoom in/ })
        .first()
        .waitFor();
    await shot(page, "city-map-open-1280");
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  for (const [width, viewport] of Object.entries(WIDTHS)) {
    it(`results map ↔ list: a card highlights its marker, a marker selects its card, the layout never moves (${width} px)`, async () => {
      if (!webgl) return;
      const page = await browser.newPage({ viewport });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      // Hydration must match the server's HTML (the map column and button are drawn there already).
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto(`${baseUrl}/search?q=bakery`, { waitUntil: "networkidle" });
      if (viewport.width < 1024) await page.getByRole("button", { name: "Show map" }).click();
      expect(await waitForResultsMap(page)).toBe("ready");
      // The map column is in the server's HTML: opening it on a wide screen moves nothing (cumulative layout shift).
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) =>
              resolve(list.getEntries().reduce((sum, entry) => sum + ((entry as PerformanceEntry & { value?: number }).value ?? 0), 0)),
            ).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(0), 500);
          }),
      );
      console.info(`/search layout shift while loading (${width} px): ${shift.toFixed(3)}`);
      if (viewport.width >= 1024) expect(shift).toBeLessThan(0.01);
      const region = page.getByRole("region", { name: "Map of these results" });
      await region
        .getByRole("button", { name: /results here: zoom in/ })
        .first()
        .waitFor();
      // A narrow map clusters more: zoom into the smallest cluster until three results stand alone.
      // Markers of places outside the visible area exist too (the source's tiles reach past it): only the visible count.
      const visible = (selector: string) =>
        region.locator(selector).evaluateAll((markers) => {
          const frame = document.querySelector("[data-results-map-state]")?.getBoundingClientRect();
          return markers.flatMap((marker, index) => {
            const box = marker.getBoundingClientRect();
            const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
            return frame && x > frame.left && x < frame.right && y > frame.top + 60 && y < frame.bottom
              ? [{ index, slug: marker.getAttribute("data-map-place") ?? "", count: Number(marker.textContent) }]
              : [];
          });
        });
      for (let attempt = 0; attempt < 5 && (await visible("[data-map-place]")).length < 3; attempt++) {
        const clusters = await visible('[aria-label$="results here: zoom in"]');
        const smallest = clusters.reduce((best, cluster) => (cluster.count < best.count ? cluster : best));
        await region.locator('[aria-label$="results here: zoom in"]').nth(smallest.index).click();
        await page.waitForTimeout(1200);
      }
      const cardBoxes = () =>
        page.locator("li[data-result-slug]").evaluateAll((cards) =>
          cards.map((card) => {
            const box = card.getBoundingClientRect();
            return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
          }),
        );
      const layout = await cardBoxes();
      const active = () => region.locator("[data-active]").evaluateAll((markers) => markers.map((marker) => marker.getAttribute("aria-label")));
      const singles = (await visible("[data-map-place]")).map((marker) => marker.slug);
      expect(singles.length).toBeGreaterThan(1);
      const [first = "", second = "", third = ""] = singles;
      const card = (slug: string) => page.locator(`li[data-result-slug="${slug}"]`);
      const name = async (slug: string) => (await card(slug).locator("h2, h3").first().textContent())?.trim() ?? "";

      // Card → marker, with the pointer and with the keyboard.
      await card(first).hover();
      await expect.poll(active).toEqual([`${await name(first)}: show in the list`]);
      await page.mouse.move(viewport.width - 2, viewport.height - 2);
      await card(second).locator("a").first().focus();
      await expect.poll(active).toEqual([`${await name(second)}: show in the list`]);
      // A card whose place sits in a cluster highlights that cluster.
      const clusteredSlug = await page
        .locator("li[data-result-slug]")
        .evaluateAll(
          (cards, plotted) => cards.map((item) => item.getAttribute("data-result-slug")).find((slug) => slug && !plotted.includes(slug)),
          await region.locator("[data-map-place]").evaluateAll((markers) => markers.map((marker) => marker.getAttribute("data-map-place"))),
        );
      expect(clusteredSlug).toBeTruthy();
      await card(clusteredSlug ?? "")
        .locator("a")
        .first()
        .focus();
      await expect.poll(active).toEqual([expect.stringMatching(/^\d+ results here: zoom in$/)]);

      // Marker → card: Enter on a marker outlines its card, scrolls to it and moves focus into it.
      await region.locator(`[data-map-place="${third}"]`).focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => card(third).evaluate((item) => item.hasAttribute("data-map-active")), { message: "Enter outlines the card" })
        .toBe(true);
      await expect.poll(() => card(third).evaluate((item) => item.contains(document.activeElement)), { message: "focus in the card" }).toBe(true);
      await expect
        .poll(
          () => card(third).evaluate((item) => item.getBoundingClientRect().top >= 0 && item.getBoundingClientRect().bottom <= window.innerHeight),
          { message: "the card is scrolled into view" },
        )
        .toBe(true);
      await expect.poll(active).toEqual([`${await name(third)}: show in the list`]);
      await shot(page, `search-map-linked-${width}`);
      // A click does the same; one card is outlined at a time.
      await page.evaluate(() => document.querySelector("[data-results-map-state]")?.scrollIntoView({ block: "center" }));
      await region.locator(`[data-map-place="${first}"]`).click();
      await expect
        .poll(() => card(first).evaluate((item) => item.hasAttribute("data-map-active")), { message: "a click outlines the card" })
        .toBe(true);
      expect(await page.locator("li[data-map-active]").count()).toBe(1);
      // Outlines and highlights moved nothing (positions measured against the document).
      expect(await cardBoxes()).toEqual(layout);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const [width, viewport] of Object.entries(WIDTHS))
    it(`results map: the list comes first in tab order, the map fits the first view and grows as the page scrolls, the wheel zooms it beside the list (${width} px)`, async () => {
      if (!webgl) return;
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/search?q=bakery`, { waitUntil: "networkidle" });
      // "Show map" on a phone (its name turns to "Hide map" once open), "Hide map" beside the list.
      const toggle = page.getByRole("button", { name: /^(Show|Hide) map$/ });
      if (viewport.width < 1024) await toggle.click();
      expect(await waitForResultsMap(page)).toBe("ready");
      // Tab from the map button reaches the first result before any marker or map control.
      await toggle.focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("li[data-result-slug]") !== null)).toBe(true);
      const frame = page.locator("[data-results-map-state]");
      const gestureScreen = () => frame.locator(".maplibregl-cooperative-gesture-screen").count();
      if (viewport.width >= 1024) {
        // Beside the list: the whole map is in the first view (it starts where the list starts)…
        const first = await frame.boundingBox();
        expect(first && first.y + first.height).toBeLessThanOrEqual(viewport.height);
        expect(first?.height ?? 0).toBeGreaterThanOrEqual(384);
        // …and once it sticks under the header it takes the height of the viewport there.
        await page.mouse.wheel(0, 700);
        await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan((first?.height ?? 0) + 100);
        const stuck = await frame.boundingBox();
        expect(stuck && stuck.y + stuck.height).toBeLessThanOrEqual(viewport.height);
        await shot(page, `search-map-scrolled-${width}`);
        // The page scrolls over the list, so the wheel over the map zooms it (no "Ctrl + scroll" screen).
        expect(await gestureScreen()).toBe(0);
      } else {
        // Above the list on a phone: the map shows first, and a wheel or one finger over it still scrolls the page.
        const [map, list] = await Promise.all([frame.boundingBox(), page.locator("li[data-result-slug]").first().boundingBox()]);
        expect(map && list && map.y < list.y).toBe(true);
        expect(await gestureScreen()).toBe(1);
      }
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await page.close();
    });

  for (const [width, viewport] of Object.entries(WIDTHS))
    it(`without JavaScript the results pages work and show no map button or map column (${width} px)`, async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/search?q=bakery`);
      await expect(page.locator("#results-summary").textContent()).resolves.toMatch(/of 24 businesses/);
      expect(await page.getByRole("button", { name: "Show map" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Hide map" }).count()).toBe(0);
      expect(await page.getByRole("region", { name: "Map of these results" }).count()).toBe(0);
      // The list takes the whole results column: no empty map column beside it.
      const list = await page.locator("ul:has(> li[data-result-slug])").boundingBox();
      const column = await page.locator("section[aria-labelledby=results-summary]").boundingBox();
      expect(list && column && Math.abs(list.width - column.width) < 2).toBe(true);
      await context.close();
    });

  it("/search at 1280 px with the default style unreachable: one style request, no map JS, the list takes the column back", async () => {
    const page = await browser.newPage({ viewport: WIDTHS["1280"] });
    const styleRequests: string[] = [];
    const mapScripts: string[] = [];
    page.on("request", (request) => {
      if (MAPLIBRE_CHUNK.test(request.url())) mapScripts.push(request.url());
    });
    await page.route(`${new URL(DEFAULT_MAP_STYLE_URL).origin}/**`, (route) => {
      styleRequests.push(route.request().url());
      return route.abort("internetdisconnected");
    });
    await page.goto(`${demoBaseUrl}/search?q=restaurant`, { waitUntil: "domcontentloaded" });
    expect(await waitForResultsMap(page)).toBe("failed");
    await page.getByText("The map could not be loaded. The results are listed below.").waitFor();
    expect(styleRequests).toEqual([DEFAULT_MAP_STYLE_URL]);
    expect(mapScripts).toEqual([]);
    const list = await page.locator("ul:has(> li[data-result-slug])").boundingBox();
    const column = await page.locator("section[aria-labelledby=results-summary]").boundingBox();
    expect(list && column && Math.abs(list.width - column.width) < 2).toBe(true);
    await expectNoHorizontalOverflow(page);
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await shot(page, "search-map-unreachable-1280");
    await page.close();
  });

  for (const [width, viewport] of Object.entries(WIDTHS)) {
    it(`the default style (OpenFreeMap), unreachable here, leaves the static card and no error spam (${width} px)`, async () => {
      const page = await browser.newPage({ viewport });
      const consoleErrors: string[] = [];
      const pageErrors: string[] = [];
      const styleRequests: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") consoleErrors.push(`${message.text()} @ ${message.location().url}`);
      });
      page.on("pageerror", (error) => pageErrors.push(error.message));
      // NOTE: the demo server runs without MAP_STYLE_URL, so its maps use the default; the route makes it unreachable
      // even on a machine with internet.
      await page.route(`${new URL(DEFAULT_MAP_STYLE_URL).origin}/**`, (route) => {
        styleRequests.push(route.request().url());
        return route.abort("internetdisconnected");
      });
      const found = (await (await fetch(`${demoBaseUrl}/api/search?q=restaurant&per_page=50`)).json()) as {
        hits: Array<{ slug: string; latitude: number | null }>;
      };
      const slug = found.hits.find((hit) => hit.latitude !== null)?.slug;
      expect(slug).toBeTruthy();
      // NOTE: not "networkidle": the demo listings' photos are remote and hang on a machine without internet.
      const response = await page.goto(`${demoBaseUrl}/business/${slug}`, { waitUntil: "domcontentloaded" });
      expect(response?.headers()["content-security-policy"]).toContain("connect-src 'self' https: https://tiles.openfreemap.org");
      const map = page.locator("[data-map-state]");
      await map.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector("[data-map-state]")?.getAttribute("data-map-state") === "failed", undefined, {
        timeout: 20_000,
      });
      expect(styleRequests).toEqual([DEFAULT_MAP_STYLE_URL]);
      // The card, not a blank box: the address line, the coordinates and the maps link are visible.
      await expect(map.getByRole("link", { name: /Open in maps/ }).isVisible()).resolves.toBe(true);
      await expect(map.getByText(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/).isVisible()).resolves.toBe(true);
      await map.screenshot({ path: path.join(SHOTS, `business-map-fallback-${width}.png`) });
      expect(pageErrors).toEqual([]);
      // At most the one failed style request is logged by the browser itself (the demo's remote photos aside).
      console.info(`fallback console errors (${width} px): ${JSON.stringify(consoleErrors)}`);
      expect(
        consoleErrors.filter((text) => !/ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|ERR_TIMED_OUT/.test(text) || text.includes("openfreemap")).length,
      ).toBeLessThanOrEqual(1);
      await page.close();
    });
  }
});
