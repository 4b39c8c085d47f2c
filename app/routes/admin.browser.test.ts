import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import {
  ADMIN_LANGUAGES,
  ADMIN_SIZES,
  expectNoSidewaysScroll,
  expectOnlyLanguage,
  openAdminContext,
  readDialogLuminance,
  textIn,
  type AdminLanguage,
} from "~/testing/admin-browser";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

// The browser global setup starts the server with this administrator.
const ADMIN = { username: "admin", password: "browser-test-password" };

const SCREENS = [
  { name: "admin-home", path: "/admin", heading: "home.title" },
  { name: "admin-dashboard", path: "/admin/dashboard", heading: "dashboard.title" },
  { name: "admin-settings", path: "/admin/settings", heading: "settings.title" },
  { name: "admin-advertisements", path: "/admin/advertisements", heading: "ads.title" },
  { name: "admin-messages", path: "/admin/messages", heading: "messages.title" },
  { name: "admin-audit", path: "/admin/audit", heading: "audit.title" },
] as const;
const CASES = ADMIN_LANGUAGES.flatMap((language) => (["phone", "desktop"] as const).map((size) => ({ language, size })));
const sizeLabel = (language: AdminLanguage, size: keyof typeof ADMIN_SIZES) => `${language}, ${ADMIN_SIZES[size].width} px`;

async function logIn(page: Page, password = ADMIN.password, username = ADMIN.username) {
  await page.getByLabel("Kullanıcı Adı").fill(username);
  await page.getByLabel("Şifre", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Giriş Yap" }).click();
}

describe.skipIf(!chromium || !baseUrl)("admin back-office in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** The shared context logged in (in Turkish) whichever test runs first or alone; its CSRF token. */
  async function ensureLoggedIn(): Promise<string> {
    await context.addCookies([{ name: "admin_lang", value: "tr", url: baseUrl }]);
    const session = await context.request.get(`${baseUrl}/api/admin/session`);
    if (session.ok()) return ((await session.json()) as { csrfToken: string }).csrfToken;
    const login = await context.request.post(`${baseUrl}/api/admin/login`, { data: ADMIN, headers: { Origin: baseUrl } });
    expect(login.status()).toBe(200);
    return ((await login.json()) as { csrfToken: string }).csrfToken;
  }

  it("sends a visitor without a session to the login page, and refuses the admin calls", async () => {
    // Logged out, whatever ran before in this context.
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin/dashboard");
    const stats = await page.request.get(`${baseUrl}/api/admin/stats`);
    expect(stats.status()).toBe(401);
    expect(await stats.json()).toMatchObject({ success: false, code: "ADMIN_SESSION_REQUIRED" });
    await page.goto(`${baseUrl}/admin-legacy`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.close();
  });

  for (const { language, size } of CASES)
    it(`shows the login page in the admin's language with the button disabled until both fields are filled (${sizeLabel(language, size)})`, async () => {
      const t = textIn(language);
      const own = await browser.newContext({ viewport: ADMIN_SIZES[size] });
      await own.addCookies([{ name: "admin_lang", value: language, url: baseUrl }]);
      const page = await own.newPage();
      await page.goto(`${baseUrl}/admin/login`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: t("login.title") }).waitFor();
      const button = page.getByRole("button", { name: t("login.submit") });
      expect(await button.isDisabled()).toBe(true);
      await page.getByLabel(t("login.username")).fill("admin");
      expect(await button.isDisabled()).toBe(true);
      await page.getByLabel(t("login.password"), { exact: true }).fill("x");
      expect(await button.isDisabled()).toBe(false);
      await page.getByRole("button", { name: t("login.showPassword") }).click();
      expect(await page.getByLabel(t("login.password"), { exact: true }).getAttribute("type")).toBe("text");
      await expectOnlyLanguage(page, language, "login");
      await expectNoSidewaysScroll(page, "login");
      await saveScreenshot(page, `admin-login-${language}`, size);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await own.close();
    });

  it("rejects a wrong password, then throttles the account after 5 failures", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/admin/login`, { waitUntil: "networkidle" });
    const idle = page.getByRole("button", { name: "Giriş Yap" });
    await logIn(page, "wrong password", "throttle-check");
    await page.getByRole("alert").getByText("Geçersiz kullanıcı adı veya şifre").waitFor();
    for (let i = 0; i < 4; i++) {
      await logIn(page, "wrong password", "throttle-check");
      await idle.waitFor();
    }
    expect(await page.getByRole("alert").textContent()).toContain("Geçersiz kullanıcı adı veya şifre");
    await logIn(page, "wrong password", "throttle-check");
    await page
      .getByRole("alert")
      .getByText(/Çok fazla başarısız deneme\. \d+ dakika sonra tekrar deneyin\./)
      .waitFor();
    await idle.waitFor();
    await saveScreenshot(page, "admin-login-throttled", "desktop");
    await page.close();
  });

  for (const { language, size } of CASES)
    it(`logs in through the form and returns to the page the admin asked for (${sizeLabel(language, size)})`, async () => {
      const t = textIn(language);
      const own = await browser.newContext({ viewport: ADMIN_SIZES[size] });
      await own.addCookies([{ name: "admin_lang", value: language, url: baseUrl }]);
      const page = await own.newPage();
      await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname).toBe("/admin/login");
      await page.getByLabel(t("login.username")).fill(ADMIN.username);
      await page.getByLabel(t("login.password"), { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: t("login.submit") }).click();
      await page.waitForURL(`${baseUrl}/admin/dashboard`);
      await page.getByRole("heading", { name: t("dashboard.title"), level: 1 }).waitFor();
      await expectOnlyLanguage(page, language, "dashboard after login");
      await expectNoSidewaysScroll(page, "dashboard after login");
      const session = (await own.cookies()).find((cookie) => cookie.name.includes("directory_admin"));
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict" });
      await own.close();
    });

  for (const { language, size } of CASES)
    it(`shows every admin screen in one language without serious accessibility problems (${sizeLabel(language, size)})`, async () => {
      const t = textIn(language);
      const { context: own } = await openAdminContext(browser, baseUrl, language, size);
      const page = await own.newPage();
      for (const screen of SCREENS) {
        const response = await page.goto(`${baseUrl}${screen.path}`, { waitUntil: "networkidle" });
        expect(response?.status(), screen.path).toBe(200);
        await page.getByRole("heading", { name: t(screen.heading, { name: ADMIN.username }), level: 1 }).waitFor();
        // Admin pages never carry the public navigation, site code or ad code.
        expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
        await expectOnlyLanguage(page, language, screen.path);
        await expectNoSidewaysScroll(page, screen.path);
        await saveScreenshot(page, `${screen.name}-${language}`, size);
        expect(await findSeriousAxeViolations(page), screen.path).toEqual([]);
      }
      if (size === "phone") {
        await page.goto(`${baseUrl}/admin`, { waitUntil: "networkidle" });
        await page.getByRole("button", { name: t("nav.openMenu") }).click();
        const drawer = page.getByRole("dialog");
        await drawer.getByRole("link", { name: t("nav.settings") }).waitFor();
        await expectOnlyLanguage(page, language, "menu drawer");
        await saveScreenshot(page, `admin-drawer-${language}`, size);
        await drawer.getByRole("link", { name: t("nav.settings") }).click();
        await page.getByRole("heading", { name: t("settings.title"), level: 1 }).waitFor();
        expect(await page.getByRole("dialog").count()).toBe(0);
      }
      await own.close();
    });

  it("shows real totals on the dashboard", async () => {
    await ensureLoggedIn();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
    const stats = (await (await page.request.get(`${baseUrl}/api/admin/stats`)).json()) as {
      totalBusinesses: number;
      categories: Array<{ category: string }>;
    };
    // The 300 seeded businesses, plus whatever other browser files uploaded before this one.
    expect(stats.totalBusinesses).toBeGreaterThanOrEqual(300);
    const totalCard = page.locator("div.rounded-2xl", { has: page.getByText("Toplam işletme", { exact: true }) });
    expect(await totalCard.textContent()).toContain(stats.totalBusinesses.toLocaleString("tr-TR"));
    // The top 8 categories, biggest first.
    const topCategories = page.getByRole("heading", { name: "En büyük kategoriler" }).locator("xpath=ancestor::section[1]").getByRole("listitem");
    expect(await topCategories.count()).toBe(Math.min(8, stats.categories.length));
    expect(await topCategories.first().textContent()).toContain(stats.categories[0]!.category);
    await page.close();
  });

  for (const { language, size } of CASES)
    it(`saves site code with a script warning, keeps it after a reload, and resets unsaved edits (${sizeLabel(language, size)})`, async () => {
      const t = textIn(language);
      const { context: own } = await openAdminContext(browser, baseUrl, language, size);
      const page = await own.newPage();
      await page.goto(`${baseUrl}/admin/settings`, { waitUntil: "networkidle" });
      const head = page.getByLabel(t("settings.head_tags"));
      const code = "<script>window.siteTag = 1;</script>";
      await head.fill(code);
      await page.getByText(t("settings.scriptWarning")).waitFor();
      expect(await page.getByText(t("common.characters", { count: code.length }), { exact: true }).count()).toBeGreaterThan(0);
      await expectOnlyLanguage(page, language, "settings with a script");
      await expectNoSidewaysScroll(page, "settings with a script");
      await page.getByRole("button", { name: t("common.save") }).click();
      await page.getByText(t("settings.saved")).first().waitFor();
      await saveScreenshot(page, `admin-settings-saved-${language}`, size);
      await page.reload({ waitUntil: "networkidle" });
      expect(await page.getByLabel(t("settings.head_tags")).inputValue()).toBe(code);
      await page.getByLabel(t("settings.footer_tags")).fill("<p>draft</p>");
      await page.getByRole("button", { name: t("common.reset") }).click();
      expect(await page.getByLabel(t("settings.footer_tags")).inputValue()).toBe("");
      const publicSettings = await (await page.request.get(`${baseUrl}/api/admin/site-settings`)).json();
      expect(publicSettings).toMatchObject({ head_tags: code });
      // The admin page itself never runs the site code it edits.
      expect(await page.evaluate(() => (window as unknown as { siteTag?: number }).siteTag)).toBeUndefined();
      await own.close();
    });

  for (const { language, size } of CASES)
    it(`saves an ad slot, and the server refuses a foreign-origin save (${sizeLabel(language, size)})`, async () => {
      const t = textIn(language);
      const { context: own } = await openAdminContext(browser, baseUrl, language, size);
      const page = await own.newPage();
      await page.goto(`${baseUrl}/admin/advertisements`, { waitUntil: "networkidle" });
      const slot = page.getByLabel(`${t("ads.slot", { n: 1 })} · ad1`);
      await slot.fill('<div class="ad">Ad one</div>');
      await page.getByRole("button", { name: t("common.save") }).click();
      await page.getByText(t("ads.saved")).first().waitFor();
      await expectOnlyLanguage(page, language, "ads saved");
      await expectNoSidewaysScroll(page, "ads saved");
      await page.reload({ waitUntil: "networkidle" });
      expect(await page.getByLabel(`${t("ads.slot", { n: 1 })} · ad1`).inputValue()).toBe('<div class="ad">Ad one</div>');
      const forged = await page.request.post(`${baseUrl}/api/admin/advertisement-codes`, {
        headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        data: { ad1: "<script>steal()</script>" },
      });
      expect(forged.status()).toBe(403);
      expect(await forged.json()).toMatchObject({ code: "FOREIGN_ORIGIN" });
      await own.close();
    });

  for (const { language, size } of CASES)
    it(`remembers dark mode across reloads, and the export dialog follows it (${sizeLabel(language, size)})`, async () => {
      const t = textIn(language);
      const { context: own } = await openAdminContext(browser, baseUrl, language, size);
      const page = await own.newPage();
      await page.goto(`${baseUrl}/admin/dashboard`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: t("header.darkMode") }).click();
      await page.reload({ waitUntil: "networkidle" });
      expect(await page.locator("div.dark").count()).toBeGreaterThan(0);
      await page.getByRole("heading", { name: t("dashboard.title"), level: 1 }).waitFor();
      await page.getByText(t("dashboard.totalBusinesses")).first().waitFor();
      await expectOnlyLanguage(page, language, "dark dashboard");
      await saveScreenshot(page, `admin-dashboard-dark-${language}`, size);
      expect(await findSeriousAxeViolations(page)).toEqual([]);

      // The export dialog (rendered outside the page's box) is dark too: its panel and its title.
      await page.goto(`${baseUrl}/admin/businesses`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: t("export.open") }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(t("export.title")).waitFor();
      const colours = await readDialogLuminance(dialog);
      expect(colours.panel, "the dialog's background").toBeLessThan(80);
      expect(colours.title, "the dialog's title").toBeGreaterThan(180);
      await expectOnlyLanguage(page, language, "dark export dialog");
      await expectNoSidewaysScroll(page, "dark export dialog");
      await saveScreenshot(page, `admin-export-dialog-dark-${language}`, size);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await own.close();
    });

  it("lists the admin's actions in the audit log", async () => {
    // Its own entries to find: a settings save and an advertisement save (each written back unchanged).
    const csrfToken = await ensureLoggedIn();
    const headers = { Origin: baseUrl, "X-CSRF-Token": csrfToken };
    for (const api of ["/api/admin/site-settings", "/api/admin/advertisement-codes"]) {
      const current = (await (await context.request.get(`${baseUrl}${api}`)).json()) as Record<string, unknown>;
      expect((await context.request.post(`${baseUrl}${api}`, { data: current, headers })).status(), api).toBe(200);
    }
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/audit`, { waitUntil: "networkidle" });
    for (const action of ["admin.login", "site-settings.save", "advertisement-codes.save"]) {
      expect(await page.getByRole("cell", { name: action }).count(), action).toBeGreaterThan(0);
    }
    await page.close();
  });

  for (const language of ADMIN_LANGUAGES)
    for (const size of ["phone", "desktop"] as const)
      it(`filters the audit log by action, actor and date and shows each change before → after (${language}, ${ADMIN_SIZES[size].width} px)`, async () => {
        const t = textIn(language);
        const { context: own, csrfToken } = await openAdminContext(browser, baseUrl, language, size);
        // Its own entries: a settings save (a field changed, then put back) and an advertisement save to filter out.
        const settings = (await (await own.request.get(`${baseUrl}/api/admin/site-settings`)).json()) as Record<string, unknown>;
        const headers = { Origin: baseUrl, "X-CSRF-Token": csrfToken };
        for (const analytics of [`${String(settings.analytics_code ?? "")}<!-- audit ${language} ${size} -->`, settings.analytics_code ?? ""])
          expect(
            (await own.request.post(`${baseUrl}/api/admin/site-settings`, { data: { ...settings, analytics_code: analytics }, headers })).status(),
          ).toBe(200);
        const ads = (await (await own.request.get(`${baseUrl}/api/admin/advertisement-codes`)).json()) as Record<string, unknown>;
        expect((await own.request.post(`${baseUrl}/api/admin/advertisement-codes`, { data: ads, headers })).status()).toBe(200);

        const page = await own.newPage();
        await page.goto(`${baseUrl}/admin/audit`, { waitUntil: "networkidle" });
        await expectOnlyLanguage(page, language, "audit");
        const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        await page.getByLabel(t("audit.filter")).fill("site-settings");
        await page.getByLabel(t("audit.actorFilter"), { exact: true }).fill("ADM");
        await page.getByLabel(t("audit.from"), { exact: true }).fill(yesterday);
        await page.getByRole("button", { name: t("audit.filterButton"), exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get("action") === "site-settings" && url.searchParams.get("from") === yesterday);
        const entries = size === "phone" ? page.getByTestId("audit-entry") : page.locator("tbody tr");
        await expect.poll(() => entries.count()).toBeGreaterThan(0);
        // NOTE: the URL changes a moment before React renders the filtered list, so poll the list itself.
        await expect.poll(() => page.getByText("advertisement-codes.save").count()).toBe(0);
        // The saved settings name the fields they changed, in the admin's language, readable without scrolling sideways.
        await expect
          .poll(() => entries.first().textContent())
          .toMatch(new RegExp(`site_settings.*${t("audit.summary.changed", { fields: "" })}\\w+`));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.getByRole("link", { name: t("audit.clearFilters") }).waitFor();
        await expectOnlyLanguage(page, language, "audit filtered");
        await saveScreenshot(page, `admin-audit-filtered-${language}`, size);
        expect(await findSeriousAxeViolations(page)).toEqual([]);

        // A date range after today matches nothing, and says so in the same language.
        const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
        await page.getByLabel(t("audit.from"), { exact: true }).fill(tomorrow);
        await page.getByRole("button", { name: t("audit.filterButton"), exact: true }).click();
        await page.getByText(t("audit.emptyFiltered")).waitFor();
        await expectOnlyLanguage(page, language, "audit filtered to nothing");
        await page.getByRole("link", { name: t("audit.clearFilters") }).click();
        await page.waitForURL((url) => url.search === "");
        await expect.poll(() => entries.count()).toBeGreaterThan(0);
        await own.close();
      });

  it("logs out, after which the session no longer works", async () => {
    await ensureLoggedIn();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Çıkış yap" }).first().click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.goto(`${baseUrl}/admin/settings`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect((await page.request.get(`${baseUrl}/api/admin/stats`)).status()).toBe(401);
    await page.close();
  });
});
