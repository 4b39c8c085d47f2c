import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ADMIN, ADMIN_SIZES, findForeignWords, readVisibleText, type AdminLanguage, type AdminSize } from "~/testing/admin-browser";
import { findChromium, launchChromium } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const SIZES = ADMIN_SIZES;
type Language = AdminLanguage;
type Size = AdminSize;

/** The upload: rows that import, one without a name (rejected), cells out of range and unreadable hours (warnings). */
function writeUploadFile(dir: string, prefix: string): string {
  const lines = ["name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code,working_hours"];
  for (let i = 0; i < 6; i++) {
    lines.push(
      `${prefix} Kiosk ${i},"Kastanienallee ${i}, 10435 Berlin",+49 30 2000${i},Kiosk,52.54,13.41,4.${i},${i * 311},${prefix}-lang-${i},DE,`,
    );
  }
  lines.push(`,"Kastanienallee 90, 10435 Berlin",,Kiosk,52.54,13.41,4.0,1,${prefix}-lang-nameless,DE,`);
  lines.push(`${prefix} Kiosk 7,"Kastanienallee 7, 10435 Berlin",,Kiosk,52.54,13.41,9.5,12,${prefix}-lang-7,DE,`);
  lines.push(`${prefix} Kiosk 8,"Kastanienallee 8, 10435 Berlin",,Kiosk,52.54,13.41,4.1,12,${prefix}-lang-8,DE,"{""Monday"":""open sometimes""}"`);
  const file = path.join(dir, `${prefix}-kiosks.csv`);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

describe.skipIf(!chromium || !baseUrl)("the admin speaks one language at a time (TR and EN, 390 and 1280 px)", () => {
  let browser: Browser;
  let dir: string;
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), "admin-language-shots-"));
  beforeAll(async () => {
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-language-"));
    console.info(`admin language screenshots: ${shots}`);
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function newAdminContext(language: Language, size: Size): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: SIZES[size] });
    await context.addCookies([{ name: "admin_lang", value: language, url: baseUrl }]);
    return context;
  }

  /** The page's <html lang>, no word of the other language (title too), nothing wider than the screen; a screenshot for the eye. */
  async function expectOneLanguage(page: Page, language: Language, size: Size, name: string) {
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.lang), `${name}: <html lang>`).toBe(language);
    const text = `${await page.title()}\n${await readVisibleText(page)}`;
    expect(findForeignWords(text, language), `${name} (${language}, ${size})`).toEqual([]);
    // The longer of the two languages' words and dates must still fit the width (no sideways scrolling).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(SIZES[size].width);
    await page.screenshot({ path: path.join(shots, `${name}-${language}-${SIZES[size].width}.png`), fullPage: true });
  }

  for (const language of ["tr", "en"] as const) {
    for (const size of ["phone", "desktop"] as const) {
      it(`shows every admin screen in ${language.toUpperCase()} only at ${SIZES[size].width} px`, { timeout: 180_000 }, async () => {
        const context = await newAdminContext(language, size);
        const page = await context.newPage();

        await page.goto(`${baseUrl}/admin/login`);
        await expectOneLanguage(page, language, size, "login");
        const login = await context.request.post(`${baseUrl}/api/admin/login`, { data: ADMIN, headers: { Origin: baseUrl } });
        expect(login.status()).toBe(200);
        const { csrfToken } = (await login.json()) as { csrfToken: string };

        // Settings saved (and put back): the audit log then has a "changed" summary to word.
        const settings = (await (await context.request.get(`${baseUrl}/api/admin/site-settings`)).json()) as Record<string, unknown>;
        const save = (analytics: unknown) =>
          context.request.post(`${baseUrl}/api/admin/site-settings`, {
            data: { ...settings, analytics_code: analytics },
            headers: { Origin: baseUrl, "X-CSRF-Token": csrfToken },
          });
        expect((await save(`${String(settings.analytics_code ?? "")}<!-- ${language}-${size} -->`)).status()).toBe(200);
        expect((await save(settings.analytics_code ?? "")).status()).toBe(200);

        // An upload with rejected rows and warnings, and an empty file (a coded refusal), through the page itself.
        const prefix = `${language}${size}`;
        const empty = path.join(dir, `${prefix}-empty.csv`);
        fs.writeFileSync(empty, "");
        await page.goto(`${baseUrl}/admin/upload`);
        await page.locator('input[type="file"]').setInputFiles([writeUploadFile(dir, prefix), empty]);
        await page.getByRole("button", { name: language === "tr" ? "2 dosyayı yükle" : "Upload 2 files" }).click();
        const reports = page.getByTestId("upload-report");
        await expect.poll(() => reports.count(), { timeout: 60_000 }).toBe(2);
        await page.getByTestId("upload-warnings").waitFor();
        const reportText = await reports.first().innerText();
        expect(reportText).toMatch(language === "tr" ? /satır: Ad — her işletmenin bir adı olmalı/ : /Line \d+: Name — every business needs a name/);
        expect(reportText).toMatch(language === "tr" ? /9 satırın 8 tanesi içe aktarıldı/ : /Imported 8 of 9 rows/);
        expect(await reports.nth(1).innerText()).toMatch(language === "tr" ? /boş: satırlarıyla birlikte/ : /is empty: export it again/);
        await expectOneLanguage(page, language, size, "upload-result");

        // One of the new businesses deleted: the trash then lists a batch and an entry to word (and to fit the width).
        const deleted = await context.request.delete(`${baseUrl}/api/admin/businesses?filter=${encodeURIComponent(`${prefix} Kiosk 8`)}&confirm=1`, {
          headers: { Origin: baseUrl, "X-CSRF-Token": csrfToken },
        });
        expect(deleted.status()).toBe(200);

        // The run's own report page, with its row issues.
        await reports.first().getByRole("link").last().click();
        await page.waitForURL(/\/admin\/reports\/\d+$/);
        await expectOneLanguage(page, language, size, "run-report");

        for (const [name, screen] of [
          ["home", "/admin"],
          ["dashboard", "/admin/dashboard"],
          ["businesses", "/admin/businesses"],
          ["reports", "/admin/reports"],
          ["messages", "/admin/messages"],
          ["suggestions", "/admin/suggestions"],
          ["settings", "/admin/settings"],
          ["advertisements", "/admin/advertisements"],
          ["trash", "/admin/trash"],
          ["audit", "/admin/audit"],
        ] as const) {
          await page.goto(`${baseUrl}${screen}`);
          await expectOneLanguage(page, language, size, name);
        }
        // The audit page words its summaries: the settings' changed field, the import's new businesses.
        const audit = await readVisibleText(page);
        expect(audit).toMatch(language === "tr" ? /değişen: analytics_code/ : /changed: analytics_code/);

        // The export dialog over the business list.
        await page.goto(`${baseUrl}/admin/businesses`);
        await page.getByRole("button", { name: language === "tr" ? "CSV dışa aktar" : "Export CSV" }).click();
        await page.getByRole("dialog").waitFor();
        await expectOneLanguage(page, language, size, "export-dialog");

        // The switch changes the language (and <html lang>) without a reload.
        await page.keyboard.press("Escape");
        const other: Language = language === "tr" ? "en" : "tr";
        await page.getByRole("button", { name: other, exact: true }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(other);
        await context.close();
      });
    }
  }
});
