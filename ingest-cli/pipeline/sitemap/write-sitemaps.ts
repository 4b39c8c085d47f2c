// Database + site root + folder → every sitemap file written there (optionally gzipped; business and city × category
// pages included), business pages streamed one at a time, each file renamed into place and stale pages removed, so
// the folder is always a consistent set.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { DatabaseHandle } from "../../../db/client.ts";
import {
  countSitemapBusinesses,
  listSitemapGroupLastmods,
  SITEMAP_PAGE_SIZE,
  streamSitemapBusinesses,
  type SitemapPageBoundary,
} from "../../../db/queries/sitemap.ts";
import { normalizeBaseUrl } from "./base-url.ts";
import { BusinessPageBuilder } from "./business-page.ts";
import { listCityCategorySitemapPages, listCityCategoryUrls } from "./city-categories.ts";
import { CopyTextReader } from "./copy-text.ts";
import {
  businessSitemapPath,
  cityCategorySitemapPath,
  listSectionUrls,
  renderIndex,
  SITEMAP_INDEX_PATH,
  SITEMAP_SECTIONS,
  sectionSitemapPath,
  type SitemapState,
} from "./sections.ts";
import { renderUrlset } from "./xml.ts";

const gzip = promisify(zlib.gzip);

export interface WriteSitemapsOptions {
  handle: DatabaseHandle;
  outDir: string;
  baseUrl: string;
  /** Write .xml.gz files (the index then lists the .gz names). */
  gzip?: boolean;
  /** Called after each business page with the businesses written so far. */
  onProgress?: (businesses: number, total: number) => void;
}

export interface WrittenSitemap {
  /** Site path, e.g. /sitemaps/businesses/page-3.xml.gz. */
  path: string;
  /** Absolute URL of the file. */
  url: string;
  /** URLs (or, for the index, sitemaps) listed in it. */
  urls: number;
  bytes: number;
}

export interface WriteSitemapsResult {
  files: WrittenSitemap[];
  businesses: number;
}

/**
 * Writes every file under `outDir` (sitemap.xml, sitemaps/…), business pages streamed one at a time so memory stays
 * flat. Each file is written beside its final name and renamed into place, and business pages left over from a
 * bigger earlier run (or the other compression) are removed, so the folder is always a consistent set.
 */
export async function writeSitemaps(options: WriteSitemapsOptions): Promise<WriteSitemapsResult> {
  const base = normalizeBaseUrl(options.baseUrl);
  const outDir = path.resolve(options.outDir);
  const extension = options.gzip ? ".gz" : "";
  const files: WrittenSitemap[] = [];
  fs.mkdirSync(path.join(outDir, "sitemaps", "businesses"), { recursive: true });
  fs.mkdirSync(path.join(outDir, "sitemaps", "city-categories"), { recursive: true });

  const writeFile = async (sitePath: string, xml: string | Buffer, urls: number) => {
    const target = path.join(outDir, `${sitePath}${extension}`);
    const body = options.gzip ? await gzip(xml) : Buffer.isBuffer(xml) ? xml : Buffer.from(xml);
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, body);
    await fs.promises.rename(temporary, target);
    files.push({ path: `${sitePath}${extension}`, url: `${base}${sitePath}${extension}`, urls, bytes: body.length });
  };

  // The progress's total: one count before the walk (only when someone shows progress).
  const total = options.onProgress ? await countSitemapBusinesses(options.handle) : 0;
  const pages: SitemapPageBoundary[] = [];
  const builder = new BusinessPageBuilder(base);
  const reader = new CopyTextReader();
  let pageAfterId = 0;
  let businesses = 0;
  let written = 0;
  /** Ends the current page (synchronously, while rows are being read) and returns its XML for writing. */
  const closePage = (): Buffer => {
    pages.push({ page: pages.length + 1, afterId: pageAfterId, urls: builder.urls, lastmod: builder.lastmod ?? "" });
    pageAfterId = builder.lastId;
    return builder.take();
  };
  const writePage = async (xml: Buffer) => {
    const page = pages[written++] as SitemapPageBoundary;
    await writeFile(businessSitemapPath(page.page), xml, page.urls);
    businesses += page.urls;
    options.onProgress?.(businesses, total);
  };
  let full: Buffer[] = [];
  const add = (buf: Buffer, start: number, end: number) => {
    builder.addLine(buf, start, end);
    if (builder.urls === SITEMAP_PAGE_SIZE) full.push(closePage());
  };
  for await (const chunk of streamSitemapBusinesses(options.handle)) {
    reader.pushLines(chunk, add);
    for (const page of full) await writePage(page);
    full = [];
  }
  reader.finish();
  if (builder.urls > 0) await writePage(closePage());

  // The section files' lastmods: the same query the web renders use, so written and rendered files agree.
  const state: SitemapState = {
    pages,
    groups: await listSitemapGroupLastmods(options.handle),
    cityCategoryPages: await listCityCategorySitemapPages(options.handle),
  };
  const sectionFiles: WrittenSitemap[] = [];
  for (const section of SITEMAP_SECTIONS) {
    const urls = await listSectionUrls(options.handle, base, section, state);
    await writeFile(sectionSitemapPath(section), renderUrlset(urls), urls.length);
    sectionFiles.push(files.pop() as WrittenSitemap);
  }
  for (const page of state.cityCategoryPages) {
    const urls = await listCityCategoryUrls(options.handle, base, page);
    await writeFile(cityCategorySitemapPath(page.page), renderUrlset(urls), urls.length);
  }
  const listed = SITEMAP_SECTIONS.length + pages.length + state.cityCategoryPages.length;
  await writeFile(SITEMAP_INDEX_PATH, renderIndex(base, state, extension), listed);
  const index = files.pop() as WrittenSitemap;

  removeStaleFiles(outDir, pages.length, state.cityCategoryPages.length, extension);
  return { files: [index, ...sectionFiles, ...files], businesses };
}

/** Deletes business and pair pages beyond their counts, every file of the other compression, and temp files of crashed runs. */
function removeStaleFiles(outDir: string, pageCount: number, cityCategoryPageCount: number, extension: string): void {
  const other = extension === ".gz" ? "" : ".gz";
  for (const sitePath of [SITEMAP_INDEX_PATH, ...SITEMAP_SECTIONS.map(sectionSitemapPath)]) {
    fs.rmSync(path.join(outDir, `${sitePath}${other}`), { force: true });
  }
  const leftover = /\.xml(\.gz)?\.\d+\.tmp$/;
  for (const folder of [outDir, path.join(outDir, "sitemaps")]) {
    for (const name of fs.readdirSync(folder)) if (leftover.test(name)) fs.rmSync(path.join(folder, name), { force: true });
  }
  for (const [folder, count] of [
    ["businesses", pageCount],
    ["city-categories", cityCategoryPageCount],
  ] as const) {
    const pagesDir = path.join(outDir, "sitemaps", folder);
    for (const name of fs.readdirSync(pagesDir)) {
      const match = /^page-(\d+)\.xml(\.gz)?$/.exec(name);
      const isCurrent = match !== null && Number(match[1]) <= count && (match[2] ?? "") === extension;
      if ((match && !isCurrent) || leftover.test(name)) fs.rmSync(path.join(pagesDir, name), { force: true });
    }
  }
}
