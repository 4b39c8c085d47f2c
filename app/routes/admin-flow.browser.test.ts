// The back-office end to end in Chromium: an admin uploads a CSV and the public site shows it, approval hides and
// shows it again, site code and an ad slot reach a public business page (never an admin page), the admin data
// screens switch to English, and after logout the session is refused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
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

  it("logs in, uploads a generated CSV through the UI, and the businesses appear on the public site", async () => {
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

    const listed = await context.request.get(`${baseUrl}/api/admin/businesses?filter=${encodeURIComponent(firstName)}`);
    expect(listed.status()).toBe(200);
    const { businesses } = (await listed.json()) as { businesses: Array<{ name: string; slug: string; isApproved: boolean }> };
    const uploaded = businesses.find((business) => business.name === firstName);
    expect(uploaded?.isApproved).toBe(true);
    slug = uploaded?.slug ?? "";

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
