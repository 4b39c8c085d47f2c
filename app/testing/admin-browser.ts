// An admin browser test's language and width → a logged-in Chromium context in that language, the catalogue's text
// for it, and the check that a page shows no word of the other language (the rule: one language at a time).
import { expect } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { translate, type AdminTextKey } from "~/components/admin/admin-i18n";

export const ADMIN = { username: "admin", password: "browser-test-password" };
/** The widths the issue names: a phone and a laptop. */
export const ADMIN_SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
export type AdminLanguage = "tr" | "en";
export type AdminSize = keyof typeof ADMIN_SIZES;
export const ADMIN_LANGUAGES = ["tr", "en"] as const;

/** The catalogue's text in one language: what the page must show (the admin-i18n unit test keeps both complete). */
export function textIn(language: AdminLanguage) {
  return (key: AdminTextKey, values: Record<string, string | number> = {}) => translate(language, key, values);
}

/**
 * Words only the other language's interface uses (matched as whole words, case-sensitive): one of them on a page
 * means a text that was not translated. Data (business names, categories, file names) is chosen to avoid them.
 */
export const FOREIGN_WORDS: Record<AdminLanguage, string[]> = {
  // Shown on a Turkish page, these are English.
  tr: [
    "Imported",
    "rows",
    "Line",
    "warning",
    "warnings",
    "changed",
    "merges",
    "ids",
    "rejected",
    "skipped",
    "updated",
    "every business needs a name",
    "Succeeded",
    "Failed",
    "Error",
    "Loading",
    "Upload",
    "Save",
    "Delete",
    // NOTE: not "Search": Google's "Search Console" is a product name in both languages.
    "Settings",
    "Log out",
    "Businesses",
    "Approved",
    "Rating",
    "Reviews",
    "Added",
    "Date unknown",
    "Export",
    "Trash",
    "Restore",
    "Messages",
    "Reports",
    "Welcome",
    "records",
    "file",
    "files",
    "page",
    "New",
    "new",
    "Previous",
    "Next",
    "Filter",
    "Clear filters",
    "Validation",
    "nothing was written",
    "Batch",
  ],
  // Shown on an English page, these are Turkish.
  en: [
    "satır",
    "satırlar",
    "işletme",
    "İşletme",
    "İşletmeler",
    "Başarılı",
    "Hata",
    "uyarı",
    "reddedilen",
    "reddedildi",
    "değişen",
    "aktarıldı",
    "Yükle",
    "yükleme",
    "Kaydet",
    "Sil",
    "Filtrele",
    "Tarih",
    "Dosya",
    "dosya",
    "sayfa",
    "Çıkış",
    "Yönetim",
    "Ayarlar",
    "Puan",
    "Yorum",
    "Eklendi",
    "yeni",
    "güncellenen",
    "kimlikler",
    "bilinmiyor",
    "Kas",
    "Önceki",
    "Sonraki",
    "Grup",
    "Geri",
    "doğrulama",
    "Doğrulama",
    "yazılmadı",
  ],
};

/** What a page says, without code (action names, field keys), form values or the data marked translate="no". */
export async function readVisibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const node of clone.querySelectorAll('code, pre, textarea, script, style, [translate="no"], [hidden], [aria-hidden="true"]')) node.remove();
    document.body.append(clone);
    clone.style.position = "absolute";
    const text = clone.innerText;
    clone.remove();
    return text;
  });
}

/** The other language's words in a text, and any raw server code ("FILE_EMPTY": in no language). */
export function findForeignWords(text: string, language: AdminLanguage): string[] {
  const found = FOREIGN_WORDS[language].filter((word) =>
    new RegExp(`(?<![\\p{L}\\p{N}_])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "u").test(text),
  );
  const codes = text.match(/(?<![\p{L}\p{N}_])[A-Z]{2,}(?:_[A-Z0-9]+)+(?![\p{L}\p{N}_])/gu) ?? [];
  return [...found, ...codes];
}

/** The page says <html lang> of the language and shows (title included) no word of the other one. */
export async function expectOnlyLanguage(page: Page, language: AdminLanguage, label: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), `${label}: <html lang>`).toBe(language);
  const text = `${await page.title()}\n${await readVisibleText(page)}`;
  expect(findForeignWords(text, language), `${label} (${language})`).toEqual([]);
}

/** Nothing wider than the screen: the page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: page width`).toBeLessThanOrEqual(innerWidth);
}

/** A fresh context at the size, in the language (the admin_lang cookie), logged in over the API; its CSRF token. */
export async function openAdminContext(
  browser: Browser,
  baseUrl: string,
  language: AdminLanguage,
  size: AdminSize,
  options: { acceptDownloads?: boolean } = {},
): Promise<{ context: BrowserContext; csrfToken: string }> {
  const context = await browser.newContext({ viewport: ADMIN_SIZES[size], acceptDownloads: options.acceptDownloads ?? false });
  await context.addCookies([{ name: "admin_lang", value: language, url: baseUrl }]);
  const login = await context.request.post(`${baseUrl}/api/admin/login`, { data: ADMIN, headers: { Origin: baseUrl } });
  expect(login.status()).toBe(200);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return { context, csrfToken };
}

/** Imports a CSV over the upload API (as the page sends it), so a test makes its own businesses. */
export async function uploadCsvOverApi(context: BrowserContext, baseUrl: string, csrfToken: string, name: string, csv: string): Promise<void> {
  const response = await context.request.post(`${baseUrl}/api/upload-excel-batch`, {
    headers: { Origin: baseUrl, "X-CSRF-Token": csrfToken },
    multipart: { file: { name, mimeType: "text/csv", buffer: Buffer.from(csv) }, batchSize: "100", fileIndex: "0", totalFiles: "1" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A dialog's panel background and its title's colour as luminance (0 black … 255 white): in dark mode the panel is
 * dark (< 80) and the title light (> 180).
 */
export async function readDialogLuminance(dialog: Locator): Promise<{ panel: number; title: number }> {
  return dialog.evaluate((element) => {
    const luminance = (colour: string) => {
      const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const title = element.querySelector("h2") as HTMLElement;
    return { panel: luminance(getComputedStyle(element).backgroundColor), title: luminance(getComputedStyle(title).color) };
  });
}
