// The admin's confirmation dialog in Chromium, dark mode at 390 px: rendered outside the page's box by its portal, it
// still follows the admin's theme (dark panel, light title) and has no serious accessibility problem.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { openAdminContext, readDialogLuminance, textIn } from "~/testing/admin-browser";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot } from "~/testing/chromium";
import { THEME_COOKIE } from "~/utils/cookie-names";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();

describe.skipIf(!chromium || !baseUrl)("admin confirmation dialog in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("follows dark mode at 390 px and cancels without acting (en, 390 px)", async () => {
    const t = textIn("en");
    const { context } = await openAdminContext(browser, baseUrl, "en", "phone");
    await context.addCookies([{ name: THEME_COOKIE, value: "dark", url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/businesses`, { waitUntil: "networkidle" });
    expect(await page.locator("div.dark").count()).toBeGreaterThan(0);
    // Fixing URLs asks first; the answer here is Cancel, so nothing changes.
    await page.getByRole("button", { name: t("businesses.fixSlugsTitle") }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(t("businesses.fixSlugsConfirm")).waitFor();
    const colours = await readDialogLuminance(dialog);
    expect(colours.panel, "the dialog's background").toBeLessThan(80);
    expect(colours.title, "the dialog's title").toBeGreaterThan(180);
    await saveScreenshot(page, "admin-confirm-dialog-dark-en", "phone");
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: t("common.cancel") }).click();
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
    await context.close();
  });
});
