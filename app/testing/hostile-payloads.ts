// Hostile text and URLs → one import CSV whose every text column carries them, and the values the import must
// store (after its documented normalisation: NFC, trim, category casing), for the injection tests; formula cells →
// an import whose rejected rows carry them, and the check that a rejected-rows CSV wrote them guarded.
import { parse as parseCsv } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { expect } from "vitest";
import { standardiseCategory } from "../../ingest-cli/pipeline/normalize/business.ts";
import { resolveCity } from "../../ingest-cli/pipeline/normalize/city.ts";
import { firstWebUrl } from "../../ingest-cli/pipeline/normalize/place/links.ts";

/** Markup, script, SQL, JSON-LD breakers and the Unicode that trips up rendering and case mapping. */
export const TEXT_PAYLOADS = [
  "<b>bold</b> & <i>html</i> &amp; &lt;",
  "<script>alert(1)</script>",
  `"><img src=x onerror=alert(1)>`,
  "'; drop table businesses; --",
  "</script><script>alert(1)</script><!--",
  "\u202Eevil.exe\u202C right-to-left",
  "Café 😀 👩‍👩‍👧 emoji",
  "İstanbul ıi İI Türkçe",
  "東京の寿司 北京烤鸭 서울",
  "Cafe\u0301 C\u0327 combining",
  "{{constructor.constructor('alert(1)')()}} ${alert(1)}",
  `=HYPERLINK("http://evil.example","x")`,
] as const;

/** URLs no page may turn into a clickable or loadable javascript:/data:/vbscript: target. */
export const URL_PAYLOADS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "java\tscript:alert(1)",
  `https://example.com/"><script>alert(1)</script>`,
] as const;

/** Length limits of the import (ingest-cli/pipeline/normalize/business.ts) the short fields must fit. */
const SHORT_FIELDS: Record<string, number> = { postal_code: 40, phone: 60, time_zone: 64 };

/** Free-text columns stored as given (after NFC and trim). */
export const PLAIN_TEXT_FIELDS = [
  "name",
  "street",
  "city",
  "postal_code",
  "state",
  "phone",
  "located_in",
  "description",
  "place_id",
  "time_zone",
] as const;
export const URL_FIELDS = ["url", "photo", "logo", "reviews_link"] as const;

export const CSV_HEADER = [
  ...PLAIN_TEXT_FIELDS,
  "full_address",
  "category",
  "country_code",
  "country",
  "working_hours",
  "about",
  "business_status",
  ...URL_FIELDS,
  "latitude",
  "longitude",
  "rating",
  "reviews",
] as const;
type Column = (typeof CSV_HEADER)[number];

export interface HostileRow {
  /** What the CSV holds, per column. */
  source: Record<Column, string>;
  /** What the businesses row must hold afterwards (snake_case column → value). */
  expected: Record<string, unknown>;
}

const nfc = (value: string) => value.normalize("NFC").trim();

/** Payload i in field `field`, unique per row, inside the field's length limit. */
function fill(field: string, payload: string, index: number): string {
  const value = field === "city" ? `${payload} Town${index}` : field === "place_id" ? `${payload}#${index}` : payload;
  const max = SHORT_FIELDS[field];
  return max ? Array.from(value).slice(0, max).join("") : value;
}

/** One row per text payload (plus the phone-number row the export must leave intact). */
export function buildHostileRows(): HostileRow[] {
  const rows = TEXT_PAYLOADS.map((payload, index): HostileRow => {
    const source = {} as Record<Column, string>;
    for (const field of PLAIN_TEXT_FIELDS) source[field] = fill(field, payload, index);
    source.name = `${payload} ${index}`;
    source.full_address = `${payload}, ${source.city}, United Kingdom`;
    source.category = payload;
    source.country_code = "GB";
    source.country = "";
    source.working_hours = payload;
    // A NUL escape inside a jsonb key: PostgreSQL refuses it, so the import must clean it like any text.
    source.about = JSON.stringify({ [payload]: { [`${payload}\u0000 amenity`]: true } });
    source.business_status = "";
    URL_FIELDS.forEach((field, offset) => (source[field] = URL_PAYLOADS[(index + offset) % URL_PAYLOADS.length] as string));
    // NOTE: no coordinates: with them the city would be resolved to the real town there, and the hostile city names
    // would never reach the city pages this suite renders.
    source.latitude = "";
    source.longitude = "";
    source.rating = "4.8";
    source.reviews = String(1000 - index);
    const expected: Record<string, unknown> = {};
    for (const field of PLAIN_TEXT_FIELDS) expected[field] = nfc(source[field]);
    for (const field of URL_FIELDS) expected[field] = nfc(source[field]);
    // A photo is taken only as an http(s) link (the rest of the cell is not a photo): javascript:, data: never land.
    expected.photo = firstWebUrl(nfc(source.photo));
    // A time zone must be a real one: hostile text gives way to the country's only zone.
    expected.time_zone = "Europe/London";
    // The city is resolved, not copied: a name the gazetteer does not know keeps the row's own words, without house
    // numbers or postal codes (so "… Town0" loses its "0").
    expected.city = resolveCity({
      city: nfc(source.city),
      state: nfc(source.state),
      fullAddress: nfc(source.full_address),
      street: nfc(source.street),
      postalCode: nfc(source.postal_code),
      countryCode: "GB",
      latitude: null,
      longitude: null,
    }).city;
    Object.assign(expected, {
      full_address: nfc(source.full_address),
      category: standardiseCategory(nfc(payload)),
      type: standardiseCategory(nfc(payload)),
      country: "United Kingdom",
      country_code: "GB",
      working_hours: null,
      about: { [nfc(payload)]: { [nfc(`${payload} amenity`)]: true } },
    });
    return { source, expected };
  });
  // The country column as free text, no code.
  const countryRow = rows[1] as HostileRow;
  const lone: HostileRow = { source: { ...countryRow.source }, expected: { ...countryRow.expected } };
  lone.source.name = lone.source.place_id = "Country <script>alert(1)</script> 99";
  lone.source.country_code = "";
  lone.source.country = "<script>alert('country')</script>";
  lone.source.full_address = "1 <b>Road</b>";
  lone.source.city = "";
  lone.source.phone = "+44 20 7946 0958";
  Object.assign(lone.expected, {
    name: lone.source.name,
    place_id: lone.source.place_id,
    country: lone.source.country,
    country_code: null,
    full_address: lone.source.full_address,
    city: null,
    phone: lone.source.phone,
  });
  // Its international phone prefix names the country now (the free-text country then reads as the code's name).
  Object.assign(lone.expected, { country: "United Kingdom", country_code: "GB" });
  rows.push(lone);
  // The country column as free text with no other evidence (no code, phone, coordinates or address country).
  const countryText: HostileRow = { source: { ...lone.source }, expected: { ...lone.expected } };
  countryText.source.name = countryText.source.place_id = "Country text <b>only</b> 98";
  countryText.source.phone = "";
  Object.assign(countryText.expected, {
    name: countryText.source.name,
    place_id: countryText.source.place_id,
    country: lone.source.country,
    country_code: null,
    phone: null,
    time_zone: null,
  });
  rows.push(countryText);
  return rows;
}

/** NOTE: a plain CSV writer, not the product's guarded one: the payloads must reach the importer as they are. */
export function buildHostileCsv(rows: readonly HostileRow[]): string {
  return stringify([[...CSV_HEADER], ...rows.map((row) => CSV_HEADER.map((column) => row.source[column]))], { record_delimiter: "\r\n" });
}

/** Cells a spreadsheet would run as formulas (=, @, +, -, tab, CR first), as an attacker plants them in an import. */
export const FORMULA_CELLS = [`=cmd|' /C calc'!A0`, `=HYPERLINK("http://x","y")`, "@SUM(1+1)", "+cmd|x", "-2+3", "\t=1+1", "\r=1+1"] as const;
/** Starts with "+" but is a phone number: every CSV writer must leave it as it is. */
export const INTACT_PHONE = "+44 20 7946 0958";
/** A source column whose very name is a formula: the rejected-rows CSV repeats the source's header. */
export const FORMULA_HEADER = "@SUM(2+2)";

/**
 * An import file (JSON: the CSV and xlsx readers trim a leading tab or CR away, JSON keeps every cell as given) with
 * one good row and one row per formula cell that the import rejects (it has no name); the rejected rows carry the
 * formula in three columns, the header one, and the phone number that must stay intact.
 */
export function buildFormulaRejectsJson(): string {
  const row = (name: string, street: string, category: string, extra: string) => ({
    name,
    street,
    city: "London",
    phone: INTACT_PHONE,
    category,
    country_code: "GB",
    [FORMULA_HEADER]: extra,
  });
  return JSON.stringify([row("Formula Guard Bakery", "1 High St", "Bakery", "plain"), ...FORMULA_CELLS.map((cell) => row("", cell, cell, cell))]);
}

/**
 * The rejected-rows CSV written from buildFormulaRejectsJson's file: one row per formula cell, each formula written
 * with a leading ' (three times a row), the header's formula too, and the phone number unchanged.
 */
export function expectRejectedFormulasGuarded(text: string): void {
  const records = parseCsv(text, { bom: true }) as string[][];
  const [header, ...rows] = records;
  expect(header).toEqual(["name", "street", "city", "phone", "category", "country_code", `'${FORMULA_HEADER}`, "line", "field", "reason"]);
  expect(rows).toHaveLength(FORMULA_CELLS.length);
  FORMULA_CELLS.forEach((cell, index) => {
    const row = rows[index] as string[];
    expect(row.slice(0, 7), JSON.stringify(cell)).toEqual(["", `'${cell}`, "London", INTACT_PHONE, `'${cell}`, "GB", `'${cell}`]);
    expect(row.slice(7, 9)).toEqual([String(index + 3), "name"]);
  });
  // Whatever else the file holds (reasons included), no cell opens with a formula trigger except the phone number.
  const unguarded = records.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell) && cell !== INTACT_PHONE);
  expect(unguarded).toEqual([]);
}

/** Strings that exist in a page only if markup from the data was injected rather than escaped. */
export const INJECTED_MARKUP = ["<script>alert", "<img src=x", "<b>bold</b>", "<i>html</i>", "<script>alert('country')", "<b>Road</b>"] as const;

/** href/src-like attribute values of an HTML document, entity-decoded. */
export function listUrlAttributes(html: string): Array<{ attribute: string; value: string }> {
  const decode = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/\s(href|src|srcset|action|formaction|poster|xlink:href)\s*=\s*"([^"]*)"/gi)].map((match) => ({
    attribute: (match[1] as string).toLowerCase(),
    value: decode(match[2] as string),
  }));
}

/** True when a browser would run or load the URL as script or inline document (it drops tabs/newlines first). */
export function isDangerousUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers strip these before reading the scheme
  const scheme = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
  return /^(javascript|vbscript|data):/.test(scheme);
}
