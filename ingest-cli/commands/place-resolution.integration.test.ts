// Made-up exports in every scraper family's shape → the real `directory import` → every business placed: country
// right ≥ 99 %, and coordinates, photo and time zone kept wherever the source has them (in any shape).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { testDriver } from "../../db/testing/test-database.ts";
import { createCliDatabaseEnv, runDirectory, type CliEnv } from "../testing/run-cli.ts";

interface Place {
  code: string;
  localName: string;
  lat: number;
  lng: number;
  /** International prefix + a national number that is valid there. */
  intlPhone: string;
  zone: RegExp;
}

const PLACES: Place[] = [
  { code: "CH", localName: "Schweiz", lat: 47.3769, lng: 8.5417, intlPhone: "+41 44 668 18 ", zone: /^Europe\/Zurich$/ },
  { code: "DE", localName: "Deutschland", lat: 52.52, lng: 13.405, intlPhone: "+49 30 12345 ", zone: /^Europe\/Berlin$/ },
  { code: "CY", localName: "Κύπρος", lat: 34.6786, lng: 33.0413, intlPhone: "+357 25 1234", zone: /^Asia\/(Nicosia|Famagusta)$/ },
  { code: "PH", localName: "Pilipinas", lat: 14.676, lng: 121.0437, intlPhone: "+63 2 8123 45", zone: /^Asia\/Manila$/ },
  { code: "GB", localName: "United Kingdom", lat: 51.5072, lng: -0.1276, intlPhone: "+44 20 7946 09", zone: /^Europe\/London$/ },
  { code: "JP", localName: "日本", lat: 35.6895, lng: 139.6917, intlPhone: "+81 3 1234 56", zone: /^Asia\/Tokyo$/ },
  { code: "CZ", localName: "Česko", lat: 50.0755, lng: 14.4378, intlPhone: "+420 601 123 4", zone: /^Europe\/Prague$/ },
  { code: "VN", localName: "Việt Nam", lat: 10.7769, lng: 106.7009, intlPhone: "+84 28 3822 12", zone: /^Asia\/(Ho_Chi_Minh|Saigon)$/ },
];
const PER_FAMILY = 40;

interface Expected {
  name: string;
  code: string;
  zone: RegExp;
  hasCoordinates: boolean;
  photo: string | null;
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const toCsv = (rows: Array<Record<string, unknown>>) => {
  const headers = Object.keys(rows[0] ?? {});
  return [headers.join(","), ...rows.map((row) => headers.map((header) => csvCell(row[header])).join(","))].join("\n") + "\n";
};
const pinUrl = (name: string, lat: number, lng: number, placeId: string) =>
  `https://www.google.com/maps/place/${encodeURIComponent(name)}/@${lat.toFixed(4)},${lng.toFixed(4)},17z/data=!4m7!3m6!1s0x0:0x1!8m2!3d${lat}!4d${lng}!16s!19s${placeId}`;

/** One file per family; row i sits in PLACES[i % n] with a small jitter; each family hides the place differently. */
function writeFixtures(dir: string): { files: string[]; expected: Expected[] } {
  const expected: Expected[] = [];
  const families: Record<string, Array<Record<string, unknown>>> = { outscraper: [], apifyFlat: [], apifyNested: [], gosom: [], sheet: [] };
  for (let i = 0; i < PER_FAMILY; i++) {
    const place = PLACES[i % PLACES.length] as Place;
    const lat = Number((place.lat + (i % 7) * 0.001).toFixed(6));
    const lng = Number((place.lng + (i % 5) * 0.001).toFixed(6));
    const phone = `${place.intlPhone}${String(10 + (i % 80)).padStart(2, "0")}`;
    const photo = `https://lh3.example.com/p/${i}.jpg`;

    // Outscraper: every third row lacks the country columns, every fourth the zone column's value.
    const outName = `Outscraper Madeup ${i}`;
    families.outscraper?.push({
      name: outName,
      full_address: `Madeup Street ${i}, Town ${i}`,
      country: i % 3 === 0 ? "" : place.localName,
      country_code: i % 3 === 0 ? "" : place.code,
      latitude: lat,
      longitude: lng,
      time_zone: i % 4 === 0 ? "" : "",
      phone,
      photo,
      place_id: `ChIJmadeUpOut${String(i).padStart(6, "0")}`,
      location_link: pinUrl(outName, lat, lng, `ChIJmadeUpOut${String(i).padStart(6, "0")}`),
    });
    expected.push({ name: outName, code: place.code, zone: place.zone, hasCoordinates: true, photo });

    // Apify flattened: half the rows have coordinates only in the maps url; photo in imageUrls/0.
    const flatName = `Apify Flat Madeup ${i}`;
    const urlOnly = i % 2 === 0;
    families.apifyFlat?.push({
      title: flatName,
      "location/lat": urlOnly ? "" : lat,
      "location/lng": urlOnly ? "" : lng,
      countryCode: i % 5 === 0 ? "" : place.code,
      phone,
      "imageUrls/0": photo,
      url: pinUrl(flatName, lat, lng, `ChIJmadeUpFlat${String(i).padStart(6, "0")}`),
    });
    expected.push({ name: flatName, code: place.code, zone: place.zone, hasCoordinates: true, photo });

    // Apify nested JSON: location object, images[].imageUrl, no country at all.
    const nestedName = `Apify Nested Madeup ${i}`;
    families.apifyNested?.push({
      title: nestedName,
      placeId: `ChIJmadeUpNest${String(i).padStart(6, "0")}`,
      location: { lat, lng },
      images: [{ imageUrl: photo }],
      phone,
    });
    expected.push({ name: nestedName, code: place.code, zone: place.zone, hasCoordinates: true, photo });

    // gosom: coordinates only in link; ISO country in complete_address; national phone; photo in images JSON.
    const gosomName = `Gosom Madeup ${i}`;
    families.gosom?.push({
      input_id: String(i),
      link: pinUrl(gosomName, lat, lng, `ChIJmadeUpGosom${String(i).padStart(6, "0")}`),
      title: gosomName,
      address: `Madeup Road ${i}`,
      phone,
      thumbnail: "",
      timezone: "",
      images: JSON.stringify([{ title: "All", image: photo }]),
      complete_address: JSON.stringify({ street: `Madeup Road ${i}`, city: "Town", country: place.code }),
    });
    expected.push({ name: gosomName, code: place.code, zone: place.zone, hasCoordinates: true, photo });

    // Hand-made sheet: half with a "lat, lng" cell, the rest with only a local-language country name or a phone.
    const sheetName = `Sheet Madeup ${i}`;
    const withPoint = i % 2 === 0;
    families.sheet?.push({
      "Business Name": sheetName,
      Coordinates: withPoint ? `${lat}, ${lng}` : "",
      Country: i % 4 === 1 ? "" : place.localName,
      Phone: phone,
      img_link: i % 3 === 0 ? "" : photo,
    });
    expected.push({ name: sheetName, code: place.code, zone: place.zone, hasCoordinates: withPoint, photo: i % 3 === 0 ? null : photo });
  }
  const files = [
    ["outscraper.csv", toCsv(families.outscraper ?? [])],
    ["apify-flat.csv", toCsv(families.apifyFlat ?? [])],
    ["apify-nested.json", JSON.stringify(families.apifyNested)],
    ["gosom.csv", toCsv(families.gosom ?? [])],
    ["sheet.csv", toCsv(families.sheet ?? [])],
  ].map(([name, content]) => {
    const file = path.join(dir, name as string);
    fs.writeFileSync(file, content as string);
    return file;
  });
  return { files, expected };
}

describe(`place resolution through the real CLI, on ${testDriver()}`, () => {
  let env: CliEnv;
  let cleanup: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ env, cleanup } = await createCliDatabaseEnv());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-place-"));
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("places every family's rows: country ≥ 99 %, coordinates, photo and time zone kept", { timeout: 180_000 }, async () => {
    const { files, expected } = writeFixtures(dir);
    for (const file of files) {
      const run = await runDirectory(["import", file, "--json"], { env, timeoutMs: 120_000 });
      expect(run.code, `${file}: ${run.stderr}`).toBe(0);
    }
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
    type Row = {
      name: string;
      country_code: string | null;
      latitude: number | null;
      time_zone: string | null;
      photo: string | null;
      phone_e164: string | null;
    };
    const rows = await handle.query<Row>("select name, country_code, latitude, time_zone, photo, phone_e164 from businesses");
    await handle.close();
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.size).toBe(expected.length);

    const right = expected.filter((e) => byName.get(e.name)?.country_code === e.code);
    expect(right.length / expected.length).toBeGreaterThanOrEqual(0.99);
    const misses = { coordinates: [] as string[], photo: [] as string[], zone: [] as string[], phone: [] as string[] };
    for (const e of expected) {
      const row = byName.get(e.name);
      if (e.hasCoordinates && row?.latitude === null) misses.coordinates.push(e.name);
      if (e.photo !== null && row?.photo !== e.photo) misses.photo.push(e.name);
      if (!e.zone.test(row?.time_zone ?? "")) misses.zone.push(`${e.name}: ${row?.time_zone}`);
      if (!row?.phone_e164?.startsWith("+")) misses.phone.push(e.name);
    }
    expect(misses).toEqual({ coordinates: [], photo: [], zone: [], phone: [] });
  });
});
