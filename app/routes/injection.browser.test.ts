import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { openDatabase } from "../../db/client.ts";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";
import { startDirectoryServer, type DirectoryServer } from "~/testing/directory-server";
import { buildHostileCsv, buildHostileRows } from "~/testing/hostile-payloads";

const chromium = findChromium();
const enabled = Boolean(chromium && inject("browserBaseUrl"));
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

/** What the page would hold had any payload turned into markup, a handler or a script link. */
async function findInjected(page: Page) {
  return page.evaluate(() => {
    // eslint-disable-next-line no-control-regex -- browsers drop these before reading a URL's scheme
    const unsafe = (value: string) => /^(javascript|vbscript|data):/i.test(value.replace(/[\u0000-\u0020]/g, ""));
    const markup = [...document.querySelectorAll("b, i")].filter((element) => ["bold", "html", "Road"].includes(element.textContent ?? ""));
    return {
      elements: [...document.querySelectorAll('img[src="x"], [onerror], [onload], [onclick], iframe:not([sandbox])'), ...markup].map((element) =>
        element.outerHTML.slice(0, 80),
      ),
      links: [...document.querySelectorAll<HTMLElement>("[href], [src]")]
        .map((element) => element.getAttribute("href") ?? element.getAttribute("src") ?? "")
        .filter(unsafe),
      scripts: [...document.scripts].filter(
        (script) => script.type !== "application/ld+json" && /alert\(/.test(script.text) && !script.text.includes("__remixContext"),
      ).length,
    };
  });
}

describe.skipIf(!enabled)("hostile business data in real Chromium", () => {
  let server: DirectoryServer;
  let browser: Browser;
  let slugs: string[];

  beforeAll(async () => {
    // Imported through the real pipeline before the server starts: PGlite allows one process per data dir.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-injection-browser-"));
    const handle = await openDatabase({ dataDir });
    const csvPath = path.join(dataDir, "hostile.csv");
    fs.writeFileSync(csvPath, buildHostileCsv(buildHostileRows()));
    await importFile(handle, csvPath, { searchEngine: null });
    slugs = (await handle.query<{ slug: string }>("select slug from businesses order by id")).map((row) => row.slug);
    await handle.close();
    fs.rmSync(csvPath);
    server = await startDirectoryServer(dataDir);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("business pages, search results and home run no payload and hold no injected element", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // The script, image, JSON-LD breaker and javascript: website rows, then the listings that show every row.
    const paths = [...slugs.slice(1, 5).map((slug) => `/business/${slug}`), "/search?q=alert", `/search?q=${encodeURIComponent("東京の寿司")}`, "/"];
    for (const pathname of paths) {
      await page.goto(`${server.url}${pathname}`, { waitUntil: "load" });
      // Hydrated: React re-rendered the same data on the client.
      await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
      expect(await findInjected(page), pathname).toEqual({ elements: [], links: [], scripts: 0 });
    }
    await page.goto(`${server.url}/business/${slugs[1]}`, { waitUntil: "load" });
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("<script>alert(1)</script>");
    // The JSON-LD parses back to the stored name; the sitemaps parse as XML in the browser.
    const structured = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? "null") as { name?: string },
      ),
    );
    expect(structured[0]?.name).toBe("<script>alert(1)</script> 1");
    const xmlErrors = await page.evaluate(async () => {
      const parse = async (url: string) => new DOMParser().parseFromString(await (await fetch(url)).text(), "application/xml");
      const index = await parse("/sitemap.xml");
      const files = [...index.querySelectorAll("loc")].map((loc) => new URL(loc.textContent ?? "").pathname);
      const documents = [index, ...(await Promise.all(files.map(parse)))];
      return { files: files.length, errors: documents.filter((doc) => doc.querySelector("parsererror")).length };
    });
    expect(xmlErrors.files).toBeGreaterThan(3);
    expect(xmlErrors.errors).toBe(0);
    await saveScreenshot(page, "injection-business", "desktop");
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
