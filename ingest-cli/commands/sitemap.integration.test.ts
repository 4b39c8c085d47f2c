import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { seedDemoData } from "../pipeline/demo-seed.ts";
import { createCliDatabaseEnv } from "../testing/run-cli.ts";
import { CliError } from "./shared.ts";
import { register } from "./sitemap.ts";
import { runRegisteredCommand } from "../testing/run-in-process.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-cli-"));

function runSitemap(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return runRegisteredCommand(register, ["sitemap", ...args]);
}

async function expectCliError(args: string[], code: string, message: RegExp): Promise<void> {
  const error = await runSitemap(args).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).code).toBe(code);
  expect((error as CliError).message).toMatch(message);
}

describe(`directory sitemap on ${testDriver()}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  let listed = 0;
  beforeAll(async () => {
    const database = await createCliDatabaseEnv();
    cleanup = database.cleanup;
    for (const [key, value] of Object.entries({ ...database.env, SITE_URL: undefined })) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const handle = await getDatabase();
    await seedDemoData(handle, { rows: 50, seed: 4 });
    // The sitemap lists approved, operational businesses; closed ones keep their page (noindex) but leave the sitemap.
    [{ n: listed } = { n: 0 }] = await handle.query<{ n: number }>(
      "select count(*)::int as n from businesses where is_approved and status = 'operational'",
    );
    await closeDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the files into a new folder and reports them as JSON", async () => {
    const out = path.join(dir, "public");
    const { stdout } = await runSitemap(["--out", out, "--base-url", "https://www.example.com/", "--json"]);
    const summary = JSON.parse(stdout) as { businesses: number; files: Array<{ path: string; urls: number; url: string }>; baseUrl: string };
    expect(summary.baseUrl).toBe("https://www.example.com");
    expect(summary.businesses).toBe(listed);
    expect(summary.files.map((file) => file.path)).toEqual([
      "/sitemap.xml",
      "/sitemaps/main.xml",
      "/sitemaps/categories.xml",
      "/sitemaps/countries.xml",
      "/sitemaps/cities.xml",
      "/sitemaps/businesses/page-1.xml",
    ]);
    expect(summary.files[5]?.urls).toBe(listed);
    expect(fs.readFileSync(path.join(out, "sitemap.xml"), "utf8")).toContain("<loc>https://www.example.com/sitemaps/businesses/page-1.xml</loc>");
  });

  it("writes gzip files and prints a human summary", async () => {
    const out = path.join(dir, "gz");
    const { stdout } = await runSitemap(["--out", out, "--base-url", "https://www.example.com", "--gzip"]);
    expect(stdout).toMatch(
      new RegExp(
        `^Wrote 6 sitemap files \\(1 business pages, ${listed} business URLs; 0 city × category pages, 0 URLs\\) to .*gz in [\\d.]+ s\\.\\nIndex: https://www.example.com/sitemap.xml.gz`,
      ),
    );
    const index = zlib.gunzipSync(fs.readFileSync(path.join(out, "sitemap.xml.gz"))).toString("utf8");
    expect(index).toContain("<loc>https://www.example.com/sitemaps/cities.xml.gz</loc>");
  });

  it("refuses a missing folder option, a bad or missing base URL, and a file as the folder", async () => {
    await expectCliError(["--base-url", "https://www.example.com"], "INVALID_OPTION", /--out: is required/);
    await expectCliError(["--out", path.join(dir, "x")], "BASE_URL_REQUIRED", /--base-url/);
    await expectCliError(["--out", path.join(dir, "x"), "--base-url", "www.example.com"], "INVALID_BASE_URL", /absolute URL/);
    await expectCliError(["--out", path.join(dir, "x"), "--base-url", "ftp://example.com"], "INVALID_BASE_URL", /http/);
    const file = path.join(dir, "a-file");
    fs.writeFileSync(file, "");
    await expectCliError(["--out", file, "--base-url", "https://www.example.com"], "OUTPUT_IS_FILE", /is a file/);
    expect(fs.existsSync(path.join(dir, "x"))).toBe(false);
  });
});
