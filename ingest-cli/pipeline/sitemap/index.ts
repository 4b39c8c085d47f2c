// Database + site root → the sitemap files: one function per file for the web routes, and a writer that streams
// them all to a folder (optionally gzipped). Only approved businesses, 9,000 per page, absolute escaped URLs.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { DatabaseHandle } from "../../../db/client.ts";
import {
  listSitemapCategories,
  listSitemapCities,
  listSitemapCountries,
  listSitemapGroupLastmods,
  listSitemapPageBoundaries,
  readAggregatesStamp,
  SITEMAP_PAGE_SIZE,
  streamSitemapBusinesses,
  type SitemapGroupLastmods,
  type SitemapPageBoundary,
} from "../../../db/queries/sitemap.ts";
import { normalizeBaseUrl } from "./base-url.ts";
import { CopyTextReader, unescapeCopyField } from "./copy-text.ts";
import { escapeXml, newerLastmod, renderSitemapIndexXml, renderUrlset, URLSET_CLOSE, URLSET_OPEN, type SitemapUrl } from "./xml.ts";

export { InvalidBaseUrlError, normalizeBaseUrl } from "./base-url.ts";
export { escapeXml } from "./xml.ts";
export { SITEMAP_PAGE_SIZE };

/** The four files besides the business pages, in index order (the spec's "plus 4 other files"). */
export const SITEMAP_SECTIONS = ["main", "categories", "countries", "cities"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** Home, the list pages, contact and the four legal pages. */
const MAIN_PATHS = ["/", "/businesses", "/categories", "/countries", "/cities", "/contact", "/privacy-policy", "/legal-notice", "/terms-of-service", "/cookie-policy"];
/** These change whenever the businesses do; contact and the legal texts do not, so they carry no lastmod. */
const MAIN_DYNAMIC_PATHS = new Set(["/", "/businesses", "/categories", "/countries", "/cities"]);

/** Site paths of the files: the index, the four sections, and business page n. */
export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export function sectionSitemapPath(section: SitemapSection): string {
  return `/sitemaps/${section}.xml`;
}
export function businessSitemapPath(page: number): string {
  return `/sitemaps/businesses/page-${page}.xml`;
}

const gzip = promisify(zlib.gzip);

/** What the index and the section files need: page starts and sizes, and the newest change per group. */
interface SitemapState {
  pages: SitemapPageBoundary[];
  groups: SitemapGroupLastmods;
}

/**
 * Cached per database handle so a crawler fetching page after page does not re-scan the table each time.
 * Invalidation rule: the state is rebuilt when site_totals.refreshed_at changes (refreshAggregates runs after every
 * write that adds, removes or (un)approves businesses) or after SITEMAP_CACHE_MS, whichever comes first; edits that
 * do not refresh the aggregates (a business's text) show up in lastmods within that time. The pages themselves are
 * always read live from their first id.
 */
export const SITEMAP_CACHE_MS = 10 * 60 * 1000;
const stateCache = new WeakMap<DatabaseHandle, { stamp: string; loadedAt: number; state: Promise<SitemapState> }>();

async function getSitemapState(handle: DatabaseHandle): Promise<SitemapState> {
  const stamp = await readAggregatesStamp(handle);
  const cached = stateCache.get(handle);
  if (cached && cached.stamp === stamp && Date.now() - cached.loadedAt < SITEMAP_CACHE_MS) return cached.state;
  const state = (async () => ({ pages: await listSitemapPageBoundaries(handle), groups: await listSitemapGroupLastmods(handle) }))();
  stateCache.set(handle, { stamp, loadedAt: Date.now(), state });
  state.catch(() => stateCache.delete(handle));
  return state;
}

/** A slug as one URL path segment. Slugs are [a-z0-9-] already; anything else is percent-encoded, ' included,
 * so the result never needs XML escaping. */
function segment(text: string): string {
  return SAFE_SEGMENT.test(text) ? text : encodeURIComponent(text).replace(/'/g, "%27");
}
const SAFE_SEGMENT = /^[a-z0-9-]+$/;

function newestIn(values: Iterable<string | null>): string | null {
  let newest: string | null = null;
  for (const value of values) newest = newerLastmod(newest, value);
  return newest;
}

/**
 * A section file's own lastmod in the index: the newest change among the businesses behind it. Read from the group
 * maps rather than the entries so the index needs no entry lists (equal while the aggregates are fresh).
 */
function sectionLastmod(section: SitemapSection, state: SitemapState): string | null {
  if (section === "main") return newestIn(state.pages.map((page) => page.lastmod));
  if (section === "cities") return newestIn([...state.groups.cities.values()].map((cities) => newestIn(cities.values())));
  return newestIn(state.groups[section].values());
}

async function listSectionUrls(handle: DatabaseHandle, baseUrl: string, section: SitemapSection, state: SitemapState): Promise<SitemapUrl[]> {
  if (section === "main") {
    const newest = sectionLastmod("main", state);
    return MAIN_PATHS.map((route) => ({ loc: route === "/" ? `${baseUrl}/` : `${baseUrl}${route}`, lastmod: MAIN_DYNAMIC_PATHS.has(route) ? newest : null }));
  }
  if (section === "categories") {
    return (await listSitemapCategories(handle)).map((row) => ({ loc: `${baseUrl}/categories/${segment(row.slug)}`, lastmod: state.groups.categories.get(row.slug) ?? null }));
  }
  if (section === "countries") {
    return (await listSitemapCountries(handle)).map((row) => ({ loc: `${baseUrl}/countries/${segment(row.slug)}`, lastmod: state.groups.countries.get(row.countryCode) ?? null }));
  }
  return (await listSitemapCities(handle)).map((row) => ({
    loc: `${baseUrl}/cities/${segment(row.countryCode.toLowerCase())}/${segment(row.citySlug)}`,
    lastmod: state.groups.cities.get(row.countryCode)?.get(row.citySlug) ?? null,
  }));
}

function renderIndex(baseUrl: string, state: SitemapState, extension: string): string {
  return renderSitemapIndexXml([
    ...SITEMAP_SECTIONS.map((section) => ({ loc: `${baseUrl}${sectionSitemapPath(section)}${extension}`, lastmod: sectionLastmod(section, state) })),
    ...state.pages.map((page) => ({ loc: `${baseUrl}${businessSitemapPath(page.page)}${extension}`, lastmod: page.lastmod })),
  ]);
}

/** `/sitemap.xml`: the four section files, then every business page. */
export async function renderSitemapIndex(handle: DatabaseHandle, baseUrl: string): Promise<string> {
  const base = normalizeBaseUrl(baseUrl);
  return renderIndex(base, await getSitemapState(handle), "");
}

/** `/sitemaps/{main|categories|countries|cities}.xml`. */
export async function renderSectionSitemap(handle: DatabaseHandle, baseUrl: string, section: SitemapSection): Promise<string> {
  const base = normalizeBaseUrl(baseUrl);
  return renderUrlset(await listSectionUrls(handle, base, section, await getSitemapState(handle)));
}

export const renderMainSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "main");
export const renderCategoriesSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "categories");
export const renderCountriesSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "countries");
export const renderCitiesSitemap = (handle: DatabaseHandle, baseUrl: string) => renderSectionSitemap(handle, baseUrl, "cities");

const URLSET_OPEN_BYTES = Buffer.from(URLSET_OPEN);
const URLSET_CLOSE_BYTES = Buffer.from(URLSET_CLOSE);
const LOC_TO_LASTMOD = Buffer.from("</loc><lastmod>");
const LASTMOD_END = Buffer.from("</lastmod></url>\n");
const LOC_END = Buffer.from("</loc></url>\n");

const TAB = 0x09;
const BACKSLASH = 0x5c;

/** True when `buf[start, end)` is a non-empty run of [a-z0-9-]: a slug that is its own URL segment. */
function isSafeSegmentBytes(buf: Buffer, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    const byte = buf[i] as number;
    if (!((byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x2d)) return false;
  }
  return true;
}

/**
 * Copies `src[start, end)` into `dst` at `at` and returns the bytes copied.
 * NOTE: a plain loop: Buffer#copy's argument checks cost more than the copy for the 10–60 bytes of a URL piece.
 */
function copyBytes(src: Uint8Array, start: number, end: number, dst: Uint8Array, at: number): number {
  for (let i = start; i < end; i++) dst[at + i - start] = src[i] as number;
  return end - start;
}

/** "YYYY-MM-DD HH:MM:SS…" (DateStyle ISO) at `buf[start]`: the 19 bytes a lastmod is made of. */
function isIsoTimestampBytes(buf: Buffer, start: number, end: number): boolean {
  return end - start >= 19 && buf[start + 4] === 0x2d && buf[start + 7] === 0x2d && buf[start + 10] === 0x20 && buf[start + 13] === 0x3a && buf[start + 16] === 0x3a;
}

/** True when the 19 timestamp bytes at `buf[at]` sort after `newest` (ISO text sorts in time order). */
function isNewerStamp(buf: Buffer, at: number, newest: Buffer): boolean {
  for (let i = 0; i < 19; i++) {
    const a = buf[at + i] as number;
    const b = newest[i] as number;
    if (a !== b) return a > b;
  }
  return false;
}

/** COPY's updated_at text (UTC, "YYYY-MM-DD HH:MM:SS[.ffffff]") → the sitemap's "YYYY-MM-DDTHH:MM:SSZ" (seconds truncated). */
export function formatCopyTimestamp(text: string): string | null {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)/.exec(text);
  return match ? `${match[1]}T${match[2]}Z` : null;
}

/**
 * Builds business page files from COPY lines (id, slug, updated_at): up to 9,000 URLs, the newest lastmod, the last id.
 * NOTE: lines are copied byte for byte into one reused buffer (a slug of [a-z0-9-] and an ISO timestamp need neither
 * decoding nor escaping); building strings per row cost most of the CLI's time at 1M businesses, and building a page
 * as one long string left a rope of 9,000 pieces per page for the old-generation GC.
 */
class BusinessPageBuilder {
  /** `<url><loc>{base}/business/`, escaped once: every loc is this plus a segment that needs no escaping. */
  private readonly head: Buffer;
  private buf = Buffer.allocUnsafe(1024 * 1024);
  private length = 0;
  /** The newest "YYYY-MM-DD HH:MM:SS" of the page so far (bytes; compared as bytes). */
  private readonly newest = Buffer.alloc(19);
  private hasNewest = false;
  urls = 0;
  lastId = 0;

  constructor(baseUrl: string) {
    this.head = Buffer.from(`<url><loc>${escapeXml(baseUrl)}/business/`);
  }

  /** The newest lastmod of the page so far ("YYYY-MM-DDTHH:MM:SSZ"), or null. */
  get lastmod(): string | null {
    return this.hasNewest ? formatCopyTimestamp(this.newest.toString("latin1")) : null;
  }

  /** One COPY line `buf[start, end)`: id TAB slug TAB updated_at. */
  addLine(buf: Buffer, start: number, end: number): void {
    const idEnd = buf.indexOf(TAB, start);
    if (idEnd === -1 || idEnd >= end) return;
    const slugEnd = buf.indexOf(TAB, idEnd + 1);
    if (slugEnd === -1 || slugEnd >= end) return;
    let id = 0;
    for (let i = start; i < idEnd; i++) id = id * 10 + ((buf[i] as number) - 0x30);
    const slugStart = idEnd + 1;
    const stamp = slugEnd + 1;
    const hasStamp = isIsoTimestampBytes(buf, stamp, end);
    if (!hasStamp && !(end - stamp === 2 && buf[stamp] === BACKSLASH && buf[stamp + 1] === 0x4e)) {
      // NOTE: not "\N" and not ISO: the server's DateStyle was changed under us; the rare slow path still copes.
      this.addSlowly(id, buf.toString("utf8", slugStart, slugEnd), formatCopyTimestamp(buf.toString("latin1", stamp, end)));
      return;
    }
    if (!isSafeSegmentBytes(buf, slugStart, slugEnd)) {
      const slug = unescapeCopyField(buf.toString("utf8", slugStart, slugEnd));
      if (!slug) return;
      this.addSlowly(id, slug, hasStamp ? formatCopyTimestamp(buf.toString("latin1", stamp, stamp + 19)) : null);
      return;
    }
    this.reserve(this.head.length + (slugEnd - slugStart) + 64);
    const out = this.buf;
    this.length += copyBytes(this.head, 0, this.head.length, out, this.length);
    this.length += copyBytes(buf, slugStart, slugEnd, out, this.length);
    if (hasStamp) {
      this.length += copyBytes(LOC_TO_LASTMOD, 0, LOC_TO_LASTMOD.length, out, this.length);
      this.length += copyBytes(buf, stamp, stamp + 10, out, this.length);
      out[this.length++] = 0x54; // T
      this.length += copyBytes(buf, stamp + 11, stamp + 19, out, this.length);
      out[this.length++] = 0x5a; // Z
      this.length += copyBytes(LASTMOD_END, 0, LASTMOD_END.length, out, this.length);
      if (!this.hasNewest || isNewerStamp(buf, stamp, this.newest)) {
        copyBytes(buf, stamp, stamp + 19, this.newest, 0);
        this.hasNewest = true;
      }
    } else {
      this.length += copyBytes(LOC_END, 0, LOC_END.length, out, this.length);
    }
    this.urls++;
    this.lastId = id;
  }

  /** A row whose slug needs percent-encoding (or whose timestamp is not ISO): through strings. */
  private addSlowly(id: number, slug: string, lastmod: string | null): void {
    if (!slug) return;
    const path = segment(slug);
    this.reserve(this.head.length + Buffer.byteLength(path) + 64);
    this.length += this.head.copy(this.buf, this.length);
    this.length += this.buf.write(path, this.length, "latin1");
    if (lastmod) {
      this.length += LOC_TO_LASTMOD.copy(this.buf, this.length);
      this.length += this.buf.write(lastmod, this.length, "latin1");
      this.length += LASTMOD_END.copy(this.buf, this.length);
      const bytes = `${lastmod.slice(0, 10)} ${lastmod.slice(11, 19)}`;
      if (!this.hasNewest || bytes > this.newest.toString("latin1")) {
        this.newest.write(bytes, 0, "latin1");
        this.hasNewest = true;
      }
    } else {
      this.length += LOC_END.copy(this.buf, this.length);
    }
    this.urls++;
    this.lastId = id;
  }

  /** The finished page's bytes (a copy); the builder starts over for the next page. */
  take(): Buffer {
    const page = Buffer.concat([URLSET_OPEN_BYTES, this.buf.subarray(0, this.length), URLSET_CLOSE_BYTES]);
    this.length = 0;
    this.urls = 0;
    this.hasNewest = false;
    return page;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + bytes));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }
}

/** `/sitemaps/businesses/page-{n}.xml`, or null when there is no such page. Finds page n's first id from the cache. */
export async function renderBusinessSitemapPage(handle: DatabaseHandle, baseUrl: string, page: number): Promise<string | null> {
  const base = normalizeBaseUrl(baseUrl);
  if (!Number.isSafeInteger(page) || page < 1) return null;
  const boundary = (await getSitemapState(handle)).pages[page - 1];
  if (!boundary) return null;
  const builder = new BusinessPageBuilder(base);
  const reader = new CopyTextReader();
  const add = (buf: Buffer, start: number, end: number) => builder.addLine(buf, start, end);
  for await (const chunk of streamSitemapBusinesses(handle, boundary.afterId, SITEMAP_PAGE_SIZE)) reader.pushLines(chunk, add);
  reader.finish();
  return builder.take().toString("utf8");
}

export interface WriteSitemapsOptions {
  handle: DatabaseHandle;
  outDir: string;
  baseUrl: string;
  /** Write .xml.gz files (the index then lists the .gz names). */
  gzip?: boolean;
  /** Called after each business page with the businesses written so far. */
  onProgress?: (businesses: number) => void;
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

  const writeFile = async (sitePath: string, xml: string | Buffer, urls: number) => {
    const target = path.join(outDir, `${sitePath}${extension}`);
    const body = options.gzip ? await gzip(xml) : Buffer.isBuffer(xml) ? xml : Buffer.from(xml);
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, body);
    await fs.promises.rename(temporary, target);
    files.push({ path: `${sitePath}${extension}`, url: `${base}${sitePath}${extension}`, urls, bytes: body.length });
  };

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
    options.onProgress?.(businesses);
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
  const state: SitemapState = { pages, groups: await listSitemapGroupLastmods(options.handle) };
  const sectionFiles: WrittenSitemap[] = [];
  for (const section of SITEMAP_SECTIONS) {
    const urls = await listSectionUrls(options.handle, base, section, state);
    await writeFile(sectionSitemapPath(section), renderUrlset(urls), urls.length);
    sectionFiles.push(files.pop() as WrittenSitemap);
  }
  await writeFile(SITEMAP_INDEX_PATH, renderIndex(base, state, extension), SITEMAP_SECTIONS.length + pages.length);
  const index = files.pop() as WrittenSitemap;

  removeStaleFiles(outDir, pages.length, extension);
  return { files: [index, ...sectionFiles, ...files], businesses };
}

/** Deletes business pages beyond `pageCount`, every file of the other compression, and temp files of crashed runs. */
function removeStaleFiles(outDir: string, pageCount: number, extension: string): void {
  const other = extension === ".gz" ? "" : ".gz";
  for (const sitePath of [SITEMAP_INDEX_PATH, ...SITEMAP_SECTIONS.map(sectionSitemapPath)]) {
    fs.rmSync(path.join(outDir, `${sitePath}${other}`), { force: true });
  }
  const leftover = /\.xml(\.gz)?\.\d+\.tmp$/;
  for (const folder of [outDir, path.join(outDir, "sitemaps")]) {
    for (const name of fs.readdirSync(folder)) if (leftover.test(name)) fs.rmSync(path.join(folder, name), { force: true });
  }
  const pagesDir = path.join(outDir, "sitemaps", "businesses");
  for (const name of fs.readdirSync(pagesDir)) {
    const match = /^page-(\d+)\.xml(\.gz)?$/.exec(name);
    const isCurrent = match !== null && Number(match[1]) <= pageCount && (match[2] ?? "") === extension;
    if ((match && !isCurrent) || leftover.test(name)) fs.rmSync(path.join(pagesDir, name), { force: true });
  }
}
