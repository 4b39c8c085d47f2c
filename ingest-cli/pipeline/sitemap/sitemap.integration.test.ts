import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { createTestDatabase, testDriver } from "../../../db/testing/test-database.ts";
import { refreshAggregates } from "../../../db/writes/aggregates.ts";
import { importFixtureRows } from "../../testing/import-fixture-rows.ts";
import type { RawBusiness } from "../normalize/business.ts";
import {
  InvalidBaseUrlError,
  renderBusinessSitemapPage,
  renderCategoriesSitemap,
  renderCitiesSitemap,
  renderCountriesSitemap,
  renderMainSitemap,
  renderSitemapIndex,
  SITEMAP_PAGE_SIZE,
  writeSitemaps,
} from "./index.ts";

const BASE = "https://directory.example.com";
const BULK = 20_000;
/** Every tenth bulk row is unapproved, so the approved set spans three pages: 9,000 + 9,000 + the rest. */
const BULK_APPROVED = BULK - BULK / 10;

const NAMED: Array<{ raw: RawBusiness; updatedAt: string; approved?: boolean }> = [
  {
    raw: {
      name: "Café Zürich",
      category: "Swiss restaurant",
      full_address: "Bahnhofstrasse 1, 8001 Zürich, Switzerland",
      country_code: "CH",
      place_id: "ChIJ-sitemap-1",
    },
    updatedAt: "2026-11-20T10:00:00Z",
  },
  {
    raw: {
      name: "Bäckerei Müller",
      category: "Bakery",
      full_address: "Hauptstraße 5, 10115 Berlin, Germany",
      country_code: "DE",
      place_id: "ChIJ-sitemap-2",
    },
    updatedAt: "2026-11-21T09:30:00Z",
  },
  {
    raw: {
      name: "Swiss Bakery",
      category: "Bakery",
      full_address: "Limmatquai 2, 8001 Zürich, Switzerland",
      country_code: "CH",
      place_id: "ChIJ-sitemap-3",
    },
    updatedAt: "2026-11-19T08:00:00Z",
  },
  {
    raw: {
      name: "Hidden Place",
      category: "Secret shop",
      full_address: "1 Main St, Springfield, IL 62701, United States",
      country_code: "US",
      place_id: "ChIJ-sitemap-4",
    },
    updatedAt: "2026-11-22T00:00:00Z",
    approved: false,
  },
];

async function seed(handle: DatabaseHandle): Promise<void> {
  for (const fixture of NAMED) {
    await importFixtureRows(handle, [fixture.raw], { refreshAggregates: false });
    await handle.query("update businesses set updated_at = $1, is_approved = $2 where place_id = $3", [
      fixture.updatedAt,
      fixture.approved ?? true,
      fixture.raw.place_id,
    ]);
  }
  // Bulk rows straight in SQL: enough to fill whole pages quickly; older than every named business.
  await handle.query(
    `insert into businesses (name, slug, category, category_slug, country_code, city, city_slug, identity_key, content_hash, updated_at, is_approved)
     select 'Bulk ' || g, 'bulk-' || g, 'Bakery', 'bakery', 'DE', 'Berlin', 'berlin', 'bulk:' || g, 'h',
            timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute', g % 10 <> 0
       from generate_series(1, ${BULK}) g`,
  );
  await refreshAggregates(handle);
}

function read(dir: string, file: string): string {
  const bytes = fs.readFileSync(path.join(dir, file));
  return (file.endsWith(".gz") ? zlib.gunzipSync(bytes) : bytes).toString("utf8");
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] as string);
}

describe(`sitemaps on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemaps-"));
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seed(handle);
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it("writes the index, the four section files and 9,000 approved businesses per page", async () => {
    const progress: number[] = [];
    const result = await writeSitemaps({ handle, outDir, baseUrl: `${BASE}/`, onProgress: (n) => progress.push(n) });
    const approved = BULK_APPROVED + 3;
    expect(result.businesses).toBe(approved);
    expect(progress).toEqual([9000, 18000, approved]);
    const pages = Math.ceil(approved / SITEMAP_PAGE_SIZE);
    // One city × category pair is indexable (Berlin's bakeries); Zürich's two pairs have one business each.
    expect(result.files).toHaveLength(1 + 4 + pages + 1);
    expect(result.files.map((file) => [file.path, file.urls])).toEqual([
      ["/sitemap.xml", 4 + pages + 1],
      ["/sitemaps/main.xml", 10],
      ["/sitemaps/categories.xml", 2],
      ["/sitemaps/countries.xml", 2],
      ["/sitemaps/cities.xml", 2],
      ["/sitemaps/businesses/page-1.xml", 9000],
      ["/sitemaps/businesses/page-2.xml", 9000],
      ["/sitemaps/businesses/page-3.xml", approved - 18000],
      ["/sitemaps/city-categories/page-1.xml", 1],
    ]);
    expect(locs(read(outDir, "sitemaps/city-categories/page-1.xml"))).toEqual([`${BASE}/cities/de/berlin/bakery`]);
    for (const file of result.files) {
      expect(fs.statSync(path.join(outDir, file.path)).size).toBe(file.bytes);
      expect(file.url).toBe(`${BASE}${file.path}`);
    }

    const index = read(outDir, "sitemap.xml");
    expect(locs(index)).toEqual(result.files.slice(1).map((file) => file.url));
    expect(index).toContain(`<loc>${BASE}/sitemaps/main.xml</loc><lastmod>2026-11-21T09:30:00Z</lastmod>`);
    expect(index).toContain(`<loc>${BASE}/sitemaps/businesses/page-1.xml</loc><lastmod>2026-11-21T09:30:00Z</lastmod>`);
    expect(index).toContain(`<loc>${BASE}/sitemaps/businesses/page-3.xml</loc><lastmod>2026-01-14T21:19:00Z</lastmod>`);

    const allBusinessUrls = [1, 2, 3].flatMap((page) => locs(read(outDir, `sitemaps/businesses/page-${page}.xml`)));
    expect(new Set(allBusinessUrls).size).toBe(approved);
    expect(allBusinessUrls[0]).toBe(`${BASE}/business/cafe-zurich-zurich`);
    expect(allBusinessUrls).toContain(`${BASE}/business/bulk-1`);
    expect(allBusinessUrls).not.toContain(`${BASE}/business/bulk-10`);
    expect(allBusinessUrls.some((url) => url.includes("hidden-place"))).toBe(false);
    expect(read(outDir, "sitemaps/businesses/page-1.xml")).toContain(
      `<url><loc>${BASE}/business/bulk-1</loc><lastmod>2026-01-01T00:01:00Z</lastmod></url>`,
    );
  });

  it("lists pages, categories, countries and cities from the aggregates with their newest change", async () => {
    const main = read(outDir, "sitemaps/main.xml");
    expect(locs(main)).toEqual(
      [
        "/",
        "/businesses",
        "/categories",
        "/countries",
        "/cities",
        "/contact",
        "/privacy-policy",
        "/legal-notice",
        "/terms-of-service",
        "/cookie-policy",
      ].map((route) => (route === "/" ? `${BASE}/` : `${BASE}${route}`)),
    );
    expect(main).toContain(`<url><loc>${BASE}/businesses</loc><lastmod>2026-11-21T09:30:00Z</lastmod></url>`);
    expect(main).toContain(`<url><loc>${BASE}/contact</loc></url>`);
    expect(read(outDir, "sitemaps/categories.xml")).toContain(
      `<url><loc>${BASE}/categories/bakery</loc><lastmod>2026-11-21T09:30:00Z</lastmod></url>\n<url><loc>${BASE}/categories/swiss-restaurant</loc><lastmod>2026-11-20T10:00:00Z</lastmod></url>`,
    );
    expect(locs(read(outDir, "sitemaps/countries.xml"))).toEqual([`${BASE}/countries/germany`, `${BASE}/countries/switzerland`]);
    expect(read(outDir, "sitemaps/cities.xml")).toContain(`<url><loc>${BASE}/cities/ch/zurich</loc><lastmod>2026-11-20T10:00:00Z</lastmod></url>`);
    expect(locs(read(outDir, "sitemaps/cities.xml"))).toEqual([`${BASE}/cities/ch/zurich`, `${BASE}/cities/de/berlin`]);
  });

  it("renders each file for the web exactly as written", async () => {
    expect(await renderSitemapIndex(handle, BASE)).toBe(read(outDir, "sitemap.xml"));
    expect(await renderMainSitemap(handle, BASE)).toBe(read(outDir, "sitemaps/main.xml"));
    expect(await renderCategoriesSitemap(handle, BASE)).toBe(read(outDir, "sitemaps/categories.xml"));
    expect(await renderCountriesSitemap(handle, BASE)).toBe(read(outDir, "sitemaps/countries.xml"));
    expect(await renderCitiesSitemap(handle, BASE)).toBe(read(outDir, "sitemaps/cities.xml"));
    for (const page of [1, 2, 3])
      expect(await renderBusinessSitemapPage(handle, BASE, page)).toBe(read(outDir, `sitemaps/businesses/page-${page}.xml`));
    expect(await renderBusinessSitemapPage(handle, BASE, 4)).toBeNull();
    expect(await renderBusinessSitemapPage(handle, BASE, 0)).toBeNull();
    await expect(renderSitemapIndex(handle, "ftp://example.com")).rejects.toBeInstanceOf(InvalidBaseUrlError);
  });

  it("writes gzip files the index points at, and removes the other compression's files", async () => {
    const plainPage = read(outDir, "sitemaps/businesses/page-2.xml");
    // Left by a run that crashed mid-write; an unrelated file stays.
    fs.writeFileSync(path.join(outDir, "sitemaps", "businesses", "page-9.xml.12345.tmp"), "");
    fs.writeFileSync(path.join(outDir, "sitemaps", "businesses", "notes.txt"), "keep");
    const result = await writeSitemaps({ handle, outDir, baseUrl: BASE, gzip: true });
    expect(result.files.every((file) => file.path.endsWith(".xml.gz"))).toBe(true);
    expect(locs(read(outDir, "sitemap.xml.gz"))).toEqual(result.files.slice(1).map((file) => file.url));
    expect(read(outDir, "sitemaps/businesses/page-2.xml.gz")).toBe(plainPage);
    expect(fs.existsSync(path.join(outDir, "sitemap.xml"))).toBe(false);
    expect(fs.readdirSync(path.join(outDir, "sitemaps", "businesses")).sort()).toEqual([
      "notes.txt",
      "page-1.xml.gz",
      "page-2.xml.gz",
      "page-3.xml.gz",
    ]);
    fs.rmSync(path.join(outDir, "sitemaps", "businesses", "notes.txt"));
  });

  it("follows approval changes: fewer pages, stale page files removed, the web cache rebuilt", async () => {
    await handle.query("update businesses set is_approved = false where slug like 'bulk-%' and id % 2 = 0");
    await refreshAggregates(handle);
    const [{ n: approved } = { n: 0 }] = await handle.query<{ n: number }>("select count(*)::int as n from businesses where is_approved");
    const pages = Math.ceil(approved / SITEMAP_PAGE_SIZE);
    expect(pages).toBe(2);
    const result = await writeSitemaps({ handle, outDir, baseUrl: BASE });
    expect(result.businesses).toBe(approved);
    expect(fs.readdirSync(path.join(outDir, "sitemaps", "businesses")).sort()).toEqual(["page-1.xml", "page-2.xml"]);
    expect(await renderBusinessSitemapPage(handle, BASE, 3)).toBeNull();
    expect(await renderBusinessSitemapPage(handle, BASE, 2)).toBe(read(outDir, "sitemaps/businesses/page-2.xml"));
    expect(await renderSitemapIndex(handle, BASE)).toBe(read(outDir, "sitemap.xml"));
  });

  it("writes the four section files and no pages for an empty directory", async () => {
    const empty = await createTestDatabase();
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemaps-empty-"));
    try {
      const result = await writeSitemaps({ handle: empty, outDir: emptyDir, baseUrl: BASE });
      expect(result.businesses).toBe(0);
      expect(result.files.map((file) => [file.path, file.urls])).toEqual([
        ["/sitemap.xml", 4],
        ["/sitemaps/main.xml", 10],
        ["/sitemaps/categories.xml", 0],
        ["/sitemaps/countries.xml", 0],
        ["/sitemaps/cities.xml", 0],
      ]);
      expect(await renderSitemapIndex(empty, BASE)).toBe(read(emptyDir, "sitemap.xml"));
    } finally {
      await empty.close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it("encodes legacy slugs, truncates fractional seconds and agrees with the web render", async () => {
    const odd = await createTestDatabase();
    const oddDir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemaps-odd-"));
    try {
      await odd.query(
        `insert into businesses (name, slug, identity_key, content_hash, updated_at, is_approved) values
           ('Plain', 'plain-shop', 'odd:1', 'h', timestamptz '2026-11-21T09:30:59.999999Z', true),
           ('Legacy', 'café''s tab\there', 'odd:2', 'h', timestamptz '2026-11-21T23:59:59.5+02:00', true),
           ('Upper', 'Upper-Case', 'odd:3', 'h', timestamptz '2025-01-02T03:04:05Z', true)`,
      );
      await refreshAggregates(odd);
      await writeSitemaps({ handle: odd, outDir: oddDir, baseUrl: BASE });
      const page = read(oddDir, "sitemaps/businesses/page-1.xml");
      expect(locs(page)).toEqual([`${BASE}/business/plain-shop`, `${BASE}/business/caf%C3%A9%27s%20tab%09here`, `${BASE}/business/Upper-Case`]);
      expect(page).toContain(`<loc>${BASE}/business/plain-shop</loc><lastmod>2026-11-21T09:30:59Z</lastmod>`);
      expect(page).toContain(`%09here</loc><lastmod>2026-11-21T21:59:59Z</lastmod>`);
      expect(read(oddDir, "sitemap.xml")).toContain(`<loc>${BASE}/sitemaps/businesses/page-1.xml</loc><lastmod>2026-11-21T21:59:59Z</lastmod>`);
      expect(await renderBusinessSitemapPage(odd, BASE, 1)).toBe(page);
    } finally {
      await odd.close();
      fs.rmSync(oddDir, { recursive: true, force: true });
    }
  });
});
