import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { openDatabase } from "../../db/client.ts";
import { findChromium, launchChromium, VIEWPORTS } from "~/testing/chromium";
import { startDirectoryServer, type DirectoryServer } from "~/testing/directory-server";
import { startBuiltServer } from "~/testing/in-process-server";

const chromium = findChromium();
const enabled = Boolean(chromium && inject("browserBaseUrl"));
if (!chromium) console.warn("Browser tests SKIPPED: no Chromium found (install Debian's chromium or set CHROMIUM_PATH).");

const ADMIN = { username: "csp-admin", password: "csp-browser-test-password" };
const MAP_STYLE_URL = "http://map-style.invalid/style.json";
const MAP_STYLE = { version: 8, sources: {}, layers: [{ id: "land", type: "background", paint: { "background-color": "#e8eef7" } }] };

/**
 * Admin code that exercises the policy: an inline head script, one that starts another script from code (what
 * tag managers do, allowed by 'strict-dynamic'), and footer code; the ad reports from inside its sandbox.
 */
const SITE_CODE = {
  head_tags: `<script>window.__headRan = true;</script>`,
  analytics_code: `<script>var s = document.createElement("script"); s.src = URL.createObjectURL(new Blob(["window.__loadedByTagManager = true"], { type: "text/javascript" })); document.head.appendChild(s);</script>`,
  footer_tags: `<script>window.__footerRan = true;</script>`,
};
const AD_CODE = `<p id="ad">Ad</p><script>document.getElementById("ad").textContent = "Ad ran"; parent.postMessage("ad-ran:" + String(window.origin), "*");</script>`;

interface PageProbe {
  violations: string[];
  adMessages: string[];
}

/** CSP violations from every frame (event listeners installed before any page script, plus console reports). */
async function watch(context: BrowserContext, page: Page): Promise<PageProbe> {
  const probe: PageProbe = { violations: [], adMessages: [] };
  await context.exposeBinding("__reportViolation", (_source, text: string) => probe.violations.push(text));
  await context.exposeBinding("__reportAdMessage", (_source, text: string) => probe.adMessages.push(text));
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportViolation(text: string): void }).__reportViolation;
    document.addEventListener("securitypolicyviolation", (event) =>
      report(`${event.violatedDirective} blocked ${event.blockedURI} at ${location.href}`),
    );
    window.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.startsWith("ad-ran"))
        (window as unknown as { __reportAdMessage(text: string): void }).__reportAdMessage(event.data);
    });
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) probe.violations.push(message.text());
  });
  return probe;
}

const NONCE = /'nonce-([A-Za-z0-9+/]{22}==)'/;
const FIXED_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};
const POLICY_TAIL = "worker-src 'self' blob:; {frames}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const PUBLIC_POLICY = `default-src 'self'; script-src 'nonce-{nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline' https:; img-src 'self' data: blob: https:; font-src 'self' data: https:; connect-src 'self' https: http://map-style.invalid; ${POLICY_TAIL.replace("{frames}", "frame-src 'self' https:")}`;
const ADMIN_POLICY = `default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; ${POLICY_TAIL.replace("{frames}", "frame-src 'none'")}`;

/** Every security header of one response, in production; returns its nonce. */
function expectSecurityHeaders(response: Response, area: "public" | "admin"): string {
  const headers = Object.fromEntries(response.headers);
  const nonce = NONCE.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
  expect(nonce, `CSP nonce of ${response.url}`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(headers).toMatchObject({
    ...FIXED_HEADERS,
    "content-security-policy": (area === "public" ? PUBLIC_POLICY : ADMIN_POLICY).replace("{nonce}", nonce),
    "permissions-policy": `accelerometer=(), camera=(), geolocation=(${area === "public" ? "self" : ""}), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()`,
    "strict-transport-security": "max-age=31536000; includeSubDomains",
  });
  return nonce;
}

const marker = (page: Page, name: string) => page.evaluate((key) => (window as unknown as Record<string, unknown>)[key] ?? null, name);

describe.skipIf(!enabled)("Content-Security-Policy in Chromium", () => {
  let server: DirectoryServer;
  let browser: Browser;
  let businessPath = "";

  beforeAll(async () => {
    // Written before the server starts: PGlite allows one process per data dir.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-csp-"));
    const handle = await openDatabase({ dataDir });
    await handle.query(
      `insert into site_settings (id, head_tags, analytics_code, facebook_pixel, footer_tags) values (1, $1, $2, '', $3)
       on conflict (id) do update set head_tags = excluded.head_tags, analytics_code = excluded.analytics_code, footer_tags = excluded.footer_tags`,
      [SITE_CODE.head_tags, SITE_CODE.analytics_code, SITE_CODE.footer_tags],
    );
    await handle.query(`insert into ad_codes (id, ad1) values (1, $1) on conflict (id) do update set ad1 = excluded.ad1`, [AD_CODE]);
    await handle.close();
    server = await startDirectoryServer(dataDir, { MAP_STYLE_URL, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    const sitemap = await (await fetch(`${server.url}/sitemaps/businesses/page-1.xml`)).text();
    businessPath = new URL(/<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? "").pathname;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("every kind of response carries the headers over HTTP; documents nonce every script with the header's nonce", async () => {
    const get = (pathname: string, init?: RequestInit) => fetch(`${server.url}${pathname}`, { redirect: "manual", ...init });
    const home = await get("/");
    expect(home.status).toBe(200);
    const nonce = expectSecurityHeaders(home, "public");
    const html = await home.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.filter((tag) => !tag.includes('type="application/ld+json"')).map((tag) => tag.includes(`nonce="${nonce}"`))).not.toContain(false);
    expect(scripts.length).toBeGreaterThanOrEqual(5);
    // The cache contract: the nonce appears in a document only as nonce="…" (never in loader data).
    expect(html.split(nonce).length - 1).toBe(html.split(`nonce="${nonce}"`).length - 1);
    const asset = /\/build\/[^"]+\.js/.exec(html)?.[0] ?? "";

    const second = await get("/");
    expect(expectSecurityHeaders(second, "public")).not.toBe(nonce);
    await second.body?.cancel();

    // A business page: its ad's scripts carry the same nonce inside the frame's srcdoc (HTML-escaped quotes).
    const business = await get(businessPath);
    const businessNonce = expectSecurityHeaders(business, "public");
    const businessHtml = await business.text();
    expect(businessHtml).toContain(`&lt;script nonce=&quot;${businessNonce}&quot;&gt;document.getElementById`);
    expect(businessHtml.split(businessNonce).length - 1).toBe(
      businessHtml.split(`nonce="${businessNonce}"`).length - 1 + businessHtml.split(`nonce=&quot;${businessNonce}&quot;`).length - 1,
    );

    const cases: Array<[pathname: string, status: number, type: RegExp, area: "public" | "admin", init?: RequestInit]> = [
      ["/?_data=root", 200, /application\/json/, "public"],
      ["/api/categories", 200, /application\/json/, "public"],
      ["/no-such-page", 404, /text\/html/, "public"],
      ["/sitemap.xml", 200, /xml/, "public"],
      ["/robots.txt", 200, /text\/plain/, "public"],
      [asset, 200, /javascript/, "public"],
      ["/favicon.svg", 200, /image\/svg/, "public"],
      ["/admin/login", 200, /text\/html/, "admin"],
      ["/admin/dashboard", 302, /.*/, "admin"],
      // A data request is redirected the Remix way: 204 with X-Remix-Redirect.
      ["/admin/dashboard?_data=routes%2Fadmin", 204, /.*/, "admin"],
      ["/api/admin/stats", 401, /application\/json/, "admin"],
      [
        "/api/admin/login",
        403,
        /application\/json/,
        "admin",
        {
          method: "POST",
          headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
          body: JSON.stringify({ username: "x", password: "y" }),
        },
      ],
    ];
    for (const [pathname, status, type, area, init] of cases) {
      const response = await get(pathname, init);
      expect(`${pathname} ${response.status}`).toBe(`${pathname} ${status}`);
      expect(response.headers.get("content-type") ?? "", pathname).toMatch(type);
      expectSecurityHeaders(response, area);
      await response.body?.cancel();
    }
  });

  it("sends no HSTS outside production (local http must not be pinned to https)", async () => {
    const development = await startBuiltServer();
    try {
      for (const pathname of ["/robots.txt", "/favicon.svg"]) {
        const response = await fetch(`http://127.0.0.1:${development.port}${pathname}`);
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("strict-transport-security")).toBeNull();
        await response.body?.cancel();
      }
    } finally {
      await development.close();
    }
  });

  it("home, a business page with its map and ad, and /search run without a violation; site code runs and the app hydrates", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const probe = await watch(context, page);
    await page.route(MAP_STYLE_URL, (route) => route.fulfill({ json: MAP_STYLE }));

    const home = await page.goto(server.url, { waitUntil: "networkidle" });
    expect(home?.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    expect(await marker(page, "__headRan")).toBe(true);
    expect(await marker(page, "__footerRan")).toBe(true);
    await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__loadedByTagManager === true);

    // Hydrated: a header link navigates on the client (the window, and its markers, survive).
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true));
    await page.getByRole("banner").getByRole("link", { name: "Categories", exact: true }).first().click();
    await page.waitForURL(/\/categories$/);
    expect(await marker(page, "__sameDocument")).toBe(true);

    await page.goto(`${server.url}${businessPath}`, { waitUntil: "networkidle" });
    const map = page.locator("[data-map-state]");
    await map.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => ["ready", "failed"].includes(document.querySelector("[data-map-state]")?.getAttribute("data-map-state") ?? ""),
      undefined,
      { timeout: 30_000 },
    );
    // The ad's script ran inside its frame, whose origin stays opaque (sandbox without allow-same-origin).
    await expect(page.frameLocator("[data-ad-slot='ad1'] iframe").locator("#ad").textContent()).resolves.toBe("Ad ran");
    await expect.poll(() => probe.adMessages).toEqual(["ad-ran:null"]);
    expect(await page.locator("[data-ad-slot='ad1'] iframe").getAttribute("sandbox")).not.toContain("allow-same-origin");

    // An ad frame created by a client-side navigation carries the page's nonce too.
    await page.goto(`${server.url}/search?q=restaurant`, { waitUntil: "networkidle" });
    await page.getByRole("combobox", { name: "What business are you looking for?" }).fill("cafe");
    await page.getByRole("button", { name: "Search" }).first().click();
    await page.waitForURL(/q=cafe/);
    await page.evaluate((target) => {
      const link = document.createElement("a");
      link.href = target;
      link.textContent = "to the business";
      link.id = "client-nav";
      document.querySelector("main")?.append(link);
    }, businessPath);
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = "search"));
    await page.locator("#client-nav").click();
    await page.waitForURL((url) => url.pathname === businessPath);
    await expect(page.frameLocator("[data-ad-slot='ad1'] iframe").locator("#ad").textContent()).resolves.toBe("Ad ran");
    await expect.poll(() => probe.adMessages.length).toBe(2);

    expect(probe.violations).toEqual([]);

    // What the policy is for: markup injected into the page cannot run script (and the probe sees the attempt).
    await page.evaluate(() => {
      const injected = document.createElement("div");
      injected.innerHTML = `<img src="/no-such-image.png" onerror="window.__injected = true">`;
      document.body.append(injected);
    });
    await expect.poll(() => probe.violations.length).toBeGreaterThan(0);
    expect(await marker(page, "__injected")).toBeNull();
    await context.close();
  });

  it("the back-office gets the strict policy, no site code, and works after login without a violation", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const probe = await watch(context, page);
    const login = await page.goto(`${server.url}/admin/dashboard`, { waitUntil: "networkidle" });
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    const policy = login?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; /);
    expect(policy).not.toContain("strict-dynamic");
    await page.getByLabel("Kullanıcı Adı").fill(ADMIN.username);
    await page.getByLabel("Şifre", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto(`${server.url}/admin/settings`, { waitUntil: "networkidle" });
    expect(await marker(page, "__headRan")).toBeNull();
    expect(await marker(page, "__footerRan")).toBeNull();
    expect(await marker(page, "__loadedByTagManager")).toBeNull();
    expect(probe.violations).toEqual([]);
    await context.close();
  });
});
