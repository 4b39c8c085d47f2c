import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  ADMIN_LANGUAGES,
  ADMIN_SIZES,
  expectNoSidewaysScroll,
  expectOnlyLanguage,
  openAdminContext,
  textIn,
  type AdminSize,
} from "~/testing/admin-browser";
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

/** A dialog is fixed to the viewport: a screenshot of what the admin sees, not of the whole page. */
async function saveViewportShot(page: Page, name: string, size: AdminSize) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${ADMIN_SIZES[size].width}.png`) });
}

async function expectNoSeriousViolations(page: Page) {
  expect(await findSeriousAxeViolations(page)).toEqual([]);
}

/** The server's sentences and row issues as each language words them (the spec's Turkish verbatim). */
const SENTENCES = {
  tr: {
    rejectedRow: /\d+\. satır: Ad — her işletmenin bir adı olmalı/,
    imported40: "40 satırın 40 tanesi içe aktarıldı: 40 yeni, 0 güncellenen, 0 atlanan, 0 reddedilen.",
    committed: /([\d.]+) satır işlendi/,
    extraction: "Sütun çıkarımı:",
    runTitle: /^Rapor #\d+/,
    thousands: /\./g,
  },
  en: {
    rejectedRow: /Line \d+: Name — every business needs a name/,
    imported40: "Imported 40 of 40 rows: 40 new, 0 updated, 0 skipped, 0 rejected.",
    committed: /([\d,]+) rows processed/,
    extraction: "Column extraction:",
    runTitle: /^Report #\d+/,
    thousands: /,/g,
  },
} as const;

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

  for (const language of ADMIN_LANGUAGES)
    for (const size of ["phone", "desktop"] as const)
      it(`uploads a file with live progress, then manages and exports businesses (${language}, ${ADMIN_SIZES[size].width} px)`, async () => {
        const t = textIn(language);
        const words = SENTENCES[language];
        const { context } = await openAdminContext(browser, baseUrl, language, size, { acceptDownloads: true });
        const page = await context.newPage();
        // Names of its own, so no other test's rows (or an earlier run's) are in its way.
        const prefix = `${language === "tr" ? "Tr" : "En"}${size === "phone" ? "Phone" : "Desk"}`;
        const shot = (name: string) => saveScreenshot(page, `${name}-${language}`, size);

        // Upload: pick the file, choose batches of 100, watch the rows being committed, then read the report.
        await page.goto(`${baseUrl}/admin/upload`, { waitUntil: "networkidle" });
        await page.getByRole("heading", { name: t("upload.title") }).waitFor();
        await expectOnlyLanguage(page, language, "upload");
        // Three files go one after another: a CSV, an .xlsx and a CSV with no rows (the partial-success case).
        const empty = path.join(dir, `${prefix.toLowerCase()}-empty.csv`);
        fs.writeFileSync(empty, "name,address,phone\n");
        await page.locator('input[type="file"]').setInputFiles([writeUploadFile(dir, prefix), await writeWorkbook(dir, prefix), empty]);
        const send = page.getByRole("button", { name: t("upload.sendMany", { count: 3 }) });
        await send.waitFor();
        await page.getByLabel(t("upload.batchSize")).selectOption("100");
        const seen: string[] = [];
        await page.exposeFunction("recordProgress", (text: string) => seen.push(text));
        await page.evaluate(() => {
          const observer = new MutationObserver(() => {
            const node = document.querySelector('[data-testid="upload-progress"] p');
            if (node?.textContent) (window as unknown as { recordProgress: (text: string) => void }).recordProgress(node.textContent);
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        await send.click();
        await page.getByText(words.committed).waitFor({ timeout: 60_000 });
        await expectOnlyLanguage(page, language, "upload in progress");
        await shot("admin-upload-progress");
        const reports = page.getByTestId("upload-report");
        await expect.poll(() => reports.count(), { timeout: 120_000 }).toBe(3);
        const report = reports.filter({ hasText: `${prefix.toLowerCase()}-upload.csv` });
        // Figures group thousands as the language does: "3.000 satır işlendi", "3,000 rows processed".
        const committed = seen
          .map((text) => words.committed.exec(text)?.[1])
          .filter(Boolean)
          .map((n) => Number(n?.replace(words.thousands, "")));
        expect(committed.length).toBeGreaterThan(1);
        expect(Math.max(...committed)).toBe(ROWS);
        await expect(report.getByText(t("dashboard.success"), { exact: true }).first().isVisible()).resolves.toBe(true);
        await expect(report.getByText(words.extraction).isVisible()).resolves.toBe(true);
        // Server results in the admin's language: the rejected row by its code, the counts by their sentence.
        await expect(report.getByText(words.rejectedRow).isVisible()).resolves.toBe(true);
        await expect(
          reports
            .filter({ hasText: `${prefix.toLowerCase()}-upload.xlsx` })
            .getByText(words.imported40)
            .isVisible(),
        ).resolves.toBe(true);
        await expect(
          reports
            .filter({ hasText: `${prefix.toLowerCase()}-empty.csv` })
            .getByText(t("dashboard.failure"), { exact: true })
            .isVisible(),
        ).resolves.toBe(true);
        await page.getByTestId("admin-toast").getByText(t("upload.partial")).waitFor();
        await page
          .getByTestId("admin-toast")
          .getByText(t("upload.partialText", { succeeded: 2, total: 3 }))
          .waitFor();
        await expectOnlyLanguage(page, language, "upload reports");
        await expectNoSidewaysScroll(page, "upload reports");
        await shot("admin-upload-report");
        await expectNoSeriousViolations(page);

        // Businesses: search the upload (sorted by name, so "Shop 12" comes before "Shop 120"), approve toggle, delete.
        await page.goto(`${baseUrl}/admin/businesses?sortBy=name&sortOrder=asc`, { waitUntil: "networkidle" });
        await page.getByRole("heading", { name: t("businesses.title"), exact: true }).waitFor();
        const search = page.getByRole("searchbox", { name: t("businesses.searchLabel") });
        await search.fill(`${prefix} Shop 12`);
        await page.getByRole("button", { name: t("businesses.search"), exact: true }).click();
        await page.waitForURL(/filter=/);
        const rows = page.getByTestId("admin-business-row");
        // NOTE: the URL changes a moment before React renders the new list, so poll the list itself.
        await expect.poll(() => rows.first().getByRole("heading").textContent()).toBe(`${prefix} Shop 12`);
        expect(await rows.count()).toBe(20);
        const first = rows.filter({ has: page.getByRole("heading", { name: `${prefix} Shop 12`, exact: true }) });
        await first.getByRole("button", { name: t("businesses.approvedButton"), exact: true }).click();
        await first.getByRole("button", { name: t("businesses.approve"), exact: true }).waitFor();
        await page.getByTestId("admin-toast").getByText(t("businesses.approvalUpdated")).waitFor();
        await expectOnlyLanguage(page, language, "businesses after approval");
        await first.getByRole("button", { name: new RegExp(`^${t("common.delete")}`) }).click();
        const dialog = page.getByRole("alertdialog");
        await dialog.getByText(t("businesses.deleteConfirm", { name: `${prefix} Shop 12` })).waitFor();
        await expectOnlyLanguage(page, language, "delete confirmation");
        await saveViewportShot(page, `admin-businesses-confirm-${language}`, size);
        await dialog.getByRole("button", { name: t("common.delete") }).click();
        await page.getByTestId("admin-toast").getByText(t("businesses.deleted"), { exact: true }).waitFor();
        await expect.poll(() => first.count()).toBe(0);
        await search.fill("no such business anywhere");
        await page.getByRole("button", { name: t("businesses.search"), exact: true }).click();
        await page.getByText(t("businesses.empty")).waitFor();
        await expectOnlyLanguage(page, language, "no businesses found");
        await page.goto(`${baseUrl}/admin/businesses?sortBy=name&sortOrder=asc`, { waitUntil: "networkidle" });
        await expectOnlyLanguage(page, language, "businesses");
        await expectNoSidewaysScroll(page, "businesses");
        await shot("admin-businesses");
        await expectNoSeriousViolations(page);

        // Export: the dialog with 27 fields, a category from the picker and a country; the download is the CSV asked for.
        await page.getByRole("button", { name: t("export.open") }).click();
        const exportDialog = page.getByRole("dialog");
        await exportDialog.getByText(t("export.fields", { selected: 4, total: 27 })).waitFor();
        // Fields carry their names in the admin's language beside the CSV column.
        await exportDialog.getByRole("checkbox", { name: `${t("export.field.place_id")} place_id` }).waitFor();
        await exportDialog.getByRole("checkbox", { name: "place_id" }).check();
        await exportDialog.getByRole("searchbox", { name: t("export.categorySearch") }).fill("bookst");
        await exportDialog.getByRole("checkbox", { name: "Bookstore" }).check();
        await exportDialog.getByLabel(t("export.country"), { exact: true }).selectOption("DE");
        await exportDialog.getByLabel(t("export.range")).selectOption("today");
        await expectOnlyLanguage(page, language, "export dialog");
        await saveViewportShot(page, `admin-export-dialog-${language}`, size);
        await expectNoSeriousViolations(page);
        const exportRequests: string[] = [];
        page.on("request", (request) => {
          if (request.url().includes("/api/admin/export-csv")) exportRequests.push(request.url());
        });
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          exportDialog.getByRole("button", { name: t("export.submit"), exact: true }).click(),
        ]);
        // One check (no rows read) and one export: the download's (the check used to start the export too).
        expect(exportRequests.map((url) => new URL(url).searchParams.get("check"))).toEqual(["1", null]);
        // The spec's file name, in either language.
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
        await page.getByTestId("admin-toast").getByText(t("export.success")).waitFor();
        await expectOnlyLanguage(page, language, "after the export");

        // Reports: the upload is in the history, with its report and the rejected row.
        await page.goto(`${baseUrl}/admin/reports`, { waitUntil: "networkidle" });
        await page.getByTestId("report-list").getByText(`${prefix.toLowerCase()}-upload.csv`).first().click();
        await page.getByRole("heading", { name: words.runTitle }).waitFor();
        await page.getByRole("link", { name: t("run.rejectedCsv", { count: 1 }) }).waitFor();
        await expectOnlyLanguage(page, language, "run report");
        await expectNoSidewaysScroll(page, "run report");
        await shot("admin-report");
        await expectNoSeriousViolations(page);
        await context.close();
      }, 240_000);
});
