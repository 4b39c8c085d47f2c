// The admin business list in Chromium, in TR and EN at 390 and 1280 px: its page links carry keyset cursors (next,
// previous, a page two away) and show each business once; a page past the end is a 404 that says, in the admin's
// language only, where the list ends and links there.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ADMIN_LANGUAGES, ADMIN_SIZES, expectNoSidewaysScroll, expectOnlyLanguage, openAdminContext, textIn } from "~/testing/admin-browser";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();

/** The rows shown, by their public link (slugs are unique; names need not be). */
async function names(page: Page): Promise<string[]> {
  await page.locator('section[aria-busy="false"] [data-testid="admin-business-row"]').first().waitFor();
  const rows = page.locator('section[aria-busy="false"] [data-testid="admin-business-row"] a[href^="/business/"]');
  return rows.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
}

describe.skipIf(!chromium || !baseUrl)("admin business list paging in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ADMIN_LANGUAGES)
    for (const size of ["phone", "desktop"] as const)
      it(`pages by cursor links and answers a page past the end (${language}, ${ADMIN_SIZES[size].width} px)`, async () => {
        const t = textIn(language);
        const { context } = await openAdminContext(browser, baseUrl, language, size);
        const page = await context.newPage();
        const followPageLink = async (name: string) => {
          const before = page.url();
          await Promise.all([
            page.waitForURL((url) => url.href !== before),
            page
              .getByRole("navigation", { name: t("pagination.label") })
              .getByRole("link", { name, exact: true })
              .click(),
          ]);
          await page.waitForLoadState("networkidle");
        };
        await page.goto(`${baseUrl}/admin/businesses?sortBy=name&sortOrder=asc`, { waitUntil: "networkidle" });
        const first = await names(page);
        expect(first).toHaveLength(20);
        await expectOnlyLanguage(page, language, "business list");
        await expectNoSidewaysScroll(page, "business list");

        await followPageLink(t("pagination.next"));
        const url2 = new URL(page.url());
        expect(url2.searchParams.get("page")).toBe("2");
        expect(url2.searchParams.get("after")).toBeTruthy();
        const second = await names(page);
        expect(second).toHaveLength(20);
        expect(second.filter((name) => first.includes(name))).toEqual([]);

        await followPageLink("4");
        expect(new URL(page.url()).searchParams.get("after")).toBeTruthy();
        const fourth = await names(page);
        await followPageLink(t("pagination.previous"));
        const third = await names(page);
        expect(new URL(page.url()).searchParams.get("before")).toBeTruthy();
        expect(new Set([...first, ...second, ...third, ...fourth]).size).toBe(80);
        await followPageLink("1");
        expect(await names(page)).toEqual(first);

        const response = await page.goto(`${baseUrl}/admin/businesses?page=999999`, { waitUntil: "networkidle" });
        expect(response?.status()).toBe(404);
        // "There is no page 999,999: …" / "999.999. sayfa yok: …", the page number grouped as the language does.
        const pastEnd =
          language === "tr" ? /999\.999\. sayfa yok: bu liste \d+\. sayfada bitiyor\./ : /There is no page 999,999: this list ends at page \d+\./;
        await page.getByText(pastEnd).waitFor();
        expect(await page.locator('[data-testid="admin-business-row"]').count()).toBe(0);
        await expectOnlyLanguage(page, language, "page past the end");
        await expectNoSidewaysScroll(page, "page past the end");
        await saveScreenshot(page, `admin-businesses-past-end-${language}`, size);
        expect(await findSeriousAxeViolations(page)).toEqual([]);
        await Promise.all([
          page.waitForURL((url) => /^\d+$/.test(url.searchParams.get("page") ?? "") && url.searchParams.get("page") !== "999999"),
          page.getByRole("link", { name: t("businesses.lastPage") }).click(),
        ]);
        await page.waitForLoadState("networkidle");
        expect(await names(page)).not.toHaveLength(0);
        const current = await page
          .getByRole("navigation", { name: t("pagination.label") })
          .locator('[aria-current="page"]')
          .innerText();
        expect(new URL(page.url()).searchParams.get("page")).toBe(current);
        await expectOnlyLanguage(page, language, "last page");
        await context.close();
      }, 120_000);
});
