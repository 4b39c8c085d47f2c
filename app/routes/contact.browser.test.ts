import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { findSeriousAxeViolations } from "~/testing/axe";
import { findChromium, launchChromium, saveScreenshot, VIEWPORTS } from "~/testing/chromium";

const baseUrl = inject("browserBaseUrl");
const chromium = findChromium();
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const VALID = {
  name: "Grace Hopper",
  email: "grace@example.com",
  subject: "Wrong opening hours",
  message: "The bakery on Main Street closes at 6 pm, not 8 pm.",
};

let senders = 0;
/** Each test writes from its own address (the test server trusts X-Forwarded-For from loopback: TRUST_PROXY), so limits don't mix. */
async function newContext(browser: Browser, options: { javaScriptEnabled?: boolean; viewport?: keyof typeof VIEWPORTS } = {}) {
  return browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? "desktop"],
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${Math.floor(Math.random() * 250)}.${++senders}` },
  });
}

/** Fills fields through their visible labels (which also proves each input is labelled). */
const LABELS: Record<string, string> = {
  name: "Full Name",
  email: "Email Address",
  company: "Company",
  phone: "Phone Number",
  subject: "Subject",
  message: "Message",
};
async function fill(page: Page, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values))
    await page.getByRole("textbox", { name: LABELS[field], exact: field !== "company" && field !== "phone" }).fill(value);
}

/** The toast area (F8 focuses it, per the spec). */
function notifications(page: Page) {
  return page.getByRole("region", { name: "Notifications (F8)" });
}

async function fieldValues(page: Page) {
  return page.evaluate(() =>
    ["name", "email", "company", "phone", "subject", "message"].map((name) => (document.querySelector(`[name=${name}]`) as HTMLInputElement).value),
  );
}

describe.skipIf(!chromium || !baseUrl)("contact page in Chromium", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it("with JavaScript: shows the spec's field messages, then sends, toasts and clears the form", async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toBe("Contact Us | Business Directory");
    await page.getByRole("heading", { name: "Send us a Message" }).waitFor();
    expect(await page.locator("textarea[name=message]").getAttribute("rows")).toBe("6");

    await fill(page, { name: "G", email: "grace@", subject: "Hi", message: "Too short" });
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const text of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Subject must be at least 5 characters",
      "Message must be at least 10 characters",
    ]) {
      await page.getByText(text).waitFor();
    }
    // The first invalid field gets focus and names its error.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await page.locator("#contact-name").getAttribute("aria-describedby")).toBe("contact-name-error");
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, "contact-errors", "desktop");

    await fill(page, VALID);
    await fill(page, { company: "Navy" });
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = notifications(page).getByRole("listitem");
    await toast.getByText("Message Sent Successfully", { exact: true }).waitFor();
    await toast.getByText("Thank you for your message. We'll get back to you within 24 hours.").waitFor();
    expect(await fieldValues(page)).toEqual(["", "", "", "", "", ""]);
    expect(await page.getByText("Name must be at least 2 characters").count()).toBe(0);
    await saveScreenshot(page, "contact-sent", "desktop");
  });

  it("without JavaScript: the same messages with entries kept, then a success notice and an empty form", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false, viewport: "phone" });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact`);
    await fill(page, { ...VALID, subject: "Hey" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Subject must be at least 5 characters").waitFor();
    expect(await fieldValues(page)).toEqual([VALID.name, VALID.email, "", "", "Hey", VALID.message]);
    await fill(page, { subject: VALID.subject });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Message Sent Successfully" }).waitFor();
    expect(await fieldValues(page)).toEqual(["", "", "", "", "", ""]);
    await saveScreenshot(page, "contact-sent-nojs", "phone");
  });

  it("drops honeypot submissions: the bot sees success, but nothing counts toward the sender's limit", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    // Six filled-honeypot posts from one address: if any were stored, a sixth real message would be refused.
    for (let i = 0; i < 6; i++) {
      await page.goto(`${baseUrl}/contact`);
      await fill(page, VALID);
      await page.locator("input[name=website]").fill("http://spam.example");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("status").filter({ hasText: "Message Sent Successfully" }).waitFor();
    }
    await page.goto(`${baseUrl}/contact`);
    expect(await page.locator("input[name=website]").getAttribute("tabindex")).toBe("-1");
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Message Sent Successfully" }).waitFor();
  });

  it("after 5 messages an hour from one sender: an Error toast, entries kept; the API answers 429", async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    for (let i = 0; i < 5; i++) {
      const sent = await page.request.post(`${baseUrl}/api/contact`, {
        data: { name: "Rate Test", email: "rate@example.com", subject: `Message ${i}`, message: "Checking the hourly limit." },
      });
      expect(sent.status()).toBe(200);
    }
    const refused = await page.request.post(`${baseUrl}/api/contact`, {
      data: { name: "Rate Test", email: "rate@example.com", subject: "Message 6", message: "Checking the hourly limit." },
    });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");

    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = notifications(page).getByRole("listitem");
    await toast.getByText("Failed to send message. Please try again later.").waitFor();
    expect(await toast.getByText("Error", { exact: true }).count()).toBe(1);
    expect((await fieldValues(page))[0]).toBe(VALID.name);
    await saveScreenshot(page, "contact-rate-limited", "desktop");
  });

  it("in production before the admin sets an identity: no invented address, phone or e-mail, and live figures", async () => {
    const context = await newContext(browser, { viewport: "phone" });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    for (const text of ["Business Hours", "Platform Statistics"]) await page.getByRole("heading", { name: text }).waitFor();
    await page.getByText("9:00 AM – 6:00 PM EST").waitFor();
    // Unset lines are left out in production: no card without content, no "not configured" mark, no old fake.
    for (const text of ["Office Address", "Phone Support", "Email Support"]) expect(await page.getByRole("heading", { name: text }).count()).toBe(0);
    for (const text of ["not configured", "Example Avenue", "businessdirectory.example", "564,000+"])
      expect(await page.getByText(text).count()).toBe(0);
    // The statistics are the live totals rounded down (other browser files may have added businesses since: never above).
    const { totals } = (await (await page.request.get(`${baseUrl}/api/homepage-data`)).json()) as { totals: Record<string, number> };
    for (const [label, key] of [
      ["Businesses", "businesses"],
      ["Countries", "countries"],
      ["Cities", "cities"],
      ["Categories", "categories"],
    ] as const) {
      const shown = (await page.locator("section[aria-labelledby=platform-stats] div").filter({ hasText: label }).locator("dd").textContent()) ?? "";
      expect(shown, label).toMatch(/^\d{1,3}(,\d{3})*\+?$/);
      expect(Number(shown.replace(/[,+]/g, "")), label).toBeGreaterThan(0);
      expect(Number(shown.replace(/[,+]/g, "")), label).toBeLessThanOrEqual(totals[key]!);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await saveScreenshot(page, "contact-identity-unset", "phone");
  });

  it("shows the identity saved in the admin at 390 and 1280 px, fits the phone and has no serious accessibility violations", async () => {
    const admin = await newContext(browser);
    contexts.push(admin);
    const adminPage = await admin.newPage();
    await adminPage.goto(`${baseUrl}/admin/settings`, { waitUntil: "networkidle" });
    await adminPage.getByLabel("Kullanıcı Adı").fill("admin");
    await adminPage.getByLabel("Şifre", { exact: true }).fill("browser-test-password");
    await adminPage.getByRole("button", { name: "Giriş Yap" }).click();
    await adminPage.getByRole("heading", { name: "Site ayarları", level: 1 }).waitFor();
    const saveIdentity = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) await adminPage.getByLabel(label, { exact: true }).fill(value);
      await adminPage.getByRole("button", { name: "Kaydet" }).click();
      await adminPage.getByTestId("admin-toast").getByText("Ayarlar kaydedildi").waitFor();
    };
    const identity = {
      "Şirket adı": "Lakeside Listings GmbH",
      "Sokak ve numara": "Seestrasse 101",
      "Posta kodu ve şehir": "8002 Zürich",
      Ülke: "Switzerland",
      Telefon: "+41 44 555 01 23",
      // A long address must wrap inside its card, not widen the phone's page.
      "Destek e-postası": "customer-support-and-listing-corrections@lakeside-listings-directory.example.ch",
      "Gizlilik e-postası": "privacy@lakeside.example.ch",
      "Hukuk e-postası": "legal@lakeside.example.ch",
    };
    await saveIdentity(identity);
    try {
      const context = await newContext(browser, { viewport: "phone" });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
      for (const text of ["Office Address", "Phone Support", "Email Support", "Business Hours", "Platform Statistics"])
        await page.getByRole("heading", { name: text }).waitFor();
      const address = page.locator("main address");
      for (const line of ["Lakeside Listings GmbH", "Seestrasse 101", "8002 Zürich", "Switzerland"]) await address.getByText(line).waitFor();
      expect(await page.getByRole("link", { name: "+41 44 555 01 23" }).getAttribute("href")).toBe("tel:+41445550123");
      const email = page.getByRole("main").getByRole("link", { name: identity["Destek e-postası"] });
      expect(await email.getAttribute("href")).toBe(`mailto:${identity["Destek e-postası"]}`);
      const footer = page.getByRole("contentinfo");
      expect(await footer.locator("address").textContent()).toContain("Lakeside Listings GmbHSeestrasse 1018002 ZürichSwitzerland");
      await footer.getByText(`© ${new Date().getFullYear()} Lakeside Listings GmbH. All rights reserved.`).waitFor();
      expect(await page.getByText("not configured").count()).toBe(0);
      // Nothing wider than the phone screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, "contact", "phone");
      expect(await findSeriousAxeViolations(page)).toEqual([]);
      // The widths beside the suite's phone and desktop: the identity fits each.
      for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        await address.getByText("Lakeside Listings GmbH").waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      }
      await saveScreenshot(page, "contact", "desktop");
      await page.goto(`${baseUrl}/legal-notice`, { waitUntil: "networkidle" });
      await page.getByRole("link", { name: "legal@lakeside.example.ch" }).first().waitFor();
      await page.getByText("Phone: +41 44 555 01 23").waitFor();
    } finally {
      // Put the settings back, so other browser files see the unset identity they expect.
      await saveIdentity(Object.fromEntries(Object.keys(identity).map((label) => [label, ""])));
    }
  });
});
