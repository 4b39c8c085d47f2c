// Browser tests → a headless Debian Chromium driven by playwright-core (never a downloaded browser),
// and screenshots saved at phone and desktop widths under test-results/screenshots.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";

export const SCREENSHOT_DIR = path.resolve("test-results", "screenshots");
export const VIEWPORTS = { phone: { width: 360, height: 780 }, desktop: { width: 1366, height: 900 } } as const;

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH");
  const { chromium } = await import("playwright-core");
  // NOTE: playwright gives every launch a fresh temporary profile, so no --user-data-dir is passed.
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // NOTE: tests never reach the internet: any other host fails at once, as in CI (the default map style's host
      // otherwise leaves a request pending and "networkidle" never comes).
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    ],
  });
}

/** Saves a full-page screenshot as `<name>-<viewport>.png` and returns its path. */
export async function saveScreenshot(page: Page, name: string, viewport: keyof typeof VIEWPORTS): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
