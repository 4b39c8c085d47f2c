import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const LEGAL_PAGES = [
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    sections: ["Introduction", "Information We Collect", "Your Rights", "International Transfers", "Data Retention", "Contact Information"],
    facts: ["Portability", "Withdrawal of consent"],
  },
  {
    path: "/legal-notice",
    title: "Legal Notice",
    sections: ["Company Information", "Professional Liability Insurance", "Dispute Resolution", "Governing Law", "Legal Contact and Office Hours"],
    facts: ["$10,000,000", "$2,000,000", "45%"],
  },
  {
    path: "/terms-of-service",
    title: "Terms of Service",
    sections: ["Agreement to These Terms", "Accounts and Registration", "Content Guidelines and Moderation", "Termination", "Changes to These Terms"],
    facts: ["about 2.5 million", "99.9% uptime", "10,000 submissions", "30 days' notice", "7 business days"],
  },
  {
    path: "/cookie-policy",
    title: "Cookie Policy",
    sections: [
      "What Are Cookies",
      "Types of Cookies We Use",
      "Duration and Retention",
      "Managing Your Preferences",
      "Third-Party Services",
      "International Compliance",
      "Updates and Contact",
    ],
    facts: ["24 months", "90 days", "Singapore"],
  },
];

describe.skipIf(!chromium || !baseUrl)("static pages and the shared shell in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const legal of LEGAL_PAGES) {
    it(`${legal.path}: headings, date, figures, a working table of contents, canonical URL, no serious axe violations`, async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
      const response = await page.goto(`${baseUrl}${legal.path}`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toContain("max-age=600");
      await expect(page.title()).resolves.toBe(`${legal.title} | Business Directory`);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl}${legal.path}`);
      await page.getByRole("heading", { level: 1, name: legal.title }).waitFor();
      await page.getByText("Last updated: December 12, 2025").waitFor();
      const headings = (await page.locator("article").getByRole("heading", { level: 2 }).allTextContents()).map((text) =>
        text.replace(/^\d+\.\s*/, ""),
      );
      for (const section of legal.sections) expect(headings).toContain(section);
      for (const fact of legal.facts) expect(await page.getByText(fact, { exact: false }).count()).toBeGreaterThan(0);
      // No legal details are configured on this production server: no jurisdiction is claimed, none is marked.
      const article = (await page.locator("article").textContent()) ?? "";
      for (const invented of ["Delaware", "New York", "not configured"]) expect(article, invented).not.toContain(invented);
      // The table of contents lists every section and jumps to it.
      const toc = page.getByRole("navigation", { name: "On this page" });
      expect(await toc.locator("div a").count()).toBe(headings.length);
      await toc.locator("div a").last().click();
      expect(new URL(page.url()).hash).not.toBe("");
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, legal.path.slice(1), "desktop");
      await page.setViewportSize(VIEWPORTS.phone);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, legal.path.slice(1), "phone");
      await page.close();
    });
  }

  it("robots.txt and the sitemaps answer with their content types and URLs that really open", async () => {
    const page = await browser.newPage();
    const robots = await page.request.get(`${baseUrl}/robots.txt`);
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const robotsText = await robots.text();
    expect(robotsText).toContain("Disallow: /admin");
    expect(robotsText).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);

    const index = await page.request.get(`${baseUrl}/sitemap.xml`);
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
    expect(files).toContain(`${baseUrl}/sitemaps/main.xml`);
    const businessPage = files.find((file) => file.endsWith("/sitemaps/businesses/page-1.xml"));
    expect(businessPage).toBeDefined();
    const urls = [...(await (await page.request.get(businessPage as string)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1] as string,
    );
    // Every approved business is listed (the demo seed, plus whatever other browser files imported), 9,000 per file.
    const { totals } = (await (await page.request.get(`${baseUrl}/api/homepage-data`)).json()) as { totals: { businesses: number } };
    // The demo seed's 300 rows are listed except its closed ones (285 with the fixed seed).
    expect(totals.businesses).toBeGreaterThanOrEqual(285);
    expect(urls.length).toBe(Math.min(totals.businesses, 9000));
    const slug = new URL(urls[0] as string).pathname.replace("/business/", "");
    expect((await page.request.get(`${baseUrl}/api/businesses/${slug}`)).status()).toBe(200);
    const main = [...(await (await page.request.get(`${baseUrl}/sitemaps/main.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1] as string,
    );
    expect(main).toContain(`${baseUrl}/cookie-policy`);
    expect((await page.request.get(`${baseUrl}/cookie-policy`)).status()).toBe(200);
    const cities = await page.request.get(`${baseUrl}/sitemaps/cities.xml`);
    expect(cities.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect((await page.request.get(`${baseUrl}/sitemaps/businesses/page-99.xml`)).status()).toBe(404);
    await page.close();
  });

  it("desktop navigation highlights the current section and the skip link reaches the content", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    expect(await nav.getByRole("link", { name: "Contact" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(new URL(page.url()).hash).toBe("#main");
    // Footer carries the spec's quick and legal links.
    const footer = page.getByRole("contentinfo");
    for (const name of ["Privacy Policy", "Legal Notice", "Terms of Service", "Cookie Policy", "Contact"])
      await footer.getByRole("link", { name }).waitFor();
    await page.close();
  });

  it("the phone menu opens, navigates, highlights the new page and closes", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    await page.goto(`${baseUrl}/privacy-policy`, { waitUntil: "networkidle" });
    const menu = page.getByRole("navigation", { name: "Main mobile" });
    expect(await menu.isVisible()).toBe(false);
    await page.locator("header summary", { hasText: "Menu" }).click();
    await menu.getByRole("link", { name: "Contact" }).waitFor({ state: "visible" });
    await saveScreenshot(page, "phone-menu", "phone");
    await menu.getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${baseUrl}/contact`);
    await page.getByRole("heading", { name: "Send us a Message" }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    // Closed, the menu's links leave the accessibility tree, so they are found by their target.
    expect(await page.locator('nav[aria-label="Main mobile"] a[href="/contact"]').getAttribute("aria-current")).toBe("page");
    await page.close();
  });

  it("the phone menu works without JavaScript", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/legal-notice`);
    await page.locator("header summary", { hasText: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main mobile" }).getByRole("link", { name: "Cities" }).click();
    await page.waitForURL(`${baseUrl}/cities`);
    await context.close();
  });

  it("the 404 page: spec texts, search button disabled while blank, empty location left out, no serious axe violations", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    const response = await page.goto(`${baseUrl}/definitely/not/here`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    const button = page.locator("main").getByRole("button", { name: "Search" });
    expect(await button.isDisabled()).toBe(true);
    await page.getByPlaceholder("What are you looking for?").fill("   ");
    expect(await button.isDisabled()).toBe(true);
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, "not-found", "phone");
    await page.getByPlaceholder("What are you looking for?").fill("pizza & pasta");
    await button.click();
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).search).toBe("?q=pizza+%26+pasta");
    await page.close();
  });
});
