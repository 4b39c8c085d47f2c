// Cards tell listings apart: whole names (two lines at most, no 15-character cut), street and town, the phone in
// display form, open now on the business's clock (Tokyo, not the machine's UTC); the business page's website link carries
// no tracking parameters. The real built server, 390 and 1280 px.
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { findChromium, saveScreenshot } from "~/testing/chromium";
import { useImportedSite } from "~/testing/imported-site";
import { readLocalWeekTime, WEEK_DAYS } from "../../db/rules/opening-hours.ts";

const chromium = findChromium();
const enabled = Boolean(chromium && inject("browserBaseUrl"));
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const LONG_NAME = "Restaurant Le Chalet Suisse et Fondue Paradise am Zürichsee für Feinschmecker, Familien und Nachtschwärmer";
const FIXTURE = [
  "name,category,street,city,country_code,full_address,phone,website,place_id,rating,reviews",
  `Restaurant Le Chalet Suisse,Restaurant,Bahnhofstrasse 12,Zürich,CH,"Bahnhofstrasse 12, 8001 Zürich, Switzerland",+41441234567,https://chalet.example/menu?utm_source=gmb&utm_medium=organic&lang=de&gclid=xyz,cards-1,4.6,120`,
  `Restaurant Le Cygne Blanc,Restaurant,Limmatquai 4,Zürich,CH,"Limmatquai 4, 8001 Zürich, Switzerland",+41 44 765 43 21,,cards-2,4.2,40`,
  `"${LONG_NAME}",Restaurant,Seestrasse 80,Zürich,CH,"Seestrasse 80, 8002 Zürich, Switzerland",,,cards-3,4.0,12`,
].join("\n");

const TOKYO = "Asia/Tokyo";
const clock = (minute: number) => {
  const m = Math.max(0, Math.min(24 * 60, minute));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};
/** Le Chalet: open for an hour either side of now in Tokyo; Le Cygne: only two days later there, 09:00–17:00. */
function tokyoHours() {
  const { day, minute } = readLocalWeekTime(new Date(), TOKYO);
  const later = WEEK_DAYS[(WEEK_DAYS.indexOf(day) + 2) % 7] as (typeof WEEK_DAYS)[number];
  const closes = clock(minute + 60);
  return {
    chalet: { [day]: [[clock(minute - 60), closes]] },
    cygne: { [later]: [["09:00", "17:00"]] },
    chaletLine: `Open now · closes ${closes === "24:00" ? "00:00" : closes}`,
    cygneLine: `Closed · opens ${later.slice(0, 1).toUpperCase()}${later.slice(1, 3)} 09:00`,
  };
}
const HOURS = tokyoHours();

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** Each result card's name heading, place line and phone line, in page order. */
async function readCards(page: Page) {
  return page.locator('main a[href^="/business/"]:has(h3)').evaluateAll((links) =>
    links.map((link) => {
      const heading = link.querySelector("h3") as HTMLElement;
      const lines = [...link.querySelectorAll("p")].map((p) => p.textContent?.trim() ?? "");
      const lineHeight = parseFloat(getComputedStyle(heading).lineHeight);
      return {
        name: heading.textContent ?? "",
        lines,
        headingLines: Math.round(heading.getBoundingClientRect().height / lineHeight),
        clipped: heading.scrollHeight > heading.clientHeight + 1,
      };
    }),
  );
}

describe.skipIf(!enabled)("business cards and links in Chromium", () => {
  // Tokyo hours on Swiss listings: the line must follow the stored zone, not the country's or the machine's.
  const site = useImportedSite("cards", FIXTURE, async (handle) => {
    for (const [placeId, week] of [
      ["cards-1", HOURS.chalet],
      ["cards-2", HOURS.cygne],
    ] as const) {
      await handle.query("update businesses set working_hours = $1::jsonb, time_zone = $2 where place_id = $3", [
        JSON.stringify(week),
        TOKYO,
        placeId,
      ]);
    }
  });

  for (const [viewport, size] of Object.entries(SIZES) as Array<[keyof typeof SIZES, (typeof SIZES)[keyof typeof SIZES]]>) {
    it(`search, category and city cards show whole names, street and town, display phones and open now on the business's clock (${viewport})`, async () => {
      const page = await site.browser.newPage({ viewport: size });
      for (const target of ["/search?q=restaurant", "/categories/restaurant", "/cities/ch/zurich"]) {
        const response = await page.goto(`${site.server.url}${target}`, { waitUntil: "networkidle" });
        expect(response?.status(), target).toBe(200);
        // The open line appears once the page runs (on the visitor's clock), for the two cards with hours only.
        await page.getByTestId("card-open").nth(1).waitFor();
        const cards = await readCards(page);
        expect(cards.map((card) => card.name).sort(), target).toEqual([LONG_NAME, "Restaurant Le Chalet Suisse", "Restaurant Le Cygne Blanc"].sort());
        for (const card of cards) {
          expect(card.name, target).not.toContain("…");
          expect(card.headingLines, `${target}: ${card.name}`).toBeLessThanOrEqual(2);
        }
        // The long name is clamped, not cut: two lines, the rest hidden.
        expect(cards.find((card) => card.name === LONG_NAME)?.clipped, target).toBe(true);
        const chalet = cards.find((card) => card.name === "Restaurant Le Chalet Suisse");
        const cygne = cards.find((card) => card.name === "Restaurant Le Cygne Blanc");
        expect(chalet?.lines, target).toContain("Bahnhofstrasse 12, Zürich");
        expect(cygne?.lines, target).toContain("Limmatquai 4, Zürich");
        // Display form from the stored E.164 (national for a Swiss business), never the scraped text.
        expect(chalet?.lines, target).toContain("044 123 45 67");
        expect(chalet?.lines, target).not.toContain("+41441234567");
        expect(cygne?.lines, target).toContain("044 765 43 21");
        expect(chalet?.lines, target).toContain(HOURS.chaletLine);
        expect(cygne?.lines, target).toContain(HOURS.cygneLine);
        expect(await page.getByTestId("card-open").count(), target).toBe(2);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, target).toBeLessThanOrEqual(0);
      }
      await page.goto(`${site.server.url}/search?q=restaurant`, { waitUntil: "networkidle" });
      await saveScreenshot(page, "business-cards-search", viewport);
      await page.close();
    });

    it(`the home page's featured grid keeps the spec's 15-character names (${viewport})`, async () => {
      const page = await site.browser.newPage({ viewport: size });
      await page.goto(site.server.url, { waitUntil: "networkidle" });
      const names = await page.locator('main a[href^="/business/"] h3').allTextContents();
      expect(names).toContain("Restaurant Le C…");
      await page.close();
    });

    it(`the business page links and shows its website without tracking parameters (${viewport})`, async () => {
      const page = await site.browser.newPage({ viewport: size });
      await page.goto(`${site.server.url}/search?q=chalet`, { waitUntil: "networkidle" });
      // The card's title holds the whole name whatever the heading shows.
      await page.locator('main a[href^="/business/"]:has(h3[title="Restaurant Le Chalet Suisse"])').click();
      await page.waitForURL(/\/business\//);
      await page.getByRole("heading", { level: 1, name: "Restaurant Le Chalet Suisse" }).waitFor();
      const website = page.locator('a[href^="https://chalet.example/"]');
      expect(await website.count()).toBe(1);
      expect(await website.getAttribute("href")).toBe("https://chalet.example/menu?lang=de");
      const html = await page.content();
      expect(html).not.toMatch(/utm_|gclid/);
      await saveScreenshot(page, "business-cards-website", viewport);
      await page.close();
    });
  }
});
