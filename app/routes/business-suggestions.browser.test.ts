// Suggest an edit, from form to accepted change, in Chromium at 390 and 1280 px on the real built server: the business
// page's link → the form → sent → the admin queue (after login) → accept → the business page shows the new name.
// axe finds no serious violation on the form, the thank-you and the queue; screenshots go to /tmp/shots-edits/.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
const SHOTS = "/tmp/shots-edits";
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

describe.skipIf(!chromium || !baseUrl)("suggest an edit in Chromium", () => {
  let browser: Browser;
  let targets: Array<{ name: string; slug: string }> = [];
  beforeAll(async () => {
    browser = await launchChromium();
    const response = await fetch(`${baseUrl}/api/businesses?limit=5`);
    const body = (await response.json()) as { businesses: Array<{ name: string; slug: string }> };
    targets = body.businesses;
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [label, viewport] of Object.entries(SIZES)) {
    it(`at ${viewport.width} px: business page → suggest form → sent → admin accepts → the page shows the change`, { timeout: 120_000 }, async () => {
      const target = targets[label === "phone" ? 0 : 1];
      if (!target) throw new Error("the demo data has no businesses");
      const renamed = `${target.name} Renamed ${viewport.width}`;
      // Each visitor writes from its own address (the test server trusts X-Forwarded-For from loopback).
      const visitorContext = await browser.newContext({
        viewport,
        extraHTTPHeaders: { "X-Forwarded-For": `198.19.${viewport.width % 250}.${Math.floor(Math.random() * 250)}` },
      });
      const adminContext = await browser.newContext({ viewport });
      try {
        const visitor = await visitorContext.newPage();
        await visitor.goto(`${baseUrl}/business/${target.slug}`, { waitUntil: "networkidle" });
        await visitor.getByRole("link", { name: "Suggest an edit or report closed" }).click();
        await visitor.getByRole("heading", { name: "Suggest an edit", level: 1 }).waitFor();
        expect(new URL(visitor.url()).pathname).toBe(`/business/${target.slug}/suggest`);
        await visitor.getByText(`Now: ${target.name}`).first().waitFor();
        expect(await findSeriousAxeViolations(visitor)).toEqual([]);
        await expectNoSideScroll(visitor, "suggest form");
        await shoot(visitor, `form-${viewport.width}`);

        // Nothing filled in: the form says what is missing, and the visitor stays on it.
        await visitor.getByRole("button", { name: "Send suggestion" }).click();
        await visitor.getByText("Fill in at least one correction").waitFor();
        await visitor.getByRole("textbox", { name: /^Business name/ }).fill(renamed);
        await visitor.getByRole("textbox", { name: /^Your e-mail/ }).fill("visitor@example.com");
        await visitor.getByRole("button", { name: "Send suggestion" }).click();
        await visitor.getByRole("heading", { name: "Thank you, your suggestion was sent" }).waitFor();
        expect(await findSeriousAxeViolations(visitor)).toEqual([]);
        await shoot(visitor, `sent-${viewport.width}`);

        const admin = await adminContext.newPage();
        await admin.goto(`${baseUrl}/admin/suggestions`, { waitUntil: "networkidle" });
        await admin.getByLabel("Kullanıcı Adı").fill("admin");
        await admin.getByLabel("Şifre", { exact: true }).fill("browser-test-password");
        await admin.getByRole("button", { name: "Giriş Yap" }).click();
        await admin.getByRole("heading", { name: "Düzeltme önerileri", level: 1 }).waitFor();
        const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: target.name, exact: true }) });
        await expect(card.getByRole("textbox", { name: "Ad" }).inputValue()).resolves.toBe(renamed);
        await expect(card.locator('[id$="-name-now"]').textContent()).resolves.toContain(target.name);
        expect(await findSeriousAxeViolations(admin)).toEqual([]);
        await expectNoSideScroll(admin, "admin queue");
        await shoot(admin, `queue-${viewport.width}`);
        await card.getByRole("button", { name: "Kabul et" }).click();
        await admin.getByRole("status").getByText("Kabul edildi").waitFor();

        // NOTE: a new visitor: the first one's browser keeps the page it saw for its max-age (CACHE_DETAIL, 10 minutes).
        const next = await (await browser.newContext({ viewport })).newPage();
        await next.goto(`${baseUrl}/business/${target.slug}`, { waitUntil: "networkidle" });
        await expect(next.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(renamed);
        await shoot(next, `changed-${viewport.width}`);
        await next.context().close();
      } finally {
        await visitorContext.close();
        await adminContext.close();
      }
    });
  }
});
