// The admin business list in Chromium (390 and 1280 px): its page links carry keyset cursors (next, previous, a page
// two away) and show each business once; a page past the end is a 404 that says where the list ends and links there.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

/** The rows shown, by their public link (slugs are unique; names need not be). */
async function names(page: Page): Promise<string[]> {
  await page.locator('section[aria-busy="false"] [data-testid="admin-business-row"]').first().waitFor();
  const rows = page.locator('section[aria-busy="false"] [data-testid="admin-business-row"] a[href^="/business/"]');
  return rows.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
}

async function followPageLink(page: Page, name: string | RegExp) {
  const navigation = page.getByRole("navigation", { name: "Sayfalar" });
  const before = page.url();
  await Promise.all([page.waitForURL((url) => url.href !== before), navigation.getByRole("link", { name, exact: true }).click()]);
  await page.waitForLoadState("networkidle");
}

describe.skipIf(!chromium || !baseUrl)("admin business list paging in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext();
    const login = await context.request.post(`${baseUrl}/api/admin/login`, {
      data: { username: "admin", password: "browser-test-password" },
      headers: { Origin: baseUrl },
    });
    expect(login.status()).toBe(200);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  for (const [viewport, size] of Object.entries(WIDTHS)) {
    it(`pages by cursor links and answers a page past the end (${viewport})`, async () => {
      const page = await context.newPage();
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/admin/businesses?sortBy=name&sortOrder=asc`, { waitUntil: "networkidle" });
      const first = await names(page);
      expect(first).toHaveLength(20);

      await followPageLink(page, "Sonraki ›");
      const url2 = new URL(page.url());
      expect(url2.searchParams.get("page")).toBe("2");
      expect(url2.searchParams.get("after")).toBeTruthy();
      const second = await names(page);
      expect(second).toHaveLength(20);
      expect(second.filter((name) => first.includes(name))).toEqual([]);

      await followPageLink(page, "4");
      expect(new URL(page.url()).searchParams.get("after")).toBeTruthy();
      const fourth = await names(page);
      await followPageLink(page, "‹ Önceki");
      const third = await names(page);
      expect(new URL(page.url()).searchParams.get("before")).toBeTruthy();
      expect(new Set([...first, ...second, ...third, ...fourth]).size).toBe(80);
      await followPageLink(page, "1");
      expect(await names(page)).toEqual(first);

      const response = await page.goto(`${baseUrl}/admin/businesses?page=999999`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(404);
      await page.getByText(/999\.999\. sayfa yok: bu liste \d+\. sayfada bitiyor\./).waitFor();
      expect(await page.locator('[data-testid="admin-business-row"]').count()).toBe(0);
      await saveScreenshot(page, "admin-businesses-past-end", viewport as "phone" | "desktop");
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await Promise.all([
        page.waitForURL((url) => /^\d+$/.test(url.searchParams.get("page") ?? "") && url.searchParams.get("page") !== "999999"),
        page.getByRole("link", { name: "Son sayfaya git" }).click(),
      ]);
      await page.waitForLoadState("networkidle");
      expect(await names(page)).not.toHaveLength(0);
      const current = await page.getByRole("navigation", { name: "Sayfalar" }).locator('[aria-current="page"]').innerText();
      expect(new URL(page.url()).searchParams.get("page")).toBe(current);
      await page.close();
    }, 120_000);
  }
});
