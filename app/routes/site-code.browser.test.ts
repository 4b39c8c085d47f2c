import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { openDatabase } from "../../db/client.ts";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";
import { startDirectoryServer, type DirectoryServer } from "~/testing/directory-server";

const chromium = findChromium();
const enabled = Boolean(chromium && inject("browserBaseUrl"));
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

/** Each snippet records where it ran, so the test sees both placement and execution. */
const SITE_CODE = {
  head_tags: `<meta name="site-verification" content="token-123"><script>window.__headRuns = (window.__headRuns || 0) + 1;</script>`,
  analytics_code: `<script>window.__analyticsIn = document.currentScript.parentNode.nodeName;</script>`,
  facebook_pixel: `<!-- Pixel --><script>window.__pixel = "loaded";</script><noscript><img height="1" width="1" alt="" src="https://pixel.invalid/tr?id=1&amp;ev=PageView"></noscript>`,
  footer_tags: `<script>window.__footerIn = document.currentScript.parentElement.getAttribute("data-site-code");</script><p id="footer-code">Footer code</p>`,
};

async function readMarkers(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return {
      headRuns: w.__headRuns ?? null,
      analyticsIn: w.__analyticsIn ?? null,
      pixel: w.__pixel ?? null,
      footerIn: w.__footerIn ?? null,
      metaInHead: document.head.querySelector('meta[name="site-verification"]')?.getAttribute("content") ?? null,
      footerIsLast: document.body.lastElementChild?.getAttribute("data-site-code") ?? null,
    };
  });
}

describe.skipIf(!enabled)("admin site code on a server whose settings hold code", () => {
  let server: DirectoryServer;
  let browser: Browser;
  beforeAll(async () => {
    // Written before the server starts: PGlite allows one process per data dir.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-site-code-"));
    const handle = await openDatabase({ dataDir });
    await handle.query(
      `insert into site_settings (id, head_tags, analytics_code, facebook_pixel, footer_tags) values (1, $1, $2, $3, $4)
       on conflict (id) do update set head_tags = excluded.head_tags, analytics_code = excluded.analytics_code,
         facebook_pixel = excluded.facebook_pixel, footer_tags = excluded.footer_tags`,
      [SITE_CODE.head_tags, SITE_CODE.analytics_code, SITE_CODE.facebook_pixel, SITE_CODE.footer_tags],
    );
    await handle.close();
    server = await startDirectoryServer(dataDir);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("runs on public pages: head code in <head> (once, hydration intact), footer code last in <body>", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
    expect(await readMarkers(page)).toEqual({
      headRuns: 1,
      analyticsIn: "HEAD",
      pixel: "loaded",
      footerIn: "footer",
      metaInHead: "token-123",
      footerIsLast: "footer",
    });
    // Hydrated without a mismatch: the contact form answers through JavaScript.
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Name must be at least 2 characters").waitFor();
    await saveScreenshot(page, "site-code-public", "desktop");
    await page.close();
  });

  it("is absent under /admin", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${server.url}/admin/login`, { waitUntil: "networkidle" });
    expect(await readMarkers(page)).toEqual({ headRuns: null, analyticsIn: null, pixel: null, footerIn: null, metaInHead: null, footerIsLast: null });
    expect(await page.content()).not.toContain("token-123");
    await page.close();
  });
});
