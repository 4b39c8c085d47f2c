// The back-office end to end in Chromium: an admin uploads a CSV and the public site shows it, approval hides and
// shows it again, site code and an ad slot reach a public business page (never an admin page), the admin data
// screens switch to English, and after logout the session is refused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import {
  ADMIN,
  ADMIN_LANGUAGES,
  ADMIN_SIZES,
  expectNoSidewaysScroll,
  expectOnlyLanguage,
  openAdminContext,
  textIn,
  uploadCsvOverApi,
} from "~/testing/admin-browser";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

// A word no seeded or other test's business carries, so the public search finds exactly this upload.
const TOKEN = `Flowcheck${Date.now()
  .toString(26)
  .replace(/\d/g, (digit) => "qrstuvwxyz"[Number(digit)] ?? "")}`;
const ROWS = 12;
const HEAD_CODE = `<meta name="flow-check" content="${TOKEN}">`;
const AD_CODE = `<p>${TOKEN} advert</p>`;

function writeCsv(dir: string): string {
  const lines = ["name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code"];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `${TOKEN} Bakery ${i},"Flowstr. ${i}, 10115 Berlin",+49 30 555${i},Bakery,52.52,13.40,4.${i % 10},${i},${TOKEN.toLowerCase()}-${i},DE`,
    );
  const file = path.join(dir, `${TOKEN.toLowerCase()}.csv`);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** A visitor's first visit: a fresh context, so no HTTP cache from an earlier look can answer for the server. */
async function visitPublic<T>(browser: Browser, pathname: string, look: (page: Page, status: number | undefined) => Promise<T>): Promise<T> {
  const visitor = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await visitor.newPage();
    const response = await page.goto(`${baseUrl}${pathname}`, { waitUntil: "networkidle" });
    return await look(page, response?.status());
  } finally {
    await visitor.close();
  }
}

async function saveSettingsField(page: Page, label: string, value: string, savedText: string) {
  await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Kaydet" }).click();
  await page.getByTestId("admin-toast").getByText(savedText).waitFor();
}

describe.skipIf(!chromium || !baseUrl)("admin back-office end to end in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dir: string;
  let slug = "";
  const firstName = `${TOKEN} Bakery 0`;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    page = await context.newPage();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-admin-flow-"));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The slug of this file's first business, read from the admin API. */
  async function findSlug(): Promise<string> {
    const listed = await context.request.get(`${baseUrl}/api/admin/businesses?filter=${encodeURIComponent(firstName)}`);
    expect(listed.status()).toBe(200);
    const { businesses } = (await listed.json()) as { businesses: Array<{ name: string; slug: string; isApproved: boolean }> };
    const uploaded = businesses.find((business) => business.name === firstName);
    expect(uploaded?.isApproved).toBe(true);
    return uploaded?.slug ?? "";
  }

  /**
   * What the later tests need, whichever runs first or alone: a logged-in admin (in Turkish) and this file's upload
   * (over the API when the UI upload test has not run).
   */
  async function ensureAdminAndUpload() {
    await context.addCookies([{ name: "admin_lang", value: "tr", url: baseUrl }]);
    const session = await context.request.get(`${baseUrl}/api/admin/session`);
    let csrfToken = session.ok() ? ((await session.json()) as { csrfToken: string }).csrfToken : "";
    if (!session.ok()) {
      const login = await context.request.post(`${baseUrl}/api/admin/login`, { data: ADMIN, headers: { Origin: baseUrl } });
      expect(login.status()).toBe(200);
      csrfToken = ((await login.json()) as { csrfToken: string }).csrfToken;
    }
    if (!slug) {
      await uploadCsvOverApi(context, baseUrl, csrfToken, `${TOKEN.toLowerCase()}.csv`, fs.readFileSync(writeCsv(dir), "utf8"));
      slug = await findSlug();
    }
  }

  it("logs in, uploads a generated CSV through the UI, and the businesses appear on the public site", async () => {
    // Logged out, whatever ran before: the upload page asks for the login first.
    await context.clearCookies();
    await page.goto(`${baseUrl}/admin/upload`, { waitUntil: "networkidle" });
    await page.getByLabel("Kullanıcı Adı").fill("admin");
    await page.getByLabel("Şifre", { exact: true }).fill("browser-test-password");
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await page.getByRole("heading", { name: "Excel/CSV yükleme", level: 1 }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(writeCsv(dir));
    await page.getByRole("button", { name: "Yükle", exact: true }).click();
    const report = page.getByTestId("upload-report");
    await report.getByText("Başarılı", { exact: true }).first().waitFor({ timeout: 60_000 });
    await page.getByTestId("admin-toast").getByText("Yükleme tamamlandı").waitFor();

    slug = await findSlug();

    await visitPublic(browser, `/business/${slug}`, async (visitor, status) => {
      expect(status).toBe(200);
      await visitor.getByRole("heading", { name: firstName, level: 1 }).waitFor();
    });
    const searchNames = async () => {
      const found = (await (await context.request.get(`${baseUrl}/api/search?q=${TOKEN}`)).json()) as { hits: Array<{ name: string }> };
      return found.hits.map((hit) => hit.name);
    };
    await expect.poll(searchNames, { timeout: 15_000 }).toContain(firstName);
    await visitPublic(browser, `/search?q=${TOKEN}`, async (visitor, status) => {
      expect(status).toBe(200);
      await visitor.getByText(`of ${ROWS} businesses`, { exact: false }).waitFor();
      await visitor.locator(`main a[href="/business/${slug}"]`).first().waitFor();
      await saveScreenshot(visitor, "public-search-after-upload", "desktop");
    });
  }, 120_000);

  it("unapproving hides the business from the public site and approving shows it again", async () => {
    await ensureAdminAndUpload();
    await page.goto(`${baseUrl}/admin/businesses?filter=${encodeURIComponent(firstName)}`, { waitUntil: "networkidle" });
    const row = page.getByTestId("admin-business-row").filter({ has: page.getByRole("heading", { name: firstName, exact: true }) });
    await row.getByRole("button", { name: "Onaylandı", exact: true }).click();
    await row.getByRole("button", { name: "Onayla", exact: true }).waitFor();
    await visitPublic(browser, `/business/${slug}`, async (_visitor, status) => expect(status).toBe(404));
    await row.getByRole("button", { name: "Onayla", exact: true }).click();
    await row.getByRole("button", { name: "Onaylandı", exact: true }).waitFor();
    await visitPublic(browser, `/business/${slug}`, async (visitor, status) => {
      expect(status).toBe(200);
      await visitor.getByRole("heading", { name: firstName, level: 1 }).waitFor();
    });
  });

  it("puts saved site code and an ad slot on a public business page, the ad in a sandboxed frame, and never on admin pages", async () => {
    await ensureAdminAndUpload();
    await page.goto(`${baseUrl}/admin/settings`, { waitUntil: "networkidle" });
    await saveSettingsField(page, "Head etiketleri", HEAD_CODE, "Ayarlar kaydedildi");
    await page.goto(`${baseUrl}/admin/advertisements`, { waitUntil: "networkidle" });
    await saveSettingsField(page, "Alan 2 · ad2", AD_CODE, "Reklam kodları kaydedildi");

    await visitPublic(browser, `/business/${slug}`, async (visitor) => {
      expect(await visitor.locator(`head meta[name="flow-check"][content="${TOKEN}"]`).count()).toBe(1);
      const frame = visitor.locator('[data-ad-slot="ad2"] iframe');
      const sandbox = (await frame.getAttribute("sandbox")) ?? "";
      expect(sandbox).toContain("allow-scripts");
      expect(sandbox).not.toContain("allow-same-origin");
      await visitor.frameLocator('[data-ad-slot="ad2"] iframe').getByText(`${TOKEN} advert`).waitFor();
      await saveScreenshot(visitor, "public-business-with-site-code-and-ad", "desktop");
    });

    // The admin's own pages carry neither: the settings page shows the code only as escaped textarea text.
    for (const screen of ["/admin", "/admin/settings", "/admin/advertisements", "/admin/businesses"]) {
      const html = await (await context.request.get(`${baseUrl}${screen}`)).text();
      expect(html, screen).toContain("</html>");
      expect(html, screen).not.toContain(HEAD_CODE);
      expect(html, screen).not.toContain(AD_CODE);
    }

    // Put both back, so other browser files see the settings they expect.
    await page.goto(`${baseUrl}/admin/settings`, { waitUntil: "networkidle" });
    await saveSettingsField(page, "Head etiketleri", "", "Ayarlar kaydedildi");
    await page.goto(`${baseUrl}/admin/advertisements`, { waitUntil: "networkidle" });
    await saveSettingsField(page, "Alan 2 · ad2", "", "Reklam kodları kaydedildi");
    await visitPublic(browser, `/business/${slug}`, async (visitor) => {
      expect(await visitor.locator('meta[name="flow-check"]').count()).toBe(0);
      expect(await visitor.locator('[data-ad-slot="ad2"]').count()).toBe(0);
    });
  });

  for (const viewport of ["desktop", "phone"] as const) {
    it(`shows the admin data screens in Turkish, then in English after the header switch (${viewport})`, async () => {
      await ensureAdminAndUpload();
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(`${baseUrl}/admin/reports`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "İçe aktarma raporları", level: 1 }).waitFor();
      await saveScreenshot(page, "admin-reports", viewport);
      expect(await findSeriousAxeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "en", exact: true }).click();
      await page.getByRole("heading", { name: "Import reports", level: 1 }).waitFor();
      await page
        .getByTestId("report-list")
        .getByText(/^Rows$/)
        .first()
        .waitFor();
      await saveScreenshot(page, "admin-reports-en", viewport);

      await page.getByTestId("report-list").getByText(`${TOKEN.toLowerCase()}.csv`).first().click();
      await page.getByRole("heading", { name: /^Report #\d+:/, level: 1 }).waitFor();
      await page.getByText("Column extraction:", { exact: false }).waitFor();
      await page.getByRole("heading", { name: "Row issues" }).waitFor();
      await saveScreenshot(page, "admin-report-en", viewport);

      await page.goto(`${baseUrl}/admin/businesses?filter=${encodeURIComponent(firstName)}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Businesses", level: 1 }).waitFor();
      await page.getByText("Total businesses", { exact: true }).waitFor();
      const row = page.getByTestId("admin-business-row").filter({ has: page.getByRole("heading", { name: firstName, exact: true }) });
      await row.getByRole("button", { name: "Approved", exact: true }).waitFor();
      await page.getByRole("heading", { name: "Danger zone" }).waitFor();
      await saveScreenshot(page, "admin-businesses-en", viewport);
      await page.getByRole("button", { name: "Export CSV" }).click();
      await page.getByRole("dialog").getByText("Fields (4/27)").waitFor();
      // The extras beyond the spec are offered, unticked.
      await page.getByRole("dialog").getByText("Beyond the spec (off by default)").waitFor();
      // Each field shows its English name beside its CSV column.
      for (const extra of ["Gallery photos photos", "Special and holiday hours other_hours", "Business status business_status"]) {
        expect(await page.getByRole("dialog").getByRole("checkbox", { name: extra, exact: true }).isChecked()).toBe(false);
      }
      // The file options default to everything, as the CLI's export does; the BOM is off.
      expect(await page.getByRole("dialog").getByRole("checkbox", { name: "Approved businesses only" }).isChecked()).toBe(false);
      expect(await page.getByRole("dialog").getByRole("checkbox", { name: "Include test data" }).isChecked()).toBe(true);
      expect(await page.getByRole("dialog").getByRole("checkbox", { name: "Start with a byte order mark (for Excel)" }).isChecked()).toBe(false);
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

      await page.goto(`${baseUrl}/admin/upload`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Excel/CSV upload", level: 1 }).waitFor();
      await page.getByLabel("Batch size (records)").waitFor();
      // The CLI's import options, in the admin's language.
      await page.getByLabel("Validate only (dry run): report what would happen, write nothing").waitFor();
      expect(await page.getByLabel("Businesses already stored").inputValue()).toBe("update");
      await page.getByLabel("If an earlier upload of this file was interrupted").waitFor();
      await page.locator('input[type="file"]').setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
      await page.getByTestId("admin-toast").getByText("notes.pdf: only .xlsx, .xls and .csv files can be uploaded").waitFor();
      await saveScreenshot(page, "admin-upload-en", viewport);
      expect(await findSeriousAxeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "tr", exact: true }).click();
      await page.getByRole("heading", { name: "Excel/CSV yükleme", level: 1 }).waitFor();
      await page.getByLabel("Zaten kayıtlı işletmeler").waitFor();
      await page.getByLabel("İçe aktarılan işletmeleri test verisi olarak işaretle").waitFor();
      await saveScreenshot(page, "admin-upload", viewport);
    }, 90_000);
  }

  it("refuses the admin after logout: 401 from the admin API and a redirect from admin pages", async () => {
    await ensureAdminAndUpload();
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${baseUrl}/admin/businesses`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Çıkış yap" }).first().click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    const list = await context.request.get(`${baseUrl}/api/admin/businesses`);
    expect(list.status()).toBe(401);
    const toggle = await context.request.post(`${baseUrl}/api/admin/businesses/1/toggle-approval`, { headers: { Origin: baseUrl } });
    expect(toggle.status()).toBe(401);
    for (const screen of ["/admin/businesses", "/admin/upload", "/admin/reports"]) {
      await page.goto(`${baseUrl}${screen}`);
      expect(new URL(page.url()).pathname, screen).toBe("/admin/login");
    }
  });
});

/** The import sentences the options lead to, as each language words them (the spec's Turkish verbatim). */
const OPTION_SENTENCES = {
  tr: {
    validated: "4 satırın 3 tanesi içe aktarılacaktı: 3 yeni, 0 güncellenen, 0 atlanan, 1 reddedilen.",
    inserted: "4 satırın 3 tanesi içe aktarıldı: 3 yeni, 0 güncellenen, 0 atlanan, 1 reddedilen.",
    skipped: "4 satırın 0 tanesi içe aktarıldı: 0 yeni, 0 güncellenen, 3 atlanan, 1 reddedilen.",
    updated: "4 satırın 3 tanesi içe aktarıldı: 0 yeni, 3 güncellenen, 0 atlanan, 1 reddedilen.",
  },
  en: {
    validated: "3 of 4 rows would be imported: 3 new, 0 updated, 0 skipped, 1 rejected.",
    inserted: "Imported 3 of 4 rows: 3 new, 0 updated, 0 skipped, 1 rejected.",
    skipped: "Imported 0 of 4 rows: 0 new, 0 updated, 3 skipped, 1 rejected.",
    updated: "Imported 3 of 4 rows: 0 new, 3 updated, 0 skipped, 1 rejected.",
  },
} as const;

describe.skipIf(!chromium || !baseUrl)("admin upload options in Chromium (TR and EN, 390 and 1280 px)", () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-upload-options-"));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const language of ADMIN_LANGUAGES)
    for (const size of ["phone", "desktop"] as const)
      it(`validates without writing, marks test data, skips or updates stored businesses (${language}, ${ADMIN_SIZES[size].width} px)`, async () => {
        const t = textIn(language);
        const sentences = OPTION_SENTENCES[language];
        const { context } = await openAdminContext(browser, baseUrl, language, size);
        const page = await context.newPage();
        // Its own businesses: three cafés and a row without a name (rejected), the rating changed between uploads.
        const token = `Optcheck${language}${ADMIN_SIZES[size].width}`;
        const writeFile = (rating: string) => {
          const lines = ["name,address,category,latitude,longitude,rating,place_id,country_code"];
          for (let i = 0; i < 3; i++)
            lines.push(`${token} Cafe ${i},"Optstr. ${i}, 10115 Berlin",Cafe,52.52,13.40,${rating},${token.toLowerCase()}-${i},DE`);
          lines.push(`,"Optstr. 9, 10115 Berlin",Cafe,52.52,13.40,4.0,${token.toLowerCase()}-nameless,DE`);
          const file = path.join(dir, `${token.toLowerCase()}.csv`);
          fs.writeFileSync(file, `${lines.join("\n")}\n`);
          return file;
        };
        const stored = async () => {
          const listed = await context.request.get(`${baseUrl}/api/admin/businesses?filter=${encodeURIComponent(token)}`);
          return ((await listed.json()) as { businesses: Array<{ name: string; rating: number | null }> }).businesses;
        };
        const upload = async (file: string) => {
          await page.locator('input[type="file"]').setInputFiles(file);
          await page.getByRole("button", { name: t("upload.send"), exact: true }).click();
          await expect.poll(() => page.getByTestId("upload-report").count(), { timeout: 60_000 }).toBe(1);
          return page.getByTestId("upload-report");
        };
        const toast = page.getByTestId("admin-toast");
        await page.goto(`${baseUrl}/admin/upload`, { waitUntil: "networkidle" });

        // Dry run: the report and the toast say what would happen, and nothing is written.
        await page.getByLabel(t("upload.dryRun")).check();
        expect(await page.getByLabel(t("upload.interrupted")).isDisabled()).toBe(true);
        const validated = await upload(writeFile("4.1"));
        await validated.getByTestId("upload-dry-run").getByText(t("upload.dryRunReport")).waitFor();
        // Nothing was written, so the report never says it imported anything.
        await expect.poll(() => validated.innerText()).toContain(sentences.validated);
        expect(await validated.innerText()).not.toContain(sentences.inserted);
        await toast.getByText(t("upload.validated"), { exact: true }).waitFor();
        await toast.getByText(t("upload.validatedText", { rows: 3, rejected: 1 })).waitFor();
        await expectOnlyLanguage(page, language, "dry run");
        await expectNoSidewaysScroll(page, "dry run");
        await saveScreenshot(page, `admin-upload-dry-run-${language}`, size);
        expect(await stored()).toEqual([]);

        // A real upload marked as test data: three new businesses, the rejected row said in the toast.
        await page.reload({ waitUntil: "networkidle" });
        await page.getByLabel(t("upload.testData")).check();
        const inserted = await upload(writeFile("4.1"));
        await expect.poll(() => inserted.innerText()).toContain(sentences.inserted);
        await toast.getByText(t("upload.doneRejected"), { exact: true }).waitFor();
        await expectOnlyLanguage(page, language, "upload as test data");
        expect((await stored()).map((business) => business.rating)).toEqual([4.1, 4.1, 4.1]);
        await page.goto(`${baseUrl}/admin/businesses?filter=${encodeURIComponent(token)}`, { waitUntil: "networkidle" });
        await expect
          .poll(() =>
            page
              .getByTestId("admin-business-row")
              .filter({ hasText: t("businesses.testData") })
              .count(),
          )
          .toBe(3);
        await expectOnlyLanguage(page, language, "test data in the list");

        // The same file with new ratings: "leave them as they are" skips all three, "update" writes the new values.
        await page.goto(`${baseUrl}/admin/upload`, { waitUntil: "networkidle" });
        await page.getByLabel(t("upload.onDuplicate")).selectOption("skip");
        const skipped = await upload(writeFile("3.2"));
        await expect.poll(() => skipped.innerText()).toContain(sentences.skipped);
        await expectOnlyLanguage(page, language, "duplicates skipped");
        expect((await stored()).map((business) => business.rating)).toEqual([4.1, 4.1, 4.1]);
        await page.reload({ waitUntil: "networkidle" });
        expect(await page.getByLabel(t("upload.onDuplicate")).inputValue()).toBe("update");
        const updated = await upload(writeFile("3.2"));
        await expect.poll(() => updated.innerText()).toContain(sentences.updated);
        await expectOnlyLanguage(page, language, "duplicates updated");
        await saveScreenshot(page, `admin-upload-updated-${language}`, size);
        expect((await stored()).map((business) => business.rating)).toEqual([3.2, 3.2, 3.2]);
        await context.close();
      }, 120_000);
});
