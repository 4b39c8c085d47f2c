// The business page in real Chromium against the built app, served in-process over its own small directory
// (fixtures with known hours, time zones, coordinates, ad codes and an old slug): phone and desktop widths.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { refreshAggregates } from "../../db/writes/aggregates.ts";
import type { RawBusiness } from "../../ingest-cli/pipeline/normalize/business.ts";
import { importFixtureRows } from "../../ingest-cli/testing/import-fixture-rows.ts";
import type { RunningServer } from "~/server/index";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";
import { startBuiltServer } from "~/testing/in-process-server";
import { addDays, DAY_LABELS, readLocalDateTime, readLocalWeekTime, WEEK_DAYS } from "../../db/rules/opening-hours.ts";

const chromium = findChromium();
const demoBaseUrl = inject("browserBaseUrl");
const built = Boolean(demoBaseUrl);
// NOTE: never fetched for real: each test either fulfils it (a map that loads) or lets it fail (no network).
const MAP_STYLE_URL = "http://map-style.invalid/style.json";
const MAP_STYLE = { version: 8, sources: {}, layers: [{ id: "land", type: "background", paint: { "background-color": "#e8eef7" } }] };
const MAP_CHUNK = /\/build\/.*business-map-maplibre/;
const TOKYO = "Asia/Tokyo";

/** "HH:MM" of a minute of the day, clamped to the day (24:00 closes at midnight). */
function clock(minute: number): string {
  const m = Math.max(0, Math.min(24 * 60, minute));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Open for an hour either side of now in Tokyo, on Tokyo's today only: read on UTC's clock it would say closed. */
function hoursOpenNowInTokyo() {
  const { day, minute } = readLocalWeekTime(new Date(), TOKYO);
  const [opens, closes] = [clock(minute - 60), clock(minute + 60)];
  return { today: day, opens, closes, week: { [day]: [[opens, closes]] } };
}

const AUCKLAND = "Pacific/Auckland";
/** Auckland's calendar today (UTC+12/13: usually a day ahead of UTC's in the evening), and the days around it. */
const aucklandToday = readLocalDateTime(new Date(), AUCKLAND);
const AUCKLAND_SPECIAL = {
  today: aucklandToday.date,
  soon: addDays(aucklandToday.date, 3),
  later: addDays(aucklandToday.date, 40),
  tomorrow: DAY_LABELS[WEEK_DAYS[(WEEK_DAYS.indexOf(aucklandToday.day) + 1) % 7] as (typeof WEEK_DAYS)[number]].slice(0, 3),
};

const AMENITIES = Object.fromEntries(
  [
    "Takeout",
    "Dine-in",
    "Delivery",
    "Free Wi-Fi",
    "Restroom",
    "Bar onsite",
    "Good for kids",
    "Outdoor seating",
    "Late-night food",
    "Vegetarian options",
  ].map((name) => [name, true]),
);

const FIXTURES: RawBusiness[] = [
  {
    name: "Kōji Ramen & Bar",
    category: "Ramen restaurant",
    type: "Ramen restaurant",
    city: "Tokyo",
    country_code: "JP",
    place_id: "fx-ramen",
    full_address: "1-2-3 Dogenzaka, Shibuya, Tokyo, Japan",
    phone: "+81 3-1234-5678",
    latitude: 35.6595,
    longitude: 139.7005,
    time_zone: TOKYO,
    // Port 9 (discard) refuses at once: the photo is broken before hydration.
    photo: "http://127.0.0.1:9/koji.jpg",
    rating: 4.6,
    reviews: 1280,
    verified: true,
    url: "https://koji-ramen.example",
    about: JSON.stringify({ "Service options": AMENITIES, Extras: { "Hidden flag": false } }),
    description: "Slow-simmered tonkotsu broth, hand-pulled noodles and a late bar.",
  },
  { name: "Quiet Pages", category: "Book store", city: "Lyon", country_code: "FR", place_id: "fx-books", rating: 4.2, reviews: 12 },
  {
    name: "Evil </script><script>window.__pwned=1</script> Diner",
    category: "Diner",
    city: "Oslo",
    country_code: "NO",
    place_id: "fx-evil",
    rating: 3.1,
    reviews: 2,
  },
  // Closed: its page stays, with a banner and noindex. Its amenities read back from jsonb with "Crowd" first.
  {
    name: "Old Mill Café",
    category: "Cafe",
    city: "Lyon",
    country_code: "FR",
    place_id: "fx-closed",
    rating: 4.4,
    reviews: 310,
    business_status: "CLOSED_PERMANENTLY",
    about: JSON.stringify({
      Crowd: { Tourists: true, "University students": true },
      Payments: { "Credit cards": true },
      Accessibility: { "Wheelchair accessible entrance": true },
    }),
  },
  { name: "Lock Keeper Café", category: "Cafe", city: "Lyon", country_code: "FR", place_id: "fx-paused", business_status: "CLOSED_TEMPORARILY" },
  // Open around the clock, but closed on Auckland's today for a holiday (Outscraper other_hours shape, imported).
  {
    name: "Harbour Holiday Deli",
    category: "Deli",
    city: "Auckland",
    country_code: "NZ",
    place_id: "fx-holiday",
    time_zone: AUCKLAND,
    working_hours: JSON.stringify(Object.fromEntries(WEEK_DAYS.map((day) => [day, "Open 24 hours"]))),
    special_hours: JSON.stringify([
      { kitchen: { Monday: "11am-2pm" } },
      {
        holiday_hours: {
          [AUCKLAND_SPECIAL.today]: "Closed",
          [AUCKLAND_SPECIAL.soon]: "10am-2pm",
          [AUCKLAND_SPECIAL.later]: "Closed",
        },
      },
    ]),
  },
];

let server: RunningServer | undefined;
let baseUrl = "";
let dataDir = "";
const slugs: Record<string, string> = {};
let ramenToday: (typeof WEEK_DAYS)[number] = "monday";
let ramenOpenLabel = "";
let ramenClosedLabel = "";

async function seedFixtures(): Promise<void> {
  const db = await getDatabase();
  // The counts are refreshed below, after the fixed hours and the ads.
  await importFixtureRows(db, FIXTURES, { source: "browser-test", refreshAggregates: false });
  const ramenHours = hoursOpenNowInTokyo();
  ramenToday = ramenHours.today;
  // Tokyo's own clock, whatever the machine's: a close at 24:00 reads 00:00; closed, it opens on this weekday next week.
  ramenOpenLabel = `Open now · closes ${ramenHours.closes === "24:00" ? "00:00" : ramenHours.closes}`;
  ramenClosedLabel = `Closed · opens ${DAY_LABELS[ramenToday].slice(0, 3)} ${ramenHours.opens}`;
  await db.query("update businesses set working_hours = $1::jsonb where place_id = 'fx-ramen'", [JSON.stringify(ramenHours.week)]);
  await db.query("insert into slug_redirects (old_slug, business_id) select 'koji-ramen-old-name', id from businesses where place_id = 'fx-ramen'");
  await db.query(
    `insert into ad_codes (id, ad1, ad2, ad3, ad4) values (1, $1, $2, $3, $4)
     on conflict (id) do update set ad1 = excluded.ad1, ad2 = excluded.ad2, ad3 = excluded.ad3, ad4 = excluded.ad4`,
    ["<p id='ad-one'>Ad one</p><script>document.body.dataset.ran = 'yes'</script>", "   ", "<b>Ad three</b>", ""],
  );
  await refreshAggregates(db);
  for (const row of await db.query<{ place_id: string; slug: string }>("select place_id, slug from businesses where place_id like 'fx-%'")) {
    slugs[row.place_id] = row.slug;
  }
}

describe.skipIf(!chromium || !built)("business page in Chromium", () => {
  let browser: Browser;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-business-page-"));
    // The built server (in this same process) reads these once, and is handed this test's database handle.
    process.env.DATA_DIR = dataDir;
    process.env.MAP_STYLE_URL = MAP_STYLE_URL;
    delete process.env.DATABASE_URL;
    delete process.env.MEILI_URL;
    delete process.env.SITE_URL;
    await seedFixtures();
    server = await startBuiltServer({ database: await getDatabase() });
    baseUrl = `http://127.0.0.1:${server.port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await closeDatabase();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function openContext(viewport: keyof typeof VIEWPORTS): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    return context;
  }

  function recordScripts(page: Page): string[] {
    const urls: string[] = [];
    page.on("request", (request: Request) => {
      if (request.resourceType() === "script") urls.push(request.url());
    });
    return urls;
  }

  for (const viewport of ["phone", "desktop"] as const) {
    it(`shows the business with badge, hours, actions, ads and a lazy map (${viewport})`, async () => {
      const context = await openContext(viewport);
      const page = await context.newPage();
      const scripts = recordScripts(page);
      const response = await page.goto(`${baseUrl}/business/${slugs["fx-ramen"]}`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toContain("max-age=600");
      await expect(page.title()).resolves.toBe("Kōji Ramen & Bar - Ramen restaurant | Business Directory");

      await page.getByRole("heading", { level: 1, name: "Kōji Ramen & Bar" }).waitFor();
      // Open on Tokyo's clock (the hours only cover an hour either side of now there).
      await expect(page.getByTestId("open-badge").textContent()).resolves.toBe(ramenOpenLabel);
      expect(await page.getByText("Verified", { exact: true }).count()).toBe(1);
      expect(await page.getByText("(99+ reviews)").count()).toBe(1);

      // The week with Tokyo's today highlighted and marked.
      const rows = page.locator("section[aria-labelledby='hours-heading'] tbody tr");
      expect(await rows.count()).toBe(7);
      const today = page.locator("section[aria-labelledby='hours-heading'] tr[aria-current='date']");
      await expect(today.locator("th").textContent()).resolves.toBe(`${DAY_LABELS[ramenToday]}(Today)`);
      expect(await today.evaluate((row) => getComputedStyle(row).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");

      // Actions: tel:, directions by place id in a new tab.
      await expect(page.getByRole("link", { name: "Call Now" }).getAttribute("href")).resolves.toBe("tel:+81312345678");
      const directions = page.getByRole("link", { name: /Get Directions/ });
      await expect(directions.getAttribute("target")).resolves.toBe("_blank");
      expect(new URL((await directions.getAttribute("href")) ?? "").searchParams.get("destination_place_id")).toBe("fx-ramen");

      // Links: category, city, country.
      expect(await page.locator("a[href='/categories/ramen-restaurant']").count()).toBeGreaterThan(0);
      expect(await page.locator("a[href='/cities/jp/tokyo']").count()).toBeGreaterThan(0);
      expect(await page.locator("a[href='/countries/japan']").count()).toBeGreaterThan(0);

      // At most 8 amenities, only true ones.
      expect(await page.locator("section[aria-labelledby='amenities-heading'] li").count()).toBe(8);
      expect(await page.getByText("Hidden flag").count()).toBe(0);

      // The broken photo hid itself (its placeholder shows instead).
      expect(await page.getByTestId("business-photo").count()).toBe(0);

      // Ads: only the non-blank slots, each a sandboxed 300×250 srcdoc frame that cannot reach this page.
      const frames = page.locator("iframe[title='Advertisement']");
      expect(await frames.count()).toBe(2);
      for (const frame of await frames.all()) {
        await expect(frame.getAttribute("sandbox")).resolves.toBe("allow-scripts allow-popups allow-popups-to-escape-sandbox");
        await expect(frame.getAttribute("width")).resolves.toBe("300");
        await expect(frame.getAttribute("height")).resolves.toBe("250");
      }
      expect(await page.locator("[data-ad-slot]").evaluateAll((slots) => slots.map((slot) => slot.getAttribute("data-ad-slot")))).toEqual([
        "ad1",
        "ad3",
      ]);
      await expect(page.frameLocator("[data-ad-slot='ad1'] iframe").locator("#ad-one").textContent()).resolves.toBe("Ad one");
      await expect(page.frameLocator("[data-ad-slot='ad3'] iframe").locator("b").textContent()).resolves.toBe("Ad three");
      expect(await page.evaluate(() => document.body.dataset.ran)).toBeUndefined();

      // JSON-LD: LocalBusiness with geo, hours and rating, and a breadcrumb.
      const jsonLd = await page
        .locator("script[type='application/ld+json']")
        .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? "")));
      const business = jsonLd.find((data) => data["@type"] === "LocalBusiness");
      expect(business).toMatchObject({
        name: "Kōji Ramen & Bar",
        // The dialable E.164 form (the page shows the national one).
        telephone: "+81312345678",
        geo: { latitude: 35.6595, longitude: 139.7005 },
        aggregateRating: { reviewCount: 1280 },
      });
      expect(business.url).toBe(`${baseUrl}/business/${slugs["fx-ramen"]}`);
      expect(business.openingHoursSpecification).toHaveLength(1);
      expect(jsonLd.some((data) => data["@type"] === "BreadcrumbList")).toBe(true);
      await expect(page.locator("link[rel='canonical']").getAttribute("href")).resolves.toBe(business.url);
      await expect(page.locator("meta[property='og:image']").getAttribute("content")).resolves.toBe("http://127.0.0.1:9/koji.jpg");

      // The map chunk is not part of the first load; scrolling the map into view loads it.
      expect(scripts.filter((url) => MAP_CHUNK.test(url))).toEqual([]);
      const map = page.locator("[data-map-state]");
      await expect(map.getAttribute("data-map-state")).resolves.toBe("static");
      const webgl = await page.evaluate(() =>
        Boolean(document.createElement("canvas").getContext("webgl2") ?? document.createElement("canvas").getContext("webgl")),
      );
      await page.route(MAP_STYLE_URL, (route) => route.fulfill({ json: MAP_STYLE }));
      const chunk = page.waitForRequest(MAP_CHUNK);
      await map.scrollIntoViewIfNeeded();
      await chunk;
      await page.waitForFunction(
        () => ["ready", "failed"].includes(document.querySelector("[data-map-state]")?.getAttribute("data-map-state") ?? ""),
        undefined,
        { timeout: 20_000 },
      );
      // Without WebGL (some headless machines) the static card must stay; with it, the map renders.
      await expect(map.getAttribute("data-map-state")).resolves.toBe(webgl ? "ready" : "failed");
      if (webgl) expect(await map.locator("canvas.maplibregl-canvas").count()).toBe(1);
      console.info(`map on ${viewport}: WebGL ${webgl ? "available, map rendered" : "unavailable, static card kept"}`);

      // Share (from the keyboard) copies the canonical URL and says so for 2 seconds.
      const share = page.getByRole("button", { name: "Share" });
      await share.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Copied!" }).waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(business.url);
      await page.getByText("Link copied", { exact: true }).waitFor();
      await saveScreenshot(page, "business", viewport);
      await page.getByRole("button", { name: "Share" }).waitFor({ timeout: 3000 });

      expect(await findSeriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await context.close();
    });
  }

  it("keeps the static map card, with a maps link, when the map style cannot load", async () => {
    const context = await openContext("desktop");
    const page = await context.newPage();
    await page.goto(`${baseUrl}/business/${slugs["fx-ramen"]}`, { waitUntil: "networkidle" });
    await page.route(MAP_STYLE_URL, (route) => route.abort("internetdisconnected"));
    const map = page.locator("[data-map-state]");
    await map.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector("[data-map-state]")?.getAttribute("data-map-state") === "failed", undefined, {
      timeout: 20_000,
    });
    await map.getByText("35.65950, 139.70050").waitFor();
    const link = map.getByRole("link", { name: /Open in maps/ });
    expect(new URL((await link.getAttribute("href")) ?? "").searchParams.get("query")).toBe("35.6595,139.7005");
    await context.close();
  });

  it("refreshes the open badge on the visitor's clock, so a cached page does not stay 'Open'", async () => {
    const context = await openContext("desktop");
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${baseUrl}/business/${slugs["fx-ramen"]}`, { waitUntil: "networkidle" });
    await expect(page.getByTestId("open-badge").textContent()).resolves.toBe(ramenOpenLabel);
    // Two hours later the one-hour-either-side range has ended in Tokyo.
    await page.clock.fastForward("02:00:00");
    await page.getByTestId("open-badge").getByText(ramenClosedLabel, { exact: true }).waitFor({ timeout: 5000 });
    await context.close();
  });

  it("reads and navigates without JavaScript", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/business/${slugs["fx-ramen"]}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Kōji Ramen & Bar" }).waitFor();
    await expect(page.getByTestId("open-badge").textContent()).resolves.toBe(ramenOpenLabel);
    expect(await page.locator("section[aria-labelledby='hours-heading'] tr[aria-current='date']").count()).toBe(1);
    expect(await page.getByRole("link", { name: /Open in maps/ }).count()).toBe(1);
    expect(await page.locator("iframe[title='Advertisement']").count()).toBe(2);
    // The broken photo has an empty alt, so it draws nothing over its placeholder.
    await expect(page.getByTestId("business-photo").getAttribute("alt")).resolves.toBe("");
    await context.close();
  });

  for (const [viewport, size] of [
    ["390", { width: 390, height: 844 }],
    ["1280", { width: 1280, height: 900 }],
  ] as const) {
    it(`keeps a closed business's page: banner, noindex, useful amenities first (${viewport} px)`, async () => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      for (const [placeId, label] of [
        ["fx-paused", "Temporarily closed"],
        ["fx-closed", "Permanently closed"],
      ] as const) {
        const response = await page.goto(`${baseUrl}/business/${slugs[placeId]}`, { waitUntil: "networkidle" });
        expect(response?.status()).toBe(200);
        await expect(page.locator("meta[name='robots']").getAttribute("content")).resolves.toMatch(/^noindex\b/);
        // A note named by its label, above the header: inside the first screen on arrival.
        const banner = page.getByRole("note", { name: label });
        await banner.waitFor();
        expect(await banner.isVisible()).toBe(true);
        await expect(banner.textContent()).resolves.toContain(label);
        const box = await banner.boundingBox();
        expect(box && box.y + box.height).toBeLessThan(size.height);
        expect(box && box.x + box.width).toBeLessThanOrEqual(size.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        // The open/closed-now badge does not contradict it.
        expect(await page.getByTestId("open-badge").count()).toBe(0);
      }
      const amenities = await page.locator("section[aria-labelledby='amenities-heading'] li").allTextContents();
      expect(amenities.map((text) => text.trim())).toEqual(["Wheelchair accessible entrance", "Credit cards", "Tourists", "University students"]);
      await saveScreenshot(page, `business-closed-${viewport}`, viewport === "390" ? "phone" : "desktop");
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  for (const [viewport, size] of [
    ["390", { width: 390, height: 844 }],
    ["1280", { width: 1280, height: 900 }],
  ] as const) {
    it(`shows the next 30 days' special hours under the week, and the badge follows them (${viewport} px)`, async () => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl}/business/${slugs["fx-holiday"]}`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      // The week says open 24 hours today; Auckland's holiday closes it until tomorrow's 00:00 there.
      await expect(page.getByTestId("open-badge").textContent()).resolves.toBe(`Closed · opens ${AUCKLAND_SPECIAL.tomorrow} 00:00`);
      const special = page.getByTestId("special-hours");
      await special.getByRole("heading", { name: "Special hours" }).waitFor();
      const rows = special.locator("tbody tr");
      expect(await rows.count()).toBe(2);
      await expect(rows.nth(0).locator("time").getAttribute("datetime")).resolves.toBe(AUCKLAND_SPECIAL.today);
      await expect(rows.nth(0).getAttribute("aria-current")).resolves.toBe("date");
      await expect(rows.nth(0).textContent()).resolves.toMatch(/\(Today\)Closed$/);
      await expect(rows.nth(1).locator("time").getAttribute("datetime")).resolves.toBe(AUCKLAND_SPECIAL.soon);
      await expect(rows.nth(1).locator("td").textContent()).resolves.toBe("10:00 AM – 2:00 PM");
      // The week's today row says the same as the badge, not the week's "Open 24 hours".
      const weekToday = page.locator("section[aria-labelledby='hours-heading'] table").first().locator("tr[aria-current='date']");
      await expect(weekToday.locator("td").textContent()).resolves.toBe("Closed");
      await expect(weekToday.locator("th").textContent()).resolves.toContain("Special hours");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await special.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `business-special-hours-${viewport}`, viewport === "390" ? "phone" : "desktop");
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it("shows what it can for a sparse business: no badge, no call button, fallback about, no location", async () => {
    const context = await openContext("phone");
    const page = await context.newPage();
    const scripts = recordScripts(page);
    const response = await page.goto(`${baseUrl}/business/${slugs["fx-books"]}`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("open-badge").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Call Now" }).count()).toBe(0);
    await page.getByText("Quiet Pages is a Book store in Lyon, France.").waitFor();
    await page.getByText("Location not available").waitFor();
    await page.getByText("Opening hours not available.").waitFor();
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
    expect(scripts.filter((url) => MAP_CHUNK.test(url))).toEqual([]);
    await saveScreenshot(page, "business-sparse", "phone");
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it("keeps a hostile business name inert in the title, page and JSON-LD", async () => {
    const context = await openContext("desktop");
    const page = await context.newPage();
    await page.goto(`${baseUrl}/business/${slugs["fx-evil"]}`, { waitUntil: "networkidle" });
    const jsonLd = await page.locator("script[type='application/ld+json']").first().textContent();
    expect(JSON.parse(jsonLd ?? "").name).toBe("Evil </script><script>window.__pwned=1</script> Diner");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await context.close();
  });

  it("opens a demo business from the home page's featured cards (client-side navigation)", async () => {
    const context = await openContext("desktop");
    const page = await context.newPage();
    await page.goto(demoBaseUrl, { waitUntil: "networkidle" });
    const card = page.locator('a[href^="/business/"]').first();
    const href = (await card.getAttribute("href")) ?? "";
    await card.click();
    await page.waitForURL(`${demoBaseUrl}${href}`);
    // NOTE: the URL changes a moment before the new page renders; wait for the business page itself.
    await page.locator("section[aria-labelledby='hours-heading']").waitFor();
    expect(await page.locator("section[aria-labelledby='hours-heading']").count()).toBe(1);
    expect(await page.locator("script[type='application/ld+json']").count()).toBe(2);
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it("answers an old slug with a 301 to the current one", async () => {
    const response = await fetch(`${baseUrl}/business/koji-ramen-old-name`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/business/${slugs["fx-ramen"]}`);
    const retried = await fetch(`${baseUrl}/business/${slugs["fx-books"]}-ab12cd`, { redirect: "manual" });
    expect(retried.status).toBe(301);
    expect(retried.headers.get("location")).toBe(`/business/${slugs["fx-books"]}`);
  });

  for (const viewport of ["phone", "desktop"] as const) {
    it(`shows 'Business Not Found' with a 404 for an unknown slug (${viewport})`, async () => {
      const context = await openContext(viewport);
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl}/business/no-such-business-here`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: "Business Not Found" }).waitFor();
      const search = page.locator("main").getByRole("button", { name: "Search" });
      expect(await search.isDisabled()).toBe(true);
      await page.getByLabel("What are you looking for?").fill("   ");
      expect(await search.isDisabled()).toBe(true);
      for (const href of ["/categories", "/countries", "/cities", "/"])
        expect(await page.locator(`main a[href='${href}']`).count()).toBeGreaterThan(0);
      await page.getByLabel("What are you looking for?").fill(" ramen ");
      await page.getByLabel("City or country").fill("Tokyo");
      await saveScreenshot(page, "business-not-found", viewport);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      const navigation = page.waitForURL(/\/search\?/);
      await page.getByLabel("What are you looking for?").press("Enter");
      await navigation;
      expect(new URL(page.url()).search).toBe("?q=ramen&location=Tokyo");
      await context.close();
    });
  }
});
