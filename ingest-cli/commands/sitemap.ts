// `directory sitemap`: a folder and the public site root → sitemap.xml plus sitemaps/… for every approved business,
// category, country, city and indexable city × category page (optionally gzipped), with a per-file summary.
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { closeDatabase, getDatabase } from "../../db/client.ts";
import { InvalidBaseUrlError, normalizeBaseUrl, writeSitemaps } from "../pipeline/sitemap/index.ts";
import { assertWritableFolder, CliError, createFolder, parseOptions, printResult } from "./shared.ts";
import { createProgress } from "./progress.ts";

const SitemapCommandOptionsSchema = z.object({
  out: z
    .string({ error: "is required: the folder to write into, e.g. --out public" })
    .min(1, "is required: the folder to write into, e.g. --out public"),
  baseUrl: z.string().optional(),
  gzip: z.boolean().default(false),
  json: z.boolean().default(false),
});
type SitemapCommandOptions = z.infer<typeof SitemapCommandOptionsSchema>;

export function register(program: Command): void {
  program
    .command("sitemap")
    .description(
      "Write sitemap.xml and sitemaps/ (main, categories, countries, cities, 9,000 businesses or city × category pages per file) into a folder",
    )
    .option("--out <dir>", "folder to write into (created if missing), e.g. public")
    .option("--base-url <url>", "public site root for absolute URLs, e.g. https://www.example.com (default: SITE_URL)")
    .option("--gzip", "write .xml.gz files (the index lists the .gz names)")
    .option("--json", "print the result as JSON")
    .action(async (raw: unknown) => {
      await runSitemap(parseOptions(SitemapCommandOptionsSchema, raw));
    });
}

async function runSitemap(options: SitemapCommandOptions): Promise<void> {
  // SITE_URL is the app's variable (app/models/env.server.ts): read here as this option's default, checked like --base-url.
  const given = options.baseUrl ?? (process.env.SITE_URL?.trim() || undefined);
  if (!given) throw new CliError("BASE_URL_REQUIRED", "Give the public site root with --base-url https://www.example.com (or set SITE_URL).");
  let baseUrl: string;
  try {
    baseUrl = normalizeBaseUrl(given);
  } catch (error) {
    if (error instanceof InvalidBaseUrlError) throw new CliError(error.code, error.message);
    throw error;
  }
  const outDir = path.resolve(options.out);
  assertWritableFolder(outDir, options.out);

  const progress = createProgress("sitemap", { unit: "businesses" });
  const started = process.hrtime.bigint();
  let result;
  try {
    // Read-only: a missing or unmigrated database is refused, never created.
    const handle = await getDatabase({ existing: true });
    createFolder(outDir, options.out);
    result = await writeSitemaps({
      handle,
      outDir,
      baseUrl,
      gzip: options.gzip,
      onProgress: (businesses, total) => {
        progress.setTotal(total);
        progress.update(businesses);
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new CliError("OUTPUT_NOT_WRITABLE", `Cannot write into ${outDir} (${code}); choose a folder you may write to with --out.`);
    }
    if (code === "ENOSPC") throw new CliError("DISK_FULL", `The disk filled up while writing into ${outDir}; free space and run again.`);
    throw error;
  } finally {
    await closeDatabase();
  }
  progress.finish(result.businesses);

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = {
    out: outDir,
    baseUrl,
    gzip: options.gzip,
    businesses: result.businesses,
    files: result.files,
    bytes: result.files.reduce((total, file) => total + file.bytes, 0),
    seconds: Math.round(seconds * 1000) / 1000,
    businessesPerSecond: Math.round(result.businesses / Math.max(seconds, 0.001)),
  };
  printResult(options.json, summary, () => {
    const [index, ...rest] = result.files;
    const pages = rest.filter((file) => file.path.startsWith("/sitemaps/businesses/")).length;
    const pairPages = rest.filter((file) => file.path.startsWith("/sitemaps/city-categories/"));
    const pairs = pairPages.reduce((total, file) => total + file.urls, 0);
    return [
      `Wrote ${result.files.length} sitemap files (${pages} business pages, ${result.businesses.toLocaleString("en-US")} business URLs; ${pairPages.length} city × category pages, ${pairs.toLocaleString("en-US")} URLs) to ${outDir} in ${summary.seconds.toFixed(1)} s.`,
      `Index: ${index?.url ?? ""} — submit it to search engines or list it in robots.txt.`,
    ].join("\n");
  });
}
