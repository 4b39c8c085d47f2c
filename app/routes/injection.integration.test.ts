import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { useFreshProcessDatabase, type ProcessTestDatabase } from "../../db/testing/process-database.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { upsertAdminUser } from "../../db/writes/admin-users.ts";
import { importFile } from "../../ingest-cli/pipeline/import/import-file.ts";
import {
  buildHostileCsv,
  buildHostileRows,
  INJECTED_MARKUP,
  isDangerousUrl,
  listUrlAttributes,
  URL_PAYLOADS,
  type HostileRow,
} from "~/testing/hostile-payloads";
import { logInOverHttp } from "~/testing/admin-calls";
import { startBuiltApp, type InProcessServer } from "~/testing/in-process-server";

const ADMIN_PASSWORD = "injection-test-password";

interface StoredRow extends Record<string, unknown> {
  name: string;
  slug: string;
  category_slug: string | null;
  city_slug: string | null;
}

/** Every text column of businesses (db/schema/businesses.ts), plus the two jsonb ones the import fills from text. */
const TEXT_COLUMNS = [
  "name",
  "slug",
  "category",
  "category_slug",
  "type",
  "full_address",
  "street",
  "city",
  "city_slug",
  "postal_code",
  "state",
  "country",
  "country_code",
  "phone",
  "reviews_link",
  "photo",
  "logo",
  "located_in",
  "description",
  "place_id",
  "url",
  "status",
  "time_zone",
  "source",
  "identity_key",
  "content_hash",
] as const;

/** The export's text fields (the spec's 27 minus numbers, dates, hours and amenities). */
const EXPORTED_TEXT = [
  "name",
  "slug",
  "category",
  "type",
  "full_address",
  "street",
  "city",
  "postal_code",
  "country",
  "country_code",
  "phone",
  "reviews_link",
  "photo",
  "logo",
  "located_in",
  "place_id",
  "url",
] as const;

/** Every string anywhere in a JSON answer that a browser would run or load as script, with its path. */
function listDangerousStrings(value: unknown, at = "$"): string[] {
  if (typeof value === "string") return isDangerousUrl(value) ? [`${at}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => listDangerousStrings(item, `${at}[${index}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => listDangerousStrings(item, `${at}.${key}`));
  return [];
}

/** A strict well-formedness check for the sitemaps' plain XML (no CDATA or comments; entities only as escapes). */
function expectWellFormedXml(xml: string, where: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>'), where).toBe(true);
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g)) {
    const [, closing, tag, , selfClosing, text, stray] = match;
    expect(stray, `${where}: a stray "<"`).toBeUndefined();
    if (text !== undefined) {
      expect(text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, ""), `${where}: raw & in text`).not.toContain("&");
    } else if (closing) {
      expect(stack.pop(), `${where}: </${tag}> closes another element`).toBe(tag);
    } else if (!selfClosing) {
      stack.push(tag as string);
    }
  }
  expect(stack, `${where}: unclosed elements`).toEqual([]);
}

/** Markup from the data never appears as markup; no link or source is a javascript:/data:/vbscript: URL. */
function expectInertHtml(html: string, where: string) {
  for (const marker of INJECTED_MARKUP) expect(html, `${where} contains ${marker}`).not.toContain(marker);
  const dangerous = listUrlAttributes(html).filter(({ value }) => isDangerousUrl(value));
  expect(dangerous, `${where}: dangerous URL attributes`).toEqual([]);
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(() => JSON.parse(json as string), `${where}: JSON-LD parses`).not.toThrow();
  }
}

describe(`hostile text imported through the pipeline on ${testDriver()}`, () => {
  let handle: DatabaseHandle;
  let database: ProcessTestDatabase | undefined;
  let tempDir: string;
  let server: InProcessServer;
  let rows: HostileRow[];
  let stored: Map<string, StoredRow>;
  let cookie = "";
  let csrf = "";

  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });
  const page = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = await get(pathname, { Accept: "text/html", ...headers });
    expect(response.status, pathname).toBe(200);
    return response.text();
  };
  const storedFor = (row: HostileRow) => stored.get(row.expected.place_id as string) as StoredRow;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-injection-"));
    database = await useFreshProcessDatabase("injection");
    handle = database.handle;
    rows = buildHostileRows();
    const csvPath = path.join(tempDir, "hostile.csv");
    fs.writeFileSync(csvPath, buildHostileCsv(rows));
    const outcome = await importFile(handle, csvPath, { batchSize: 100, searchEngine: null });
    expect(outcome.error).toBeUndefined();
    expect(outcome.counters.rejected.rows).toEqual([]);
    expect(outcome.counters.inserted).toBe(rows.length);
    const found = await handle.query<StoredRow>(`select ${TEXT_COLUMNS.join(", ")}, phone_e164, working_hours, about from businesses`);
    stored = new Map(found.map((row) => [row.place_id as string, row]));
    await upsertAdminUser(handle, "admin", ADMIN_PASSWORD);
    server = await startBuiltApp();
    ({ cookie, csrfToken: csrf } = await logInOverHttp(server.url, { username: "admin", password: ADMIN_PASSWORD }));
  });
  afterAll(async () => {
    await server?.close();
    await database?.release();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("stores every text column exactly as given (after NFC and trim), hostile or not", () => {
    expect(stored.size).toBe(rows.length);
    for (const row of rows) {
      const record = storedFor(row);
      expect(record, String(row.expected.place_id)).toBeDefined();
      for (const [column, value] of Object.entries(row.expected)) expect(record[column], column).toEqual(value);
      // Derived columns stay URL-safe whatever the name holds.
      expect(record.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      if (record.category_slug) expect(record.category_slug).toMatch(/^[a-z0-9-]+$/);
      if (record.city_slug) expect(record.city_slug).toMatch(/^[a-z0-9-]+$/);
    }
    // NFC really happened: "Cafe + combining acute" became one "é".
    expect([...stored.values()].some((row) => String(row.name).startsWith("Café Ç combining"))).toBe(true);
  });

  it("business pages render every field as text, links only to http(s), JSON-LD that parses back to the same strings", async () => {
    for (const row of rows) {
      const record = storedFor(row);
      const html = await page(`/business/${record.slug}`);
      expectInertHtml(html, `/business/${record.slug}`);
      const [localBusiness] = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
      );
      expect(localBusiness?.name).toBe(record.name);
      // tel: and JSON-LD use the dialable E.164 form; a number that has none stays as written.
      if (record.phone) expect(localBusiness?.telephone).toBe(record.phone_e164 ?? record.phone);
      // Only an http(s) website is offered as sameAs; javascript:, data: and vbscript: ones are left out.
      const website = isDangerousUrl(String(record.url)) ? undefined : [record.url];
      expect(localBusiness?.sameAs).toEqual(website);
      // The escaped text is on the page: rendered, not dropped.
      expect(html).toContain(record.name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"));
    }
  });

  it("home, list, index and search pages show the names as text", async () => {
    const uk = [...stored.values()].find((row) => row.country_code === "GB") as StoredRow;
    const paths = [
      "/",
      "/businesses",
      "/categories",
      "/countries",
      "/cities",
      "/countries/united-kingdom",
      "/countries/united-kingdom/cities",
      `/categories/${uk.category_slug}`,
      `/cities/gb/${uk.city_slug}`,
      `/search?q=${encodeURIComponent("script alert")}`,
      `/search?q=${encodeURIComponent("東京の寿司")}`,
      `/search?q=${encodeURIComponent("İstanbul")}`,
      `/categories?q=${encodeURIComponent("<script>")}`,
    ];
    for (const letter of new Set(
      [...stored.values()]
        .map((row) =>
          String(row.city ?? "")
            .charAt(0)
            .toUpperCase(),
        )
        .filter((c) => /[A-Z]/.test(c)),
    ))
      paths.push(`/cities/${letter}`);
    let names = "";
    for (const pathname of paths) {
      const html = await page(pathname);
      expectInertHtml(html, pathname);
      names += html;
    }
    // The hostile names were really on those pages (escaped), not filtered out.
    expect(names).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(names).toContain("東京の寿司");
  });

  it("the admin businesses list renders the rows as text", async () => {
    for (const pathname of ["/admin/businesses", `/admin/businesses?q=${encodeURIComponent("<script>")}`]) {
      const html = await page(pathname, { Cookie: cookie });
      expectInertHtml(html, pathname);
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });

  it("API JSON returns the stored strings unchanged", async () => {
    for (const row of rows) {
      const record = storedFor(row);
      const response = await get(`/api/businesses/${record.slug}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      const business = (body.business ?? body) as Record<string, unknown>;
      expect(business.name).toBe(record.name);
    }
    for (const pathname of [
      "/api/homepage-data",
      "/api/featured-businesses",
      "/api/businesses",
      `/api/search?q=${encodeURIComponent("<script>alert(1)</script>")}`,
      `/api/suggest?q=${encodeURIComponent("<scr")}`,
    ]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      const text = await response.text();
      expect(() => JSON.parse(text), pathname).not.toThrow();
    }
  });

  it("public JSON answers give a stored URL only when it is http(s), as the pages do: the field stays, null otherwise", async () => {
    // Every dangerous scheme really is stored in a website column; a photo column takes only http(s) links at import.
    for (const payload of URL_PAYLOADS.filter(isDangerousUrl)) {
      expect(
        [...stored.values()].some((row) => row.url === payload),
        `url ${payload}`,
      ).toBe(true);
      expect(
        [...stored.values()].some((row) => row.photo === payload),
        `photo ${payload}`,
      ).toBe(false);
    }
    const json = async (pathname: string) => {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      return (await response.json()) as unknown;
    };
    const answers = new Map<string, unknown>();
    for (const row of rows) {
      const record = storedFor(row);
      const detail = (await json(`/api/businesses/${record.slug}`)) as Record<string, unknown>;
      answers.set(`/api/businesses/${record.slug}`, detail);
      // The spec's field names stay: the website and the photo are there, null when the stored URL is refused.
      expect(detail.url, record.slug).toBe(isDangerousUrl(String(record.url)) ? null : record.url);
      expect(detail.photo, record.slug).toBe(isDangerousUrl(String(record.photo)) ? null : record.photo);
    }
    const uk = [...stored.values()].find((row) => row.country_code === "GB" && row.category_slug && row.city_slug) as StoredRow;
    const lists = [
      "/api/businesses",
      "/api/featured-businesses",
      "/api/homepage-data",
      "/api/search?country=GB&per_page=50",
      `/api/search?q=${encodeURIComponent("script alert")}`,
      "/api/countries/united-kingdom",
      `/api/categories/${uk.category_slug}?limit=50`,
      `/api/cities/gb/${uk.city_slug}?limit=50`,
      `/api/suggest?q=${encodeURIComponent("Ca")}`,
      // The pages' own loader data is public JSON too.
      "/?_data=routes%2F_index",
      "/businesses?_data=routes%2Fbusinesses",
      "/search?country=GB&_data=routes%2Fsearch",
      `/categories/${uk.category_slug}?_data=${encodeURIComponent("routes/categories.$slug")}`,
      `/cities/gb/${uk.city_slug}?_data=${encodeURIComponent("routes/cities.$countryCode.$citySlug")}`,
    ];
    for (const pathname of lists) answers.set(pathname, await json(pathname));
    const featured = answers.get("/api/featured-businesses") as Array<Record<string, unknown>>;
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((card) => "image_url" in card)).toBe(true);
    const hits = (answers.get("/api/search?country=GB&per_page=50") as { hits: Array<Record<string, unknown>> }).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => "photo" in hit)).toBe(true);
    const dangerous = [...answers].flatMap(([pathname, body]) => listDangerousStrings(body, pathname));
    expect(dangerous).toEqual([]);
  });

  it("sitemaps are well-formed XML with only escaped, http(s) locations", async () => {
    const index = await (await get("/sitemap.xml")).text();
    expectWellFormedXml(index, "/sitemap.xml");
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const xml = await (await get(file)).text();
      expectWellFormedXml(xml, file);
      for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) expect(loc).toMatch(/^https?:\/\/[^\s"<>]+$/);
    }
  });

  it("the CSV export neutralises formula cells and keeps phone numbers and hostile text intact", async () => {
    const response = await get(`/api/admin/export-csv?fields=${EXPORTED_TEXT.join(",")}`, { Cookie: cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    const records = parseCsv(await response.text(), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(rows.length);
    const bySlug = new Map(records.map((record) => [record.slug, record]));
    for (const row of rows) {
      const record = storedFor(row);
      const exported = bySlug.get(record.slug) as Record<string, string>;
      for (const column of EXPORTED_TEXT) {
        const value = String(record[column] ?? "");
        const cell = exported[column] as string;
        if (/^[=+\-@\t\r]/.test(value) && !/^\+\d[\d ]+$/.test(value)) expect(cell, column).toBe(`'${value}`);
        else expect(cell, column).toBe(value);
      }
    }
    const phones = records.map((record) => record.phone);
    expect(phones).toContain("+44 20 7946 0958");
    expect(phones).toContain(`'=HYPERLINK("http://evil.example","x")`);
  });

  it("the panel's CSV export (POST /api/export-csv) goes through the same guard", async () => {
    const response = await fetch(`${server.url}/api/export-csv`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "X-CSRF-Token": csrf, "Content-Type": "application/json" },
      body: JSON.stringify({ selectedFields: ["name", "phone", "placeId"], countryCode: "all" }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const records = parseCsv(await response.text(), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(rows.length);
    const byPlace = new Map(records.map((record) => [record.placeId, record]));
    for (const row of rows) {
      const record = storedFor(row);
      const guard = (value: string) => (/^[=+\-@\t\r]/.test(value) && !/^\+\d[\d ]+$/.test(value) ? `'${value}` : value);
      const exported = byPlace.get(guard(String(record.place_id))) as Record<string, string>;
      expect(exported, String(record.place_id)).toBeDefined();
      expect(exported.name).toBe(guard(record.name));
      expect(exported.phone).toBe(guard(String(record.phone ?? "")));
    }
  });
});
