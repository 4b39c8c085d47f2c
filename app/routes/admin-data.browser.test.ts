import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot, SCREENSHOT_DIR, VIEWPORTS } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const ROWS = 3000;

/** A generated upload: ROWS businesses in Berlin with unique place ids, plus one row without a name (rejected). */
function writeUploadFile(dir: string, prefix: string): string {
  const lines = ["name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code"];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `${prefix} Shop ${i},"Teststr. ${i}, 10115 Berlin",+49 30 ${String(1_000_000 + i)},Bookstore,52.5${i % 10},13.4${i % 7},4.${i % 10},${i},${prefix.toLowerCase()}-${i},DE`,
    );
  }
  lines.push(",Nameless Street 1,,Bookstore,52.5,13.4,4.0,1,nameless-1,DE");
  const file = path.join(dir, `${prefix.toLowerCase()}-upload.csv`);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** A small workbook in the spec's template layout, written with exceljs. */
async function writeWorkbook(dir: string, prefix: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Businesses");
  sheet.addRow(["name", "address", "phone", "category", "latitude", "longitude", "rating", "reviewCount", "place_id", "country_code"]);
  for (let i = 0; i < 40; i++)
    sheet.addRow([
      `${prefix} Atelier ${i}`,
      `Rue ${i}, 75001 Paris`,
      "+33 1 23 45 67 89",
      "Florist",
      48.86,
      2.34,
      4.5,
      i,
      `${prefix.toLowerCase()}-xl-${i}`,
      "FR",
    ]);
  const file = path.join(dir, `${prefix.toLowerCase()}-upload.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function logIn(context: BrowserContext) {
  const response = await context.request.post(`${baseUrl}/api/admin/login`, {
    data: { username: "admin", password: "browser-test-password" },
    headers: { Origin: baseUrl },
  });
  expect(response.status()).toBe(200);
}

/** A dialog is fixed to the viewport: a screenshot of what the admin sees, not of the whole page. */
async function saveViewportShot(page: Page, name: string, viewport: keyof typeof VIEWPORTS) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`) });
}

async function expectNoSeriousViolations(page: Page) {
  expect(await findSeriousAxeViolations(page)).toEqual([]);
}

describe.skipIf(!chromium || !baseUrl)("admin data screens in Chromium", () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-admin-browser-"));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses the admin screens without a session", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    for (const screen of ["/admin/businesses", "/admin/upload", "/admin/reports"]) {
      await page.goto(`${baseUrl}${screen}`);
      expect(new URL(page.url()).pathname).toBe("/admin/login");
    }
    const api = await page.request.get(`${baseUrl}/api/admin/businesses`);
    expect(api.status()).toBe(401);
    await page.close();
  });

  for (const viewport of ["desktop", "phone"] as const) {
    it(`uploads a file with live progress, then manages and exports businesses (${viewport})`, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport], acceptDownloads: true });
      await logIn(context);
      const page = await context.newPage();
      const prefix = viewport === "desktop" ? "Desk" : "Phone";

      // Upload: pick the file, choose batches of 100, watch the rows being committed, then read the report.
      await page.goto(`${baseUrl}/admin/upload`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Excel/CSV yükleme" }).waitFor();
      // Three files go one after another: a CSV, an .xlsx and a CSV with no rows (the partial-success case).
      const empty = path.join(dir, `${prefix.toLowerCase()}-empty.csv`);
      fs.writeFileSync(empty, "name,address,phone\n");
      await page.locator('input[type="file"]').setInputFiles([writeUploadFile(dir, prefix), await writeWorkbook(dir, prefix), empty]);
      await page.getByRole("button", { name: "3 dosyayı yükle" }).waitFor();
      await page.getByLabel("Grup boyutu (kayıt)").selectOption("100");
      const seen: string[] = [];
      await page.exposeFunction("recordProgress", (text: string) => seen.push(text));
      await page.evaluate(() => {
        const observer = new MutationObserver(() => {
          const node = document.querySelector('[data-testid="upload-progress"] p');
          if (node?.textContent) (window as unknown as { recordProgress: (text: string) => void }).recordProgress(node.textContent);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.getByRole("button", { name: "3 dosyayı yükle" }).click();
      await page.getByText(/satır işlendi/).waitFor({ timeout: 60_000 });
      await saveScreenshot(page, "admin-upload-progress", viewport);
      const reports = page.getByTestId("upload-report");
      await expect.poll(() => reports.count(), { timeout: 120_000 }).toBe(3);
      const report = reports.filter({ hasText: `${prefix.toLowerCase()}-upload.csv` });
      // Turkish figures group thousands with a dot: "3.000 satır işlendi".
      const committed = seen
        .map((text) => /([\d.]+) satır işlendi/.exec(text)?.[1])
        .filter(Boolean)
        .map((n) => Number(n?.replace(/\./g, "")));
      expect(committed.length).toBeGreaterThan(1);
      expect(Math.max(...committed)).toBe(ROWS);
      await expect(report.getByText("Başarılı", { exact: true }).first().isVisible()).resolves.toBe(true);
      await expect(report.getByText(`Sütun çıkarımı:`).isVisible()).resolves.toBe(true);
      // Server results in the admin's language (Turkish): the rejected row by its code, the counts by their sentence.
      await expect(report.getByText(/\d+\. satır: Ad — her işletmenin bir adı olmalı/).isVisible()).resolves.toBe(true);
      await expect(
        reports
          .filter({ hasText: `${prefix.toLowerCase()}-upload.xlsx` })
          .getByText("40 satırın 40 tanesi içe aktarıldı: 40 yeni, 0 güncellenen, 0 atlanan, 0 reddedilen.")
          .isVisible(),
      ).resolves.toBe(true);
      await expect(
        reports
          .filter({ hasText: `${prefix.toLowerCase()}-empty.csv` })
          .getByText("Hata", { exact: true })
          .isVisible(),
      ).resolves.toBe(true);
      await page.getByTestId("admin-toast").getByText("Kısmi başarı").waitFor();
      await page.getByTestId("admin-toast").getByText("2/3 dosya yüklendi.").waitFor();
      await saveScreenshot(page, "admin-upload-report", viewport);
      await expectNoSeriousViolations(page);

      // Businesses: search the upload (sorted by name, so "Shop 12" comes before "Shop 120"), approve toggle, delete.
      await page.goto(`${baseUrl}/admin/businesses?sortBy=name&sortOrder=asc`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "İşletmeler", exact: true }).waitFor();
      await page.getByRole("searchbox", { name: "İşletme adı ara" }).fill(`${prefix} Shop 12`);
      await page.getByRole("button", { name: "Ara", exact: true }).click();
      await page.waitForURL(/filter=/);
      const rows = page.getByTestId("admin-business-row");
      // NOTE: the URL changes a moment before React renders the new list, so poll the list itself.
      await expect.poll(() => rows.first().getByRole("heading").textContent()).toBe(`${prefix} Shop 12`);
      expect(await rows.count()).toBe(20);
      const first = rows.filter({ has: page.getByRole("heading", { name: `${prefix} Shop 12`, exact: true }) });
      await first.getByRole("button", { name: "Onaylandı" }).click();
      await first.getByRole("button", { name: "Onayla", exact: true }).waitFor();
      await page.getByTestId("admin-toast").getByText("İşletmenin onay durumu güncellendi.").waitFor();
      await first.getByRole("button", { name: /^Sil/ }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByText(`"${prefix} Shop 12" işletmesini silmek istediğinizden emin misiniz?`).waitFor();
      await saveViewportShot(page, "admin-businesses-confirm", viewport);
      await dialog.getByRole("button", { name: "Sil" }).click();
      await page.getByTestId("admin-toast").getByText("İşletme silindi", { exact: true }).waitFor();
      await expect.poll(() => first.count()).toBe(0);
      await page.getByRole("searchbox", { name: "İşletme adı ara" }).fill("no such business anywhere");
      await page.getByRole("button", { name: "Ara", exact: true }).click();
      await page.getByText("İşletme bulunamadı").waitFor();
      await page.goto(`${baseUrl}/admin/businesses?sortBy=name&sortOrder=asc`, { waitUntil: "networkidle" });
      await saveScreenshot(page, "admin-businesses", viewport);
      await expectNoSeriousViolations(page);

      // Export: the dialog with 27 fields, a category from the picker and a country; the download is the CSV asked for.
      await page.getByRole("button", { name: /CSV dışa aktar/ }).click();
      const exportDialog = page.getByRole("dialog");
      await exportDialog.getByText("Alanlar (4/27)").waitFor();
      // Fields carry their names in the admin's language beside the CSV column.
      await exportDialog.getByRole("checkbox", { name: "Yer kimliği place_id" }).waitFor();
      await exportDialog.getByRole("checkbox", { name: "place_id" }).check();
      await exportDialog.getByRole("searchbox", { name: "Kategori ara" }).fill("bookst");
      await exportDialog.getByRole("checkbox", { name: "Bookstore" }).check();
      await exportDialog.getByLabel("Ülke", { exact: true }).selectOption("DE");
      await exportDialog.getByLabel("Tarih aralığı").selectOption("today");
      await saveViewportShot(page, "admin-export-dialog", viewport);
      await expectNoSeriousViolations(page);
      const exportRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/admin/export-csv")) exportRequests.push(request.url());
      });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        exportDialog.getByRole("button", { name: "Dışa aktar", exact: true }).click(),
      ]);
      // One check (no rows read) and one export: the download's (the check used to start the export too).
      expect(exportRequests.map((url) => new URL(url).searchParams.get("check"))).toEqual(["1", null]);
      expect(download.suggestedFilename()).toMatch(/^businesses_DE_1kategoriler_today_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv$/);
      // The browser downloads the server's stream itself (a blob: URL meant the whole file sat in page memory first).
      expect(download.url()).toMatch(/\/api\/admin\/export-csv\?fields=name%2Ctype%2Cfull_address%2Cphone%2Cplace_id&countryCode=DE&/);
      const csv = fs
        .readFileSync((await download.path()) ?? "", "utf8")
        .trim()
        .split("\r\n");
      // Columns come in the spec's field order, whatever order they were ticked in.
      expect(csv[0]).toBe("name,type,full_address,phone,place_id");
      expect(csv.some((line) => line.startsWith(`${prefix} Shop 1,`))).toBe(true);
      expect(csv.some((line) => line.startsWith(`${prefix} Shop 12,`))).toBe(false);
      await page.getByTestId("admin-toast").getByText("Dışa aktarma başarılı").waitFor();

      // Reports: the upload is in the history, with its report and the rejected row.
      await page.goto(`${baseUrl}/admin/reports`, { waitUntil: "networkidle" });
      await page.getByTestId("report-list").getByText(`${prefix.toLowerCase()}-upload.csv`).first().click();
      await page.getByRole("heading", { name: /Rapor #\d+/ }).waitFor();
      await page.getByRole("link", { name: /Reddedilen satırlar \(CSV, 1\)/ }).waitFor();
      await saveScreenshot(page, "admin-report", viewport);
      await expectNoSeriousViolations(page);
      await context.close();
    }, 240_000);
  }
});
