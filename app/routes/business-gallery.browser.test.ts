// The business page's photo gallery in Chromium at 390 and 1280 px: lazy, async-decoded images in boxes sized before
// they load, a link per photo reachable by keyboard, a failed photo drawn as the main photo's placeholder, no sideways
// scroll, no serious axe violation, initial JS ≤ 150 KB gzipped. A CSV imported by the real CLI, the real built server.
import { gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, saveScreenshot } from "~/testing/chromium";
import { useImportedSite } from "~/testing/imported-site";

const chromium = findChromium();
const enabled = Boolean(chromium && inject("browserBaseUrl"));

const PHOTOS = "https://photos.example";
// gosom's shape: a thumbnail and image tabs; the fourth tab's photo fails to load.
const IMAGES = JSON.stringify(["1", "2", "3", "broken", "5", "6", "7"].map((name, i) => ({ title: `Tab ${i}`, image: `${PHOTOS}/${name}.png` })));
const FIXTURE = [
  "title,category,address,latitude,longitude,place_id,thumbnail,images",
  `Gallery Taverna,Restaurant,"Makariou 10, Nicosia 1065, Cyprus",35.17,33.36,gallery-browser,${PHOTOS}/main.png,"${IMAGES.replace(/"/g, '""')}"`,
].join("\n");

// Every working photo: an opaque picture of its own colour, so the screenshots show photos, not the placeholder.
const hueOf = (url: string) => [...url].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 7);
const photoOf = (url: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="hsl(${hueOf(url)} 45% 55%)"/><circle cx="200" cy="150" r="70" fill="#fff" opacity=".5"/></svg>`;
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function servePhotos(page: Page) {
  await page.route(`${PHOTOS}/**`, (route) =>
    route.request().url().includes("broken")
      ? route.fulfill({ status: 404, body: "" })
      : route.fulfill({ status: 200, contentType: "image/svg+xml", body: photoOf(route.request().url()) }),
  );
}

/** Each gallery tile's box, and its image's attributes when it still has one. */
function readTiles(page: Page) {
  return page.getByTestId("gallery-photo").evaluateAll((links) =>
    links.map((link) => {
      const box = link.getBoundingClientRect();
      const img = link.querySelector("img");
      return {
        href: link.getAttribute("href"),
        width: Math.round(box.width),
        height: Math.round(box.height),
        top: Math.round(box.top + window.scrollY),
        loading: img?.getAttribute("loading") ?? null,
        decoding: img?.getAttribute("decoding") ?? null,
        hasImage: img !== null,
        placeholder: link.querySelector("[aria-hidden] span")?.textContent ?? null,
      };
    }),
  );
}

describe.skipIf(!enabled)("the business page's photo gallery in Chromium", () => {
  const site = useImportedSite("gallery", FIXTURE, async (handle) => {
    const [row] = await handle.query<{ slug: string }>("select slug from businesses where place_id = 'gallery-browser'");
    return row?.slug ?? "";
  });

  for (const [viewport, size] of Object.entries(SIZES) as Array<[keyof typeof SIZES, (typeof SIZES)[keyof typeof SIZES]]>) {
    it(`shows the further photos lazily in reserved boxes, keyboard usable, failed ones as the placeholder (${viewport})`, async () => {
      const page = await site.browser.newPage({ viewport: size });
      await servePhotos(page);
      const scripts: Promise<Buffer>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts.push(response.body());
      });
      const response = await page.goto(`${site.server.url}/business/${site.adjusted}`, { waitUntil: "domcontentloaded" });
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 2, name: "Photos" }).waitFor();

      // Sized by CSS before any photo arrives: square boxes of one size, the same once every image has loaded.
      const before = await readTiles(page);
      expect(before.map((tile) => tile.href)).toEqual(["1", "2", "3", "broken", "5", "6", "7"].map((name) => `${PHOTOS}/${name}.png`));
      for (const tile of before) {
        expect(tile.width).toBeGreaterThan(60);
        expect(tile.height).toBe(tile.width);
      }
      await page.getByTestId("gallery-photo").last().scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="gallery-photo"] img')].every((img) => (img as HTMLImageElement).complete),
      );
      const after = await readTiles(page);
      expect(after.map(({ width, height, top }) => ({ width, height, top }))).toEqual(
        before.map(({ width, height, top }) => ({ width, height, top })),
      );
      for (const tile of after.filter((t) => !t.href?.includes("broken"))) {
        expect(tile).toMatchObject({ hasImage: true, loading: "lazy", decoding: "async" });
      }
      // The failed photo: its image is gone and the initials placeholder the main photo uses shows in its box.
      const broken = after.find((tile) => tile.href?.includes("broken"));
      expect(broken).toMatchObject({ hasImage: false, placeholder: "GT" });

      // Keyboard: Tab reaches each photo's link, named for its position.
      const names: string[] = [];
      for (let i = 0; i < 80 && names.length < 2; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          return active?.dataset.testid === "gallery-photo" ? (active.querySelector(".sr-only")?.textContent ?? "") : null;
        });
        if (focused !== null) names.push(focused);
      }
      expect(names).toEqual(["Photo 1 of 7 (opens in a new tab)", "Photo 2 of 7 (opens in a new tab)"]);
      // The placeholder's initials stay out of the link's accessible name.
      expect(await page.getByRole("link", { name: "Photo 7 of 7 (opens in a new tab)", exact: true }).count()).toBe(1);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await findSeriousAxeViolations(page)).toEqual([]);

      const gzipped = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSync(body).length, 0);
      console.log(`business page with a gallery (${viewport}): initial JS ${(gzipped / 1024).toFixed(1)} KB gzipped`);
      expect(gzipped).toBeLessThanOrEqual(150 * 1024);
      await saveScreenshot(page, "business-gallery", viewport);
      await page.close();
    });
  }
});
