// The admin trash in Chromium, in TR and EN at 390 and 1280 px: a deletion batch of the test's own businesses is
// listed readable without scrolling sideways (stacked at 390 px, a table at 1280 px), in the admin's language only,
// and restoring the batch brings its businesses back.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import {
  ADMIN_LANGUAGES,
  ADMIN_SIZES,
  expectNoSidewaysScroll,
  expectOnlyLanguage,
  openAdminContext,
  textIn,
  uploadCsvOverApi,
} from "~/testing/admin-browser";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();

describe.skipIf(!chromium || !baseUrl)("admin trash in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ADMIN_LANGUAGES)
    for (const size of ["phone", "desktop"] as const)
      it(`lists a deletion batch readable without sideways scrolling and restores it (${language}, ${ADMIN_SIZES[size].width} px)`, async () => {
        const t = textIn(language);
        const { context, csrfToken } = await openAdminContext(browser, baseUrl, language, size);
        const headers = { Origin: baseUrl, "X-CSRF-Token": csrfToken };
        // Its own businesses, deleted by a name search: one batch of three.
        const token = `Trashcheck${language}${ADMIN_SIZES[size].width}`;
        const lines = ["name,address,category,latitude,longitude,place_id,country_code"];
        for (let i = 0; i < 3; i++) lines.push(`${token} Kiosk ${i},"Trashstr. ${i}, 10115 Berlin",Kiosk,52.52,13.40,${token.toLowerCase()}-${i},DE`);
        await uploadCsvOverApi(context, baseUrl, csrfToken, `${token.toLowerCase()}.csv`, `${lines.join("\n")}\n`);
        const stored = async () => {
          const listed = await context.request.get(`${baseUrl}/api/admin/businesses?filter=${encodeURIComponent(token)}`);
          return ((await listed.json()) as { businesses: unknown[] }).businesses.length;
        };
        expect(await stored()).toBe(3);
        const deleted = await context.request.delete(`${baseUrl}/api/admin/businesses?filter=${encodeURIComponent(token)}&confirm=3`, { headers });
        expect(deleted.status(), await deleted.text()).toBe(200);
        expect(await stored()).toBe(0);

        const page = await context.newPage();
        await page.goto(`${baseUrl}/admin/trash`, { waitUntil: "networkidle" });
        await page.getByText(`${token} Kiosk 0`).waitFor();
        const card = page.locator("section", { has: page.getByRole("heading", { name: new RegExp(`^${t("trash.batches")}`) }) });
        // Nothing in the batches' card is wider than its box: no scroll box inside it, nothing past the screen's edge.
        const overflow = await card.evaluate((section) => {
          const width = window.innerWidth;
          return [section, ...section.querySelectorAll("*")]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              // A visually hidden heading (sr-only, 1 px) shows nothing.
              const shown = box.width > 1 && box.height > 1;
              return shown && (element.scrollWidth > element.clientWidth + 1 || box.right > width + 0.5 || box.left < -0.5);
            })
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`);
        });
        expect(overflow, "the deletion batches' card").toEqual([]);
        await expectOnlyLanguage(page, language, "trash");
        await expectNoSidewaysScroll(page, "trash");
        await saveScreenshot(page, `admin-trash-${language}`, size);
        expect(await findSeriousAxeViolations(page)).toEqual([]);

        // The newest batch is this test's: three businesses deleted by a name search; its button restores them.
        const batch = card.locator(size === "phone" ? '[data-testid="trash-batch"]' : "tbody tr").first();
        await expect.poll(() => batch.innerText()).toContain(t("trash.reason.delete-filter"));
        expect(await batch.innerText()).toMatch(/(^|\s)3(\s|$)/);
        const restore = batch.getByRole("button", { name: t("trash.restoreBatch") });
        const box = await restore.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(ADMIN_SIZES[size].width);
        await restore.click();
        await page
          .getByTestId("admin-toast")
          .getByText(t("trash.restoredText", { count: 3 }))
          .waitFor();
        await expect.poll(stored).toBe(3);
        await expect.poll(() => page.getByText(`${token} Kiosk 0`).count()).toBe(0);
        await expectOnlyLanguage(page, language, "trash after restoring");
        await context.close();
      }, 90_000);
});
