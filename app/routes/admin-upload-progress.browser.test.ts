// The admin upload page in Chromium, in TR and EN at 390 and 1280 px: while the server imports, the progress bar is
// determinate — its percent comes from the bytes of the file the committed rows reach — and the text says the percent
// beside the rows processed, in the admin's language.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { expectOnlyLanguage, findForeignWords } from "~/testing/admin-browser";
import { findChromium, launchChromium } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
const ROWS = 3000;
const VIEWPORTS = { "390": { width: 390, height: 844 }, "1280": { width: 1280, height: 900 } } as const;
const WORDING = {
  tr: { batchSize: "Grup boyutu (kayıt)", send: "Yükle", importing: /satır işlendi/, percent: /%\s?\d+ · [\d.]+ satır işlendi/ },
  en: { batchSize: "Batch size (records)", send: "Upload", importing: /rows processed/, percent: /\d+\s?% · [\d,]+ rows processed/ },
} as const;

describe.skipIf(!chromium || !baseUrl)("admin upload progress by bytes in Chromium", () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-upload-progress-"));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const language of ["tr", "en"] as const)
    for (const [width, viewport] of Object.entries(VIEWPORTS))
      it(`shows a determinate percent while importing (${language}, ${width} px)`, async () => {
        const words = WORDING[language];
        const context = await browser.newContext({ viewport });
        await context.addCookies([{ name: "admin_lang", value: language, url: baseUrl }]);
        const login = await context.request.post(`${baseUrl}/api/admin/login`, {
          data: { username: "admin", password: "browser-test-password" },
          headers: { Origin: baseUrl },
        });
        expect(login.status()).toBe(200);
        const lines = ["name,address,category,latitude,longitude,place_id,country_code"];
        for (let i = 0; i < ROWS; i++)
          lines.push(
            `Bytes Shop ${language}${width} ${i},"Teststr. ${i}, 10115 Berlin",Bookstore,52.5${i % 10},13.4${i % 7},bytes-${language}${width}-${i},DE`,
          );
        const file = path.join(dir, `bytes-upload-${language}-${width}.csv`);
        fs.writeFileSync(file, `${lines.join("\n")}\n`);

        const page = await context.newPage();
        await page.goto(`${baseUrl}/admin/upload`, { waitUntil: "networkidle" });
        await page.locator('input[type="file"]').setInputFiles([file]);
        await page.getByLabel(words.batchSize).selectOption("100");
        const seen: Array<{ text: string; value: string | null }> = [];
        await page.exposeFunction("recordBar", (text: string, value: string | null) => seen.push({ text, value }));
        await page.evaluate(() => {
          const observer = new MutationObserver(() => {
            const text = document.querySelector('[data-testid="upload-progress"] p')?.textContent ?? "";
            const value = document.querySelector('[data-testid="upload-progress"] [role="progressbar"]')?.getAttribute("aria-valuenow") ?? null;
            if (text) (window as unknown as { recordBar: (text: string, value: string | null) => void }).recordBar(text, value);
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        });
        await page.getByRole("button", { name: words.send, exact: true }).click();
        await expect.poll(() => page.getByTestId("upload-report").count(), { timeout: 120_000 }).toBe(1);

        const importing = seen.filter((entry) => words.importing.test(entry.text) && entry.value !== null);
        expect(importing.length, JSON.stringify(seen.slice(-10))).toBeGreaterThan(0);
        const percents = importing.map((entry) => Number(entry.value));
        for (const percent of percents) expect(percent).toBeGreaterThanOrEqual(0);
        expect(Math.max(...percents)).toBeLessThanOrEqual(100);
        expect([...percents].sort((a, b) => a - b)).toEqual(percents);
        // The text carries the same percent, in the admin's language (Turkish puts the sign first: "%45").
        expect(
          importing.some((entry) => words.percent.test(entry.text)),
          JSON.stringify(importing.slice(-3)),
        ).toBe(true);
        // Nothing the bar said, and nothing the finished page says, is in the other language.
        for (const entry of seen) expect(findForeignWords(entry.text, language), entry.text).toEqual([]);
        await expectOnlyLanguage(page, language, "upload finished");
        await context.close();
      });
});
